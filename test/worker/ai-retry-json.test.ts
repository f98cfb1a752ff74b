import { describe, expect, it } from "vitest";
import { AiOutputError, asStringList, clamp01, parseJsonObject } from "../../worker/adapters/ai/json-output";
import { isRetryable, retryAfterMs, withRetry } from "../../worker/adapters/ai/retry";

function httpError(status: number, headers: Record<string, string> = {}) {
  return Object.assign(new Error(`HTTP ${status}`), { status, headers: new Headers(headers) });
}

describe("AI call retries", () => {
  it("retries 429, 5xx, timeouts and dropped connections, not other client errors", () => {
    for (const s of [408, 409, 429, 500, 502, 503]) expect(isRetryable(httpError(s))).toBe(true);
    for (const s of [400, 401, 403, 404, 422]) expect(isRetryable(httpError(s))).toBe(false);
    expect(isRetryable(Object.assign(new Error("x"), { name: "APIConnectionTimeoutError" }))).toBe(true);
    expect(isRetryable(new Error("plain"))).toBe(false);
  });

  it("reads Retry-After as seconds, as an HTTP date, and retry-after-ms", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(retryAfterMs(httpError(429, { "retry-after": "2" }), now)).toBe(2000);
    expect(retryAfterMs(httpError(429, { "retry-after": "Thu, 01 Jan 2026 00:00:05 GMT" }), now)).toBe(5000);
    expect(retryAfterMs(httpError(429, { "retry-after-ms": "150", "retry-after": "9" }), now)).toBe(150);
    expect(retryAfterMs(httpError(500), now)).toBeNull();
  });

  it("backs off exponentially, honours Retry-After, and stops after maxRetries", async () => {
    const waits: number[] = [];
    let calls = 0;
    const err = await withRetry(
      async () => {
        calls++;
        throw calls === 2 ? httpError(429, { "retry-after": "3" }) : httpError(503);
      },
      { maxRetries: 3, baseDelayMs: 100, maxDelayMs: 1000, maxRetryAfterMs: 10_000, sleep: async (ms) => void waits.push(ms) },
    ).catch((e: unknown) => e);
    expect((err as { status: number }).status).toBe(503);
    expect(calls).toBe(4);
    expect(waits[0]).toBeGreaterThanOrEqual(75);
    expect(waits[0]).toBeLessThanOrEqual(100);
    expect(waits[1]).toBe(3000);
    expect(waits[2]).toBeGreaterThanOrEqual(300);
    expect(waits[2]).toBeLessThanOrEqual(400);
  });

  it("gives up at once on a Retry-After beyond the cap and on a non-retryable error", async () => {
    let calls = 0;
    const policy = { maxRetries: 5, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1000, sleep: async () => {} };
    await expect(
      withRetry(async () => {
        calls++;
        throw httpError(429, { "retry-after": "60" });
      }, policy),
    ).rejects.toMatchObject({ status: 429 });
    expect(calls).toBe(1);
    await expect(withRetry(async () => Promise.reject(httpError(400)), policy)).rejects.toMatchObject({ status: 400 });
    expect(await withRetry(async (attempt) => (attempt < 2 ? Promise.reject(httpError(500)) : "ok"), policy)).toBe("ok");
  });
});

describe("AI JSON output parsing", () => {
  it("finds the object in plain JSON, a code fence, or prose around it", () => {
    expect(parseJsonObject('{"a":1}')).toEqual({ a: 1 });
    expect(parseJsonObject('Here you go:\n```json\n{"a": [1, 2]}\n```')).toEqual({ a: [1, 2] });
    expect(parseJsonObject('Sure! {"posts": []} Hope this helps.')).toEqual({ posts: [] });
    expect(parseJsonObject("[1,2]")).toEqual({ items: [1, 2] });
  });

  it("throws AiOutputError on text that holds no JSON object, or JSON cut off at max_tokens", () => {
    expect(() => parseJsonObject('{"topics": [{"name": "Coffee", "desc')).toThrow(AiOutputError);
    expect(() => parseJsonObject("I cannot help with that.")).toThrow(AiOutputError);
    expect(() => parseJsonObject(null)).toThrow(AiOutputError);
  });

  it("normalises lists and scores", () => {
    expect(asStringList(["a", " ", 3, { content: "b" }, { name: "c" }, null])).toEqual(["a", "3", "b", "c"]);
    expect(asStringList("one")).toEqual(["one"]);
    expect(clamp01(0.42)).toBe(0.42);
    expect(clamp01(8)).toBe(0.8);
    expect(clamp01(85)).toBe(0.85);
    expect(clamp01(-1)).toBe(0);
    expect(clamp01("0.3")).toBe(0.3);
    expect(clamp01("high")).toBe(0.5);
  });
});
