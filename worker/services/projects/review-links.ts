// Login-free client review (decision 265). A member whose role may "share" (Owner, Editor) makes a
// link naming posts of their project exactly (chosen ones, or those of a date range and networks at
// the time of sharing); the link's token is 32 random bytes, shown once, and only its SHA-256 is
// stored (as invitations and API keys). The token opens nothing but these posts: the public reads
// and the decision take the project from the link row, never from the request.
//
// A visitor's "Approve" or "Request changes" lands in the post's comment thread (user_id null,
// their typed name) and mails the Owners; it never changes the post's status: an Editor can share,
// so a client's approval through a link must not skip the team's own approval (decision 202).
import { and, desc, eq, gt, gte, inArray, isNull, lt } from "drizzle-orm";
import type { CreatedReviewLink, ReviewLink, SharedPost, SharedReview } from "../../../schema/api/review-links";
import { REVIEW_LINK_DAYS, REVIEW_LINK_MAX_POSTS, REVIEW_MESSAGES } from "../../../schema/api/review-links";
import type { Platform } from "../../../schema/api/common";
import { users } from "../../../schema/db/auth";
import { posts } from "../../../schema/db/posts";
import { projectMembers, projects } from "../../../schema/db/projects";
import { postComments, reviewLinks } from "../../../schema/db/teams";
import type { MailAdapter } from "../../adapters/mail/types";
import type { Db } from "../../lib/db";
import { apiError, badRequest, notFound } from "../../lib/errors";
import { newId, randomToken, sha256Hex } from "../../lib/ids";
import { assertCan, projectAccess } from "../../lib/ownership";
import { enforceRateLimits } from "../../lib/rate-limit";
import { activityInsert, logActivity } from "./activity";
import { reviewDecisionMail } from "./team-mail";
import type { ServiceContext } from "../context";

const DAY = 86_400_000;
type LinkRow = typeof reviewLinks.$inferSelect;

const toDto = (r: LinkRow, createdBy: string | null): ReviewLink => ({
  id: r.id,
  post_count: r.postIds.length,
  created_by: createdBy,
  expires_at: r.expiresAt,
  created_at: r.createdAt,
});

export type ShareInput = { post_ids?: string[]; from?: string; to?: string; platforms?: Platform[]; days: number };

/** Makes a link; the answer carries its URL, the only time the token is ever shown. */
export async function createReviewLink(
  ctx: ServiceContext,
  projectId: string,
  input: ShareInput,
  origin: string,
  now = Date.now(),
): Promise<CreatedReviewLink> {
  const { db, caller: user } = ctx;
  const { role } = await projectAccess(db, user.id, projectId);
  assertCan(role, "share");
  const days = Math.min(REVIEW_LINK_DAYS.max, Math.max(REVIEW_LINK_DAYS.min, input.days));
  let ids: string[];
  if (input.post_ids) {
    const wanted = [...new Set(input.post_ids)];
    // Only posts of this project: an id of another project is "not found", as everywhere (BOLA).
    const found = await db
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.projectId, projectId), inArray(posts.id, wanted)))
      .all();
    if (found.length !== wanted.length) throw notFound("Post not found");
    ids = wanted;
  } else {
    const conditions = [eq(posts.projectId, projectId), gte(posts.scheduledFor, Date.parse(input.from!)), lt(posts.scheduledFor, Date.parse(input.to!))];
    if (input.platforms?.length) conditions.push(inArray(posts.platform, input.platforms));
    const found = await db
      .select({ id: posts.id })
      .from(posts)
      .where(and(...conditions))
      .orderBy(posts.scheduledFor)
      .limit(REVIEW_LINK_MAX_POSTS + 1)
      .all();
    if (found.length === 0) throw badRequest(REVIEW_MESSAGES.noPosts, { from: REVIEW_MESSAGES.noPosts });
    if (found.length > REVIEW_LINK_MAX_POSTS) throw badRequest(REVIEW_MESSAGES.tooMany, { from: REVIEW_MESSAGES.tooMany });
    ids = found.map((p) => p.id);
  }
  const token = randomToken(32);
  const row: LinkRow = {
    id: newId(),
    projectId,
    tokenHash: await sha256Hex(token),
    postIds: ids,
    createdBy: user.id,
    expiresAt: now + days * DAY,
    revokedAt: null,
    createdAt: now,
  };
  await db.batch([
    db.insert(reviewLinks).values(row),
    activityInsert(db, projectId, user, "shared for review", ids.length === 1 ? "1 post" : `${ids.length} posts`),
  ]);
  return { ...toDto(row, user.email), url: `${origin}/review/${token}` };
}

/** The project's links that still work, newest first (any member sees them). */
export async function listReviewLinks(ctx: ServiceContext, projectId: string, now = Date.now()): Promise<ReviewLink[]> {
  const { db, caller: user } = ctx;
  await projectAccess(db, user.id, projectId);
  const rows = await db
    .select({ link: reviewLinks, email: users.email })
    .from(reviewLinks)
    .leftJoin(users, eq(users.id, reviewLinks.createdBy))
    .where(and(eq(reviewLinks.projectId, projectId), isNull(reviewLinks.revokedAt), gt(reviewLinks.expiresAt, now)))
    .orderBy(desc(reviewLinks.createdAt))
    .all();
  return rows.map((r) => toDto(r.link, r.email));
}

