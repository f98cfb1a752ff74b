// Publishing one claimed post. Queue delivery is at-least-once and cron ticks overlap, so this
// file holds the exactly-once rules (docs/decisions/070-exactly-once-publishing.md):
// 1. A message carries the claim token (last_attempt written by the claim). An attempt starts
//    only by a compare-and-swap of that token to a fresh attempt time; a duplicate or concurrent
//    delivery loses the swap and does nothing. A post that already has a platform id, or is no
//    longer `publishing`, is acknowledged without any call to the platform.
// 2. The moment the platform accepts, its post id is written with a conditional update
//    (platform_post_id IS NULL) together with status published.
// 3. Before any repeat attempt (swept claim, unknown outcome, earlier attempts) the platform is
//    asked for a post with the same text among everything the account published since the first
//    attempt began (reconciliation, paged by time): a post that got through is recorded as
//    published instead of being posted a second time. A "duplicate content" refusal means "look
//    again", never "failed" (decision 121).
// 4. The attempt holds a lease (lease_until) renewed while it works and checked right before the
//    post is sent, so a swept-back claim can never be posted by a worker that lost it.
// 5. Typed errors decide: retryable -> retry with backoff (the platform's reset time wins) up to
//    MAX_ATTEMPTS, then failed saying why and that it will not be retried; auth -> failed +
//    account needs reconnecting; rejected -> failed at once.
import { and, eq, isNull, sql } from "drizzle-orm";
import { media, posts } from "../../../schema/db/posts";
import type { Env, PublishJob } from "../../env";
import { getDb, type Db } from "../../lib/db";
import { ApiError } from "../../lib/errors";
import { isSocialPlatform, platformFor, type SocialPlatform } from "../../../platforms/adapters";
import { DEFAULT_PLATFORM_ID, isPlatformId, networkName, platformMeta } from "../../../platforms/registry";
import { composeWithHashtags } from "../../../platforms/shared/meta";
import { PlatformError, type PlatformAdapter } from "../../../platforms/shared/adapter";
import { getPublishingCredentials, markReconnectNeeded, type PublishingCredentials } from "../social";
import { prepareImage } from "./media-prepare";
import { CLAIM_LEASE_MS, LEASE_RENEW_MS, RECONCILE_MARKER, WORK_LEASE_MS } from "./claim";
import { emitEvent } from "../api/webhooks";
import { logActivity } from "../projects";
import { postsSubject } from "../posts";

// The activity log's actor for what the publisher does on its own (decision 239).
const PUBLISHER = { id: null, name: "Brandpilot" } as const;

export const MAX_ATTEMPTS = 5;
const FALLBACK_ERROR = "Failed to publish post";

export type PublishOutcome = { action: "ack"; result: "published" | "reconciled" | "failed" | "skipped" } | { action: "retry"; delaySeconds: number };

type PostRow = typeof posts.$inferSelect;

/** The text sent to the platform: content plus hashtags, joined as that network's meta says. */
export function composePostText(content: string, hashtags: string[], platform: string = DEFAULT_PLATFORM_ID): string {
  return isPlatformId(platform) ? platformMeta(platform).rules.composeText(content, hashtags) : composeWithHashtags(content, hashtags);
}

/** Exponential backoff for retryable errors: 10 s, 20 s, 40 s, 80 s ... capped at 15 minutes. */
function backoffSeconds(attempt: number, retryAfterMs?: number): number {
  if (retryAfterMs != null && retryAfterMs > 0) return Math.min(Math.ceil(retryAfterMs / 1000), 12 * 3600);
  return Math.min(10 * 2 ** Math.max(0, attempt - 1), 900);
}

function userMessage(err: unknown): string {
  if (err instanceof PlatformError || err instanceof ApiError) return err.message || FALLBACK_ERROR;
  return FALLBACK_ERROR;
}

/** The message of a post that ran out of attempts: why, and that it will not be retried. */
function gaveUpMessage(message: string, attempts: number): string {
  const why = message.replace(/\s*(The post will be retried\.|Please try again\.)\s*$/i, "").trim() || FALLBACK_ERROR;
  return `${why}${/[.!?)]$/.test(why) ? "" : "."} Gave up after ${attempts} attempts; it will not be retried automatically.`;
}

