// Deleting a project (decision 200): Owners only, the name typed again. Order matters:
// 1) its scheduled and in-review posts are cancelled (made drafts) with one conditional update, so
//    the publisher can claim none of them from now on; a post the publisher already holds refuses
//    the deletion (409) rather than publishing for a project that no longer exists;
// 2) every R2 object of the project (keys gathered from prefixes and rows before any row goes);
// 3) the project row, whose foreign keys cascade to documents, brain, accounts, posts, campaigns,
//    media, planner rows, members, invitations, comments, review links and activity.
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { PROJECT_DELETE_MESSAGE } from "../../../schema/api/projects";
import { brainDocuments } from "../../../schema/db/brain";
import { media, posts } from "../../../schema/db/posts";
import { projectDocuments, projects } from "../../../schema/db/projects";
import { socialAccounts } from "../../../schema/db/social";
import type { Db } from "../../lib/db";
import { badRequest, conflict } from "../../lib/errors";
import { assertCan, projectAccess } from "../../lib/ownership";
import { listPrefix, R2_DELETE_BATCH } from "../auth";
import type { ServiceContext } from "../context";

/** Every R2 key of one project: its prefixes, its accounts' image prefixes and the keys its rows name. */
async function projectObjectKeys(db: Db, bucket: R2Bucket, projectId: string): Promise<string[]> {
  const [accounts, docs, brain, images] = await db.batch([
    db.select({ id: socialAccounts.id }).from(socialAccounts).where(eq(socialAccounts.projectId, projectId)),
    db.select({ key: projectDocuments.fileUrl }).from(projectDocuments).where(eq(projectDocuments.projectId, projectId)),
    db
      .select({ key: brainDocuments.sourceKey })
      .from(brainDocuments)
      .where(and(eq(brainDocuments.projectId, projectId), isNotNull(brainDocuments.sourceKey))),
    db.select({ key: media.r2Key }).from(media).where(eq(media.projectId, projectId)),
  ]);
  const keys = new Set<string>();
  // Images uploaded without an account are stored under the project's id (services/media.ts).
  for (const prefix of [`project-documents/${projectId}/`, `post-media/${projectId}/`, ...accounts.map((a) => `post-media/${a.id}/`)]) {
    for (const k of await listPrefix(bucket, prefix)) keys.add(k);
  }
  for (const r of [...docs, ...brain, ...images]) if (r.key) keys.add(r.key);
  return [...keys];
}

export async function deleteProject(ctx: ServiceContext, projectId: string, typedName: string): Promise<{ objects: number }> {
  const { db, caller: user } = ctx;
  const bucket = ctx.env.BUCKET;
  const { project, role } = await projectAccess(db, user.id, projectId);
  assertCan(role, "manage");
  if (typedName.trim() !== project.name) throw badRequest(PROJECT_DELETE_MESSAGE, { name: PROJECT_DELETE_MESSAGE });

  const at = Date.now();
  const cancel = (status: "scheduled" | "in_review") =>
    db
      .update(posts)
      .set({ status: "draft", updatedAt: at })
      .where(and(eq(posts.projectId, projectId), eq(posts.status, status)))
      .returning({ id: posts.id });
  const [scheduled, inReview] = await db.batch([cancel("scheduled"), cancel("in_review")]);
  const held = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.projectId, projectId), eq(posts.status, "publishing")))
    .get();
  if (held) {
    // Nothing is deleted: the cancelled posts go back to what they were.
    for (const [rows, status] of [
      [scheduled, "scheduled"],
      [inReview, "in_review"],
    ] as const) {
      const ids = rows.map((p) => p.id);
      for (let k = 0; k < ids.length; k += 90) {
        await db
          .update(posts)
          .set({ status })
          .where(and(inArray(posts.id, ids.slice(k, k + 90)), eq(posts.status, "draft")))
          .run();
      }
    }
    throw conflict("A post of this project is being published right now. Try again in a minute.");
  }

  const keys = await projectObjectKeys(db, bucket, projectId);
  for (let i = 0; i < keys.length; i += R2_DELETE_BATCH) await bucket.delete(keys.slice(i, i + R2_DELETE_BATCH));
  await db.delete(projects).where(eq(projects.id, projectId)).run();
  return { objects: keys.length };
}
