// The planner's write paths (decision 150): the weekly posting schedule, "Add to queue", recurring
// series and bulk actions. Every entry point checks the caller owns the project first. Times are
// computed in the user's wall-clock zone (schema/api/posting-schedule.ts), and every change of a
// post is a conditional update on its status, so nothing here can race the publish cron (a post
// being published never changes under the publisher) — decision 151. Every post these paths
// create or change passes its network's rules first (worker/services/posts/rules.ts).
import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { z } from "zod";
import { posts } from "../../../schema/db/posts";
import { postingSlots, postSeries } from "../../../schema/db/planner";
import type { Platform } from "../../../schema/api/common";
import type { MediaInfo, Post, PostStatus } from "../../../schema/api/posts";
import { ALLOWED_FROM, statusAfter } from "../../../schema/api/post-status";
import { addDays, dateInZone, localDateTimeToUtc, timeInZone } from "../../../schema/api/campaign-schedule";
import { nextFreeSlots, QUEUE_HORIZON_WEEKS, recurrenceInstants, type WeeklySlot } from "../../../schema/api/posting-schedule";
import { networkName } from "../../../platforms/registry";
import type {
  bulkPostsSchema,
  BulkResponse,
  createSeriesSchema,
  putSlotsSchema,
  queuePostSchema,
  SeriesResponse,
  SeriesUpdateResponse,
  SlotsResponse,
  updateSeriesSchema,
} from "../../../schema/api/planner";
import type { ServiceContext } from "../context";
import type { Db } from "../../lib/db";
import { badRequest, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { ownedProject } from "../../lib/ownership";
import { postRuleIssues, throwFirst } from "../posts";
import { emitScheduled } from "../posts";
import { postEventInsert, postsSubject, postWriter, timedStatus } from "../posts";
import {
  CREATED_ACTION,
  createPosts,
  readPost,
  hasConnectedAccount,
  newPostRow,
  noAccountMessage,
  resolveMedia as resolveProjectMedia,
  toPostDto,
} from "../posts";

// A posts row binds 18 values; D1 allows 100 bound parameters per statement.
const ROWS_PER_INSERT = 5;
// Bulk updates go by id lists within D1's 100 bound parameters.
const IDS_PER_STATEMENT = 90;

const NO_SLOT_MESSAGE = (platform: string) =>
  `No free time slot for ${networkName(platform)} in your posting schedule. Add slots in Settings → Posting schedule.`;

type SlotRow = typeof postingSlots.$inferSelect;

function toSlotsResponse(rows: SlotRow[]): SlotsResponse {
  return {
    time_zone: rows[0]?.timeZone ?? null,
    slots: rows.map((r) => ({ id: r.id, platform: r.platform as Platform, weekday: r.weekday, time: r.time })),
  };
}

async function slotRows(db: Db, projectId: string): Promise<SlotRow[]> {
  return db
    .select()
    .from(postingSlots)
    .where(eq(postingSlots.projectId, projectId))
    .orderBy(asc(postingSlots.platform), asc(postingSlots.weekday), asc(postingSlots.time))
    .all();
}

export async function getSlots(ctx: ServiceContext, projectId: string): Promise<SlotsResponse> {
  const { db } = ctx;
  const userId = ctx.caller.id;
  await ownedProject(db, userId, projectId, "read");
  return toSlotsResponse(await slotRows(db, projectId));
}

/** Replaces the whole weekly schedule in one batch (duplicates collapse to one slot). */
export async function putSlots(ctx: ServiceContext, projectId: string, input: z.output<typeof putSlotsSchema>): Promise<SlotsResponse> {
  const { db } = ctx;
  const userId = ctx.caller.id;
  await ownedProject(db, userId, projectId);
  const at = Date.now();
  const seen = new Set<string>();
  const rows = input.slots
    .filter((s) => {
      const key = `${s.platform}|${s.weekday}|${s.time}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((s) => ({ id: newId(), projectId, platform: s.platform, weekday: s.weekday, time: s.time, timeZone: input.time_zone, createdAt: at }));
  const inserts = [];
  for (let i = 0; i < rows.length; i += 10) inserts.push(db.insert(postingSlots).values(rows.slice(i, i + 10)));
  await db.batch([db.delete(postingSlots).where(eq(postingSlots.projectId, projectId)), ...inserts]);
  return toSlotsResponse(await slotRows(db, projectId));
}

/**
 * The next `count` free slot instants of a network after `nowMs`. A slot is taken by any post of
 * the network (not a draft) already in that minute.
 */
async function freeSlotsFor(db: Db, projectId: string, platform: Platform, count: number, nowMs: number, alsoTaken: number[] = []): Promise<number[]> {
  const rows = (await slotRows(db, projectId)).filter((r) => r.platform === platform);
  if (rows.length === 0) return [];
  const timeZone = rows[0]!.timeZone;
  const slots: WeeklySlot[] = rows.map((r) => ({ weekday: r.weekday, time: r.time }));
  const horizonEnd = nowMs + (QUEUE_HORIZON_WEEKS + 1) * 7 * 86_400_000;
  const taken = await db
    .select({ at: posts.scheduledFor, status: posts.status })
    .from(posts)
    .where(and(eq(posts.projectId, projectId), eq(posts.platform, platform), gte(posts.scheduledFor, nowMs), lt(posts.scheduledFor, horizonEnd)))
    .all();
  return nextFreeSlots(slots, timeZone, nowMs, [...taken.filter((t) => t.status !== "draft").map((t) => t.at), ...alsoTaken], count);
}

/** Next free slots for a list of posts' networks, in order (the campaign creator's "use slots"). */
export async function queueSlots(ctx: ServiceContext, projectId: string, platforms: Platform[], nowMs = Date.now()): Promise<(string | null)[]> {
  const { db } = ctx;
  const userId = ctx.caller.id;
  await ownedProject(db, userId, projectId);
  const need = new Map<Platform, number>();
  for (const p of platforms) need.set(p, (need.get(p) ?? 0) + 1);
  const free = new Map<Platform, number[]>();
  for (const [p, n] of need) free.set(p, await freeSlotsFor(db, projectId, p, n, nowMs));
  return platforms.map((p) => {
    const at = free.get(p)!.shift();
    return at === undefined ? null : new Date(at).toISOString();
  });
}

// How many free slots "Add to queue" tries when the next ones would break the network's daily cap.
const QUEUE_CANDIDATES = 10;

/** "Add to queue": the post goes into its network's next free slot. */
export async function queuePost(
  ctx: ServiceContext,
  projectId: string,
  input: z.output<typeof queuePostSchema>,
  origin?: string,
  nowMs = Date.now(),
): Promise<Post> {
  const { db, env } = ctx;
  const userId = ctx.caller.id;
  // Approvals apply to queued posts too (decision 235).
  const writer = await postWriter(db, userId, projectId);
  const { mediaInfo, mediaUrl } = await resolveProjectMedia(db, projectId, input.media_info, origin);
  const draft = { platform: input.platform, content: input.content, hashtags: input.hashtags, mediaInfo };
  // Content and image first, whatever the slot.
  const [own] = await postRuleIssues(env, db, projectId, [{ ...draft, scheduledFor: null }]);
  throwFirst(own!);
  if (!(await hasConnectedAccount(db, projectId, input.platform))) throw badRequest(noAccountMessage(input.platform));
  const slots = await freeSlotsFor(db, projectId, input.platform, QUEUE_CANDIDATES, nowMs);
  if (slots.length === 0) throw badRequest(NO_SLOT_MESSAGE(input.platform));
  // The first free slot the network's daily cap allows.
  const checked = await Promise.all(slots.map(async (t) => (await postRuleIssues(env, db, projectId, [{ ...draft, scheduledFor: t }]))[0]!));
  const pick = checked.findIndex((issues) => issues.length === 0);
  if (pick < 0) throwFirst(checked[0]!);
  const at = slots[pick]!;
  const [created] = await createPosts(db, projectId, [
    { platform: input.platform, content: input.content, hashtags: input.hashtags, scheduledFor: at, mediaInfo, mediaUrl, status: timedStatus(writer.review) },
  ]);
  await postEventInsert(db, writer, CREATED_ACTION[created!.status as "scheduled" | "in_review"], postsSubject(1, input.content)).run();
  await emitScheduled(env, db, projectId, [created!]);
  return created!;
}

/** A recurring post: the series row and every occurrence as its own scheduled post, in one batch. */
export async function createSeries(
  ctx: ServiceContext,
  projectId: string,
  input: z.output<typeof createSeriesSchema>,
  origin?: string,
  nowMs = Date.now(),
): Promise<SeriesResponse> {
  const { db, env } = ctx;
  const userId = ctx.caller.id;
  const writer = await postWriter(db, userId, projectId);
  const r = input.recurrence;
  const instants = recurrenceInstants({
    startDate: r.start_date,
    time: r.time,
    timeZone: r.time_zone,
    every: r.every,
    unit: r.unit,
    untilDate: r.until_date ?? null,
    count: r.count ?? null,
  });
  if (instants.length === 0 || instants[0]! <= nowMs) {
    throw badRequest("The first post must be in the future", { "recurrence.start_date": "The first post must be in the future" });
  }
  const { mediaInfo, mediaUrl } = await resolveProjectMedia(db, projectId, input.media_info, origin);
  // Every occurrence, so a series cannot fill a day past the network's daily cap.
  const issues = await postRuleIssues(
    env,
    db,
    projectId,
    instants.map((t) => ({ platform: input.platform, content: input.content, hashtags: input.hashtags, mediaInfo, scheduledFor: t })),
  );
  throwFirst(issues.find((i) => i.length > 0) ?? []);
  if (!(await hasConnectedAccount(db, projectId, input.platform))) throw badRequest(noAccountMessage(input.platform));
  const at = Date.now();
  const seriesId = newId();
  const rows = instants.map((t) =>
    newPostRow(
      projectId,
      {
        platform: input.platform,
        content: input.content,
        hashtags: input.hashtags,
        scheduledFor: t,
        mediaInfo,
        mediaUrl,
        seriesId,
        status: timedStatus(writer.review),
      },
      null,
      at,
    ),
  );
  const inserts = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) inserts.push(db.insert(posts).values(rows.slice(i, i + ROWS_PER_INSERT)));
  await db.batch([
    db.insert(postSeries).values({
      id: seriesId,
      projectId,
      every: r.every,
      unit: r.unit,
      startDate: r.start_date,
      time: r.time,
      timeZone: r.time_zone,
      untilDate: r.until_date ?? null,
      count: r.count ?? null,
      createdAt: at,
    }),
    ...inserts,
    postEventInsert(db, writer, writer.review ? "submitted a recurring post for review:" : "scheduled a recurring post:", postsSubject(rows.length)),
  ]);
  const created = (await db.select().from(posts).where(eq(posts.seriesId, seriesId)).orderBy(asc(posts.scheduledFor)).all()).map(toPostDto);
  await emitScheduled(env, db, projectId, created);
  return { series_id: seriesId, posts: created };
}

/**
 * "All future" edit of a series: this occurrence and every later one that is still scheduled get
 * the new content, hashtags, image and/or local time of day (each keeps its own date).
 */
export async function updateSeriesFrom(
  ctx: ServiceContext,
  postId: string,
  input: z.output<typeof updateSeriesSchema>,
  origin?: string,
): Promise<SeriesUpdateResponse> {
  const { db, env } = ctx;
  const userId = ctx.caller.id;
  const post = await readPost(db, userId, postId);
  // readPost lets any member read; changing the series needs the edit role (decision 200), and an
  // edit by a writer whose posts need approval sends the occurrences back to review (decision 235).
  const writer = await postWriter(db, userId, post.project_id);
  if (!post.series_id) throw badRequest("This post is not part of a series");
  const from = Date.parse(post.scheduled_for);
  const rows = await db
    .select()
    .from(posts)
    .where(and(eq(posts.seriesId, post.series_id), eq(posts.projectId, post.project_id), gte(posts.scheduledFor, from), inArray(posts.status, SERIES_EDITABLE)))
    .orderBy(asc(posts.scheduledFor))
    .all();
  const media = input.media_info !== undefined ? await resolveProjectMedia(db, post.project_id, input.media_info, origin) : null;
  const at = Date.now();
  const edits = rows.map((row) => {
    const changes: Partial<typeof posts.$inferInsert> = { updatedAt: at, status: statusAfter("edit", row.status, writer.review) };
    if (input.content !== undefined) changes.content = input.content;
    if (input.hashtags !== undefined) changes.hashtags = input.hashtags.filter(Boolean);
    if (media) Object.assign(changes, media);
    if (input.time !== undefined) {
      const date = dateInZone(row.scheduledFor, input.time_zone);
      changes.scheduledFor = localDateTimeToUtc(date, input.time, input.time_zone)!;
    }
    return { row, changes };
  });
  // Each occurrence as it will be, at its new time; with none left scheduled the edit itself is
  // still checked, so it is refused the same way createPost/updatePost refuse it.
  const asSaved = (row: typeof posts.$inferSelect, changes: Partial<typeof posts.$inferInsert>) => ({
    platform: row.platform,
    content: changes.content ?? row.content,
    hashtags: changes.hashtags ?? row.hashtags ?? [],
    mediaInfo: (changes.mediaInfo !== undefined ? changes.mediaInfo : (row.mediaInfo ?? null)) as MediaInfo | null,
    scheduledFor: changes.scheduledFor ?? row.scheduledFor,
    postId: row.id,
  });
  const drafts =
    edits.length > 0
      ? edits.map(({ row, changes }) => asSaved(row, changes))
      : [
          {
            platform: post.platform,
            content: input.content ?? post.content,
            hashtags: input.hashtags ?? post.hashtags,
            mediaInfo: media ? media.mediaInfo : post.media_info,
            scheduledFor: null,
          },
        ];
  const issues = await postRuleIssues(env, db, post.project_id, drafts);
  throwFirst(issues.find((i) => i.length > 0) ?? []);
  const updates = edits.map(({ row, changes }) => {
    return db
      .update(posts)
      .set(changes)
      .where(and(eq(posts.id, row.id), inArray(posts.status, SERIES_EDITABLE)))
      .returning();
  });
  if (updates.length === 0) return { updated: 0, posts: [] };
  const [first, ...rest] = updates;
  const results = await db.batch([first!, ...rest]);
  const changed = results.flatMap((r) => r).map(toPostDto);
  await postEventInsert(
    db,
    writer,
    writer.review ? "edited a recurring post and submitted it for review:" : "edited a recurring post:",
    postsSubject(changed.length),
  ).run();
  return { updated: changed.length, posts: changed };
}

// Timed posts a series edit or a bulk move changes: Scheduled, or In review (they stay or go In review).
const SERIES_EDITABLE: PostStatus[] = ["scheduled", "in_review"];
// Posts whose network a bulk action may change.
const NETWORK_CHANGEABLE: PostStatus[] = ["scheduled", "in_review", "failed", "draft"];

/** A stored post as the rules see it. */
function asRulesDraft(r: typeof posts.$inferSelect) {
  return { platform: r.platform, content: r.content, hashtags: r.hashtags ?? [], mediaInfo: (r.mediaInfo ?? null) as MediaInfo | null, postId: r.id };
}

/**
 * Bulk actions on selected posts, in one batch: move by N days (local time of day kept), change
 * the network (posts it would refuse are skipped), or delete. Moves that would break the daily cap are skipped too. Posts being published or already
 * published are skipped for moves and network changes; a post being published is never deleted.
 */
export async function bulkPosts(ctx: ServiceContext, projectId: string, input: z.output<typeof bulkPostsSchema>): Promise<BulkResponse> {
  const { db, env } = ctx;
  const userId = ctx.caller.id;
  // Moves and network changes by a writer whose posts need approval send them to review (decision 235).
  const writer = await postWriter(db, userId, projectId);
  const ids = [...new Set(input.ids)];
  const rows: (typeof posts.$inferSelect)[] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_STATEMENT) {
    rows.push(
      ...(await db
        .select()
        .from(posts)
        .where(and(eq(posts.projectId, projectId), inArray(posts.id, ids.slice(i, i + IDS_PER_STATEMENT))))
        .all()),
    );
  }
  if (rows.length === 0) throw notFound("Post not found");
  const at = Date.now();
  const statements = [];
  if (input.action === "delete") {
    const deletable = rows.filter((r) => ALLOWED_FROM.delete.includes(r.status)).map((r) => r.id);
    for (let i = 0; i < deletable.length; i += IDS_PER_STATEMENT) {
      statements.push(
        db
          .delete(posts)
          .where(
            and(eq(posts.projectId, projectId), inArray(posts.id, deletable.slice(i, i + IDS_PER_STATEMENT)), inArray(posts.status, [...ALLOWED_FROM.delete])),
          )
          .returning({ id: posts.id }),
      );
    }
  } else if (input.action === "move") {
    const moves = rows
      .filter((r) => SERIES_EDITABLE.includes(r.status))
      .map((r) => {
        const date = addDays(dateInZone(r.scheduledFor, input.time_zone), input.days!);
        return { r, next: localDateTimeToUtc(date, timeInZone(r.scheduledFor, input.time_zone), input.time_zone)! };
      });
    // A move may not push a day past the network's daily cap: those posts are skipped.
    const issues = await postRuleIssues(
      env,
      db,
      projectId,
      moves.map(({ r, next }) => ({ ...asRulesDraft(r), scheduledFor: next })),
    );
    for (const [i, { r, next }] of moves.entries()) {
      if (issues[i]!.length > 0) continue;
      statements.push(
        db
          .update(posts)
          .set({ scheduledFor: next, updatedAt: at, status: statusAfter("reschedule", r.status, writer.review) })
          .where(and(eq(posts.id, r.id), eq(posts.status, r.status)))
          .returning({ id: posts.id }),
      );
    }
  } else {
    const platform = input.platform!;
    const candidates = rows.filter((r) => NETWORK_CHANGEABLE.includes(r.status));
    // Only posts the new network accepts as they are (length as it counts it, image, daily cap).
    const issues = await postRuleIssues(
      env,
      db,
      projectId,
      candidates.map((r) => ({ ...asRulesDraft(r), platform, scheduledFor: r.status === "scheduled" ? r.scheduledFor : null })),
    );
    const fitIds = candidates.filter((_, i) => issues[i]!.length === 0).map((r) => r.id);
    // A scheduled post changed by a writer whose posts need approval goes In review; drafts and
    // failed posts keep their status (statusAfter("edit", ...)).
    const status = writer.review ? sql`case when ${posts.status} = 'scheduled' then 'in_review' else ${posts.status} end` : posts.status;
    for (let i = 0; i < fitIds.length; i += IDS_PER_STATEMENT) {
      statements.push(
        db
          .update(posts)
          .set({ platform, updatedAt: at, status })
          .where(and(eq(posts.projectId, projectId), inArray(posts.id, fitIds.slice(i, i + IDS_PER_STATEMENT)), inArray(posts.status, NETWORK_CHANGEABLE)))
          .returning({ id: posts.id }),
      );
    }
  }
  if (statements.length === 0) return { changed: 0, skipped: ids.length };
  const [first, ...rest] = statements;
  const results = await db.batch([first!, ...rest]);
  const changed = results.reduce((n, r) => n + r.length, 0);
  if (changed > 0) {
    const verb = input.action === "delete" ? "deleted" : input.action === "move" ? "moved" : "changed the network of";
    await postEventInsert(db, writer, writer.review && input.action !== "delete" ? `${verb} (for review)` : verb, postsSubject(changed)).run();
  }
  return { changed, skipped: ids.length - changed };
}
