// The cron only claims and enqueues (never publishes inline) so a tick stays fast and every
// publish goes through the queue consumer's exactly-once rules (docs/decisions/070).
import type { Env } from "../env";
import { claimAndEnqueueDue } from "../services/publishing";

/**
 * Every minute: sweep stale claims back, claim due posts (one conditional UPDATE per chunk) and
 * enqueue them on publish-jobs. Never publishes inline: the queue consumer does.
 */
export async function claimDuePosts(env: Env, now: number): Promise<{ claimed: number; swept: number }> {
  return claimAndEnqueueDue(env, now);
}
