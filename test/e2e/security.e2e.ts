import { afterEach, describe, expect, inject, it } from "vitest";
import { openBrowser, type BrowserSession } from "./browser";
import { chooseSettingsMenuItem, expectTitle, signIn, signUp, steps, uniqueEmail, waitForPath } from "./journey-helpers";

// Decision 131 in a real Chromium against `npm start`: the SPA and the API carry their security
// headers, the whole app runs under its Content-Security-Policy with no violation, and the local
// servers a user could point the brain's scraper at (the platform sandbox, the app itself) refuse.

const baseUrl = inject("baseUrl");
const sandboxUrl = inject("sandboxUrl");
const demoWebUrl = inject("demoWebUrl");
let session: BrowserSession | undefined;

afterEach(async () => {
  await session?.close();
  session = undefined;
});

describe("secure by default", () => {
  it("serves every page with its security headers and runs the app with no CSP violation", async () => {
    session = await openBrowser({ width: 1280, height: 800 });
    const { page } = session;
    const step = steps(page, "security");
    const email = uniqueEmail("csp");
    const password = "csp-secret-1";

    await step("the SPA's pages and files carry CSP, frame-ancestors none, nosniff, Referrer-Policy, Permissions-Policy", async () => {
      for (const path of ["/", "/login", "/dashboard", "/no-such-page"]) {
        const res = await fetch(`${baseUrl}${path}`);
        expect(res.status, path).toBe(200);
        const csp = res.headers.get("content-security-policy") ?? "";
        expect(csp, path).toContain("frame-ancestors 'none'");
        expect(csp, path).toContain("script-src 'self'");
        expect(csp, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
        expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
        expect(res.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
        expect(res.headers.get("permissions-policy"), path).toContain("camera=()");
        await res.arrayBuffer();
      }
      const api = await fetch(`${baseUrl}/api/health`);
      expect(api.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(api.headers.get("x-content-type-options")).toBe("nosniff");
    });

    await step("landing, sign-up, sign-in, dashboard and the main screens under the CSP", async () => {
      await page.goto(`${baseUrl}/`);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await signUp(page, baseUrl, email, password);
      await signIn(page, baseUrl, email, password);
      await expectTitle(page, "Welcome Back");
      for (const path of ["/brain", "/calendar", "/social-connect", "/campaigns/new"]) {
        await page.goto(`${baseUrl}${path}`);
        await waitForPath(page, path);
        await page.getByRole("heading", { level: 1 }).first().waitFor();
      }
      await chooseSettingsMenuItem(page, "Settings");
      await page.getByRole("dialog").waitFor();
      await page.keyboard.press("Escape");
      // Styles were applied (emotion's injected <style> elements were allowed).
      const styled = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
      expect(styled).not.toBe("");
      expect(session!.cspViolations).toEqual([]);
    });

    await step("the scraper refuses the platform sandbox and the app itself; the sample pages stay scrapeable", async () => {
      const cookies = await page.context().cookies(baseUrl);
      const cookie = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
      const projects = (await (await fetch(`${baseUrl}/api/projects`, { headers: { cookie } })).json()) as { id: string }[];
      const projectId = projects[0]!.id;
      const scrape = (url: string) =>
        fetch(`${baseUrl}/api/projects/${projectId}/brain/documents`, {
          method: "POST",
          headers: { cookie, origin: baseUrl, "content-type": "application/json" },
          body: JSON.stringify({ url }),
        });
      for (const url of [`${sandboxUrl}/web/brand.html`, `${baseUrl}/dev/outbox?format=json`, `http://localhost:${new URL(baseUrl).port}/dev/outbox`]) {
        const res = await scrape(url);
        expect(res.status, url).toBe(400);
        expect(((await res.json()) as { error: { message: string } }).error.message, url).toBe("This address cannot be fetched");
      }
      expect((await scrape(`${demoWebUrl}/web/brand.html`)).status).toBe(202);
      // The sample-page server serves nothing else.
      expect((await fetch(`${demoWebUrl}/dev/outbox`)).status).toBe(404);
    });
  });
});
