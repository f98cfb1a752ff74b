// Posts: create, read, edit, reschedule, delete, retry. Every entry point that takes a user id
// checks ownership of the project first; another user's post answers exactly like a missing one.
// State changes are conditional updates on `status` so an edit can never race the cron claim
// (a post being published must not change under the publisher).
import { emitEvent } from "../api/webhooks";
import type { PostSource } from "../../../schema/api/post-sources";
import { and, asc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { posts } from "../../../schema/db/posts";
import { projectMembers } from "../../../schema/db/projects";
import type { Action } from "../../../schema/api/permissions";
import { socialAccounts } from "../../../schema/db/social";
import type { createPostSchema, listPostsQuery, MediaInfo, Post, updatePostSchema } from "../../../schema/api/posts";
import type { Platform } from "../../../schema/api/common";
import { networkName, platformMeta } from "../../../platforms/registry";
import { plainBatch, reusedStatement, type Db } from "../../lib/db";
import type { Env } from "../../env";
import { assertPostRules } from "./rules";
import { projectUpload } from "./media";
import { ApiError, badRequest, conflict, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { assertCan } from "../../lib/ownership";
import { ALLOWED_FROM, statusAfter, TRANSITION_REFUSED } from "../../../schema/api/post-status";
import { postEventInsert, postsSubject, postWriter, timedStatus } from "./lifecycle";
import { asCaller, assertOwner, ownerProbeStatements, type Caller } from "../../lib/caller";
import { claimPostsNow } from "../publishing";
import { calendarPageText, postListJsonQuery, postListText, type CalendarPageJson, type PostListJson } from "./json";
import type { ServiceContext } from "../context";

type PostRow = typeof posts.$inferSelect;

const iso = (ms: number | null) => (ms == null ? null : new Date(ms).toISOString());

/** The API shape of a post: ISO times, never a token. */
export function toPostDto(row: PostRow): Post {
  return {
    id: row.id,
    project_id: row.projectId,
    campaign_id: row.campaignId,
    platform: row.platform,
    content: row.content,
    hashtags: row.hashtags ?? [],
    scheduled_for: new Date(row.scheduledFor).toISOString(),
    status: row.status,
    media_info: (row.mediaInfo as MediaInfo | null) ?? null,
    media_url: row.mediaUrl,
    image_prompt: row.imagePrompt,
    sources: row.sources ?? [],
    publish_attempts: row.publishAttempts,
    last_attempt: iso(row.lastAttempt),
    published_at: iso(row.publishedAt),
    error_message: row.errorMessage,
    platform_post_id: row.platformPostId,
    created_at: new Date(row.createdAt).toISOString(),
    series_id: row.seriesId ?? null,
    message_id: row.messageId ?? null,
  };
}

/** A post to create for a project whose ownership the caller has already checked. */
export type PostDraft = {
  platform: Platform;
  content: string;
  hashtags?: string[];
  /** Epoch ms (UTC instant). */
  scheduledFor: number;
  mediaInfo?: MediaInfo | null;
  mediaUrl?: string | null;
  imagePrompt?: string | null;
  /** "draft": no time chosen yet (scheduledFor then only orders the tray). */
  status?: "scheduled" | "draft" | "in_review";
  seriesId?: string | null;
  /** The brain passages a generated post drew on. */
  sources?: PostSource[];
  /** The message this post is one network's variant of (decision 185). */
  messageId?: string | null;
};

/** The row of a new scheduled post: the one place that says what a new post looks like. */
export function newPostRow(projectId: string, draft: PostDraft, campaignId: string | null, at: number): typeof posts.$inferInsert {
  return {
    id: newId(),
    projectId,
    campaignId,
    platform: draft.platform,
    content: draft.content,
    hashtags: (draft.hashtags ?? []).map((h) => h.replace(/^#+/, "")).filter(Boolean),
    scheduledFor: draft.scheduledFor,
    status: draft.status ?? "scheduled",
    seriesId: draft.seriesId ?? null,
    mediaInfo: draft.mediaInfo ?? null,
    mediaUrl: draft.mediaUrl ?? null,
    imagePrompt: draft.imagePrompt ?? null,
    sources: draft.sources ?? [],
    messageId: draft.messageId ?? null,
    publishAttempts: 0,
    createdAt: at,
    updatedAt: at,
  };
}

/**
 * Bulk creation for campaigns: all rows in one transactional batch, status scheduled with
 * publish_attempts 0. The caller must have checked that the user owns `projectId`.
 */
export async function createPosts(db: Db, projectId: string, drafts: PostDraft[], campaignId?: string | null): Promise<Post[]> {
  if (drafts.length === 0) return [];
  const at = Date.now();
  const rows = drafts.map((d) => newPostRow(projectId, d, campaignId ?? null, at));
  const [first, ...rest] = rows.map((r) => db.insert(posts).values(r).returning());
  const results = await db.batch([first!, ...rest]);
  return results.map((r) => toPostDto(r[0]!));
}

/** Whether the project has a connected account of the platform (no token is read). */
export async function hasConnectedAccount(db: Db, projectId: string, platform: Platform): Promise<boolean> {
  const row = await db
    .select({ id: socialAccounts.id })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.projectId, projectId), eq(socialAccounts.platform, platform)))
    .limit(1)
    .get();
  return !!row;
}

/** Create Post's words for a network without a connected account, naming it by the registry (decision 291). */
export function noAccountMessage(platform: Platform): string {
  const name = networkName(platform);
  return platformMeta(platform).noAccountMessage ?? `Please connect ${/^[aeiou]/i.test(name) ? "an" : "a"} ${name} account first`;
}

/**
 * An attached image must be one of this project's uploads (/media/<key>): the stored facts are
 * taken from our media row, so a client can never point the publisher at an arbitrary URL.
 * `origin` (the app's public origin) gives the absolute URL a network that takes images by URL fetches.
 */
export async function resolveMedia(db: Db, projectId: string, info: MediaInfo | null | undefined, origin?: string) {
  if (!info) return { mediaInfo: null, mediaUrl: null };
  const row = await projectUpload(db, projectId, info.url);
  if (!row) throw badRequest("Failed to attach image", { media_info: "Please upload the image again" });
  const url = `/media/${row.publicKey}`;
  // Alt text: the post's own when it sends one, else the library image's (decision 287).
  const alt = info.alt_text?.trim() || row.altText || "";
  const mediaInfo: MediaInfo = {
    url,
    file_name: row.fileName,
    file_type: row.fileType as MediaInfo["file_type"],
    file_size: row.fileSize,
    ...(alt ? { alt_text: alt } : {}),
    ...(row.kind === "card" || row.kind === "ai" ? { kind: row.kind } : {}),
  };
  return { mediaInfo, mediaUrl: origin ? origin.replace(/\/+$/, "") + url : null };
}

export async function createPost(ctx: ServiceContext, projectId: string, input: z.output<typeof createPostSchema>, origin?: string): Promise<Post> {
  const { db, env } = ctx;
  const userId = ctx.caller.id;
  // With approvals on, an Editor's post (and an Owner's when the second setting says so) waits In
  // review and is never claimed by the publisher until approved (decisions 202, 235).
  const writer = await postWriter(db, userId, projectId);
  const review = writer.review;
  const { mediaInfo, mediaUrl } = await resolveMedia(db, projectId, input.media_info, origin);
  if (!(await hasConnectedAccount(db, projectId, input.platform))) throw badRequest(noAccountMessage(input.platform));
  const now = Date.now();
  let scheduledFor = now;
  if (input.mode === "schedule") {
    if (!input.scheduled_for) throw badRequest("Please choose a valid date and time", { scheduled_for: "Please choose a valid date and time" });
    scheduledFor = Date.parse(input.scheduled_for);
  }
  await assertPostRules(env, db, { projectId, platform: input.platform, content: input.content, hashtags: input.hashtags, mediaInfo, scheduledFor });
  // A variant joins a message of this project only; a new post starts its own (its id as the message's).
  if (input.message_id) {
    const sibling = await db
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.projectId, projectId), eq(posts.messageId, input.message_id)))
      .limit(1)
      .get();
    if (!sibling) throw badRequest("This message does not exist in the project", { message_id: "This message does not exist in the project" });
  }
  const messageId = input.message_id ?? newId();
  const status = input.mode === "draft" ? "draft" : timedStatus(review);
  const [created] = await createPosts(db, projectId, [
    {
      platform: input.platform,
      content: input.content,
      hashtags: input.hashtags,
      scheduledFor,
      mediaInfo,
      mediaUrl,
      status,
      sources: input.sources,
      messageId,
    },
  ]);
  await postEventInsert(db, writer, CREATED_ACTION[status], postsSubject(1, input.content)).run();
  if (input.mode === "now" && !review) {
    // Publish now goes through the same claim + queue path as the cron (exactly-once rules hold).
    // If the queue is unavailable the post stays scheduled for now and the next tick takes it.
    await claimPostsNow(env, [created!.id], now).catch((err) => {
      if (!(err instanceof ApiError)) throw err;
    });
    return getPostForProject(db, projectId, created!.id);
  }
  await emitScheduled(env, db, projectId, [created!]);
  return created!;
}

