// The app proper, loaded by main.tsx once the page has painted (decision 166). Evaluating React,
// then Chakra's theme (createSystem builds every token's CSS variable), then the app is done in
// three tasks with the browser let in between, not one long task: a phone's main thread is never
// blocked for the whole start-up. The files are already downloading (modulepreload in <head>).
import "../lib/zod-jitless";

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  await import("react-dom/client");
  await nextTask();
  await import("./theme");
  await nextTask();
  const [{ StrictMode, createElement }, { App }, { mountApp }] = await Promise.all([import("react"), import("./app"), import("./mount")]);
  await mountApp(document.getElementById("root")!, createElement(StrictMode, null, createElement(App)), window.location.pathname);
}

void start();
