import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openBrowser, type BrowserSession } from "./browser";

describe("the product starts as npm start serves it", () => {
  let session: BrowserSession;
  const baseUrl = inject("baseUrl");
  beforeAll(async () => {
    session = await openBrowser();
  });
  afterAll(async () => {
    await session?.close();
  });

  it("serves the SPA and sends an anonymous visitor of /dashboard to /login", async () => {
    const { page } = session;
    await page.goto(`${baseUrl}/dashboard`);
    await page.waitForURL(/\/login$/);
    expect(new URL(page.url()).pathname).toBe("/login");
  });
});