/**
 * `post.scheduled` for each of these posts that is now Scheduled (decision 274): every path that
 * gives a post a time the publisher will act on calls it (create, campaign, queue, series,
 * reschedule, approval), so a subscriber sees every such post once per scheduling.
 */
export async function emitScheduled(
  env: Env,
  db: Db,
  projectId: string,
  scheduled: readonly Pick<Post, "id" | "platform" | "scheduled_for" | "message_id" | "status">[],
): Promise<void> {
  for (const p of scheduled)
    if (p.status === "scheduled")
      await emitEvent(env, db, projectId, "post.scheduled", { post_id: p.id, platform: p.platform, scheduled_for: p.scheduled_for, message_id: p.message_id });
}

/** The activity log's words for a new post, by the status it starts in (decision 239). */
export const CREATED_ACTION = { draft: "created a draft", scheduled: "scheduled", in_review: "submitted for review" } as const;

export type ListPostsFilter = z.output<typeof listPostsQuery>;

/**
 * Posts of a project ordered by scheduled_for. The range condition is on (project_id,
 * scheduled_for) so SQLite walks the index and reads only rows in the range.
 */
function projectPostsValues(projectId: string, filter: ListPostsFilter) {
  const values: { projectId: string; from?: number; to?: number; status?: string; platform?: string; q?: string } = { projectId };
  if (filter.from) values.from = Date.parse(filter.from);
  if (filter.to) values.to = Date.parse(filter.to);
  if (filter.status) values.status = filter.status;
  if (filter.platform) values.platform = filter.platform;
  if (filter.q?.trim()) values.q = filter.q.trim().toLowerCase();
  return values;
}

