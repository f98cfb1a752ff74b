// Idle accounts must not lapse: a long-lived token may die after 60 days unless it is
// refreshed, even if nothing is published. The cron refreshes tokens inside their refresh window
// under the same per-account lease the publisher uses, so the two never race. Tokens we cannot
// renew (no refresh token) are never "refreshed": their owner is reminded to reconnect 7 days
// before they expire (decision 196).
import type { Env } from "../env";
import { getDb } from "../lib/db";
import { refreshDueTokens, remindReconnects } from "../services/social";

export async function refreshIdleTokens(env: Env) {
  try {
    const db = getDb(env.DB);
    const result = await refreshDueTokens(db, env);
    return { ...result, reminded: await remindReconnects(db, env) };
  } catch (err) {
    console.error("token refresh tick failed", err);
    return { refreshed: 0, failed: 0, reminded: 0 };
  }
}
