// The page's only script tag, kept tiny (decision 166). / and /login arrive pre-rendered (decision
// 163): the browser should paint that HTML before it spends a phone's CPU on evaluating React and
// Chakra (~0.5 s at Lighthouse's 4x slowdown). A deferred module runs right after parsing, often
// before the first frame, so there the app (app/start.tsx) is imported after the next frame; its
// files are already downloading from the <link rel="modulepreload"> tags the build puts in <head>
// (vite.config.ts). A hidden tab gets no animation frames: the timer starts it anyway. Every other
// path has nothing to paint before the app renders, so it starts at once. The session is asked for
// before anything else (lib/early-session.ts).
import { requestSessionEarly } from "./lib/early-session";

requestSessionEarly();
let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import("./app/start");
};
if (document.getElementById("root")?.dataset.prerendered) {
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 100);
} else start();
