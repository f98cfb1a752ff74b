// Comments and approvals on a post (decision 202). Any member comments; Owners and
// Reviewers approve (In review -> Scheduled, one conditional update) or request changes (the post
// stays In review and the comment lands in its thread). "@email" of a member mails them.
import { emitEvent } from "../api/webhooks";
import { emitScheduled, toPostDto } from "./posts";
import { and, asc, count, eq, gte, lt } from "drizzle-orm";
import { canOnPost, statusAfter, TRANSITION_REFUSED } from "../../../schema/api/post-status";
import type { CommentCounts, PostComment } from "../../../schema/api/team";
import { users } from "../../../schema/db/auth";
import { posts } from "../../../schema/db/posts";
import { projectMembers } from "../../../schema/db/projects";
import { postComments } from "../../../schema/db/teams";
import { mailAdapter } from "../../adapters/mail";
import type { Db } from "../../lib/db";
import { conflict, forbidden, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { projectAccess } from "../../lib/ownership";
import { ROLE_REFUSED } from "../../../schema/api/permissions";
import { activityInsert } from "../projects";
import { mentionMail } from "../projects";
import type { ServiceContext } from "../context";

type Row = typeof postComments.$inferSelect;
const toDto = (r: Row, userId: string | null): PostComment => ({
  id: r.id,
  post_id: r.postId,
  author: r.authorName,
  kind: r.kind,
  body: r.body,
  created_at: r.createdAt,
  mine: r.userId != null && r.userId === userId,
});

async function memberPost(db: Db, userId: string, postId: string) {
  const post = await db.select().from(posts).where(eq(posts.id, postId)).get();
  // Not a member of its project: exactly like a missing post.
  if (!post) throw notFound("Post not found");
  const access = await projectAccess(db, userId, post.projectId).catch(() => {
    throw notFound("Post not found");
  });
  return { post, ...access };
}

export async function listComments(ctx: ServiceContext, postId: string): Promise<PostComment[]> {
  const { db, caller: user } = ctx;
  await memberPost(db, user.id, postId);
  const rows = await db.select().from(postComments).where(eq(postComments.postId, postId)).orderBy(asc(postComments.createdAt), asc(postComments.id)).all();
  return rows.map((r) => toDto(r, user.id));
}

export async function addComment(ctx: ServiceContext, postId: string, body: string, origin: string): Promise<PostComment> {
  const { db, env, caller: user } = ctx;
  const { post, project, role } = await memberPost(db, user.id, postId);
  if (!canOnPost(role, "comment", post.status)) throw forbidden(ROLE_REFUSED);
  const row: Row = { id: newId(), projectId: post.projectId, postId, userId: user.id, authorName: user.email, kind: "comment", body, createdAt: Date.now() };
  await db.batch([db.insert(postComments).values(row), activityInsert(db, post.projectId, user, "commented on", excerpt(post.content))]);
  await emitEvent(env, db, post.projectId, "comment.created", { comment_id: row.id, post_id: postId, author: user.email, body });
  // @mentions: only addresses of this project's members get a mail.
  const mentioned = new Set([...body.matchAll(/@([^\s@]+@[^\s@]+\.[A-Za-z]{2,})/g)].map((m) => m[1]!.toLowerCase().replace(/[.,;:!?)]+$/, "")));
  mentioned.delete(user.email.toLowerCase());
  if (mentioned.size > 0) {
    const members = await db
      .select({ email: users.email })
      .from(projectMembers)
      .innerJoin(users, eq(users.id, projectMembers.userId))
      .where(eq(projectMembers.projectId, post.projectId))
      .all();
    for (const m of members) {
      if (mentioned.has(m.email))
        await mailAdapter(env, db).send(
          mentionMail(m.email, { author: user.email, projectName: project.name, excerpt: body.slice(0, 500), link: `${origin}/calendar?post=${postId}` }),
        );
    }
  }
  return toDto(row, user.id);
}

const excerpt = (text: string) => (text.length > 60 ? `"${text.slice(0, 57)}..."` : `"${text}"`);

/** Approve or request changes, by a member whose role may approve. */
export async function decide(ctx: ServiceContext, postId: string, input: { decision: "approve" | "request_changes"; comment: string }): Promise<PostComment> {
  const { db, env, caller: user } = ctx;
  const { post, role } = await memberPost(db, user.id, postId);
  if (!canOnPost(role, input.decision, "in_review")) throw forbidden(ROLE_REFUSED);
  const at = Date.now();
  if (input.decision === "approve") {
    const approved = await db
      .update(posts)
      .set({ status: statusAfter("approve", "in_review", false), updatedAt: at })
      .where(and(eq(posts.id, postId), eq(posts.status, "in_review")))
      .returning({ id: posts.id })
      .get();
    if (!approved) throw conflict(TRANSITION_REFUSED.approve);
  } else if (post.status !== "in_review") {
    throw conflict(TRANSITION_REFUSED.request_changes);
  }
  const kind = input.decision === "approve" ? "approved" : "changes_requested";
  const row: Row = { id: newId(), projectId: post.projectId, postId, userId: user.id, authorName: user.email, kind, body: input.comment, createdAt: at };
  await db.batch([
    db.insert(postComments).values(row),
    activityInsert(db, post.projectId, user, input.decision === "approve" ? "approved" : "requested changes to", excerpt(post.content)),
  ]);
  // Webhooks (decision 213): emitted only after the conditional update succeeded; an approved post is now scheduled (decision 274).
  if (input.decision === "approve") await emitScheduled(env, db, post.projectId, [{ ...toPostDto(post), status: "scheduled" }]);
  await emitEvent(env, db, post.projectId, input.decision === "approve" ? "post.approved" : "post.changes_requested", {
    post_id: postId,
    platform: post.platform,
    by: user.email,
    comment: input.comment,
  });
  return toDto(row, user.id);
}

/** How many comments each post scheduled in [from, to) has (posts without any are left out): the calendar cards' counts. */
export async function commentCounts(ctx: ServiceContext, projectId: string, range: { from: string; to: string }): Promise<CommentCounts> {
  const { db, caller: user } = ctx;
  await projectAccess(db, user.id, projectId);
  const rows = await db
    .select({ id: posts.id, n: count() })
    .from(posts)
    .innerJoin(postComments, eq(postComments.postId, posts.id))
    .where(and(eq(posts.projectId, projectId), gte(posts.scheduledFor, Date.parse(range.from)), lt(posts.scheduledFor, Date.parse(range.to))))
    .groupBy(posts.id)
    .all();
  return { counts: Object.fromEntries(rows.map((r) => [r.id, r.n])) };
}
