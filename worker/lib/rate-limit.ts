// Fixed-window rate limits in D1 (table rate_limits). Sign-in and every endpoint that sends mail
// are limited per email and per client IP, so neither password guessing nor mail flooding of one
// address (or from one address) is cheap. One atomic upsert per key: concurrent requests cannot
// both slip under the limit.
import { sql } from "drizzle-orm";
import type { Db } from "./db";
import { tooManyRequests } from "./errors";
import { isProduction } from "./app-config";

const STALE_MS = 24 * 60 * 60 * 1000;

export type Limit = { key: string; max: number; windowMs: number };

/** Counts one hit on each key; throws 429 (error shape) if any key is over its limit. */
export async function enforceRateLimits(db: Db, limits: Limit[], now = Date.now()): Promise<void> {
  let over = false;
  let retryAfterMs = 0;
  for (const { key, max, windowMs } of limits) {
    const row = await db.get<{ count: number; window_start: number }>(sql`
      insert into rate_limits (key, window_start, count) values (${key}, ${now}, 1)
      on conflict(key) do update set
        count = case when rate_limits.window_start <= ${now - windowMs} then 1 else rate_limits.count + 1 end,
        window_start = case when rate_limits.window_start <= ${now - windowMs} then ${now} else rate_limits.window_start end
      returning count, window_start`);
    if (row && row.count > max) {
      over = true;
      retryAfterMs = Math.max(retryAfterMs, row.window_start + windowMs - now);
    }
  }
  // Old windows are never read again; an occasional sweep keeps the table from growing forever.
  if (Math.random() < 0.01) await db.run(sql`delete from rate_limits where window_start < ${now - STALE_MS}`);
  // Retry-After: when the longest of the exceeded windows ends (RFC 9110 section 10.2.3).
  if (over) throw tooManyRequests(undefined, retryAfterMs / 1000);
}

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * The caller's IP as Cloudflare reports it. Off Cloudflare (`wrangler dev` on one machine) the
 * header is missing or loopback and every client would share one bucket, so outside production
 * per-IP limits are skipped (null); in production a missing header shares an "unknown" bucket.
 */
export function clientIp(req: { header(name: string): string | undefined }, env: { APP_ENV?: string }): string | null {
  const ip = req.header("cf-connecting-ip");
  if (isProduction(env)) return ip ?? "unknown";
  return ip && !LOOPBACK.has(ip) ? ip : null;
}
