// Retries of AI provider calls. Rate limits (429) and server errors (5xx, timeouts, dropped
// connections) are usually transient, so they are retried with exponential backoff, waiting what
// the server's Retry-After asks when it says; anything else (400, 401, 404) fails at once. Waits
// are capped: a Worker invocation must not hang for minutes, so a longer Retry-After gives up.

export type RetryPolicy = {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** First backoff delay; doubled each retry, with up to 25% jitter. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the call fails. */
  maxRetryAfterMs: number;
  sleep?: (ms: number) => Promise<void>;
  /** Which errors are worth retrying (default: isRetryable). */
  retryable?: (err: unknown) => boolean;
  onRetry?: (info: { attempt: number; delayMs: number; status?: number; error: unknown }) => void;
};

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 3, baseDelayMs: 500, maxDelayMs: 8000, maxRetryAfterMs: 20_000 };

type HttpishError = { status?: number; headers?: Headers | Record<string, string> | null; name?: string };

function header(err: HttpishError, name: string): string | null {
  const h = err.headers;
  if (!h) return null;
  if (typeof (h as Headers).get === "function") return (h as Headers).get(name);
  const rec = h as Record<string, string>;
  return rec[name] ?? rec[name.toLowerCase()] ?? null;
}

export function isRetryable(err: unknown): boolean {
  if (!err || typeof err !== "object") return false;
  const e = err as HttpishError;
  if (typeof e.status === "number") return e.status === 408 || e.status === 409 || e.status === 429 || e.status >= 500;
  // No status: a network failure or a timeout (the SDK's APIConnectionError / APIConnectionTimeoutError).
  return /Connection|Timeout|Abort|TypeError|FetchError/i.test(e.name ?? "");
}

/** Milliseconds the server asked to wait (Retry-After seconds or HTTP date, or retry-after-ms), if any. */
export function retryAfterMs(err: unknown, now = Date.now()): number | null {
  if (!err || typeof err !== "object") return null;
  const e = err as HttpishError;
  const ms = header(e, "retry-after-ms");
  if (ms && Number.isFinite(Number.parseFloat(ms))) return Math.max(0, Number.parseFloat(ms));
  const ra = header(e, "retry-after");
  if (!ra) return null;
  const secs = Number(ra);
  if (Number.isFinite(secs)) return Math.max(0, secs * 1000);
  const at = Date.parse(ra);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function withRetry<T>(fn: (attempt: number) => Promise<T>, policy: RetryPolicy = DEFAULT_RETRY_POLICY): Promise<T> {
  const sleep = policy.sleep ?? defaultSleep;
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (err) {
      if (attempt >= policy.maxRetries || !(policy.retryable ?? isRetryable)(err)) throw err;
      const asked = retryAfterMs(err);
      if (asked !== null && asked > policy.maxRetryAfterMs) throw err;
      const backoff = Math.min(policy.baseDelayMs * 2 ** attempt, policy.maxDelayMs) * (1 - Math.random() * 0.25);
      const delayMs = asked ?? backoff;
      policy.onRetry?.({ attempt: attempt + 1, delayMs, status: (err as HttpishError).status, error: err });
      await sleep(delayMs);
    }
  }
}
