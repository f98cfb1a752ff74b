import { existsSync } from "node:fs";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

// Debian's Chromium, started with the flags that keep it off the network (docs/architecture.md). Playwright
// gives every launch a fresh, empty user-data dir of its own.
const CHROMIUM_CANDIDATES = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean) as string[];

/** How long one awaited state (element, URL, navigation) may take before a journey step fails. */
const JOURNEY_STATE_TIMEOUT_MS = 75_000;

export type BrowserSession = {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Every Content-Security-Policy violation seen so far (DOM events and console reports), on any page. */
  cspViolations: string[];
  close: () => Promise<void>;
};

export async function openBrowser(opts: { width?: number; height?: number; isMobile?: boolean } = {}): Promise<BrowserSession> {
  const executablePath = CHROMIUM_CANDIDATES.find((p) => existsSync(p));
  if (!executablePath) throw new Error("Chromium not found: run `apt-get install -y chromium` (.ci/run does)");
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const { context, cspViolations } = await openContext(browser, opts);
  const page = await context.newPage();
  return {
    browser,
    context,
    page,
    cspViolations,
    close: async () => {
      await browser.close();
    },
  };
}

/**
 * A fresh context in a running browser: its own cookies and storage, as another person on another
 * computer would have (a team's second member, a client with no account), with the journeys'
 * timeouts and CSP recording.
 */
export async function openContext(
  browser: Browser,
  opts: { width?: number; height?: number; isMobile?: boolean } = {},
): Promise<{ context: BrowserContext; cspViolations: string[] }> {
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 },
    isMobile: opts.isMobile ?? false,
    hasTouch: opts.isMobile ?? false,
  });
  // Every wait is for a state (a URL, a visible element); this is only how long a state may take
  // before the step fails. Playwright's 30 s default was too short on a 2-core machine running two
  // busy processes beside the journeys (accounts and security journeys timed out there while
  // passing alone; BENCHMARKS.md, "Journeys under load").
  context.setDefaultTimeout(JOURNEY_STATE_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(JOURNEY_STATE_TIMEOUT_MS);
  // The app runs with its real CSP (frontend/public/_headers, worker/lib/security-middleware.ts):
  // record every violation so a journey can assert there was none.
  const cspViolations: string[] = [];
  await context.exposeBinding("__reportCspViolation", (_source, text: string) => void cspViolations.push(text));
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __reportCspViolation: (t: string) => void }).__reportCspViolation(
        `${e.violatedDirective} blocked ${e.blockedURI || "inline"} on ${location.pathname}`,
      );
    });
  });
  context.on("console", (msg) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(msg.text())) cspViolations.push(msg.text());
  });
  return { context, cspViolations };
}