/** Revokes a link of the project (whoever may share may revoke): its next request gets the expired page. */
export async function revokeReviewLink(ctx: ServiceContext, projectId: string, linkId: string, now = Date.now()): Promise<void> {
  const { db, caller: user } = ctx;
  const { role } = await projectAccess(db, user.id, projectId);
  assertCan(role, "share");
  const done = await db
    .update(reviewLinks)
    .set({ revokedAt: now })
    .where(and(eq(reviewLinks.id, linkId), eq(reviewLinks.projectId, projectId), isNull(reviewLinks.revokedAt)))
    .returning({ id: reviewLinks.id })
    .get();
  if (!done) throw notFound("Review link not found");
  await logActivity(db, projectId, user, "revoked a review link", "");
}

// Per token (a visitor clicking around) and per IP (someone guessing tokens) in production.
const LIMITS = { perToken: { max: 60, windowMs: 60_000 }, perIp: { max: 120, windowMs: 60_000 } };

/** The link of a token, after counting the request; 404 unknown, 410 expired or revoked. */
async function openLink(db: Db, token: string, ip: string | null, now: number): Promise<LinkRow> {
  const hash = await sha256Hex(token);
  await enforceRateLimits(db, [{ key: `review:${hash.slice(0, 32)}`, ...LIMITS.perToken }, ...(ip ? [{ key: `review-ip:${ip}`, ...LIMITS.perIp }] : [])], now);
  const link = await db.select().from(reviewLinks).where(eq(reviewLinks.tokenHash, hash)).get();
  if (!link) throw notFound(REVIEW_MESSAGES.invalid);
  if (link.revokedAt != null || link.expiresAt <= now) throw apiError("gone", REVIEW_MESSAGES.expired);
  return link;
}

/** What a visitor sees: the project's name, the expiry and the shared posts that still exist. */
export async function openReview(db: Db, token: string, ip: string | null, now = Date.now()): Promise<SharedReview> {
  const link = await openLink(db, token, ip, now);
  const [project, rows] = await db.batch([
    db.select({ name: projects.name }).from(projects).where(eq(projects.id, link.projectId)),
    db
      .select({
        id: posts.id,
        platform: posts.platform,
        content: posts.content,
        hashtags: posts.hashtags,
        scheduledFor: posts.scheduledFor,
        status: posts.status,
        mediaUrl: posts.mediaUrl,
      })
      .from(posts)
      // The project from the link row, too: a post moved to no other project can appear here.
      .where(and(eq(posts.projectId, link.projectId), inArray(posts.id, link.postIds)))
      .orderBy(posts.scheduledFor),
  ]);
  return {
    project_name: project[0]?.name ?? "",
    expires_at: link.expiresAt,
    posts: rows.map((p): SharedPost => ({
      id: p.id,
      platform: p.platform,
      content: p.content,
      hashtags: p.hashtags ?? [],
      scheduled_for: new Date(p.scheduledFor).toISOString(),
      status: p.status,
      media_url: p.mediaUrl,
    })),
  };
}

/** A visitor's decision on one shared post: into its thread and the activity log; the Owners get a mail. */
export async function decideByLink(
  deps: { db: Db; mail: MailAdapter; origin: string },
  token: string,
  postId: string,
  input: { decision: "approve" | "request_changes"; name: string; comment: string },
  ip: string | null,
  now = Date.now(),
): Promise<{ ok: true }> {
  const { db } = deps;
  const link = await openLink(db, token, ip, now);
  if (!link.postIds.includes(postId)) throw notFound(REVIEW_MESSAGES.notShared);
  const post = await db
    .select({ id: posts.id, content: posts.content })
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.projectId, link.projectId)))
    .get();
  if (!post) throw notFound(REVIEW_MESSAGES.notShared);
  const kind = input.decision === "approve" ? "approved" : "changes_requested";
  const author = `${input.name} (client review)`;
  const visitor = { id: null, name: author };
  const excerpt = post.content.length > 60 ? `"${post.content.slice(0, 57)}..."` : `"${post.content}"`;
  await db.batch([
    db
      .insert(postComments)
      .values({ id: newId(), projectId: link.projectId, postId, userId: null, authorName: author, kind, body: input.comment, createdAt: now }),
    activityInsert(db, link.projectId, visitor, input.decision === "approve" ? "approved (review link)" : "requested changes to (review link)", excerpt),
  ]);
  const [project, owners] = await db.batch([
    db.select({ name: projects.name }).from(projects).where(eq(projects.id, link.projectId)),
    db
      .select({ email: users.email })
      .from(projectMembers)
      .innerJoin(users, eq(users.id, projectMembers.userId))
      .where(and(eq(projectMembers.projectId, link.projectId), eq(projectMembers.role, "owner"))),
  ]);
  for (const o of owners) {
    await deps.mail.send(
      reviewDecisionMail(o.email, {
        visitor: input.name,
        approved: input.decision === "approve",
        projectName: project[0]?.name ?? "",
        excerpt: post.content.slice(0, 200),
        comment: input.comment,
        link: `${deps.origin}/calendar?post=${postId}`,
      }),
    );
  }
  return { ok: true };
}
