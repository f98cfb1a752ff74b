import "./lib/zod-jitless";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app";
import { preloadPrerendered, preloadShellSkeleton } from "./app/router";

// / and /login arrive pre-rendered (vite.config.ts, decision 163): React hydrates that HTML once
// the page's module is here. Every other path gets the empty shell and renders in the browser.
const root = document.getElementById("root")!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
const path = window.location.pathname;
if (root.dataset.prerendered === path) void preloadPrerendered(path).then(() => hydrateRoot(root, app));
else {
  preloadShellSkeleton(path);
  root.textContent = "";
  createRoot(root).render(app);
}
