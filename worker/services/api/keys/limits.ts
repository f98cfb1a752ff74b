// Per-key rate limits (decision 211), on the fixed-window counters of lib/rate-limit.ts: a 429
// with Retry-After when over. Generation is costly (AI calls), so it has its own hourly budget.
import type { Db } from "../../../lib/db";
import { enforceRateLimits } from "../../../lib/rate-limit";
import type { KeyCaller } from "./keys";

export const KEY_LIMITS = {
  requestsPerMinute: 600,
  generationsPerHour: 60,
} as const;

export function enforceKeyRequestLimit(db: Db, key: KeyCaller, now = Date.now()) {
  return enforceRateLimits(db, [{ key: `apikey:${key.id}:min`, max: KEY_LIMITS.requestsPerMinute, windowMs: 60_000 }], now);
}

export function enforceKeyGenerationLimit(db: Db, key: KeyCaller, now = Date.now()) {
  return enforceRateLimits(db, [{ key: `apikey:${key.id}:gen`, max: KEY_LIMITS.generationsPerHour, windowMs: 3_600_000 }], now);
}
