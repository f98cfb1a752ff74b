import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in pre-rendered HTML and during hydration (decision 163), true once React owns the page.
 * Forms use it so nothing can be typed or submitted into the static HTML before its handlers exist:
 * typed values would be reset by hydration, and a native submit would put the fields in the URL.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
