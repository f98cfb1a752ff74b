import type { Env } from "../env";
import { getDb } from "../lib/db";
import { collectMetrics } from "../services/analytics";

/** Every cron tick: read the metrics of published posts that are due (see metrics-collect.ts). */
export async function collectDueMetrics(env: Env, nowMs: number): Promise<void> {
  try {
    await collectMetrics(getDb(env.DB), env, nowMs);
  } catch (err) {
    // Analytics must never disturb publishing on the same tick.
    console.error("metrics collection failed", err);
  }
}
