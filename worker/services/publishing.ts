// Publishing one claimed post. Queue delivery is at-least-once and cron ticks overlap, so this
// file holds the exactly-once rules (docs/decisions/070-exactly-once-publishing.md):
// 1. A message carries the claim token (last_attempt written by the claim). An attempt starts
//    only by a compare-and-swap of that token to a fresh attempt time; a duplicate or concurrent
//    delivery loses the swap and does nothing. A post that already has a platform id, or is no
//    longer `publishing`, is acknowledged without any call to the platform.
// 2. The moment the platform accepts, its post id is written with a conditional update
//    (platform_post_id IS NULL) together with status published.
// 3. Before any repeat attempt (swept claim, unknown outcome, earlier attempts) the platform is
//    asked for a recent post with the same text first (reconciliation): a post that got through
//    is recorded as published instead of being posted a second time.
// 4. Typed errors decide: retryable -> retry with backoff (Retry-After wins) up to MAX_ATTEMPTS,
//    auth -> failed + account needs reconnecting, rejected -> failed at once.
import { and, eq, isNull } from "drizzle-orm";
import { media, posts } from "../../schema/db/posts";
import type { Env, PublishJob } from "../env";
import { getDb, type Db } from "../lib/db";
import { ApiError } from "../lib/errors";
import { isSocialPlatform, platformFor } from "../../platforms/adapters";
import { isPlatformId, platformMeta } from "../../platforms/registry";
import { composeWithHashtags } from "../../platforms/shared/meta";
import { PlatformError, type PlatformAdapter } from "../../platforms/shared/adapter";
import { getPublishingCredentials, markReconnectNeeded, type PublishingCredentials } from "./social-credentials";
import { RECONCILE_MARKER } from "./publishing-claim";

export const MAX_ATTEMPTS = 5;
export const FALLBACK_ERROR = "Failed to publish post";

export type PublishOutcome =
  | { action: "ack"; result: "published" | "reconciled" | "failed" | "skipped" }
  | { action: "retry"; delaySeconds: number };

type PostRow = typeof posts.$inferSelect;

/** The text sent to the platform: content plus hashtags, joined as that network's meta says. */
export function composePostText(content: string, hashtags: string[], platform: string = "twitter"): string {
  return isPlatformId(platform) ? platformMeta(platform).rules.composeText(content, hashtags) : composeWithHashtags(content, hashtags);
}

/** Exponential backoff for retryable errors: 10 s, 20 s, 40 s, 80 s ... capped at 15 minutes. */
export function backoffSeconds(attempt: number, retryAfterMs?: number): number {
  if (retryAfterMs != null && retryAfterMs > 0) return Math.min(Math.ceil(retryAfterMs / 1000), 12 * 3600);
  return Math.min(10 * 2 ** Math.max(0, attempt - 1), 900);
}

function userMessage(err: unknown): string {
  if (err instanceof PlatformError || err instanceof ApiError) return err.message || FALLBACK_ERROR;
  return FALLBACK_ERROR;
}

