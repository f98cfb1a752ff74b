// Claiming posts for publishing. Why this shape (docs/decisions/070-exactly-once-publishing.md):
// - A post moves scheduled -> publishing only through ONE conditional UPDATE
//   (`status='scheduled'` in its WHERE), so any number of concurrent cron ticks or "publish now"
//   clicks claim each post exactly once; SQLite applies each statement atomically.
// - Each claim writes a token (last_attempt = claim time) that travels in the queue message; the
//   consumer only works on a post whose token still matches (see publishing.ts).
// - Ids travel as ONE json_each() parameter and chunks are at most 100 rows, so no statement ever
//   exceeds D1's 100 bound parameters and no queue batch exceeds sendBatch's 100 messages.
// - A claim carries a short lease (lease_until): CLAIM_LEASE_MS for the queue to deliver it, then
//   WORK_LEASE_MS that the worker renews while it works (publishing.ts). A claim whose lease ran
//   out is a dead worker or a lost message: the next tick sweeps it back to scheduled, flagged so
//   the consumer reconciles with the platform before posting again, and claims it again at once.
//   So a post whose worker died is published within about 3 minutes of its due time instead of 15
//   (decision 121). Claims written before leases existed fall back to the 15-minute rule.
import type { Env, PublishJob } from "../../env";
import { ApiError } from "../../lib/errors";

const CLAIM_CHUNK = 100;
/** Fallback for claims without a lease (written before decision 121). */
export const STALE_CLAIM_MS = 15 * 60_000;
/** From the claim to the worker taking the post: the queue's delivery delay must fit in it. */
export const CLAIM_LEASE_MS = 2 * 60_000;
/** A working consumer's lease, renewed every LEASE_RENEW_MS while it talks to the platform. */
export const WORK_LEASE_MS = 90_000;
export const LEASE_RENEW_MS = 30_000;
/** Stored in error_message of a post whose previous attempt may have reached the platform. */
export const RECONCILE_MARKER = "Publishing was interrupted; checking the platform before trying again";

/** Swept-back claims: publishing with its lease run out and no platform id -> scheduled + reconcile flag. */
async function sweepStaleClaims(env: Env, now: number): Promise<number> {
  const res = await env.DB.prepare(
    `UPDATE posts SET status = 'scheduled', error_message = ?1, lease_until = NULL, updated_at = ?2
     WHERE status = 'publishing' AND platform_post_id IS NULL
       AND (lease_until < ?2 OR (lease_until IS NULL AND last_attempt < ?3))`,
  )
    .bind(RECONCILE_MARKER, now, now - STALE_CLAIM_MS)
    .run();
  return res.meta.changes ?? 0;
}

async function enqueue(env: Env, ids: string[], claimedAt: number): Promise<void> {
  try {
    await env.PUBLISH_JOBS.sendBatch(ids.map((postId) => ({ body: { postId, claimedAt } satisfies PublishJob })));
  } catch (err) {
    // Not queued: give the claim back now instead of waiting for the 15-minute sweep.
    await env.DB.prepare(
      `UPDATE posts SET status = 'scheduled', publish_attempts = publish_attempts - 1
       WHERE id IN (SELECT value FROM json_each(?1)) AND status = 'publishing' AND last_attempt = ?2 AND platform_post_id IS NULL`,
    )
      .bind(JSON.stringify(ids), claimedAt)
      .run();
    throw err;
  }
}

/** One chunk of due posts: a single conditional UPDATE ... RETURNING id. */
async function claimDueChunk(env: Env, now: number, limit: number): Promise<string[]> {
  const { results } = await env.DB.prepare(
    `UPDATE posts SET status = 'publishing', last_attempt = ?1, lease_until = ?3, publish_attempts = publish_attempts + 1, updated_at = ?1
     WHERE id IN (SELECT id FROM posts WHERE status = 'scheduled' AND scheduled_for <= ?1 ORDER BY scheduled_for LIMIT ?2)
       AND status = 'scheduled'
     RETURNING id`,
  )
    .bind(now, limit, now + CLAIM_LEASE_MS)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}

/**
 * The cron tick: sweep stale claims, then claim due posts chunk by chunk and enqueue each chunk
 * (one post per message). Enqueueing a chunk overlaps with claiming the next.
 */
export async function claimAndEnqueueDue(env: Env, now: number, maxPosts = 10_000): Promise<{ claimed: number; swept: number }> {
  const swept = await sweepStaleClaims(env, now);
  let claimed = 0;
  const sends: Promise<void>[] = [];
  const failures: unknown[] = [];
  while (claimed < maxPosts) {
    const ids = await claimDueChunk(env, now, Math.min(CLAIM_CHUNK, maxPosts - claimed));
    if (ids.length === 0) break;
    claimed += ids.length;
    sends.push(enqueue(env, ids, now).catch((err) => void failures.push(err)));
    if (ids.length < CLAIM_CHUNK) break;
  }
  await Promise.all(sends);
  if (failures.length) console.error("publish enqueue failed", failures[0]);
  return { claimed, swept };
}

/**
 * Publish now / retry: claims the given scheduled posts at once (scheduled_for becomes now) and
 * enqueues them exactly like the cron does. Returns how many were claimed.
 */
export async function claimPostsNow(env: Env, postIds: string[], now: number): Promise<number> {
  let claimed = 0;
  for (let i = 0; i < postIds.length; i += CLAIM_CHUNK) {
    const chunk = postIds.slice(i, i + CLAIM_CHUNK);
    const { results } = await env.DB.prepare(
      `UPDATE posts SET status = 'publishing', scheduled_for = ?1, last_attempt = ?1, lease_until = ?3, publish_attempts = publish_attempts + 1, updated_at = ?1
       WHERE id IN (SELECT value FROM json_each(?2)) AND status = 'scheduled'
       RETURNING id`,
    )
      .bind(now, JSON.stringify(chunk), now + CLAIM_LEASE_MS)
      .all<{ id: string }>();
    const ids = results.map((r) => r.id);
    if (ids.length === 0) continue;
    try {
      await enqueue(env, ids, now);
    } catch {
      throw new ApiError(503, "unavailable", "Failed to publish post");
    }
    claimed += ids.length;
  }
  return claimed;
}
