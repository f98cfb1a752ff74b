import { beforeEach, vi } from "vitest";

// The toaster module faked, for screens whose messages a test reads:
//   vi.mock("../../frontend/components/ui/toaster", () => import("./notify-mock"));
// then `notify.success` / `.error` / `.info` are spies, reset before each test.
export const notify = { success: vi.fn(), error: vi.fn(), info: vi.fn() };
export const toaster = { create: vi.fn(), dismiss: vi.fn() };
export const Toaster = () => null;

beforeEach(() => {
  notify.success.mockReset();
  notify.error.mockReset();
  notify.info.mockReset();
});
