import { z } from "zod";
import { DEFAULT_PLATFORM_ID, PLATFORM_METAS } from "../../platforms/registry";
import { checkPostRules } from "../../platforms/validation";
import { platformSchema, type Platform } from "./common";
import { browserTimeZone, dateInZone, isValidTimeZone, parseDate, parseTime, timeInZone } from "./campaign-schedule";
import { postSourcesSchema, type PostSource } from "./post-sources";
import { contentSchema, mediaInfoSchema, type MediaInfo, type Post } from "./posts";

// Texts, defaults and bounds are the spec's (docs/product-spec.md sections 5 and 9).
const CAMPAIGN_DEFAULTS = { post_count: 5, duration: 7, platforms: [DEFAULT_PLATFORM_ID] as Platform[], start_time: "09:00" };
export const CAMPAIGN_BOUNDS = { post_count: { min: 1, max: 30 }, duration: { min: 1, max: 90 } };

/** Per-platform length limit of a post including its hashtags (X counts them in its 280). */
export const PLATFORM_LIMITS = Object.fromEntries(PLATFORM_METAS.map((m) => [m.id, m.rules.maxLength])) as Record<Platform, number>;

/** Length of a post as published: the content plus " #tag" for every hashtag. */
export function publishedLength(content: string, hashtags: string[]): number {
  return content.length + hashtags.reduce((n, t) => n + (t ? 2 + t.length : 0), 0);
}

const promptSchema = z.string().trim().min(10, "Please provide a detailed prompt").max(2000, "Prompt must be at most 2000 characters");
const dateSchema = z
  .string()
  .min(1, "Please select a start date")
  .refine((v) => parseDate(v) !== null, "Please select a start date");
const timeSchema = z
  .string()
  .min(1, "Please select a start time")
  .refine((v) => parseTime(v) !== null, "Please select a start time");
const timeZoneSchema = z.string().max(100).refine(isValidTimeZone, "Unknown time zone");

// browserTimeZone lives with the zone arithmetic (no zod there), so a screen that only needs the
// zone does not load these schemas (decision 168).
export { browserTimeZone };

/** Today's "YYYY-MM-DD" in a zone: the minimum start date. */
export function todayIn(timeZone: string, nowMs = Date.now()): string {
  return dateInZone(nowMs, timeZone);
}

