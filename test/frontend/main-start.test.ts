// Decision 172: main.tsx keeps the app's start-up preloads in <template id="app-preloads"> until it
// starts the app, then moves them into <head> (so they download from then on, not while the first
// paint is parsed), and imports the app only once every one of them has loaded or failed.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const started = vi.fn();

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Imports main.tsx with every timer and frame it sets run (the other pages' 100 ms timer path). */
async function importMainRunningEveryTimer() {
  vi.useFakeTimers({ toFake: ["setTimeout", "requestAnimationFrame"] });
  try {
    await import("../../frontend/main");
    vi.advanceTimersByTime(1000);
  } finally {
    vi.useRealTimers();
  }
}

/** Every preload link added so far loads; then waits up to `rounds` tasks for the app to start. */
async function preloadsLoad(rounds: number) {
  for (const link of document.head.querySelectorAll("link")) link.dispatchEvent(new Event("load"));
  for (let i = 0; i < rounds && !started.mock.calls.length; i++) await settle();
}

beforeEach(() => {
  vi.resetModules();
  started.mockClear();
  vi.doMock("../../frontend/app/start", () => {
    started();
    return {};
  });
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response("{}")),
  );
  document.head.innerHTML =
    '<template id="app-preloads"><link rel="modulepreload" href="/assets/start-a.js"><link rel="modulepreload" href="/assets/theme-b.js"></template>';
  document.body.innerHTML = '<div id="root"></div>';
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.head.innerHTML = "";
  document.body.innerHTML = "";
});

describe("main.tsx on the SPA shell (no pre-rendered page: it starts at once)", () => {
  it("moves the preloads into <head> and imports the app only when all of them have loaded or failed", async () => {
    expect(document.head.querySelectorAll("link")).toHaveLength(0); // inert inside the template
    await import("../../frontend/main");
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
    expect(links.map((l) => l.getAttribute("href"))).toEqual(["/assets/start-a.js", "/assets/theme-b.js"]);
    await settle();
    expect(started).not.toHaveBeenCalled();
    links[0]!.dispatchEvent(new Event("load"));
    await settle();
    expect(started).not.toHaveBeenCalled();
    links[1]!.dispatchEvent(new Event("error")); // a failed download does not hold the app back
    for (let i = 0; i < 5 && !started.mock.calls.length; i++) await settle();
    expect(started).toHaveBeenCalledTimes(1);
  });

  it("asks for the session before anything else, and starts without a template too", async () => {
    document.head.innerHTML = "";
    await import("../../frontend/main");
    expect(fetch).toHaveBeenCalledWith("/api/auth/session", { credentials: "same-origin" });
    for (let i = 0; i < 5 && !started.mock.calls.length; i++) await settle();
    expect(started).toHaveBeenCalledTimes(1);
  });
});

