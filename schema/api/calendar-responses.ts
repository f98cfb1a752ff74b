import { z } from "zod";
import { PLATFORMS } from "./common";
import { POST_STATUSES } from "./posts";
import { mediaInfoResponse } from "./posts-responses";
import type { CalendarPage } from "./calendar";

// Response schema of the calendar's read (declared with describeRoute, checked in tests). The
// field names are spelled out so the type check (`satisfies`) holds them to CALENDAR_ROW_FIELDS.
export const calendarPageResponse = z.strictObject({
  fields: z
    .tuple([
      z.literal("id"),
      z.literal("platform"),
      z.literal("content"),
      z.literal("hashtags"),
      z.literal("scheduled_for_ms"),
      z.literal("status"),
      z.literal("media_info"),
      z.literal("media_url"),
      z.literal("error_message"),
      z.literal("series_id"),
      z.literal("message_id"),
    ])
    .describe("The names of a row's values, in order"),
  posts: z.array(
    z.tuple([
      z.string(),
      z.enum(PLATFORMS),
      z.string(),
      z.array(z.string()),
      z.number().int().describe("scheduled_for as epoch milliseconds"),
      z.enum(POST_STATUSES),
      mediaInfoResponse.nullable(),
      z.string().nullable(),
      z.string().nullable(),
      z.string().nullable(),
      z.string().nullable(),
    ]),
  ),
}) satisfies z.ZodType<CalendarPage>;