async function loadImage(env: Env, db: Db, row: PostRow) {
  const url = row.mediaInfo?.url ?? null;
  const origin = env.APP_ORIGIN?.replace(/\/+$/, "");
  let imageUrl: string | undefined;
  if (url && /^https?:\/\//.test(url)) imageUrl = url;
  else if (url && origin) imageUrl = origin + url;
  else imageUrl = row.mediaUrl ?? undefined;
  let image: { data: ArrayBuffer; contentType: string } | undefined;
  const key = url?.match(/^\/media\/([A-Za-z0-9_-]+)$/)?.[1];
  if (key) {
    // Our own upload: hand the bytes over directly (X uploads them; Instagram needs the URL).
    const m = await db.select().from(media).where(and(eq(media.publicKey, key), eq(media.projectId, row.projectId))).get();
    const obj = m ? await env.BUCKET.get(m.r2Key) : null;
    if (obj) image = { data: await obj.arrayBuffer(), contentType: m!.fileType };
  }
  return { imageUrl, image };
}

/**
 * Handles one delivery of a publish job. `deliveryAttempt` is the queue's attempt count (1 on
 * the first delivery); it bounds retries of retryable errors.
 */
export async function publishClaimedPost(env: Env, job: PublishJob, deliveryAttempt: number): Promise<PublishOutcome> {
  const db = getDb(env.DB);
  const row = await db.select().from(posts).where(eq(posts.id, job.postId)).get();
  if (!row || row.status !== "publishing" || row.platformPostId) return { action: "ack", result: "skipped" };

  // Take this attempt: only the holder of the current claim token may talk to the platform.
  const attemptAt = Math.max(Date.now(), job.claimedAt + 1);
  const taken = await db
    .update(posts)
    .set({ lastAttempt: attemptAt, updatedAt: attemptAt })
    .where(and(eq(posts.id, row.id), eq(posts.status, "publishing"), isNull(posts.platformPostId), eq(posts.lastAttempt, job.claimedAt)))
    .returning({ id: posts.id })
    .get();
  if (!taken) return { action: "ack", result: "skipped" };

  const mine = and(eq(posts.id, row.id), eq(posts.status, "publishing"), isNull(posts.platformPostId), eq(posts.lastAttempt, attemptAt));

  const markPublished = async (platformPostId: string) => {
    const now = Date.now();
    // The platform accepted: record its id at once. Conditional so a second writer can never
    // replace the first id; no token condition because the platform's word is final.
    await db
      .update(posts)
      .set({ platformPostId, status: "published", publishedAt: now, errorMessage: null, updatedAt: now })
      .where(and(eq(posts.id, row.id), isNull(posts.platformPostId)))
      .run();
  };

  const markFailed = async (message: string) => {
    await db.update(posts).set({ status: "failed", errorMessage: message, updatedAt: Date.now() }).where(mine).run();
  };

  // Gives the attempt back (token = the claim again) so the retried message can take it.
  const release = async (errorMessage: string | null) => {
    await db
      .update(posts)
      .set({ lastAttempt: job.claimedAt, publishAttempts: row.publishAttempts + 1, errorMessage, updatedAt: Date.now() })
      .where(mine)
      .run();
  };

  if (!isSocialPlatform(row.platform)) {
    await markFailed(`No connected ${row.platform} account found`);
    return { action: "ack", result: "failed" };
  }

  let creds: PublishingCredentials | null = null;
  // A post whose earlier attempt may have reached the platform is reconciled before posting.
  const reconcile = row.errorMessage === RECONCILE_MARKER || row.publishAttempts > 1;
  let phase: "before-send" | "send" = "before-send";
  let adapter: PlatformAdapter | null = null;
  const text = composePostText(row.content, row.hashtags ?? [], row.platform);
  try {
    creds = await getPublishingCredentials(db, env, row.projectId, row.platform);
    adapter = platformFor(env, row.platform, creds.accountMeta);
    if (reconcile) {
      const found = await adapter.findRecentPost({ accessToken: creds.accessToken, accountId: creds.platformUserId, text, sinceMs: row.createdAt });
      if (found) {
        await markPublished(found);
        return { action: "ack", result: "reconciled" };
      }
    }
    const { imageUrl, image } = await loadImage(env, db, row);
    phase = "send";
    const { platformPostId } = await adapter.publish({
      accessToken: creds.accessToken,
      accountId: creds.platformUserId,
      text,
      imageUrl,
      image,
    });
    await markPublished(platformPostId);
    return { action: "ack", result: "published" };
  } catch (err) {
    // An unclassified error while sending may have happened after the platform accepted.
    const kind: PlatformError["kind"] =
      err instanceof PlatformError
        ? err.kind
        : err instanceof ApiError
          ? err.status < 500
            ? "rejected"
            : "retryable"
          : phase === "send"
            ? "unknown_outcome"
            : "retryable";
    const message = userMessage(err);
    if (kind === "auth") {
      await markFailed(message);
      if (creds) await markReconnectNeeded(db, creds.accountId);
      return { action: "ack", result: "failed" };
    }
    if (kind === "rejected" || deliveryAttempt >= MAX_ATTEMPTS) {
      // Giving up, but this or an earlier attempt may have reached the platform (unknown outcome,
      // or a reconciled post we failed to record): ask it once before calling the post failed
      // (found by the chaos run, docs/decisions/097).
      if (kind !== "rejected" && (kind === "unknown_outcome" || reconcile) && creds && adapter) {
        const found = await adapter
          .findRecentPost({ accessToken: creds.accessToken, accountId: creds.platformUserId, text, sinceMs: row.createdAt })
          .catch(() => null);
        if (found) {
          await markPublished(found);
          return { action: "ack", result: "reconciled" };
        }
      }
      await markFailed(message);
      return { action: "ack", result: "failed" };
    }
    // retryable or unknown outcome: try again later; an unknown outcome is reconciled first.
    await release(kind === "unknown_outcome" ? RECONCILE_MARKER : row.errorMessage);
    const retryAfterMs = err instanceof PlatformError ? err.retryAfterMs : undefined;
    return { action: "retry", delaySeconds: backoffSeconds(deliveryAttempt, retryAfterMs) };
  }
}
