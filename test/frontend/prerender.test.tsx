// The build pre-renders / and /login (frontend/prerender.tsx, decision 163), and /dashboard's frame
// before its data (decision 167); the browser then
// hydrates that HTML. A hydration mismatch would make React throw the HTML away and paint again
// (a flash and a layout shift), so this renders each page as the build does, hydrates it with the
// browser's App, and expects no recoverable error and the same page on screen. The build's side
// runs in its own Node process (Vite's SSR loader), as it does in `vite build`: React's renderers
// must not share context objects within one process.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { act, screen } from "@testing-library/react";
import type { Root } from "react-dom/client";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { App } from "../../frontend/app/app";
import { mountApp } from "../../frontend/app/mount";
import { AppRoutes } from "../../frontend/app/router";
import { holdEarlyClicks } from "../../frontend/lib/early-clicks";
import { project } from "./shell-helpers";
import { jsonResponse } from "./test-utils";

const root = path.resolve(import.meta.dirname, "../..");
const PAGES = ["/", "/login", "/dashboard"] as const;
const rendered: Record<string, { styles: string; markup: string }> = {};

beforeAll(() => {
  const script = `
    import { createServer } from "vite";
    import react from "@vitejs/plugin-react";
    const server = await createServer({ configFile: false, root: "frontend", logLevel: "error", plugins: [react()], server: { middlewareMode: true, hmr: false, ws: false }, appType: "custom" });
    const { render } = await server.ssrLoadModule("/prerender.tsx");
    const out = {};
    for (const p of ${JSON.stringify(PAGES)}) out[p] = await render(p);
    await server.close();
    process.stdout.write(JSON.stringify(out));`;
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`pre-render failed: ${r.stderr}`);
  Object.assign(rendered, JSON.parse(r.stdout));
}, 120_000);

let hydrated: Root | null = null;
afterEach(() => {
  act(() => hydrated?.unmount());
  hydrated = null;
  document.body.innerHTML = "";
  vi.unstubAllGlobals();
});

/** The page as the build writes it: the emotion style tags in <head>, the markup in #root. */
function load(path: string): HTMLElement {
  const { styles, markup } = rendered[path]!;
  // Every style tag goes to the head, none stays between the markup (decision 166: a phone's
  // first paint of a half-parsed body shifted the /login card).
  expect(markup).not.toContain("<style");
  expect(styles).toContain('data-emotion="css-global');
  document.head.insertAdjacentHTML("beforeend", styles);
  const container = document.createElement("div");
  container.id = "root";
  container.dataset.prerendered = path;
  container.innerHTML = markup;
  document.body.appendChild(container);
  return container;
}

/** `path` may carry a query string: the router sees it, mountApp gets the pathname (as start.tsx). */
async function hydrate(container: HTMLElement, path: string) {
  const errors: unknown[] = [];
  // As main.tsx does: the page's module first, then hydration inside a transition.
  await act(async () => {
    hydrated = await mountApp(
      container,
      <App
        router={
          <MemoryRouter initialEntries={[path]}>
            <AppRoutes />
          </MemoryRouter>
        }
      />,
      path.split("?")[0]!,
      { onRecoverableError: (e) => errors.push(e) },
    );
  });
  const settle = () => act(async () => new Promise((r) => setTimeout(r, 100)));
  return { errors, settle };
}

