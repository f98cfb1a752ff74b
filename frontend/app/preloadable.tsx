// A lazy component that can be loaded ahead of its first render (decision 167). React.lazy always
// suspends on its first render, even when the module is already here, and a Suspense boundary that
// mounts for the first time then commits its fallback: on /dashboard that meant the frame mounted
// again at each step (session, SWR's configuration, the shell, the screen), each mount a long task
// on a phone. Once `preload()` has resolved, the component renders the module directly. Each
// element keeps the implementation it started with, so a render never swaps Lazy for the module
// under an element that is already mounted (that would remount its whole subtree).
import { lazy, useState, type ComponentType } from "react";

export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (m) => {
        loaded = m.default;
        return m;
      },
      (err: unknown) => {
        pending = null; // a failed chunk load may be retried
        throw err;
      },
    ));
  const Lazy = lazy(preload);
  function Preloadable(props: P) {
    const [Impl] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Impl {...props} />;
  }
  return { Component: Preloadable, preload };
}
