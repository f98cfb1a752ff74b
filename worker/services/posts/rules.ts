// Every path that creates or changes a post checks it here, against its network's rules, before
// anything is saved (decisions 122 and 124): createPost/updatePost, campaigns, "Add to queue",
// recurring series and their "all future" edits, bulk move / change of network, and the CSV
// import and its preview. The pure rules of platforms/validation.ts (length as the network counts
// it on the text as sent, image required, type, size, aspect ratio from the image's own header)
// plus what needs the database or the Worker: the account's own limits (a server's own), whether the
// image's copy for the network can be made here (decision 128) and the network's daily cap. One
// place, so no path accepts a post the network would refuse at its due time.
import { and, eq, gt, inArray, lt } from "drizzle-orm";
import { isPlatformId, networkName, platformMeta, type PlatformId } from "../../../platforms/registry";
import { socialAccounts } from "../../../schema/db/social";
import { checkPostRules, type DraftImage } from "../../../platforms/validation";
import type { MediaInfo } from "../../../schema/api/posts";
import { posts } from "../../../schema/db/posts";
import type { Env } from "../../env";
import type { Db } from "../../lib/db";
import { projectUpload } from "./media";
import { badRequest } from "../../lib/errors";
import { imageSize } from "../../../platforms/shared/image-size";
import { copyOutOfReach } from "../../../platforms/shared/image-copy";
import { converterLimits } from "../../lib/images-binding";

const DAY_MS = 86_400_000;

export type PostRuleIssue = { field: "content" | "media_info" | "scheduled_for"; message: string };

/** One post as it would be saved. */
export type RulesDraft = {
  platform: string;
  content: string;
  hashtags: readonly string[];
  /** The attached upload; "pending" when an image will be attached but is not stored yet (CSV preview). */
  mediaInfo: MediaInfo | null | "pending";
  /** When it is published; null for a draft, which the daily cap does not count. */
  scheduledFor: number | null;
  /** The post being changed: its current time is left out of the daily count. */
  postId?: string;
};

export type RulesInput = Omit<RulesDraft, "scheduledFor"> & { projectId: string; scheduledFor: number | null };

/** The facts of an attached upload: type and size from our media row, width/height from its header. */
async function imageFacts(env: Env, db: Db, projectId: string, info: MediaInfo): Promise<DraftImage> {
  const row = await projectUpload(db, projectId, info.url);
  if (!row) return { type: info.file_type, size: info.file_size };
  const head = await env.BUCKET.get(row.r2Key, { range: { offset: 0, length: 65_536 } });
  const size = head ? imageSize(new Uint8Array(await head.arrayBuffer())) : null;
  return { type: row.fileType, size: row.fileSize, ...(size ?? {}) };
}

/** The project's account's own limits, where its network sets them per account (a server's own length and image size). */
async function accountLimits(db: Db, projectId: string, platform: PlatformId): Promise<{ maxLength: number | null; imageMaxBytes: number | null }> {
  const { accountMaxLength, accountImageMaxBytes } = platformMeta(platform).rules;
  if (!accountMaxLength && !accountImageMaxBytes) return { maxLength: null, imageMaxBytes: null };
  const row = await db
    .select({ meta: socialAccounts.accountMeta })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.projectId, projectId), eq(socialAccounts.platform, platform)))
    .get();
  const meta = row?.meta ?? null;
  return { maxLength: accountMaxLength?.(meta) ?? null, imageMaxBytes: accountImageMaxBytes?.(meta) ?? null };
}

/** Scheduled times of the project's posts of a network in (from, to), leaving out the given posts. */
async function takenTimes(db: Db, projectId: string, platform: PlatformId, from: number, to: number, exclude: ReadonlySet<string>): Promise<number[]> {
  const rows = await db
    .select({ id: posts.id, at: posts.scheduledFor })
    .from(posts)
    .where(
      and(
        eq(posts.projectId, projectId),
        eq(posts.platform, platform),
        inArray(posts.status, ["scheduled", "publishing", "published"]),
        gt(posts.scheduledFor, from),
        lt(posts.scheduledFor, to),
      ),
    )
    .all();
  return rows.filter((r) => !exclude.has(r.id)).map((r) => r.at);
}