const countField = (min: number, max: number, label: string) =>
  z.coerce
    .number({ message: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be between ${min} and ${max}`)
    .max(max, `${label} must be between ${min} and ${max}`);

/** The campaign form as the SPA edits it (react-hook-form + zodResolver). Today is the browser's. */
export const campaignFormSchema = z
  .object({
    prompt: promptSchema,
    post_count: countField(CAMPAIGN_BOUNDS.post_count.min, CAMPAIGN_BOUNDS.post_count.max, "Number of posts"),
    duration: countField(CAMPAIGN_BOUNDS.duration.min, CAMPAIGN_BOUNDS.duration.max, "Duration"),
    platforms: z.array(platformSchema).min(1, "Select at least one platform"),
    start_date: dateSchema,
    start_time: timeSchema,
  })
  .superRefine((v, ctx) => {
    if (parseDate(v.start_date) && v.start_date < todayIn(browserTimeZone())) {
      ctx.addIssue({ code: "custom", path: ["start_date"], message: "Start date cannot be in the past" });
    }
  });
export type CampaignFormInput = z.input<typeof campaignFormSchema>;
export type CampaignForm = z.output<typeof campaignFormSchema>;

/**
 * The default start: today at 09:00 (docs/product-spec.md) while that is still ahead, else the next full hour
 * (tomorrow 00:00 after 23:00), so a campaign never defaults to a time already past (decision 205:
 * 09:00 today offered at 20:54).
 */
export function defaultStart(timeZone: string, nowMs = Date.now()): { date: string; time: string } {
  const now = timeInZone(nowMs, timeZone);
  if (now < CAMPAIGN_DEFAULTS.start_time) return { date: todayIn(timeZone, nowMs), time: CAMPAIGN_DEFAULTS.start_time };
  const next = Number(now.slice(0, 2)) + 1;
  // After 23:00 the next full hour is tomorrow's midnight: 61 minutes on is past it in any zone.
  if (next === 24) return { date: dateInZone(nowMs + 61 * 60_000, timeZone), time: "00:00" };
  return { date: todayIn(timeZone, nowMs), time: `${String(next).padStart(2, "0")}:00` };
}

export function campaignFormDefaults(timeZone = browserTimeZone(), nowMs = Date.now()): CampaignFormInput {
  const start = defaultStart(timeZone, nowMs);
  return {
    prompt: "",
    post_count: CAMPAIGN_DEFAULTS.post_count,
    duration: CAMPAIGN_DEFAULTS.duration,
    platforms: [...CAMPAIGN_DEFAULTS.platforms],
    start_date: start.date,
    start_time: start.time,
  };
}

/** Start date must not be before today in the user's zone (a day of grace for clock skew). */
function refineStartDate(v: { start_date?: string; time_zone?: string }, ctx: z.RefinementCtx) {
  if (!v.start_date || !parseDate(v.start_date) || !v.time_zone || !isValidTimeZone(v.time_zone)) return;
  const earliest = todayIn(v.time_zone, Date.now() - 86_400_000);
  if (v.start_date < earliest) ctx.addIssue({ code: "custom", path: ["start_date"], message: "Start date cannot be in the past" });
}

/** POST /api/projects/:projectId/generate */
export const generateRequestSchema = z
  .object({
    prompt: z.string().trim().min(1, "Please enter a prompt").max(2000, "Prompt must be at most 2000 characters"),
    type: z.enum(["social_post", "campaign"]).default("social_post"),
    count: z.number().int().min(1).max(CAMPAIGN_BOUNDS.post_count.max).optional(),
    duration: z.number().int().min(1).max(CAMPAIGN_BOUNDS.duration.max).optional(),
    platforms: z.array(platformSchema).min(1, "Select at least one platform").max(PLATFORM_METAS.length).optional(),
    start_date: dateSchema.optional(),
    start_time: timeSchema.optional(),
    time_zone: timeZoneSchema.default("UTC"),
  })
  .superRefine((v, ctx) => {
    if (v.type === "campaign" && v.prompt.length < 10) {
      ctx.addIssue({ code: "custom", path: ["prompt"], message: "Please provide a detailed prompt" });
    }
    if ((v.start_date === undefined) !== (v.start_time === undefined) && v.type === "campaign") {
      ctx.addIssue({
        code: "custom",
        path: [v.start_date === undefined ? "start_date" : "start_time"],
        message: v.start_date === undefined ? "Please select a start date" : "Please select a start time",
      });
    }
    refineStartDate(v, ctx);
  });
export type GenerateRequest = z.input<typeof generateRequestSchema>;

export type GeneratedPost = {
  content: string;
  hashtags: string[];
  platform: Platform;
  /** ISO instant (UTC). */
  scheduled_for: string;
  image_prompt?: string;
  /** The brain passages the post drew on ("Based on: ..."). */
  sources: PostSource[];
  /** An image made for the post (the brand card), stored like an upload. */
  media_info?: MediaInfo;
  /**
   * The message this post is one network's variant of ("m1", "m2", ...): posts of one message
   * share it and are saved with one message_id (decision 185).
   */
  message_id: string;
};
export type GenerateResponse = {
  posts: GeneratedPost[];
  engine: "local" | "openai";
  /** Subjects the brief names that the brain knows nothing about: the local writer wrote no post on them (empty for model engines). */
  skipped_subjects: string[];
  /** How many messages were asked for; fewer messages in `posts` means the brain had no more distinct facts for the brief. */
  requested_count: number;
  /** How many messages `posts` holds (each on every selected network). */
  message_count: number;
  /** Why the local writer drafted instead of the AI model, when it did (decision 226). */
  fallback?: string;
  /**
   * When the local writer wrote fewer messages than asked: the brief's subjects the brain should
   * say more about to get the rest (decision 228). Absent when nothing is missing.
   */
  add_to_brain?: string[];
};

const hashtagSchema = z
  .string()
  .trim()
  .max(100)
  .transform((h) => h.replace(/^#+/, "").replace(/\s+/g, ""));

/** A generated post as the user edited it before scheduling. */
const campaignPostSchema = z
  .object({
    content: contentSchema,
    hashtags: z.array(hashtagSchema).max(30).default([]),
    platform: platformSchema,
    scheduled_for: z.string().datetime({ offset: true, message: "Please choose a valid date and time" }),
    image_prompt: z.string().max(1000).optional().nullable(),
    sources: postSourcesSchema.optional(),
    media_info: mediaInfoSchema.nullable().optional(),
    /** Posts with the same key are one message's variants (any short key; the server assigns the stored id). */
    message_id: z.string().trim().min(1).max(64).optional(),
  })
  // The post's network rules (platforms/validation.ts): length as the network counts it, image required.
  .superRefine((p, ctx) => {
    for (const issue of checkPostRules({
      platform: p.platform,
      content: p.content,
      hashtags: p.hashtags,
      image: p.media_info ? { type: p.media_info.file_type, size: p.media_info.file_size } : null,
    })) {
      ctx.addIssue({ code: "custom", path: [issue.field === "content" ? "content" : "image_prompt"], message: issue.message });
    }
  });

/** POST /api/projects/:projectId/campaigns */
export const createCampaignSchema = z
  .object({
    prompt: promptSchema,
    post_count: z.number().int().min(CAMPAIGN_BOUNDS.post_count.min).max(CAMPAIGN_BOUNDS.post_count.max),
    duration: z.number().int().min(CAMPAIGN_BOUNDS.duration.min).max(CAMPAIGN_BOUNDS.duration.max),
    platforms: z.array(platformSchema).min(1, "Select at least one platform").max(PLATFORM_METAS.length),
    start_date: dateSchema,
    start_time: timeSchema,
    time_zone: timeZoneSchema,
    // post_count counts messages; each message is one post per network.
    posts: z
      .array(campaignPostSchema)
      .min(1, "No posts to schedule")
      .max(CAMPAIGN_BOUNDS.post_count.max * PLATFORM_METAS.length),
  })
  .superRefine(refineStartDate);
export type CreateCampaignRequest = z.input<typeof createCampaignSchema>;

export type Campaign = {
  id: string;
  project_id: string;
  prompt: string;
  post_count: number;
  duration: number;
  platforms: Platform[];
  start_date: string;
  start_time: string;
  time_zone: string;
  created_at: string;
  /** Posts of the campaign still in the database. */
  posts_total: number;
};
export type CampaignWithPosts = Campaign & { posts: Post[] };

export type DashboardResponse = {
  total_posts: number;
  /**
   * Posts created in the last `trend_days` days against the `trend_days` before, in percent with
   * one decimal; null when the previous period has no posts (decision 205: never a constant).
   */
  total_change_percent: number | null;
  total_change: string | null;
  scheduled_posts: number;
  connected_accounts: number;
  /** Engagement gained in the last 7 days (decision 150); its change against the 7 before, or null. */
  engagement_week: number;
  engagement_change: string | null;
  /** The length of the compared periods ("vs previous 7 days"). */
  trend_days: number;
  upcoming: Post[];
  progress: { brain: boolean; social: boolean; posts: boolean };
};
