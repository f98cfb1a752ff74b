import { z } from "zod";
import { PLATFORMS } from "./common";
import { postSourcesSchema } from "./post-sources";
import { IMAGE_TYPES, mediaInfoSchema, POST_STATUSES, type LibraryImage, type MediaInfo, type Post } from "./posts";

// Response schemas of the posts and media routes (declared with describeRoute, checked in tests).
const isoInstant = z.iso.datetime({ offset: true });

export const mediaInfoResponse = mediaInfoSchema.strict() satisfies z.ZodType<MediaInfo>;

export const libraryImageResponse = z.strictObject({
  id: z.string(),
  url: z.string(),
  file_name: z.string(),
  file_type: z.enum(IMAGE_TYPES),
  file_size: z.number().int().min(1),
  alt_text: z.string().nullable(),
  kind: z.enum(["upload", "card", "ai"]),
  created_at: isoInstant,
  in_use: z.number().int().min(0),
}) satisfies z.ZodType<LibraryImage>;
export const libraryResponse = z.array(libraryImageResponse);

export const postResponse = z.strictObject({
  id: z.string(),
  project_id: z.string(),
  campaign_id: z.string().nullable(),
  platform: z.enum(PLATFORMS),
  content: z.string(),
  hashtags: z.array(z.string()),
  scheduled_for: isoInstant,
  status: z.enum(POST_STATUSES),
  media_info: mediaInfoResponse.nullable(),
  media_url: z.string().nullable(),
  image_prompt: z.string().nullable(),
  sources: postSourcesSchema,
  publish_attempts: z.number().int().min(0),
  last_attempt: isoInstant.nullable(),
  published_at: isoInstant.nullable(),
  error_message: z.string().nullable(),
  platform_post_id: z.string().nullable(),
  created_at: isoInstant,
  series_id: z.string().nullable(),
  message_id: z.string().nullable(),
}) satisfies z.ZodType<Post>;
export const postListResponse = z.array(postResponse);
