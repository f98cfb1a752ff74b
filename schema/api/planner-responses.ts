import { z } from "zod";
import { PLATFORMS } from "./common";
import { postResponse } from "./posts-responses";
import type { BulkResponse, QueueSlotsResponse, SeriesResponse, SeriesUpdateResponse, SlotsResponse } from "./planner";
import type { ImportResponse } from "./post-import";

// Response schemas of the planner's routes (declared with describeRoute, checked in tests).
export const slotsResponse = z.strictObject({
  time_zone: z.string().nullable(),
  slots: z.array(z.strictObject({ id: z.string(), platform: z.enum(PLATFORMS), weekday: z.number().int().min(0).max(6), time: z.string() })),
}) satisfies z.ZodType<SlotsResponse>;
export const queueSlotsResponse = z.strictObject({ slots: z.array(z.iso.datetime({ offset: true }).nullable()) }) satisfies z.ZodType<QueueSlotsResponse>;
export const seriesResponse = z.strictObject({ series_id: z.string(), posts: z.array(postResponse) }) satisfies z.ZodType<SeriesResponse>;
export const seriesUpdateResponse = z.strictObject({
  updated: z.number().int().min(0),
  posts: z.array(postResponse),
}) satisfies z.ZodType<SeriesUpdateResponse>;
export const bulkResponse = z.strictObject({ changed: z.number().int().min(0), skipped: z.number().int().min(0) }) satisfies z.ZodType<BulkResponse>;
export const importResponse = z.strictObject({
  results: z.array(
    z.strictObject({
      row: z.number().int(),
      ok: z.boolean(),
      errors: z.array(z.string()),
      platform: z.string().nullable(),
      scheduled_for: z.iso.datetime({ offset: true }).nullable(),
      post_id: z.string().optional(),
    }),
  ),
  created: z.number().int().min(0),
}) satisfies z.ZodType<ImportResponse>;
export const csvResponse = z.string();
