// The page's only script tag, kept tiny (decision 166). / and /login arrive pre-rendered (decision
// 163): the browser should paint that HTML before it spends a phone's CPU on evaluating React and
// Chakra (~0.5 s at Lighthouse's 4x slowdown). A deferred module runs right after parsing, often
// before the first frame, so there the app (app/start.tsx) is started after the next frame. Its
// files download from then on, all at once: the build lists them as <link rel="modulepreload"> in a
// <template> in <head>, moved into <head> here (vite.config.ts, decision 172); the app is imported
// when they have all arrived. A hidden tab gets no animation frames: the timer starts it anyway.
// Every other path has nothing to paint before the app renders, so it starts at once. The session
// is asked for before anything else (lib/early-session.ts).
// The landing page (/) needs no script to be read, scrolled or followed: its app starts on the
// visitor's first touch, key, scroll or focus, or when its live demo comes into view (decision
// 325), so a phone that only reads it never spends its CPU on React; a button pressed before the
// app is ready is pressed again once it is (lib/early-clicks.ts). A signed-in visitor's app starts
// as soon as the session answers, to send them on.
// /login starts on demand too (decision 326): its pre-rendered form signs in without the app (it
// posts to /api/auth/login/form), its other buttons are held like the landing's, its links are
// links. It starts at once when the app has something to do there: any query (an error to show,
// a mailed link's token, Clerk's return), a signed-in visitor (sent on), or Clerk configured
// (Clerk signs in, not the form's built-in endpoint).
import { holdEarlyClicks } from "./lib/early-clicks";
import { earlySession, requestSessionEarly, type EarlySession } from "./lib/early-session";

requestSessionEarly();
let started = false;
const start = () => {
  if (started) return;
  started = true;
  const preloads = (document.getElementById("app-preloads") as HTMLTemplateElement | null)?.content;
  const loaded = [...(preloads?.children ?? [])].map(
    (link) =>
      new Promise((done) => {
        link.addEventListener("load", done);
        link.addEventListener("error", done);
      }),
  );
  if (preloads) document.head.appendChild(preloads);
  // Evaluating starts once every file is here: the start-up tasks do not share the CPU with the
  // downloads (decision 172).
  void Promise.all(loaded).then(() => import("./app/start"));
};
/** Starts the app on the visitor's first input, or as soon as the session answer says it must. */
function startOnDemand(needsAppNow: (session: EarlySession) => boolean) {
  const events = ["pointerdown", "touchstart", "keydown", "wheel", "scroll", "focusin"] as const;
  const demo = document.querySelector('[data-testid="demo-slot"]');
  const inView =
    demo && typeof IntersectionObserver !== "undefined" ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && now()) : null;
  function now() {
    for (const name of events) removeEventListener(name, now, true);
    inView?.disconnect();
    start();
  }
  holdEarlyClicks();
  for (const name of events) addEventListener(name, now, { capture: true, passive: true });
  if (demo) inView?.observe(demo);
  void earlySession().then((session) => needsAppNow(session) && now());
}

// A signed-in visitor is sent on to the app (the pages' guards): no need to wait for a touch.
const signedIn = (session: EarlySession) => Boolean(session?.user);
const prerendered = document.getElementById("root")?.dataset.prerendered;
if (prerendered === "/") startOnDemand(signedIn);
else if (prerendered === "/login" && !location.search) startOnDemand((session) => signedIn(session) || session?.auth?.provider === "clerk");
else if (prerendered) {
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 100);
} else start();