async function loadImage(env: Env, db: Db, row: PostRow, platform: SocialPlatform, accountMeta: Record<string, unknown> | null) {
  const url = row.mediaInfo?.url ?? null;
  const origin = env.APP_ORIGIN?.replace(/\/+$/, "");
  let imageUrl: string | undefined;
  if (url && /^https?:\/\//.test(url)) imageUrl = url;
  else if (url && origin) imageUrl = origin + url;
  else imageUrl = row.mediaUrl ?? undefined;
  let image: { data: ArrayBuffer; contentType: string } | undefined;
  const key = url?.match(/^\/media\/([A-Za-z0-9_-]+)$/)?.[1];
  if (key) {
    // Our own upload, prepared for this network (JPEG where it takes only that; the original is
    // kept): the adapter gets the bytes and the public URL of the prepared copy (decision 123).
    const m = await db
      .select()
      .from(media)
      .where(and(eq(media.publicKey, key), eq(media.projectId, row.projectId)))
      .get();
    const prepared = m ? await prepareImage(env, db, platform, m, platformMeta(platform).rules.accountImageMaxBytes?.(accountMeta)) : null;
    if (prepared) {
      image = { data: prepared.data, contentType: prepared.row.fileType };
      if (imageUrl) imageUrl = imageUrl.replace(`/media/${key}`, `/media/${prepared.row.publicKey}`);
    }
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
    .set({
      lastAttempt: attemptAt,
      leaseUntil: attemptAt + WORK_LEASE_MS,
      // The platform's clock is the real one: reconciliation looks from the first real attempt.
      firstAttemptAt: sql`coalesce(${posts.firstAttemptAt}, ${Date.now()})`,
      updatedAt: attemptAt,
    })
    .where(and(eq(posts.id, row.id), eq(posts.status, "publishing"), isNull(posts.platformPostId), eq(posts.lastAttempt, job.claimedAt)))
    .returning({ id: posts.id, firstAttemptAt: posts.firstAttemptAt })
    .get();
  if (!taken) return { action: "ack", result: "skipped" };

  const mine = and(eq(posts.id, row.id), eq(posts.status, "publishing"), isNull(posts.platformPostId), eq(posts.lastAttempt, attemptAt));
  /** Extends this attempt's lease; false when the claim is no longer ours (swept back, taken over). */
  const renewLease = async () => {
    const res = await db
      .update(posts)
      .set({ leaseUntil: Math.max(Date.now(), attemptAt) + WORK_LEASE_MS })
      .where(mine)
      .returning({ id: posts.id })
      .get();
    return Boolean(res);
  };
  const renewer = setInterval(() => void renewLease().catch(() => undefined), LEASE_RENEW_MS);
  try {
    return await attempt(env, db, row, job, deliveryAttempt, attemptAt, taken.firstAttemptAt ?? Date.now(), mine, renewLease);
  } finally {
    clearInterval(renewer);
  }
}

const isUnverifiable = (e: unknown): e is PlatformError => e instanceof PlatformError && e.reason === "unverifiable";

/** The adapter's own words for a post it cannot confirm (it throws them from findRecentPost). */
async function unverifiableMessage(adapter: PlatformAdapter, creds: PublishingCredentials | null, text: string, sinceMs: number): Promise<string> {
  try {
    await adapter.findRecentPost({ accessToken: creds?.accessToken ?? "", accountId: creds?.platformUserId ?? "", text, sinceMs });
  } catch (e) {
    if (isUnverifiable(e)) return e.message;
  }
  return "We could not confirm whether this post was published. Please check the account before publishing it again.";
}

async function attempt(
  env: Env,
  db: Db,
  row: PostRow,
  job: PublishJob,
  deliveryAttempt: number,
  attemptAt: number,
  firstAttemptAt: number,
  mine: ReturnType<typeof and>,
  renewLease: () => Promise<boolean>,
): Promise<PublishOutcome> {
  const markPublished = async (platformPostId: string) => {
    const now = Date.now();
    // The platform accepted: record its id at once. Conditional so a second writer can never
    // replace the first id; no token condition because the platform's word is final.
    const done = await db
      .update(posts)
      .set({ platformPostId, status: "published", publishedAt: now, errorMessage: null, updatedAt: now })
      .where(and(eq(posts.id, row.id), isNull(posts.platformPostId)))
      .returning({ id: posts.id })
      .get();
    // Webhooks (decision 213): only the writer that recorded the id emits the event.
    if (done) {
      await emitEvent(env, db, row.projectId, "post.published", { post_id: row.id, platform: row.platform, platform_post_id: platformPostId });
      await logActivity(db, row.projectId, PUBLISHER, "published", postsSubject(1, row.content));
    }
  };

  const markFailed = async (message: string) => {
    const done = await db.update(posts).set({ status: "failed", errorMessage: message, updatedAt: Date.now() }).where(mine).returning({ id: posts.id }).get();
    if (done) {
      await emitEvent(env, db, row.projectId, "post.failed", { post_id: row.id, platform: row.platform, error_message: message });
      await logActivity(db, row.projectId, PUBLISHER, "failed to publish", postsSubject(1, row.content));
    }
  };

  // Gives the attempt back (token = the claim again) so the retried message can take it; the
  // lease covers the queue's delay so the sweep leaves it alone meanwhile.
  const release = async (errorMessage: string | null, delaySeconds: number) => {
    await db
      .update(posts)
      .set({
        lastAttempt: job.claimedAt,
        leaseUntil: attemptAt + delaySeconds * 1000 + CLAIM_LEASE_MS,
        publishAttempts: row.publishAttempts + 1,
        errorMessage,
        updatedAt: Date.now(),
      })
      .where(mine)
      .run();
  };

  if (!isSocialPlatform(row.platform)) {
    await markFailed(`No connected ${networkName(row.platform)} account found`);
    return { action: "ack", result: "failed" };
  }

  let creds: PublishingCredentials | null = null;
  // A post whose earlier attempt may have reached the platform is reconciled before posting.
  const reconcile = row.errorMessage === RECONCILE_MARKER || row.publishAttempts > 1 || row.firstAttemptAt != null;
  const lookAgain = () => adapter!.findRecentPost({ accessToken: creds!.accessToken, accountId: creds!.platformUserId, text, sinceMs: firstAttemptAt });
  let phase: "before-send" | "send" = "before-send";
  let adapter: PlatformAdapter | null = null;
  const text = composePostText(row.content, row.hashtags ?? [], row.platform);
  try {
    creds = await getPublishingCredentials(db, env, row.projectId, row.platform);
    adapter = platformFor(env, row.platform, creds.accountMeta);
    // A network that cannot read the account's posts: an earlier attempt that ended without an
    // answer (the marker) is the user's to check; one that was answered (5xx, 429) is simply sent again.
    if (reconcile && adapter.confirmsPosts === false && row.errorMessage === RECONCILE_MARKER) await lookAgain();
    if (reconcile && adapter.confirmsPosts !== false) {
      const found = await lookAgain();
      if (found) {
        await markPublished(found);
        return { action: "ack", result: "reconciled" };
      }
    }
    const { imageUrl, image } = await loadImage(env, db, row, row.platform, creds.accountMeta);
    // Last check before anything becomes visible: the claim must still be ours.
    if (!(await renewLease())) return { action: "ack", result: "skipped" };
    phase = "send";
    const { platformPostId } = await adapter.publish({
      accessToken: creds.accessToken,
      accountId: creds.platformUserId,
      text,
      imageUrl,
      image,
      ...(imageUrl || image ? { altText: row.mediaInfo?.alt_text?.trim() || undefined } : {}),
      idempotencyKey: `brandpilot-post-${row.id}`,
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
    // The network cannot tell us whether the post got through (an adapter with `confirmsPosts: false`):
    // the user is asked to look, with a link; never retried blindly (decision 196).
    const unconfirmed = async (e: PlatformError) => {
      await markFailed(e.message);
      return { action: "ack", result: "failed" } as const;
    };
    if (isUnverifiable(err)) return unconfirmed(err);
    if (kind === "unknown_outcome" && adapter?.confirmsPosts === false) {
      return unconfirmed(new PlatformError("unknown_outcome", await unverifiableMessage(adapter, creds, text, firstAttemptAt), undefined, "unverifiable"));
    }
    // "Duplicate content" from the platform: an earlier attempt of ours may be the original.
    if (err instanceof PlatformError && err.reason === "duplicate" && creds && adapter) {
      const found = await lookAgain().catch((e: unknown) => (isUnverifiable(e) ? e : null));
      if (found instanceof PlatformError) return unconfirmed(found);
      if (found) {
        await markPublished(found);
        return { action: "ack", result: "reconciled" };
      }
    }
    if (kind === "auth") {
      await markFailed(message);
      if (creds) await markReconnectNeeded(db, creds.accountId, env);
      return { action: "ack", result: "failed" };
    }
    if (kind === "rejected" || deliveryAttempt >= MAX_ATTEMPTS) {
      // Giving up, but this or an earlier attempt may have reached the platform (unknown outcome,
      // or a reconciled post we failed to record): ask it once before calling the post failed
      // (found by the chaos run, docs/decisions/097).
      if (kind !== "rejected" && (kind === "unknown_outcome" || reconcile) && creds && adapter) {
        const found = await lookAgain().catch((e: unknown) => (isUnverifiable(e) ? e : null));
        if (found instanceof PlatformError) return unconfirmed(found);
        if (found) {
          await markPublished(found);
          return { action: "ack", result: "reconciled" };
        }
      }
      await markFailed(kind === "rejected" ? message : gaveUpMessage(message, deliveryAttempt));
      return { action: "ack", result: "failed" };
    }
    // retryable or unknown outcome: try again later; an unknown outcome is reconciled first.
    const retryAfterMs = err instanceof PlatformError ? err.retryAfterMs : undefined;
    const delaySeconds = backoffSeconds(deliveryAttempt, retryAfterMs);
    await release(kind === "unknown_outcome" ? RECONCILE_MARKER : row.errorMessage, delaySeconds);
    return { action: "retry", delaySeconds };
  }
}
