import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in pre-rendered HTML and during hydration (decision 163), true once React owns the page.
 * Forms without a native action use it so nothing can be submitted into the static HTML before its
 * handlers exist (features/auth/text-field.tsx; /login's form posts natively instead, decision 326).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
