// The cron's feed job (decision 284): each tick claims at most FEEDS_PER_TICK feeds not read for
// FEED_POLL_MINUTES (a conditional update, so two overlapping ticks never read one feed twice),
// fetches each through the SSRF-safe fetcher (1 MB, 10 s), and writes every new item, by guid, as
// a draft or a queue entry in the brand's voice with its link. At most MAX_NEW_ITEMS_PER_POLL
// posts per feed per poll: the first poll drafts the newest few and marks the backlog as seen,
// later polls leave the rest of a burst for the next poll. The creator's rights are used, so a
// member who lost edit rights stops the feed's writing (the error says why).
import { and, eq, inArray } from "drizzle-orm";
import { feedItems, feeds } from "../../../../schema/db/platform-api";
import { FEED_POLL_MINUTES } from "../../../../schema/api/feeds";
import type { Platform } from "../../../../schema/api/common";
import { createAiEngine } from "../../../adapters/ai";
import type { AiEngine } from "../../../adapters/ai/types";
import type { Env } from "../../../env";
import { getDb, type Db } from "../../../lib/db";
import { ApiError } from "../../../lib/errors";
import { ownedProject } from "../../../lib/ownership";
import { safeFetchFeed, SafeFetchError, scrapeOptions } from "../../../lib/safe-fetch";
import { contextFor, type ServiceContext } from "../../context";
import { createPost } from "../../posts";
import { queuePost } from "../../planner";
import type { FeedRow } from "./feeds";
import { FeedParseError, parseFeed, type FeedItem } from "./parse";
import { writeFeedPost } from "./write";

export const POLL_INTERVAL_MS = FEED_POLL_MINUTES * 60_000;
const FEEDS_PER_TICK = 3;
const MAX_NEW_ITEMS_PER_POLL = 5;

export type FeedPollDeps = { fetcher?: typeof fetch; engine?: AiEngine };
export type FeedPollResult = { polled: number; written: number };

const LOST_ACCESS = "The person who added this feed can no longer edit this project, so its items are not written";

/** Newest first (items without a date keep the feed's order, which is newest first by convention). */
const newestFirst = (items: FeedItem[]) =>
  items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => (b.item.published ?? 0) - (a.item.published ?? 0) || a.i - b.i)
    .map((x) => x.item);

/** One item as a post: the draft, or the queue's next free slot (a draft, saying why, when the queue has none). */
async function writeItem(ctx: ServiceContext, engine: AiEngine, feed: FeedRow, brand: Parameters<typeof writeFeedPost>[1], item: FeedItem) {
  const platform = feed.platform as Platform;
  const { content, hashtags } = await writeFeedPost(engine, brand, item, platform);
  if (feed.mode === "queue") {
    try {
      return { post: await queuePost(ctx, feed.projectId, { content, platform, hashtags }), note: null };
    } catch (err) {
      if (!(err instanceof ApiError) || err.code !== "invalid_input") throw err;
      const post = await createPost(ctx, feed.projectId, { content, platform, hashtags, mode: "draft" });
      return { post, note: `Saved as a draft: ${err.message}` };
    }
  }
  return { post: await createPost(ctx, feed.projectId, { content, platform, hashtags, mode: "draft" }), note: null };
}

