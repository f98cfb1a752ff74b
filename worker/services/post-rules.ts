// Scheduling checks a post against its network's rules before anything is saved (decision 122):
// the pure rules of platforms/validation.ts (length as the network counts it, image required,
// type, size, aspect ratio from the image's own header) plus the network's daily cap, which needs
// the project's other posts. A post the network would refuse is refused here with a clear 400.
import { and, eq, gt, inArray, lt, ne, sql } from "drizzle-orm";
import { isPlatformId, platformMeta, type PlatformId } from "../../platforms/registry";
import { socialAccounts } from "../../schema/db/social";
import { checkPostRules, type DraftImage } from "../../platforms/validation";
import type { MediaInfo } from "../../schema/api/posts";
import { media, posts } from "../../schema/db/posts";
import type { Env } from "../env";
import type { Db } from "../lib/db";
import { badRequest } from "../lib/errors";
import { imageSize } from "../lib/image-size";

const DAY_MS = 86_400_000;

export type RulesInput = {
  projectId: string;
  platform: string;
  content: string;
  hashtags: readonly string[];
  mediaInfo: MediaInfo | null;
  scheduledFor: number;
  /** The post being edited, left out of the daily count. */
  postId?: string;
};

/** The facts of an attached upload: type and size from our media row, width/height from its header. */
async function imageFacts(env: Env, db: Db, projectId: string, info: MediaInfo | null): Promise<DraftImage | null> {
  if (!info) return null;
  const key = info.url.match(/\/media\/([A-Za-z0-9_-]+)$/)?.[1];
  const row = key ? await db.select().from(media).where(and(eq(media.publicKey, key), eq(media.projectId, projectId))).get() : undefined;
  if (!row) return { type: info.file_type, size: info.file_size };
  const head = await env.BUCKET.get(row.r2Key, { range: { offset: 0, length: 65_536 } });
  const size = head ? imageSize(new Uint8Array(await head.arrayBuffer())) : null;
  return { type: row.fileType, size: row.fileSize, ...(size ?? {}) };
}

/** The project's account's own length limit, where its network sets one per account (Mastodon). */
async function accountMaxLength(db: Db, projectId: string, platform: PlatformId): Promise<number | null> {
  const own = platformMeta(platform).rules.accountMaxLength;
  if (!own) return null;
  const row = await db
    .select({ meta: socialAccounts.accountMeta })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.projectId, projectId), eq(socialAccounts.platform, platform)))
    .get();
  return own(row?.meta ?? null);
}

/** Throws a 400 with the first rule the post breaks; nothing has been written yet. */
export async function assertPostRules(env: Env, db: Db, input: RulesInput): Promise<void> {
  const platform = input.platform;
  if (!isPlatformId(platform)) return;
  const image = await imageFacts(env, db, input.projectId, input.mediaInfo);
  const [issue] = checkPostRules({ platform, content: input.content, hashtags: input.hashtags, image, maxLength: await accountMaxLength(db, input.projectId, platform) });
  if (issue) throw badRequest(issue.message, { [issue.field]: issue.message });

  const meta = platformMeta(platform);
  const cap = meta.rules.dailyCap;
  if (!cap) return;
  // Any 24 hours around this time may hold at most `cap` posts of this project's account.
  const count = async (from: number, to: number) => {
    const row = await db
      .select({ n: sql<number>`count(*)` })
      .from(posts)
      .where(
        and(
          eq(posts.projectId, input.projectId),
          eq(posts.platform, platform),
          inArray(posts.status, ["scheduled", "publishing", "published"]),
          gt(posts.scheduledFor, from),
          lt(posts.scheduledFor, to),
          input.postId ? ne(posts.id, input.postId) : undefined,
        ),
      )
      .get();
    return row?.n ?? 0;
  };
  const t = input.scheduledFor;
  const busiest = Math.max(await count(t - DAY_MS, t + 1), await count(t - 1, t + DAY_MS));
  if (busiest >= cap) {
    const message = `${meta.label} publishes at most ${cap} posts per account in 24 hours, and ${busiest} are already scheduled within 24 hours of this time. Please choose another time.`;
    throw badRequest(message, { scheduled_for: message });
  }
}
