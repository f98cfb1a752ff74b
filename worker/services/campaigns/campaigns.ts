// Campaigns: a prompt, its settings and the posts scheduled from it. The campaign row and all its
// posts are written in one D1 batch (a transaction), so a failed save leaves nothing behind and
// the user can retry from the kept list. Ownership is checked through the project on every read.
import { and, asc, count, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import { campaigns, posts } from "../../../schema/db/posts";
import { projectMembers } from "../../../schema/db/projects";
import type { Campaign, CampaignWithPosts, createCampaignSchema } from "../../../schema/api/campaigns";
import type { Platform } from "../../../schema/api/common";
import { notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { ownedProject } from "../../lib/ownership";
import { emitScheduled, newPostRow, resolveMedia, toPostDto } from "../posts";
import { postEventInsert, postsSubject, postWriter, timedStatus } from "../posts";
import type { ServiceContext } from "../context";

export type CreateCampaignInput = z.output<typeof createCampaignSchema>;
type CampaignRow = typeof campaigns.$inferSelect;

// A posts row binds 19 values; D1 allows 100 bound parameters per statement.
const ROWS_PER_INSERT = 5;

function toCampaignDto(row: CampaignRow, postsTotal: number): Campaign {
  return {
    id: row.id,
    project_id: row.projectId,
    prompt: row.prompt,
    post_count: row.postCount,
    duration: row.duration,
    platforms: row.platforms as Platform[],
    start_date: row.startDate,
    start_time: row.startTime,
    time_zone: row.timeZone,
    created_at: new Date(row.createdAt).toISOString(),
    posts_total: postsTotal,
  };
}

export async function createCampaign(ctx: ServiceContext, projectId: string, input: CreateCampaignInput, origin?: string): Promise<CampaignWithPosts> {
  const { db, env } = ctx;
  const userId = ctx.caller.id;
  // An Editor's campaign waits In review when the project needs approvals (decision 235).
  const writer = await postWriter(db, userId, projectId);
  const at = Date.now();
  const campaign: typeof campaigns.$inferInsert = {
    id: newId(),
    projectId,
    prompt: input.prompt,
    postCount: input.post_count,
    duration: input.duration,
    platforms: [...new Set(input.platforms)],
    startDate: input.start_date,
    startTime: input.start_time,
    timeZone: input.time_zone,
    createdAt: at,
  };
  // Images (a generated card or an upload) must be this project's stored media.
  const media = await Promise.all(input.posts.map((p) => (p.media_info ? resolveMedia(db, projectId, p.media_info, origin) : null)));
  // The client's message keys ("m1", ...) become stored ids: a key groups posts in this save only.
  const messageIds = new Map<string, string>();
  for (const p of input.posts) if (p.message_id && !messageIds.has(p.message_id)) messageIds.set(p.message_id, newId());
  const rows = input.posts.map((p, i) =>
    newPostRow(
      projectId,
      {
        platform: p.platform,
        content: p.content,
        hashtags: p.hashtags,
        // Seconds are dropped: the calendar and the spacing formula work in whole minutes.
        scheduledFor: Math.floor(Date.parse(p.scheduled_for) / 60_000) * 60_000,
        imagePrompt: p.image_prompt ?? null,
        sources: p.sources ?? [],
        mediaInfo: media[i]?.mediaInfo ?? null,
        mediaUrl: media[i]?.mediaUrl ?? null,
        messageId: p.message_id ? messageIds.get(p.message_id)! : null,
        status: timedStatus(writer.review),
      },
      campaign.id,
      at,
    ),
  );
  const postInserts = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    postInserts.push(db.insert(posts).values(rows.slice(i, i + ROWS_PER_INSERT)));
  }
  const verb = writer.review ? "submitted a campaign for review:" : "created a campaign:";
  await db.batch([db.insert(campaigns).values(campaign), ...postInserts, postEventInsert(db, writer, verb, postsSubject(rows.length))]);
  const saved = await getCampaign(ctx, campaign.id);
  await emitScheduled(env, db, projectId, saved.posts);
  return saved;
}

export async function listCampaigns(ctx: ServiceContext, projectId: string): Promise<Campaign[]> {
  const { db } = ctx;
  const userId = ctx.caller.id;
  await ownedProject(db, userId, projectId, "read");
  const rows = await db
    .select({ campaign: campaigns, total: count(posts.id) })
    .from(campaigns)
    .leftJoin(posts, eq(posts.campaignId, campaigns.id))
    .where(eq(campaigns.projectId, projectId))
    .groupBy(campaigns.id)
    .orderBy(desc(campaigns.createdAt))
    .limit(200)
    .all();
  return rows.map((r) => toCampaignDto(r.campaign, r.total));
}

export async function getCampaign(ctx: ServiceContext, campaignId: string): Promise<CampaignWithPosts> {
  const { db } = ctx;
  const userId = ctx.caller.id;
  const found = await db
    .select({ campaign: campaigns })
    .from(campaigns)
    .innerJoin(projectMembers, and(eq(projectMembers.projectId, campaigns.projectId), eq(projectMembers.userId, userId)))
    .where(eq(campaigns.id, campaignId))
    .get();
  if (!found) throw notFound("Campaign not found");
  const postRows = await db
    .select()
    .from(posts)
    .where(and(eq(posts.campaignId, campaignId), eq(posts.projectId, found.campaign.projectId)))
    .orderBy(asc(posts.scheduledFor))
    .all();
  return { ...toCampaignDto(found.campaign, postRows.length), posts: postRows.map(toPostDto) };
}