describe("main.tsx on the pre-rendered landing page (decision 325: the app starts on demand)", () => {
  const landing = () => {
    document.body.innerHTML = '<div id="root" data-prerendered="/"><button type="button">Open menu</button><div data-testid="demo-slot"></div></div>';
  };
  const startedAfterPreloads = () => preloadsLoad(5);

  it("paints without the app: nothing is downloaded or started until the visitor does something", async () => {
    landing();
    // The other pre-rendered pages start from a frame or a 100 ms timer: run every timer and frame.
    await importMainRunningEveryTimer();
    expect(document.head.querySelectorAll("link")).toHaveLength(0);
    await startedAfterPreloads();
    expect(started).not.toHaveBeenCalled();
    expect(fetch).toHaveBeenCalledWith("/api/auth/session", { credentials: "same-origin" }); // still asked early
  });

  for (const event of ["pointerdown", "keydown", "touchstart", "scroll", "focusin"]) {
    it(`starts the app on the first ${event}, once`, async () => {
      landing();
      await import("../../frontend/main");
      document.body.dispatchEvent(new Event(event, { bubbles: true }));
      document.body.dispatchEvent(new Event(event, { bubbles: true }));
      expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(2);
      await startedAfterPreloads();
      expect(started).toHaveBeenCalledTimes(1);
    });
  }

  it("starts at once for a signed-in visitor (the landing sends them on), and the app still gets the session answer", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ user: { id: "u1" } }))),
    );
    landing();
    await import("../../frontend/main");
    for (let i = 0; i < 20 && !document.head.querySelector("link"); i++) await settle(); // the answer arrives
    await startedAfterPreloads();
    expect(started).toHaveBeenCalledTimes(1);
    const { takeEarlySession } = await import("../../frontend/lib/early-session");
    expect(await (await takeEarlySession())!.json()).toEqual({ user: { id: "u1" } });
  });

  it("starts the app when the live demo comes into view", async () => {
    const observed: Element[] = [];
    let notify: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
          notify = callback;
        }
        observe(el: Element) {
          observed.push(el);
        }
        disconnect() {}
      },
    );
    landing();
    await import("../../frontend/main");
    expect(observed).toEqual([document.querySelector('[data-testid="demo-slot"]')]);
    notify!([{ isIntersecting: false }]);
    await startedAfterPreloads();
    expect(started).not.toHaveBeenCalled();
    notify!([{ isIntersecting: true }]);
    await startedAfterPreloads();
    expect(started).toHaveBeenCalledTimes(1);
  });
});

// Decision 326: /login's pre-rendered form signs in without the app (a native post), so its app
// starts on demand too, except when the query, the session or Clerk needs the app at once.
describe("main.tsx on the pre-rendered /login", () => {
  const loginPage = (search = "") => {
    window.history.replaceState(null, "", `/login${search}`);
    document.body.innerHTML =
      '<div id="root" data-prerendered="/login"><form action="/api/auth/login/form" method="post"><input name="email"><button type="submit">Sign in</button></form></div>';
  };
  const allPreloadsLoaded = () => preloadsLoad(20);
  afterEach(() => window.history.replaceState(null, "", "/"));

  it("signed out, no query: nothing is started (every timer and frame run) until the visitor does something", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ user: null, auth: { provider: "builtin" } }))),
    );
    loginPage();
    await importMainRunningEveryTimer();
    for (let i = 0; i < 10; i++) await settle(); // the session answers
    expect(document.head.querySelectorAll("link")).toHaveLength(0);
    await allPreloadsLoaded();
    expect(started).not.toHaveBeenCalled();
    document.querySelector("input")!.dispatchEvent(new Event("focusin", { bubbles: true })); // the visitor taps the email field
    await allPreloadsLoaded();
    expect(started).toHaveBeenCalledTimes(1);
  });

  for (const search of ["?error=invalid_credentials", "?magic=abc123def456", "?sso=1"]) {
    it(`${search}: starts at once (the app has something to say or do)`, async () => {
      loginPage(search);
      await import("../../frontend/main");
      for (let i = 0; i < 20 && !document.head.querySelector("link"); i++) await settle(); // a frame or the 100 ms timer
      await allPreloadsLoaded();
      expect(started).toHaveBeenCalledTimes(1);
    });
  }

  for (const [who, session] of [
    ["a signed-in visitor (sent on)", { user: { id: "u1" }, auth: { provider: "builtin" } }],
    ["Clerk configured (Clerk signs in, not the form)", { user: null, auth: { provider: "clerk", clerkPublishableKey: "pk_test" } }],
  ] as const) {
    it(`starts as soon as the session answers for ${who}`, async () => {
      vi.stubGlobal(
        "fetch",
        vi.fn(async () => new Response(JSON.stringify(session))),
      );
      loginPage();
      await import("../../frontend/main");
      for (let i = 0; i < 20 && !document.head.querySelector("link"); i++) await settle();
      await allPreloadsLoaded();
      expect(started).toHaveBeenCalledTimes(1);
    });
  }
});
