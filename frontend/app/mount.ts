// How the app takes over #root (decisions 163, 166, 167). A pre-rendered page (/, /login and
// /dashboard's frame) is hydrated once its screen's module is here, so hydration never suspends;
// any other path renders from scratch. Both start inside startTransition: React then works in ~5 ms slices and lets the
// browser in between (a phone's main thread is not blocked for the whole hydration), where a
// default-priority root update would run as one long task.
import { startTransition, type ReactNode } from "react";
import { createRoot, hydrateRoot, type HydrationOptions, type Root } from "react-dom/client";
import { stopHoldingEarlyClicks } from "../lib/early-clicks";
import { preloadPrerendered, preloadShellSkeleton } from "./router";

export async function mountApp(root: HTMLElement, app: ReactNode, path: string, options: HydrationOptions = {}): Promise<Root> {
  if (root.dataset.prerendered === path) {
    await preloadPrerendered(path);
    stopHoldingEarlyClicks(); // React sees every click from here (lib/early-clicks.ts)
    let hydrated!: Root;
    startTransition(() => {
      hydrated = hydrateRoot(root, app, options);
    });
    return hydrated;
  }
  preloadShellSkeleton(path);
  root.textContent = "";
  const created = createRoot(root, options);
  startTransition(() => created.render(app));
  return created;
}
