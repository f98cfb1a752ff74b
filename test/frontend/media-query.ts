import { vi } from "vitest";

// jsdom has no matchMedia; Chakra (Ark/zag) and our responsive hooks read it. One fake for the
// setup's default (a wide screen) and for the tests that need a phone.

export function fakeMediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  } as MediaQueryList;
}

/** Max-width queries match while `phone` is true (undo with vi.unstubAllGlobals). */
export function stubScreen({ phone }: { phone: boolean }) {
  vi.stubGlobal("matchMedia", (query: string) => fakeMediaQueryList(query, phone && query.includes("max-width")));
}
