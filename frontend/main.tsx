// The page's only script tag, kept tiny (decision 166). / and /login arrive pre-rendered (decision
// 163): the browser should paint that HTML before it spends a phone's CPU on evaluating React and
// Chakra (~0.5 s at Lighthouse's 4x slowdown). A deferred module runs right after parsing, often
// before the first frame, so there the app (app/start.tsx) is started after the next frame. Its
// files download from then on, all at once: the build lists them as <link rel="modulepreload"> in a
// <template> in <head>, moved into <head> here (vite.config.ts, decision 172); the app is imported
// when they have all arrived. A hidden tab gets no animation frames: the timer starts it anyway.
// Every other path has nothing to paint before the app renders, so it starts at once. The session
// is asked for before anything else (lib/early-session.ts).
import { requestSessionEarly } from "./lib/early-session";

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
if (document.getElementById("root")?.dataset.prerendered) {
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 100);
} else start();
