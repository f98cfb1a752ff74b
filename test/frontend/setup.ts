import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
import { fakeMediaQueryList } from "./media-query";

afterEach(() => cleanup());

// findBy*/waitFor wait up to 15 s (the default 1 s): a lazy screen's chunk can take longer than a
// second to load on a busy 2-core CI machine (shell-skeleton.test.tsx failed so at load 6, and
// toaster.test.tsx's lazy toast view missed 5 s at load 10). Only the wait before a failure grows;
// what each test expects does not change.
configure({ asyncUtilTimeout: 15_000 });

// jsdom lacks these; Chakra (Ark/zag) and our responsive hooks use them.
if (!window.matchMedia) window.matchMedia = (query: string) => fakeMediaQueryList(query, false);
class RO {
  observe() {}
  unobserve() {}
  disconnect() {}
}
(globalThis as Record<string, unknown>).ResizeObserver ??= RO;
(globalThis as Record<string, unknown>).IntersectionObserver ??= RO;
Element.prototype.scrollTo ??= () => {};