/** The conditions for the filter values present, each bound by name (`sql.placeholder`). */
function projectPostsCondition(values: ReturnType<typeof projectPostsValues>) {
  const p = sql.placeholder;
  const where: SQL[] = [eq(posts.projectId, p("projectId"))];
  if (values.from != null) where.push(gte(posts.scheduledFor, p("from")));
  if (values.to != null) where.push(lt(posts.scheduledFor, p("to")));
  if (values.status != null) where.push(eq(posts.status, p("status")));
  if (values.platform != null) where.push(eq(posts.platform, p("platform")));
  if (values.q != null) where.push(sql`instr(lower(${posts.content}), ${p("q")}) > 0`);
  return and(...where);
}

async function listProjectPosts(db: Db, projectId: string, filter: ListPostsFilter = {}): Promise<Post[]> {
  const values = projectPostsValues(projectId, filter);
  const rows = await db
    .select()
    .from(posts)
    .where(projectPostsCondition(values))
    .orderBy(asc(posts.scheduledFor))
    .limit(sql.placeholder("limit"))
    .prepare()
    .all({ ...values, limit: filter.limit ?? 1000 });
  return rows.map(toPostDto);
}

/** The post list: the posts as JSON text written by SQLite (post-json.ts, decision 170). */
export async function listPosts(ctx: ServiceContext<Caller>, projectId: string, filter: ListPostsFilter): Promise<PostListJson> {
  const { db, caller } = ctx;
  const text = postListText(await readPostList(db, caller, projectId, filter, "post"));
  // A post with an instant SQLite cannot write as JavaScript does (before year 0 or after 9999;
  // the API never stores one): the list is read again and written by toPostDto.
  return text ?? (JSON.stringify(await listProjectPosts(db, projectId, filter)) as PostListJson);
}

