import { z } from "zod";
import { PLATFORMS } from "./common";
import { postSourcesSchema } from "./post-sources";
import { mediaInfoResponse, postResponse } from "./posts-responses";
import type { Campaign, CampaignWithPosts, DashboardResponse, GenerateResponse } from "./campaigns";

// Response schemas of generation, campaigns and the dashboard (declared with describeRoute,
// checked in tests).
export const generateResponse = z.strictObject({
  posts: z.array(
    z.strictObject({
      content: z.string(),
      hashtags: z.array(z.string()),
      platform: z.enum(PLATFORMS),
      scheduled_for: z.iso.datetime({ offset: true }),
      image_prompt: z.string().optional(),
      sources: postSourcesSchema,
      media_info: mediaInfoResponse.optional(),
      message_id: z.string(),
    }),
  ),
  engine: z.enum(["local", "openai"]),
  skipped_subjects: z.array(z.string()),
  requested_count: z.number().int().min(1),
  message_count: z.number().int().min(1),
  fallback: z.string().optional(),
  add_to_brain: z.array(z.string()).optional(),
}) satisfies z.ZodType<GenerateResponse>;

const campaignResponse = z.strictObject({
  id: z.string(),
  project_id: z.string(),
  prompt: z.string(),
  post_count: z.number().int(),
  duration: z.number().int(),
  platforms: z.array(z.enum(PLATFORMS)),
  start_date: z.string(),
  start_time: z.string(),
  time_zone: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  posts_total: z.number().int().min(0),
}) satisfies z.ZodType<Campaign>;
export const campaignListResponse = z.array(campaignResponse);
export const campaignWithPostsResponse = campaignResponse.extend({ posts: z.array(postResponse) }) satisfies z.ZodType<CampaignWithPosts>;

export const dashboardResponse = z.strictObject({
  total_posts: z.number().int().min(0),
  total_change_percent: z.number().nullable(),
  total_change: z.string().nullable(),
  scheduled_posts: z.number().int().min(0),
  connected_accounts: z.number().int().min(0),
  engagement_week: z.number().int().min(0),
  engagement_change: z.string().nullable(),
  trend_days: z.number().int().min(1),
  upcoming: z.array(postResponse),
  progress: z.strictObject({ brain: z.boolean(), social: z.boolean(), posts: z.boolean() }),
}) satisfies z.ZodType<DashboardResponse>;
