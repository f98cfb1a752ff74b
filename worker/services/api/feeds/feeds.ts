// A project's followed RSS/Atom feeds (decision 284): add, list (last poll, last error, posts
// written), remove. Adding checks the address by the scraper's rules (no fetch: the cron's next
// tick reads it and the screen shows what it found); Editors and Owners manage a project's feeds.
import { and, count, desc, eq, isNotNull } from "drizzle-orm";
import { feedItems, feeds } from "../../../../schema/db/platform-api";
import { FEED_TEXTS, MAX_FEEDS, type createFeedSchema, type FeedDto } from "../../../../schema/api/feeds";
import type { Platform } from "../../../../schema/api/common";
import type { z } from "zod";
import { badRequest, conflict, notFound } from "../../../lib/errors";
import { newId } from "../../../lib/ids";
import { ownedProject } from "../../../lib/ownership";
import { checkUrl, SafeFetchError, scrapeOptions } from "../../../lib/safe-fetch";
import type { ServiceContext } from "../../context";

export type FeedRow = typeof feeds.$inferSelect;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const toDto = (r: FeedRow, posts: number): FeedDto => ({
  id: r.id,
  project_id: r.projectId,
  url: r.url,
  title: r.title,
  platform: r.platform as Platform,
  mode: r.mode,
  last_polled_at: iso(r.lastPolledAt),
  last_error: r.lastError,
  post_count: posts,
  created_at: new Date(r.createdAt).toISOString(),
});

export async function listFeeds(ctx: ServiceContext, projectId: string): Promise<FeedDto[]> {
  const { db } = ctx;
  await ownedProject(db, ctx.caller.id, projectId, "read");
  const [rows, counts] = await Promise.all([
    db.select().from(feeds).where(eq(feeds.projectId, projectId)).orderBy(desc(feeds.createdAt), feeds.id).all(),
    db
      .select({ feedId: feedItems.feedId, n: count() })
      .from(feedItems)
      .innerJoin(feeds, eq(feeds.id, feedItems.feedId))
      .where(and(eq(feeds.projectId, projectId), isNotNull(feedItems.postId)))
      .groupBy(feedItems.feedId)
      .all(),
  ]);
  const byFeed = new Map(counts.map((c) => [c.feedId, c.n]));
  return rows.map((r) => toDto(r, byFeed.get(r.id) ?? 0));
}

export async function createFeed(ctx: ServiceContext, projectId: string, input: z.output<typeof createFeedSchema>, requestUrl?: string): Promise<FeedDto> {
  const { db, env } = ctx;
  const userId = ctx.caller.id;
  await ownedProject(db, userId, projectId, "edit");
  const { allowHosts, selfHosts } = scrapeOptions(env, requestUrl);
  let url: string;
  try {
    url = checkUrl(input.url, allowHosts, selfHosts).toString();
  } catch (err) {
    if (err instanceof SafeFetchError) throw badRequest(err.message, { url: err.message });
    throw err;
  }
  const existing = await db.select({ url: feeds.url }).from(feeds).where(eq(feeds.projectId, projectId)).all();
  if (existing.some((f) => f.url === url)) throw conflict(FEED_TEXTS.duplicate);
  if (existing.length >= MAX_FEEDS) throw badRequest(FEED_TEXTS.tooMany, { url: FEED_TEXTS.tooMany });
  const row: FeedRow = {
    id: newId(),
    projectId,
    createdBy: userId,
    url,
    title: null,
    platform: input.platform,
    mode: input.mode,
    // Never polled: the cron's next tick reads it.
    lastPolledAt: null,
    lastError: null,
    createdAt: Date.now(),
  };
  await db.insert(feeds).values(row);
  return toDto(row, 0);
}

export async function deleteFeed(ctx: ServiceContext, feedId: string): Promise<void> {
  const { db } = ctx;
  const feed = await db.select({ projectId: feeds.projectId }).from(feeds).where(eq(feeds.id, feedId)).get();
  if (!feed) throw notFound("Feed not found");
  await ownedProject(db, ctx.caller.id, feed.projectId, "edit");
  // feed_items go with it (on delete cascade); the posts written from it stay.
  await db.delete(feeds).where(and(eq(feeds.id, feedId), eq(feeds.projectId, feed.projectId)));
}