/** The calendar's read: the same posts, each as the calendar's row (decision 171). */
export async function listCalendarPosts(ctx: ServiceContext<Caller>, projectId: string, filter: ListPostsFilter): Promise<CalendarPageJson> {
  const { db, caller } = ctx;
  return calendarPageText(await readPostList(db, caller, projectId, filter, "calendar"));
}

async function readPostList(db: Db, caller: string | Caller, projectId: string, filter: ListPostsFilter, item: "post" | "calendar") {
  if (filter.from && filter.to && Date.parse(filter.from) > Date.parse(filter.to)) {
    throw badRequest("The start of the range must be before its end", { from: "The start of the range must be before its end" });
  }
  // One round trip (decision 162): the session check and the ownership probe travel in the same
  // read-only batch as the posts, and nothing is returned unless both found the caller. Each
  // statement's SQL is built once per isolate for its shape (which filters are present).
  const [session, owned] = ownerProbeStatements(db, asCaller(caller), projectId);
  const values = { ...projectPostsValues(projectId, filter), limit: filter.limit ?? 1000 };
  const shape = (Object.keys(values) as (keyof typeof values)[]).sort().join(",");
  const list = reusedStatement(
    `posts-json:${item}:${shape}`,
    () => postListJsonQuery(db, projectPostsCondition(values), sql.placeholder("limit"), item),
    values,
  );
  const [sessionRows, ownedRows, listRows] = await plainBatch(db, [session, owned, list]);
  assertOwner(sessionRows!, ownedRows!);
  return listRows!;
}

async function getPostForProject(db: Db, projectId: string, postId: string): Promise<Post> {
  const row = await db
    .select()
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.projectId, projectId)))
    .get();
  if (!row) throw notFound("Post not found");
  return toPostDto(row);
}

/**
 * The post row if the user is a member of its project (otherwise 404 "Post not found") whose role
 * allows `action` (otherwise 403), decision 200.
 */
async function ownedPostRow(db: Db, userId: string, postId: string, action: Action = "edit"): Promise<PostRow> {
  const found = await db
    .select({ post: posts, role: projectMembers.role })
    .from(posts)
    .innerJoin(projectMembers, and(eq(projectMembers.projectId, posts.projectId), eq(projectMembers.userId, userId)))
    .where(eq(posts.id, postId))
    .get();
  if (!found) throw notFound("Post not found");
  assertCan(found.role, action);
  return found.post;
}

export async function getPost(ctx: ServiceContext, postId: string): Promise<Post> {
  return readPost(ctx.db, ctx.caller.id, postId);
}

/** `getPost` for another area's access check that has only the user id (an API key's owner). */
export async function readPost(db: Db, userId: string, postId: string): Promise<Post> {
  return toPostDto(await ownedPostRow(db, userId, postId, "read"));
}