/** Reads one feed and writes its new items. Returns how many posts it wrote. */
async function pollFeed(db: Db, env: Env, feed: FeedRow, now: number, deps: FeedPollDeps = {}): Promise<number> {
  const done = (patch: { title?: string | null; lastError: string | null }) =>
    db
      .update(feeds)
      .set({ ...patch })
      .where(eq(feeds.id, feed.id));
  let project;
  try {
    project = await ownedProject(db, feed.createdBy, feed.projectId, "edit");
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    await done({ lastError: LOST_ACCESS });
    return 0;
  }
  let parsed;
  try {
    const page = await safeFetchFeed(feed.url, { ...scrapeOptions(env), fetcher: deps.fetcher });
    parsed = parseFeed(page.body, page.url);
  } catch (err) {
    if (!(err instanceof SafeFetchError) && !(err instanceof FeedParseError)) throw err;
    await done({ lastError: err.message });
    return 0;
  }
  const items = newestFirst(parsed.items);
  const known = new Set<string>();
  const firstPoll = !(await db.select({ guid: feedItems.guid }).from(feedItems).where(eq(feedItems.feedId, feed.id)).limit(1).get());
  for (let i = 0; i < items.length; i += 50) {
    const guids = items.slice(i, i + 50).map((it) => it.guid);
    const rows = await db
      .select({ guid: feedItems.guid })
      .from(feedItems)
      .where(and(eq(feedItems.feedId, feed.id), inArray(feedItems.guid, guids)))
      .all();
    for (const r of rows) known.add(r.guid);
  }
  const fresh = items.filter((it) => !known.has(it.guid));
  const toWrite = fresh.slice(0, MAX_NEW_ITEMS_PER_POLL);
  // The first poll's backlog is marked seen: following a feed drafts its newest items, not its archive.
  const backlog = firstPoll ? fresh.slice(MAX_NEW_ITEMS_PER_POLL) : [];
  // D1 binds at most 100 values per statement: 20 rows of 4 each.
  for (let i = 0; i < backlog.length; i += 20) {
    await db
      .insert(feedItems)
      .values(backlog.slice(i, i + 20).map((it) => ({ feedId: feed.id, guid: it.guid, postId: null, createdAt: now })))
      .onConflictDoNothing();
  }
  const brand = { name: project.name, industry: project.industry, brand_voice: project.brandVoice, description: project.description };
  const engine = deps.engine ?? createAiEngine(env);
  let written = 0;
  let problem: string | null = null;
  const ctx = await contextFor(db, env, feed.createdBy);
  for (const item of toWrite) {
    // Claim the guid first: a concurrent poll (or a retry) never writes the item twice.
    const claimed = await db.insert(feedItems).values({ feedId: feed.id, guid: item.guid, postId: null, createdAt: now }).onConflictDoNothing().returning();
    if (claimed.length === 0) continue;
    try {
      const { post, note } = await writeItem(ctx, engine, feed, brand, item);
      await db
        .update(feedItems)
        .set({ postId: post.id })
        .where(and(eq(feedItems.feedId, feed.id), eq(feedItems.guid, item.guid)));
      written++;
      problem ??= note;
    } catch (err) {
      // Not written (no account for the network, a rule of the network...): released, so the next poll tries again.
      await db.delete(feedItems).where(and(eq(feedItems.feedId, feed.id), eq(feedItems.guid, item.guid)));
      if (!(err instanceof ApiError)) throw err;
      problem = `Could not write "${item.title || item.link}": ${err.message}`;
      break;
    }
  }
  await done({ title: parsed.title, lastError: problem });
  return written;
}

/** The cron job: polls the feeds that are due, at most FEEDS_PER_TICK per tick. */
export async function pollDueFeeds(env: Env, now: number, deps: FeedPollDeps = {}): Promise<FeedPollResult> {
  const db = getDb(env.DB);
  const cutoff = now - POLL_INTERVAL_MS;
  const { results } = await env.DB.prepare(
    `update feeds set last_polled_at = ?1
     where id in (
       select id from feeds where last_polled_at is null or last_polled_at <= ?2
       order by coalesce(last_polled_at, 0), id limit ${FEEDS_PER_TICK}
     ) and (last_polled_at is null or last_polled_at <= ?2)
     returning id`,
  )
    .bind(now, cutoff)
    .all<{ id: string }>();
  let written = 0;
  for (const { id } of results) {
    const feed = await db.select().from(feeds).where(eq(feeds.id, id)).get();
    if (!feed) continue;
    try {
      written += await pollFeed(db, env, feed, now, deps);
    } catch (err) {
      // One feed's bug never stops the others (nor the tick's other jobs).
      console.error("feed poll failed", id, err);
      await db.update(feeds).set({ lastError: "The feed could not be read. It is tried again later." }).where(eq(feeds.id, id));
    }
  }
  return { polled: results.length, written };
}