describe("pre-rendered public pages", () => {
  for (const [path, heading] of [
    ["/", "Social Media on Autopilot"],
    ["/login", "Welcome back"],
  ] as const) {
    it(`${path}: the build's HTML has the page, and hydrating it keeps it without a mismatch`, async () => {
      const container = load(path);
      expect(container.querySelector("h1")?.textContent).toBe(heading);
      expect(container.textContent).not.toContain("Loading...");
      const before = container.querySelector("h1");

      // The session answers "signed out" (a visitor): the page stays.
      vi.stubGlobal(
        "fetch",
        vi.fn(async () => jsonResponse({ user: null, auth: { provider: "builtin", devOutbox: true } })),
      );
      const { errors, settle } = await hydrate(container, path);
      for (let i = 0; i < 20 && !container.querySelector("h1")?.textContent?.includes(heading.split(" ")[0]!); i++) await settle();
      await settle();
      expect(errors).toEqual([]);
      expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(heading);
      // Hydrated in place: the server's element is the one on screen.
      expect(container.querySelector("h1")).toBe(before);
    });
  }

  // Decision 205: React's hydration error #418 on /login?magic=... (the verification landing): a page
  // must hydrate to exactly its pre-rendered HTML whatever the query string says; what the query
  // changes comes after hydration. Every pre-rendered page, with and without parameters.
  for (const path of PAGES) {
    for (const query of [
      "",
      "?magic=abc123def456",
      "?utm_source=newsletter&x=%3Cb%3E",
      "?sso=1&error=access_denied",
      "?error=invalid_credentials",
      "?error=email_not_verified",
    ]) {
      it(`${path}${query}: hydrates with no mismatch and no console error`, async () => {
        const container = load(path);
        const consoleErrors: unknown[] = [];
        const spy = vi.spyOn(console, "error").mockImplementation((...args) => void consoleErrors.push(args));
        vi.stubGlobal(
          "fetch",
          vi.fn(async (input: RequestInfo | URL) =>
            String(input).startsWith("/api/auth/session")
              ? jsonResponse({ user: null, auth: { provider: "builtin", devOutbox: true } })
              : jsonResponse({ error: { code: "invalid_input", message: "This sign-in link is invalid or has expired" } }, 400),
          ),
        );
        const { errors, settle } = await hydrate(container, `${path}${query}`);
        await settle();
        await settle();
        spy.mockRestore();
        expect(errors).toEqual([]);
        expect(consoleErrors).toEqual([]);
      });
    }
  }

  it("/: a signed-in visitor is sent on once the session answers (the first answer is a transition), with no mismatch", async () => {
    const container = load("/");
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url === "/api/auth/session") return jsonResponse({ user: { id: "u1", email: "ann@example.com" }, auth: { provider: "builtin", devOutbox: true } });
        if (url === "/api/projects") return jsonResponse([]);
        return jsonResponse({ error: { code: "not_found", message: "not found" } }, 404);
      }),
    );
    const { errors, settle } = await hydrate(container, "/");
    for (let i = 0; i < 30 && container.textContent?.includes("Social Media on Autopilot"); i++) await settle();
    expect(errors).toEqual([]);
    expect(container.textContent).not.toContain("Social Media on Autopilot");
  });

  it("/login: the static HTML's form signs in without the app; what was typed before hydration is kept and sent by the app", async () => {
    const container = load("/login");
    const form = container.querySelector("form")!;
    // Before hydration (decision 326): a native POST to the Worker's form endpoint (never
    // credentials in the URL), every field enabled and named.
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe("/api/auth/login/form");
    expect(form.querySelector("fieldset")?.disabled).toBe(false);
    const email = container.querySelector<HTMLInputElement>('input[name="email"]')!;
    const password = container.querySelector<HTMLInputElement>('input[name="password"]')!;
    expect(password.type).toBe("password");
    expect(password.matches(":disabled")).toBe(false);
    email.value = "ann@example.com"; // typed while the app was still loading
    password.value = "secret123";

    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      String(input) === "/api/auth/login"
        ? jsonResponse({ user: { id: "u1", email: "ann@example.com" } })
        : jsonResponse({ user: null, auth: { provider: "builtin", devOutbox: true } }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const { errors, settle } = await hydrate(container, "/login");
    await settle();
    expect(errors).toEqual([]);
    expect(email.value).toBe("ann@example.com");
    expect(password.value).toBe("secret123");
    // Hydrated: the app's handler submits (no native post), with what was typed.
    const submit = new Event("submit", { bubbles: true, cancelable: true });
    await act(async () => void form.dispatchEvent(submit));
    expect(submit.defaultPrevented).toBe(true);
    const login = fetchMock.mock.calls.find(([url]) => String(url) === "/api/auth/login") as unknown as [string, RequestInit] | undefined;
    expect(JSON.parse(String(login?.[1].body))).toEqual({ email: "ann@example.com", password: "secret123" });
  });

  it("/login: an address typed before hydration goes with a 'Use magic link' pressed before it (held, pressed again), focus included", async () => {
    const container = load("/login");
    holdEarlyClicks(); // as main.tsx's startOnDemand
    [...container.querySelectorAll("button")].find((b) => b.textContent === "Use magic link")!.click();
    const typedInto = container.querySelector<HTMLInputElement>('input[name="email"]')!;
    typedInto.focus(); // then the visitor types the address
    typedInto.value = "ann@example.com";
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => jsonResponse({ user: null, auth: { provider: "builtin", devOutbox: true } })),
    );
    const { errors, settle } = await hydrate(container, "/login");
    for (let i = 0; i < 20 && !screen.queryByRole("button", { name: "Send magic link" }); i++) await settle();
    expect(errors).toEqual([]);
    expect(screen.getByLabelText("Email")).toHaveValue("ann@example.com");
    expect(screen.getByLabelText("Email")).toHaveFocus(); // still typing there
    expect(screen.getByRole("button", { name: "Send magic link" })).toBeEnabled();
  });

  describe("/dashboard's frame (served to a visitor with a session cookie)", () => {
    const session = (signedIn: boolean) =>
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url === "/api/auth/session")
          return jsonResponse({ user: signedIn ? { id: "u1", email: "ann@example.com" } : null, auth: { provider: "builtin", devOutbox: true } });
        if (url === "/api/projects") return jsonResponse([project]);
        if (url === "/api/projects/p1/dashboard")
          return jsonResponse({
            total_posts: 7,
            total_change: null,
            scheduled_posts: 2,
            connected_accounts: 1,
            engagement_week: 0,
            engagement_change: null,
            trend_days: 7,
            upcoming: [],
          });
        return jsonResponse({ error: { code: "not_found", message: "not found" } }, 404);
      });

    it("has the shell and the dashboard's headings with placeholders, no user data", () => {
      const container = load("/dashboard");
      expect(container.querySelector("h1")?.textContent).toBe("Welcome Back");
      expect(container.querySelector("header")).not.toBeNull();
      expect(container.querySelector('[data-testid="side-nav-skeleton"]')).not.toBeNull();
      expect(container.querySelector('nav[aria-label="Quick actions"]')?.textContent).toContain("Feed Your Brain");
      expect(container.querySelector('[data-testid="stat-Total Posts"]')?.getAttribute("aria-busy")).toBe("true");
      expect(container.textContent).not.toContain(project.name);
      // The remembered navigation width is CSS on <html>'s attribute: nothing read at build time.
      expect(container.querySelector('[data-testid="side-nav-skeleton"]')?.getAttribute("style")).toBeNull();
    });

    it("signed in: hydrates the frame without a mismatch, then the dashboard fills in with the same layout", async () => {
      const tokenCss = () => [...document.head.querySelectorAll("style")].filter((s) => s.textContent?.includes("--chakra-colors-brand-600:"));
      const container = load("/dashboard");
      const built = tokenCss();
      expect(built.length).toBeGreaterThan(0);
      vi.stubGlobal("fetch", session(true));
      const { errors, settle } = await hydrate(container, "/dashboard");
      for (let i = 0; i < 50 && container.querySelector('[data-testid="stat-Total Posts"]')?.textContent !== "7"; i++) await settle();
      expect(errors).toEqual([]);
      expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Welcome Back");
      expect(container.textContent).toContain(project.name);
      expect(screen.getByTestId("stat-Total Posts")).toHaveTextContent("7");
      expect(screen.getByTestId("side-nav")).toBeInTheDocument();
      // One dashboard, one shell: the frame was replaced, not left behind.
      expect(container.querySelectorAll("h1")).toHaveLength(1);
      expect(screen.queryByTestId("shell-skeleton")).toBeNull();
      // The theme's global CSS is the build's (decision 168): still in <head> as the build wrote
      // it (emotion's <Global> would have taken the tag over), and not built and inserted again.
      expect(tokenCss()).toEqual(built);
      for (const tag of built) expect(tag.dataset.emotion).toMatch(/^css-global \S+$/);
    });

    it("signed out (an expired cookie): hydrates without a mismatch and ends on /login", async () => {
      const container = load("/dashboard");
      vi.stubGlobal("fetch", session(false));
      const { errors, settle } = await hydrate(container, "/dashboard");
      for (let i = 0; i < 50 && container.querySelector("h1")?.textContent !== "Welcome back"; i++) await settle();
      expect(errors).toEqual([]);
      expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Welcome back");
      expect(container.textContent).not.toContain("Welcome Back");
    });
  });
});
