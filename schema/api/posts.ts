import { DEFAULT_PLATFORM_ID } from "../../platforms/registry";
import { z } from "zod";
import { postSourcesSchema, type PostSource } from "./post-sources";
import { platformSchema, type Platform } from "./common";

// Texts are the spec's (docs/product-spec.md sections 5 and 8).
// Statuses and their transitions live in the lifecycle module (decision 202).
import { POST_STATUSES, type PostStatus } from "./post-status";
export { POST_STATUSES, type PostStatus };

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif"] as const;

export const MAX_ALT_TEXT = 1000;
export const ALT_TEXT_MESSAGE = "Alt text is at most 1,000 characters";
// 1,000: X's limit, the smallest of the networks that carry alt text (docs/decisions/287).
const altTextSchema = z.string().trim().max(MAX_ALT_TEXT, ALT_TEXT_MESSAGE);
const MEDIA_KINDS = ["upload", "card", "ai"] as const;

export const mediaInfoSchema = z.object({
  url: z.string().max(2000),
  file_name: z.string().max(300),
  file_type: z.enum(IMAGE_TYPES),
  file_size: z.number().int().min(1).max(MAX_IMAGE_BYTES),
  /** What the image shows, for people who cannot see it; sent where the network carries it (decision 287). */
  alt_text: altTextSchema.optional(),
  /** Where the image came from: set by the server from its media row ("card": the automatic brand card). */
  kind: z.enum(MEDIA_KINDS).optional(),
});
export type MediaInfo = z.infer<typeof mediaInfoSchema>;

/** One image of a project's media library (uploads, brand cards and generated images; never a network's converted copy). */
export type LibraryImage = {
  id: string;
  url: string;
  file_name: string;
  file_type: (typeof IMAGE_TYPES)[number];
  file_size: number;
  alt_text: string | null;
  kind: (typeof MEDIA_KINDS)[number];
  created_at: string;
  /** Posts not yet published that carry this image (deleting it is refused while any do). */
  in_use: number;
};

export const updateLibraryImageSchema = z.object({ alt_text: altTextSchema });
export const mediaParam = z.object({ projectId: z.string().min(1).max(100), mediaId: z.string().min(1).max(100) });

// A scheduled time far outside any plan (year 20, year 9999) is a typo or an attack on the calendar
// and the cron queries: times must lie between yesterday and two years ahead (docs/architecture.md security rules).
const DAY_MS = 24 * 60 * 60 * 1000;
const SCHEDULE_WINDOW = { pastMs: DAY_MS, futureMs: 2 * 366 * DAY_MS } as const;
const SCHEDULE_WINDOW_MESSAGE = "Please choose a time between yesterday and two years from now";
export const scheduledForSchema = z
  .string()
  .datetime({ offset: true, message: "Please choose a valid date and time" })
  .refine(
    (v) => {
      const t = Date.parse(v);
      const now = Date.now();
      return t >= now - SCHEDULE_WINDOW.pastMs && t <= now + SCHEDULE_WINDOW.futureMs;
    },
    { message: SCHEDULE_WINDOW_MESSAGE },
  );

/** A hashtag as typed, stored without its leading "#". */
export const hashtagSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .transform((h) => h.replace(/^#+/, ""));

/** A post's text (the spec's messages). */
export const contentSchema = z.string().trim().min(1, "Please enter some content").max(5000, "Content is too long");

export const createPostSchema = z.object({
  content: contentSchema,
  platform: platformSchema.default(DEFAULT_PLATFORM_ID),
  hashtags: z.array(hashtagSchema).max(30).default([]),
  /** ISO instant; omitted for "Post Now". */
  scheduled_for: scheduledForSchema.optional(),
  mode: z.enum(["now", "schedule", "draft"]).default("schedule"),
  media_info: mediaInfoSchema.nullable().optional(),
  /** The brain passages a generated post drew on. */
  sources: postSourcesSchema.optional(),
  /**
   * Another network's variant of a message already created in this project (Create Post: write
   * once, one post per network). Omitted: the post starts its own message.
   */
  message_id: z.string().trim().min(1).max(64).optional(),
});

export const updatePostSchema = z
  .object({
    content: contentSchema.optional(),
    hashtags: z.array(hashtagSchema).max(30).optional(),
    media_info: mediaInfoSchema.nullable().optional(),
    scheduled_for: scheduledForSchema.optional(),
    // Moving a post to another network: re-checked against that network's rules and account.
    platform: platformSchema.optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: "Nothing to update" });

export const listPostsQuery = z.object({
  from: z.string().datetime({ offset: true }).optional(),
  to: z.string().datetime({ offset: true }).optional(),
  status: z.enum(POST_STATUSES).optional(),
  platform: platformSchema.optional(),
  q: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
});

/** A post as the API returns it (times as ISO strings, never any token). */
export type Post = {
  id: string;
  project_id: string;
  campaign_id: string | null;
  platform: Platform;
  content: string;
  hashtags: string[];
  scheduled_for: string;
  status: PostStatus;
  media_info: MediaInfo | null;
  media_url: string | null;
  image_prompt: string | null;
  sources: PostSource[];
  publish_attempts: number;
  last_attempt: string | null;
  published_at: string | null;
  error_message: string | null;
  platform_post_id: string | null;
  created_at: string;
  /** The recurring series this post belongs to, if any. */
  series_id: string | null;
  /** The message this post is one network's variant of (its siblings share it; decision 185). */
  message_id: string | null;
};
