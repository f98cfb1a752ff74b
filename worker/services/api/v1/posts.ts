// Posts through the v1 API (decision 212): pages in a stable order, one post per network through
// the ordinary post service, and ETags so two clients never overwrite each other silently.
import { and, asc, eq, gt, gte, lt, or, type SQL } from "drizzle-orm";
import { posts } from "../../../../schema/db/posts";
import type { Post } from "../../../../schema/api/posts";
import type { V1CreatePostInput, Page } from "../../../../schema/api/v1";
import { V1_DEFAULT_LIMIT } from "../../../../schema/api/v1";
import type { Db } from "../../../lib/db";
import { apiError } from "../../../lib/errors";
import { sha256Hex } from "../../../lib/ids";
import { createPost, deletePost, toPostDto } from "../../posts";
import { decodeCursor, encodeCursor } from "./pagination";
import type { ServiceContext } from "../../context";

export type PostFilter = { from?: string; to?: string; status?: Post["status"]; platform?: Post["platform"]; limit?: number; cursor?: string };

/** A project's posts by (scheduled_for, id): the index on (project_id, scheduled_for) serves it. */
export async function listPostPage(db: Db, projectId: string, q: PostFilter): Promise<Page<Post>> {
  const limit = q.limit ?? V1_DEFAULT_LIMIT;
  const where: (SQL | undefined)[] = [eq(posts.projectId, projectId)];
  if (q.from) where.push(gte(posts.scheduledFor, Date.parse(q.from)));
  if (q.to) where.push(lt(posts.scheduledFor, Date.parse(q.to)));
  if (q.status) where.push(eq(posts.status, q.status));
  if (q.platform) where.push(eq(posts.platform, q.platform));
  const from = decodeCursor(q.cursor);
  if (from) where.push(or(gt(posts.scheduledFor, from.t), and(eq(posts.scheduledFor, from.t), gt(posts.id, from.id))));
  const rows = await db
    .select()
    .from(posts)
    .where(and(...where))
    .orderBy(asc(posts.scheduledFor), asc(posts.id))
    .limit(limit + 1)
    .all();
  const data = rows.slice(0, limit);
  const last = data[data.length - 1];
  return { data: data.map(toPostDto), next_cursor: rows.length > limit && last ? encodeCursor({ t: last.scheduledFor, id: last.id }) : null };
}

/**
 * One post per listed network, each through the post service (its ownership, account and network
 * rules). If one network refuses, the posts already made for the others are removed again, so a
 * create is all or nothing.
 */
export async function createNetworkPosts(ctx: ServiceContext, projectId: string, input: V1CreatePostInput, origin: string): Promise<Post[]> {
  const made: Post[] = [];
  try {
    for (const platform of input.networks) {
      const variant = input.variants?.find((v) => v.platform === platform);
      made.push(
        await createPost(
          ctx,
          projectId,
          {
            content: variant?.content ?? input.content,
            hashtags: variant?.hashtags ?? input.hashtags,
            platform,
            mode: input.mode,
            scheduled_for: input.scheduled_for,
            media_info: input.media_info,
            sources: input.sources,
            // The networks' variants are one message (decision 185): the first post's id names it.
            message_id: made[0]?.message_id ?? undefined,
          },
          origin,
        ),
      );
    }
  } catch (err) {
    // Posts published at once cannot be taken back; a scheduled or draft one can.
    for (const p of made) if (p.status === "scheduled" || p.status === "draft" || p.status === "in_review") await deletePost(ctx, p.id).catch(() => undefined);
    throw err;
  }
  return made;
}

/** A strong ETag of a post's API representation: any change to what a client sees changes it. */
export async function postEtag(post: Post): Promise<string> {
  return `"${(await sha256Hex(JSON.stringify(post))).slice(0, 32)}"`;
}

/** 412 unless `If-Match` (when sent) names the current representation (RFC 9110 section 13.1.1). */
export async function checkIfMatch(header: string | undefined, current: Post): Promise<void> {
  if (header === undefined) return;
  const etag = await postEtag(current);
  const tags = header.split(",").map((t) => t.trim().replace(/^W\//, ""));
  if (!tags.includes("*") && !tags.includes(etag)) throw apiError("precondition_failed");
}
