// The calendar's own read (decision 171). The calendar shows up to six weeks of posts at a time,
// each as a card; the full post (campaign, prompt, sources, attempts, timestamps) is needed only
// when one is opened, and the detail dialog fetches it then (GET /api/posts/:postId). Its answer
// names the fields once and sends each post as an array of their values, the time as epoch
// milliseconds: what the calendar draws, searches and acts on, about a quarter of the bytes of the
// same posts as objects. `fromCalendarRow` turns a row back into a `CalendarPost`, the full post's
// fields under the same names with the same values (`Pick<Post, ...>`, so every Post is one too).
import type { Post } from "./posts";

/** The values of a calendar row, in order. */
export const CALENDAR_ROW_FIELDS = [
  "id",
  "platform",
  "content", // drawn (clamped), searched, checked against the network's rules
  "hashtags", // searched, checked against the rules
  "scheduled_for_ms", // scheduled_for as epoch milliseconds
  "status",
  "media_info", // the image, and its type and size for the rules
  "media_url",
  "error_message", // a failed card says why
  "series_id", // editing a recurring post asks "this one / all future"
  "message_id", // a message's variants (one per network) open as one message with a tab per network (decision 260)
] as const satisfies readonly (keyof Post | "scheduled_for_ms")[];

/** The full post's fields a row carries (scheduled_for_ms read back as scheduled_for). */
export type CalendarPost = Pick<Post, Exclude<(typeof CALENDAR_ROW_FIELDS)[number], "scheduled_for_ms"> | "scheduled_for">;

export type CalendarRow = [
  id: string,
  platform: Post["platform"],
  content: string,
  hashtags: string[],
  scheduledForMs: number,
  status: Post["status"],
  mediaInfo: Post["media_info"],
  mediaUrl: string | null,
  errorMessage: string | null,
  seriesId: string | null,
  messageId: string | null,
];

/** The answer of GET /api/projects/:projectId/calendar. */
export type CalendarPage = { fields: typeof CALENDAR_ROW_FIELDS; posts: CalendarRow[] };

/** A post as the calendar's row (what the server's SQL writes, in the same order). */
export function toCalendarRow(p: Post): CalendarRow {
  return [
    p.id,
    p.platform,
    p.content,
    p.hashtags,
    Date.parse(p.scheduled_for),
    p.status,
    p.media_info,
    p.media_url,
    p.error_message,
    p.series_id,
    p.message_id,
  ];
}

/** A calendar row as the post fields it carries. */
export function fromCalendarRow(r: CalendarRow): CalendarPost {
  const [id, platform, content, hashtags, at, status, media_info, media_url, error_message, series_id, message_id] = r;
  return { id, platform, content, hashtags, scheduled_for: new Date(at).toISOString(), status, media_info, media_url, error_message, series_id, message_id };
}

/** The calendar's posts from its answer, in the answer's (scheduled) order. */
export const calendarPosts = (page: CalendarPage): CalendarPost[] => page.posts.map(fromCalendarRow);
