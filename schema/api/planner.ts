import { DEFAULT_PLATFORM_ID } from "../../platforms/registry";
import { z } from "zod";
import { idParam, platformSchema, type Platform } from "./common";
import { isValidTimeZone, parseDate, parseTime } from "./campaign-schedule";
import { contentSchema, hashtagSchema, mediaInfoSchema, type Post } from "./posts";
import { MAX_OCCURRENCES } from "./posting-schedule";

// Requests and responses of the planner's tools (decision 150): the weekly posting schedule, the
// queue, recurring posts and bulk actions. Messages are user-facing texts.
const timeZoneSchema = z.string().max(100).refine(isValidTimeZone, "Unknown time zone");
const timeSchema = z.string().refine((v) => parseTime(v) !== null, "Please choose a valid time (HH:MM)");
const dateSchema = z.string().refine((v) => parseDate(v) !== null, "Please choose a valid date");

const MAX_SLOTS = 100;

const slotSchema = z.object({ platform: platformSchema, weekday: z.number().int().min(0).max(6), time: timeSchema });
/** PUT /api/projects/:projectId/slots: the whole weekly schedule, replaced at once. */
export const putSlotsSchema = z.object({ time_zone: timeZoneSchema, slots: z.array(slotSchema).max(MAX_SLOTS, `At most ${MAX_SLOTS} time slots`) });
type PostingSlot = { id: string; platform: Platform; weekday: number; time: string };
export type SlotsResponse = { time_zone: string | null; slots: PostingSlot[] };

/** POST /api/projects/:projectId/queue: a post into the next free slot of its network. */
export const queuePostSchema = z.object({
  content: contentSchema,
  platform: platformSchema.default(DEFAULT_PLATFORM_ID),
  hashtags: z.array(hashtagSchema).max(30).default([]),
  media_info: mediaInfoSchema.nullable().optional(),
});

/** POST /api/projects/:projectId/queue/slots: the next free slots for a list of posts' networks. */
export const queueSlotsSchema = z.object({ platforms: z.array(platformSchema).min(1).max(100) });
export type QueueSlotsResponse = { slots: (string | null)[] };

const recurrenceSchema = z
  .object({
    start_date: dateSchema,
    time: timeSchema,
    time_zone: timeZoneSchema,
    every: z.number().int().min(1, "Repeat every 1 or more").max(52, "Repeat every 52 or fewer"),
    unit: z.enum(["day", "week"]),
    until_date: dateSchema.nullable().optional(),
    count: z.number().int().min(2, "Repeat at least 2 times").max(MAX_OCCURRENCES, `At most ${MAX_OCCURRENCES} occurrences`).nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.until_date == null && v.count == null) ctx.addIssue({ code: "custom", path: ["count"], message: "Choose an end date or a number of times" });
    if (v.until_date != null && v.until_date < v.start_date)
      ctx.addIssue({ code: "custom", path: ["until_date"], message: "The end date must be after the start date" });
  });

/** POST /api/projects/:projectId/series */
export const createSeriesSchema = z.object({
  content: contentSchema,
  platform: platformSchema.default(DEFAULT_PLATFORM_ID),
  hashtags: z.array(hashtagSchema).max(30).default([]),
  media_info: mediaInfoSchema.nullable().optional(),
  recurrence: recurrenceSchema,
});
export type SeriesResponse = { series_id: string; posts: Post[] };

/** PATCH /api/posts/:postId/series: this occurrence and every later scheduled one. */
export const updateSeriesSchema = z
  .object({
    content: contentSchema.optional(),
    hashtags: z.array(hashtagSchema).max(30).optional(),
    media_info: mediaInfoSchema.nullable().optional(),
    /** New local time of day for every future occurrence (dates kept). */
    time: timeSchema.optional(),
    time_zone: timeZoneSchema,
  })
  .refine((v) => v.content !== undefined || v.hashtags !== undefined || v.media_info !== undefined || v.time !== undefined, { message: "Nothing to update" });
export type SeriesUpdateResponse = { updated: number; posts: Post[] };

const MAX_BULK = 500;
/** POST /api/projects/:projectId/posts/bulk */
export const bulkPostsSchema = z
  .object({
    ids: z.array(idParam).min(1, "Select at least one post").max(MAX_BULK, `Select at most ${MAX_BULK} posts`),
    action: z.enum(["move", "platform", "delete"]),
    days: z.number().int().min(-365).max(365).optional(),
    platform: platformSchema.optional(),
    time_zone: timeZoneSchema.default("UTC"),
  })
  .superRefine((v, ctx) => {
    if (v.action === "move" && (v.days === undefined || v.days === 0))
      ctx.addIssue({ code: "custom", path: ["days"], message: "Choose how many days to move by" });
    if (v.action === "platform" && !v.platform) ctx.addIssue({ code: "custom", path: ["platform"], message: "Choose a platform" });
  });
export type BulkResponse = { changed: number; skipped: number };