/** The most posts in any 24 hours that start or end at `t`. */
function busiestAround(t: number, times: number[]): number {
  let before = 0;
  let after = 0;
  for (const s of times) {
    if (s > t - DAY_MS && s <= t) before++;
    if (s >= t && s < t + DAY_MS) after++;
  }
  return Math.max(before, after);
}

/**
 * Every rule each post breaks (content first, then image, then daily cap); [] for a post that may
 * be saved. The posts are checked as one batch: a post that passes counts toward the daily cap of
 * the ones after it, and the batch's own existing posts (postId) are counted at their new times.
 */
export async function postRuleIssues(env: Env, db: Db, projectId: string, drafts: readonly RulesDraft[]): Promise<PostRuleIssue[][]> {
  const limits = new Map<PlatformId, { maxLength: number | null; imageMaxBytes: number | null }>();
  const images = new Map<string, DraftImage>();
  const exclude = new Set(drafts.flatMap((d) => (d.postId ? [d.postId] : [])));
  const taken = new Map<PlatformId, number[]>();
  const converter = converterLimits(env);
  // One read of the existing posts per network, around all the batch's times.
  for (const d of drafts) {
    if (!isPlatformId(d.platform) || d.scheduledFor === null || !platformMeta(d.platform).rules.dailyCap || taken.has(d.platform)) continue;
    const times = drafts.filter((x) => x.platform === d.platform && x.scheduledFor !== null).map((x) => x.scheduledFor!);
    taken.set(d.platform, await takenTimes(db, projectId, d.platform, Math.min(...times) - DAY_MS, Math.max(...times) + DAY_MS, exclude));
  }
  const out: PostRuleIssue[][] = [];
  for (const d of drafts) {
    const platform = d.platform;
    if (!isPlatformId(platform)) {
      out.push([]);
      continue;
    }
    if (!limits.has(platform)) limits.set(platform, await accountLimits(db, projectId, platform));
    const own = limits.get(platform)!;
    let image: DraftImage | null = null;
    if (d.mediaInfo && d.mediaInfo !== "pending") {
      const known = images.get(d.mediaInfo.url) ?? (await imageFacts(env, db, projectId, d.mediaInfo));
      images.set(d.mediaInfo.url, known);
      image = known;
    }
    const issues: PostRuleIssue[] = checkPostRules({ platform, content: d.content, hashtags: d.hashtags, image, maxLength: own.maxLength }).filter(
      // An image still to be fetched is there: only its facts are unknown until it is stored.
      (i) => !(d.mediaInfo === "pending" && i.field === "media_info"),
    );
    const meta = platformMeta(platform);
    // A photo that needs a copy for this network and is too large for the converter in use.
    const unpreparable =
      image && !issues.some((i) => i.field === "media_info")
        ? copyOutOfReach(networkName(meta.id), meta.rules.images, image, own.imageMaxBytes, converter)
        : null;
    if (unpreparable) issues.push({ field: "media_info", message: unpreparable });
    const cap = meta.rules.dailyCap;
    const times = taken.get(platform);
    if (cap && times && d.scheduledFor !== null) {
      const busiest = busiestAround(d.scheduledFor, times);
      if (busiest >= cap) {
        issues.push({
          field: "scheduled_for",
          message: `${networkName(meta.id)} publishes at most ${cap} posts per account in 24 hours, and ${busiest} are already scheduled within 24 hours of this time. Please choose another time.`,
        });
      } else if (issues.length === 0) {
        times.push(d.scheduledFor);
      }
    }
    out.push(issues);
  }
  return out;
}

/** Throws a 400 with the first rule the post breaks; nothing has been written yet. */
export async function assertPostRules(env: Env, db: Db, input: RulesInput): Promise<void> {
  const [issues] = await postRuleIssues(env, db, input.projectId, [input]);
  throwFirst(issues!);
}

/** A 400 with the first issue, under its field; nothing when there is none. */
export function throwFirst(issues: readonly PostRuleIssue[]): void {
  const issue = issues[0];
  if (issue) throw badRequest(issue.message, { [issue.field]: issue.message });
}
