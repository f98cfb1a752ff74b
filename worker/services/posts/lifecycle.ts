// The Worker side of the post lifecycle (schema/api/post-status.ts, decision 235). Every path that
// creates or changes posts (Create Post, the queue, a series, a campaign, CSV import, bulk actions,
// the public API) asks here who is writing and whether their posts must wait In review, so no
// path can schedule an Editor's post past an approval the project requires.
import { and, eq } from "drizzle-orm";
import type { Role } from "../../../schema/api/permissions";
import { needsReview } from "../../../schema/api/post-status";
import { users } from "../../../schema/db/auth";
import { projectMembers, projects } from "../../../schema/db/projects";
import type { Db } from "../../lib/db";
import { notFound } from "../../lib/errors";
import { assertCan, type ProjectRow } from "../../lib/ownership";
import { activityInsert } from "../projects";

export type PostWriter = { project: ProjectRow; role: Role; review: boolean; actor: { id: string; email: string } };

/**
 * The project, the writer's role (which must allow "edit"), whether their new or changed posts go
 * In review, and who they are for the activity log; one read. 404 when not a member.
 */
export async function postWriter(db: Db, userId: string, projectId: string): Promise<PostWriter> {
  const row = await db
    .select({ project: projects, role: projectMembers.role, email: users.email })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
    .get();
  if (!row) throw notFound("Project not found");
  assertCan(row.role, "edit");
  const review = needsReview({ approvals_required: row.project.approvalsRequired, owner_posts_need_review: row.project.ownerPostsNeedReview }, row.role);
  return { project: row.project, role: row.role, review, actor: { id: userId, email: row.email } };
}

/** The status of a new post with a time: Scheduled, or In review when the writer's posts need approval. */
export const timedStatus = (review: boolean): "scheduled" | "in_review" => (review ? "in_review" : "scheduled");

/** "the post", or "3 posts": the activity log's subject for a change to several posts. */
export function postsSubject(count: number, excerpt?: string): string {
  if (count === 1 && excerpt !== undefined) return excerpt.length > 60 ? `"${excerpt.slice(0, 57)}..."` : `"${excerpt}"`;
  return `${count} post${count === 1 ? "" : "s"}`;
}

/**
 * The activity entry of a post event by a member (decision 239): "created", "scheduled", "edited",
 * "deleted", "sent for review"... A statement, to run inside the change's own batch or alone.
 */
export function postEventInsert(db: Db, writer: Pick<PostWriter, "project" | "actor">, action: string, subject: string) {
  return activityInsert(db, writer.project.id, writer.actor, action, subject);
}
