// Idle accounts must not lapse: an Instagram long-lived token dies after 60 days unless it is
// refreshed, even if nothing is published. The cron refreshes tokens inside their refresh window
// under the same per-account lease the publisher uses, so the two never race.
import type { Env } from "../env";
import { getDb } from "../lib/db";
import { refreshDueTokens } from "../services/social-credentials";

export async function refreshIdleTokens(env: Env) {
  try {
    return await refreshDueTokens(getDb(env.DB), env);
  } catch (err) {
    console.error("token refresh tick failed", err);
    return { refreshed: 0, failed: 0 };
  }
}