export async function updatePost(ctx: ServiceContext, postId: string, input: z.output<typeof updatePostSchema>, origin?: string): Promise<Post> {
  const { db, env } = ctx;
  const userId = ctx.caller.id;
  const row = await ownedPostRow(db, userId, postId);
  const writer = await postWriter(db, userId, row.projectId);
  const review = writer.review;
  const changes: Partial<typeof posts.$inferInsert> = {};
  if (input.content !== undefined) changes.content = input.content;
  if (input.hashtags !== undefined) changes.hashtags = input.hashtags.filter(Boolean);
  if (input.media_info !== undefined) {
    const { mediaInfo, mediaUrl } = await resolveMedia(db, row.projectId, input.media_info, origin);
    changes.mediaInfo = mediaInfo;
    changes.mediaUrl = mediaUrl;
  }
  const reschedule = input.scheduled_for !== undefined;
  if (reschedule) changes.scheduledFor = Date.parse(input.scheduled_for!);
  // Another network: the same checks as Create Post (a connected account, then that network's rules).
  if (input.platform !== undefined && input.platform !== row.platform) {
    if (!(await hasConnectedAccount(db, row.projectId, input.platform)))
      throw badRequest(noAccountMessage(input.platform), { platform: noAccountMessage(input.platform) });
    changes.platform = input.platform;
  }
  // Always checked: the context always carries env, so no caller can skip the network's rules.
  await assertPostRules(env, db, {
    projectId: row.projectId,
    platform: changes.platform ?? row.platform,
    content: changes.content ?? row.content,
    hashtags: changes.hashtags ?? row.hashtags ?? [],
    mediaInfo: (changes.mediaInfo !== undefined ? changes.mediaInfo : (row.mediaInfo ?? null)) as MediaInfo | null,
    scheduledFor: changes.scheduledFor ?? row.scheduledFor,
    postId: row.id,
  });
  changes.updatedAt = Date.now();
  // Which statuses each change may start from, and where it leads, are the lifecycle module's
  // (schema/api/post-status.ts): editing an approved post sends it back to review.
  const action = reschedule ? "reschedule" : "edit";
  const next = statusAfter(action, row.status, review);
  if (next !== row.status) changes.status = next;
  const updated = await db
    .update(posts)
    .set(changes)
    .where(and(eq(posts.id, row.id), inArray(posts.status, [...ALLOWED_FROM[action]])))
    .returning()
    .get();
  if (!updated) throw conflict(TRANSITION_REFUSED[action]);
  const dto = toPostDto(updated);
  if (reschedule) await emitScheduled(env, db, row.projectId, [dto]);
  const sentToReview = updated.status === "in_review" && row.status !== "in_review";
  await postEventInsert(
    db,
    writer,
    sentToReview ? "edited and submitted for review" : reschedule ? "rescheduled" : "edited",
    postsSubject(1, updated.content),
  ).run();
  return dto;
}

export async function deletePost(ctx: ServiceContext, postId: string): Promise<void> {
  const { db } = ctx;
  const userId = ctx.caller.id;
  const row = await ownedPostRow(db, userId, postId);
  const writer = await postWriter(db, userId, row.projectId);
  // Conditional: a post the publisher holds cannot go from under it (schema/api/post-status.ts).
  const [gone] = await db.batch([
    db
      .delete(posts)
      .where(and(eq(posts.id, row.id), inArray(posts.status, [...ALLOWED_FROM.delete])))
      .returning({ id: posts.id }),
  ]);
  if (gone.length === 0) throw conflict(TRANSITION_REFUSED.delete);
  await postEventInsert(db, writer, "deleted", postsSubject(1, row.content)).run();
}

/** Publish now: a scheduled post is claimed at once and queued, exactly like a due post. */
export async function publishPostNow(ctx: ServiceContext, postId: string): Promise<Post> {
  const { db, env } = ctx;
  const userId = ctx.caller.id;
  const row = await ownedPostRow(db, userId, postId);
  if (row.status !== "scheduled") throw conflict("Only scheduled posts can be published now");
  const now = Date.now();
  const claimed = await claimPostsNow(env, [row.id], now);
  if (claimed === 0) throw conflict("Only scheduled posts can be published now");
  return getPostForProject(db, row.projectId, row.id);
}

/** Retry: failed -> scheduled now, then the same claim + queue path. */
export async function retryPost(ctx: ServiceContext, postId: string): Promise<Post> {
  const { db, env } = ctx;
  const userId = ctx.caller.id;
  const row = await ownedPostRow(db, userId, postId);
  const now = Date.now();
  const reset = await db
    .update(posts)
    .set({ status: "scheduled", scheduledFor: now, errorMessage: null, updatedAt: now })
    .where(and(eq(posts.id, row.id), eq(posts.status, "failed")))
    .returning({ id: posts.id })
    .get();
  if (!reset) throw conflict("Only failed posts can be retried");
  await claimPostsNow(env, [row.id], now);
  return getPostForProject(db, row.projectId, row.id);
}
