// The calendar's posts as JSON text, written straight from D1's rows (decision 169). The calendar
// asks for up to 1,000 posts at a time; drizzle's row mapping (an entity check per column), then
// toPostDto's objects, then stringifying them again cost more than the query. Here the rows
// stay as D1 returns them and each one is written as the post's API shape: the same keys in the
// same order, the same ISO instants and the same JSON as `JSON.stringify(toPostDto(row))`
// (posts.ts, still the shape for every other path). The JSON columns are embedded as stored:
// they are only ever written by drizzle's JSON mode (JSON.stringify), so the text is already the
// JSON that parsing and stringifying would give. test/worker/post-json.test.ts proves the
// equality for every column filled and empty.
import { asc, type SQL } from "drizzle-orm";
import { posts } from "../../schema/db/posts";
import type { Post } from "../../schema/api/posts";
import type { Db } from "../lib/db";
import type { JsonText } from "../lib/json-text";

/** The columns of a post's API shape, by their SQL names, as D1 answers them. */
export type PostJsonRow = {
  id: string;
  project_id: string;
  campaign_id: string | null;
  platform: string;
  content: string;
  hashtags: string | null;
  scheduled_for: number;
  status: string;
  media_info: string | null;
  media_url: string | null;
  image_prompt: string | null;
  sources: string | null;
  publish_attempts: number;
  last_attempt: number | null;
  published_at: number | null;
  error_message: string | null;
  platform_post_id: string | null;
  created_at: number;
  series_id: string | null;
};

/** A JSON array of posts, as text: what `JSON.stringify(rows.map(toPostDto))` would give. */
export type PostListJson = JsonText<Post[]>;

/**
 * The read for `postListJson`: only the columns of the API shape. Run it with `plainBatch`
 * (lib/db.ts) so its rows stay as D1 answers them.
 */
export function postJsonRowsQuery(db: Db, where: SQL | undefined, limit: number) {
  return db
    .select({
      id: posts.id,
      projectId: posts.projectId,
      campaignId: posts.campaignId,
      platform: posts.platform,
      content: posts.content,
      hashtags: posts.hashtags,
      scheduledFor: posts.scheduledFor,
      status: posts.status,
      mediaInfo: posts.mediaInfo,
      mediaUrl: posts.mediaUrl,
      imagePrompt: posts.imagePrompt,
      sources: posts.sources,
      publishAttempts: posts.publishAttempts,
      lastAttempt: posts.lastAttempt,
      publishedAt: posts.publishedAt,
      errorMessage: posts.errorMessage,
      platformPostId: posts.platformPostId,
      createdAt: posts.createdAt,
      seriesId: posts.seriesId,
    })
    .from(posts)
    .where(where)
    .orderBy(asc(posts.scheduledFor))
    .limit(limit);
}

const str = (v: string | null) => (v == null ? "null" : JSON.stringify(v));
const instant = (ms: number | null) => (ms == null ? "null" : `"${new Date(ms).toISOString()}"`);

function postJson(r: PostJsonRow): string {
  return (
    `{"id":${str(r.id)},"project_id":${str(r.project_id)},"campaign_id":${str(r.campaign_id)},"platform":${str(r.platform)}` +
    `,"content":${str(r.content)},"hashtags":${r.hashtags ?? "[]"},"scheduled_for":${instant(r.scheduled_for)},"status":${str(r.status)}` +
    `,"media_info":${r.media_info ?? "null"},"media_url":${str(r.media_url)},"image_prompt":${str(r.image_prompt)},"sources":${r.sources ?? "[]"}` +
    `,"publish_attempts":${JSON.stringify(r.publish_attempts)},"last_attempt":${instant(r.last_attempt)},"published_at":${instant(r.published_at)}` +
    `,"error_message":${str(r.error_message)},"platform_post_id":${str(r.platform_post_id)},"created_at":${instant(r.created_at)},"series_id":${str(r.series_id)}}`
  );
}

export function postListJson(rows: Record<string, unknown>[]): PostListJson {
  return `[${(rows as PostJsonRow[]).map(postJson).join(",")}]` as PostListJson;
}
