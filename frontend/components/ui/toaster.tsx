import { useSyncExternalStore } from "react";
import { loadAppRecipes } from "../../app/theme";

// The toast machinery (Chakra/Ark/zag toast, ~14 KiB gzip) is loaded on the first toast, not
// with the first page: it is not part of the initial JS budget (docs/decisions/030).
type ToastType = "success" | "error" | "info" | "warning" | "loading";
type ToastOptions = { title?: string; description?: string; type?: ToastType; duration?: number };
type View = typeof import("./toaster-view");

let view: View | null = null;
let loading: Promise<View> | null = null;
const listeners = new Set<() => void>();

function load(): Promise<View> {
  // The toast recipe is one of the signed-in screens' recipes (theme.ts).
  loading ??= Promise.all([import("./toaster-view"), loadAppRecipes()]).then(([m]) => {
    view = m;
    listeners.forEach((l) => l());
    return m;
  });
  return loading;
}

// Error toasts still open. A success closes them (decision 205): a failed sign-in's red toast stayed
// on screen after the next attempt succeeded, telling the user the opposite of what happened.
const openFailures = new Set<string>();

function show(options: ToastOptions): void {
  void load().then((m) => {
    if (options.type === "success") {
      for (const id of openFailures) m.store.dismiss(id);
      openFailures.clear();
    }
    const id = m.store.create(options);
    if (options.type === "error") openFailures.add(id);
  });
}

/** The subset of Chakra's toaster store the app uses; calls are queued until it has loaded. */
export const toaster = {
  create: show,
  dismiss: (id?: string) => void load().then((m) => m.store.dismiss(id)),
};

export const notify = {
  success: (title: string) => show({ title, type: "success", duration: 2000 }),
  error: (title: string) => show({ title, type: "error", duration: 4000 }),
  info: (title: string) => show({ title, type: "info", duration: 4000 }),
};

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Mount once (app.tsx). Renders nothing until the first toast asks for the machinery. */
export function Toaster() {
  // Pre-rendered pages have no toasts in their HTML: hydration renders none (a toast shown before
  // it, e.g. by an earlier page, would be a mismatch), then the client shows the loaded view.
  const loaded = useSyncExternalStore(
    subscribe,
    () => view,
    () => null,
  );
  return loaded ? <loaded.ToasterView /> : null;
}
