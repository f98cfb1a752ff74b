// The activity log keeps 90 days (docs/product-spec.md, Settings -> Activity; decision 239). The
// cron ticks every minute; the sweep runs on the first tick of each hour, which is often enough
// for a 90-day window and keeps the delete off the publishing ticks.
import type { Env } from "../env";
import { getDb } from "../lib/db";
import { sweepActivity } from "../services/projects";

export async function sweepOldActivity(env: Env, now: number): Promise<boolean> {
  if (new Date(now).getUTCMinutes() !== 0) return false;
  try {
    await sweepActivity(getDb(env.DB), now);
    return true;
  } catch (err) {
    // A failed sweep is retried next hour; nothing depends on it.
    console.error("activity sweep failed", err);
    return false;
  }
}
