import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { openBrowser, type BrowserSession } from "./browser";

// Building blocks for end-to-end journeys, in the words a user sees on screen (the spec's texts).
// Every wait is explicit (a URL, a visible element, a mail arriving); nothing sleeps.

const RESULTS_DIR = path.resolve(import.meta.dirname, "../../test-results");

/** A fresh address per run and purpose, so journeys never collide in one server's state. */
export function uniqueEmail(purpose: string): string {
  return `${purpose}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);

/**
 * Named steps: a failing step saves a full-page screenshot to test-results/ and prefixes the error
 * with the step and the page's URL, so a red run says where the journey broke.
 */
export function steps(page: Page, journey: string) {
  let n = 0;
  return async function step<T>(title: string, fn: () => Promise<T>): Promise<T> {
    n += 1;
    const started = Date.now();
    try {
      const result = await fn();
      if (process.env.E2E_STEP_TIMES) console.log(`${journey} step ${n} (${Date.now() - started} ms): ${title}`);
      return result;
    } catch (err) {
      mkdirSync(RESULTS_DIR, { recursive: true });
      const file = path.join(RESULTS_DIR, `${slug(journey)}--${String(n).padStart(2, "0")}-${slug(title)}.png`);
      await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
      const e = err instanceof Error ? err : new Error(String(err));
      e.message = `[step ${n} "${title}" at ${page.url()}; screenshot: ${path.relative(process.cwd(), file)}]\n${e.message}`;
      throw e;
    }
  };
}

export type Step = ReturnType<typeof steps>;

/**
 * A describe block's browser: opened before its tests at `viewport`, closed after them however they
 * end. `use` receives the session, its page and the journey's named steps (assign them to the
 * block's own variables).
 */
export function journeyBrowser(
  journey: string,
  viewport: Parameters<typeof openBrowser>[0],
  use: (opened: { session: BrowserSession; page: Page; step: Step }) => void,
): void {
  let session: BrowserSession | undefined;
  beforeAll(async () => {
    session = await openBrowser(viewport);
    use({ session, page: session.page, step: steps(session.page, journey) });
  });
  afterAll(async () => {
    await session?.close();
  });
}

/** Saves a full-page screenshot as test-results/<journey>/<name>.png (a journey's record of what it saw); returns the path. */
export async function saveScreenshot(page: Page, journey: string, name: string): Promise<string> {
  const dir = path.join(RESULTS_DIR, slug(journey));
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${slug(name)}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Waits until the page's path (query ignored) is `pathname`. */
export async function waitForPath(page: Page, pathname: string, timeout?: number): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout });
}

export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Waits for a visible toast whose text contains `text`. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await page.getByTestId("toast").filter({ hasText: text }).first().waitFor({ state: "visible" });
}

/** Waits for the screen's title (its h1) with exactly this text. */
export async function expectTitle(page: Page, title: string): Promise<void> {
  await page.getByRole("heading", { level: 1, name: title, exact: true }).waitFor({ state: "visible" });
}

/** Resolves when `locator` holds exactly `text`. */
export async function expectText(locator: Locator, text: string): Promise<void> {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  await locator
    .filter({ hasText: new RegExp(`^\\s*${escaped}\\s*$`) })
    .first()
    .waitFor({ state: "visible" });
}

/**
 * /signup with email, password and confirmation; ends on /login with the spec's toast. An account
 * is usable only once its address is verified, so unless `verify: false` the verification link from
 * the dev outbox is then opened (through the API, leaving the browser signed out on /login).
 */
export async function signUp(page: Page, baseUrl: string, email: string, password: string, opts: { verify?: boolean } = {}): Promise<void> {
  const since = Date.now() - 1000;
  await page.goto(`${baseUrl}/signup`);
  await expectTitle(page, "Create your account");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Create account", exact: true }).click();
  await expectToast(page, "Account created! Please check your email to verify your account.");
  await waitForPath(page, "/login");
  if (opts.verify !== false) await verifyByMail(baseUrl, email, since);
}

/** Opens the newest verification link mailed to `email` (dev outbox) without touching the browser's session. */
async function verifyByMail(baseUrl: string, email: string, since = 0): Promise<void> {
  const mail = await waitForMail(baseUrl, email, "Verify your Brandpilot email", { since });
  const token = new URL(mailLink(mail)).searchParams.get("magic");
  const res = await fetch(`${baseUrl}/api/auth/magic-link/verify`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token }),
  });
  if (!res.ok) throw new Error(`verifying ${email} answered ${res.status}`);
}

/**
 * Fills and submits the password form on /login (navigating there unless `stay` is set, e.g. after
 * a guard sent the user there with a remembered origin). Returns without waiting for the result.
 */
export async function submitSignIn(page: Page, baseUrl: string, email: string, password: string, opts: { stay?: boolean } = {}): Promise<void> {
  if (!opts.stay) await page.goto(`${baseUrl}/login`);
  await waitForPath(page, "/login");
  // The URL changes before a lazily loaded screen replaces the old one: wait for the form itself.
  await expectTitle(page, "Welcome back");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** Signs in with the password and waits for the page it should land on (/dashboard by default). */
export async function signIn(page: Page, baseUrl: string, email: string, password: string, opts: { stay?: boolean; landOn?: string } = {}): Promise<void> {
  await submitSignIn(page, baseUrl, email, password, opts);
  await waitForPath(page, opts.landOn ?? "/dashboard");
}

/** Opens the header's settings menu and picks an item (Settings, Content Library, ..., Logout). */
export async function chooseSettingsMenuItem(page: Page, item: string): Promise<void> {
  await page.getByRole("button", { name: "Settings menu" }).click();
  const entry = page.getByRole("menuitem", { name: item, exact: true });
  // Under load a click that lands while the menu is still opening is dropped and the menu stays
  // open (seen at load 6-15): choosing the item closes the menu, so click until it has closed.
  for (let attempt = 1; ; attempt++) {
    await entry.click();
    const closed = await entry.waitFor({ state: "hidden", timeout: 10_000 }).then(
      () => true,
      () => false,
    );
    if (closed || attempt === 3) return;
  }
}

/** Logout from the header's settings menu; ends on /login with the spec's toast. */
export async function signOut(page: Page): Promise<void> {
  await chooseSettingsMenuItem(page, "Logout");
  await expectToast(page, "Logged out successfully");
  await waitForPath(page, "/login");
}

/** The shell header's project name. */
export const headerProjectName = (page: Page) => page.getByTestId("project-name");

export type OutboxMail = { id: string; to: string; subject: string; text: string; html: string | null; createdAt: number };

/** The dev outbox (newest first), optionally only the mail sent to `email`. */
export async function readOutbox(baseUrl: string, email?: string): Promise<OutboxMail[]> {
  const res = await fetch(`${baseUrl}/dev/outbox?format=json`);
  if (!res.ok) throw new Error(`GET /dev/outbox answered ${res.status}`);
  const mails = (await res.json()) as OutboxMail[];
  return email ? mails.filter((m) => m.to === email.toLowerCase()) : mails;
}

/** The first link in a mail's text. */
function mailLink(mail: OutboxMail): string {
  const m = mail.text.match(/https?:\/\/\S+/);
  if (!m) throw new Error(`no link in mail "${mail.subject}" to ${mail.to}`);
  return m[0];
}

/** Polls the dev outbox until a mail to `email` whose subject contains `subject` arrives after `since`. */
export async function waitForMail(baseUrl: string, email: string, subject: string, opts: { since?: number; timeoutMs?: number } = {}): Promise<OutboxMail> {
  const deadline = Date.now() + (opts.timeoutMs ?? 30_000);
  for (;;) {
    const mail = (await readOutbox(baseUrl, email)).find((m) => m.subject.includes(subject) && m.createdAt >= (opts.since ?? 0));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${email} in the dev outbox`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * As a person would: opens /dev/outbox in the browser and clicks the link in the newest mail to
 * `email` with this subject. Returns the link's address.
 */
export async function followOutboxLink(page: Page, baseUrl: string, email: string, subject: string): Promise<string> {
  await page.goto(`${baseUrl}/dev/outbox`);
  const mail = page.locator("article").filter({ hasText: subject }).filter({ hasText: email.toLowerCase() }).first();
  await mail.waitFor({ state: "visible" });
  const link = mail.getByRole("link").first();
  const href = await link.getAttribute("href");
  if (!href) throw new Error(`mail "${subject}" to ${email} has no link`);
  await link.click();
  return href;
}

/** Whether the page scrolls sideways (content wider than the viewport). */
export async function horizontalOverflow(page: Page): Promise<{ scrollWidth: number; clientWidth: number }> {
  return page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
}

/**
 * Create Post's "Networks" (decision 260): ticks this network, then unticks every other one (the
 * picker keeps at least one ticked, so the order matters). Waits until each box shows its new state.
 */
export async function pickOnlyNetwork(dialog: Locator, id: string): Promise<void> {
  const group = dialog.getByRole("group", { name: "Networks" });
  const box = (value: string) => group.locator(`input[type="checkbox"][value="${value}"]`);
  const toggle = async (value: string, checked: boolean) => {
    if ((await box(value).isChecked()) === checked) return;
    // The input is visually hidden inside its label (Chakra's checkbox): a click event on it is
    // what a tap on the label produces.
    await box(value).dispatchEvent("click");
    await expect.poll(() => box(value).isChecked()).toBe(checked);
  };
  await toggle(id, true);
  for (const input of await group.locator('input[type="checkbox"]').all()) {
    const value = await input.getAttribute("value");
    if (value && value !== id) await toggle(value, false);
  }
}

/** GETs an API path with the page's session (its cookies), expects 200 and returns the JSON. */
export async function getJson<T>(page: Page, baseUrl: string, apiPath: string): Promise<T> {
  const res = await page.request.get(`${baseUrl}${apiPath}`);
  expect(res.status(), `GET ${apiPath}`).toBe(200);
  return (await res.json()) as T;
}

/**
 * The brand switcher (decision 200): opens the header's project menu, picks `name` and waits until
 * the header shows it.
 */
export async function switchBrand(page: Page, name: string): Promise<void> {
  await page.getByRole("button", { name: /^Project: .*\. Switch project$/ }).click();
  await page.getByRole("menuitemradio", { name, exact: true }).click();
  await expectText(headerProjectName(page), name);
}

/** Feeds the current project's brain with a pasted text on /brain ("Feed Brain"). */
export async function feedBrain(page: Page, baseUrl: string, title: string, text: string): Promise<void> {
  await page.goto(`${baseUrl}/brain`);
  await page.getByRole("tab", { name: "Feed Brain" }).click();
  await page.getByLabel("Document Title").fill(title);
  await page.getByLabel("Content", { exact: true }).fill(text);
  await page.getByRole("button", { name: "Process Content" }).click();
  await expectToast(page, "Document processed successfully!");
}
