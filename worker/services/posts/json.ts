// The post list as JSON text written by SQLite (decision 170; decision 169 wrote it in JS from D1's
// rows). A list asks for up to 1,000 posts at a time: turning D1's answer into row objects (inside
// the D1 binding's batch) and writing each post again in JS cost most of its CPU. Here one
// statement answers one row whose `json` column is the whole list, byte for
// byte `JSON.stringify(rows.map(toPostDto))` (posts.ts, still the shape for every other path):
// the same keys in the same order; strings through `json_quote` (the same escapes as
// JSON.stringify); instants through `strftime` as `Date#toISOString` writes them; the JSON columns
// embedded as stored (only ever written by drizzle's JSON mode, so already canonical JSON).
// test/worker/post-json.test.ts proves the equality for every column filled and empty.
// The calendar reads its own lighter shape (`calendarRow`, schema/api/calendar.ts, decision 171).
import { asc, sql, type AnyColumn, type Placeholder, type SQL } from "drizzle-orm";
import { posts } from "../../../schema/db/posts";
import type { Post } from "../../../schema/api/posts";
import { CALENDAR_ROW_FIELDS, type CalendarPage } from "../../../schema/api/calendar";
import type { Db } from "../../lib/db";
import type { JsonText } from "../../lib/json-text";

/** A JSON array of posts, as text: what `JSON.stringify(rows.map(toPostDto))` would give. */
export type PostListJson = JsonText<Post[]>;

// strftime writes years 0000-9999 as toISOString does; outside them (never stored by the API)
// the post's text is NULL, and `postListText` says the list must be written by toPostDto.
const FIRST_INSTANT = -62_167_219_200_000; // 0000-01-01T00:00:00.000Z
const LAST_INSTANT = 253_402_300_799_999; // 9999-12-31T23:59:59.999Z

/** An epoch-milliseconds column as toISOString's JSON string, or null. */
function instant(column: AnyColumn): SQL {
  return sql`case when ${column} is null then 'null' when ${column} between ${sql.raw(String(FIRST_INSTANT))} and ${sql.raw(String(LAST_INSTANT))} then '"' || strftime('%Y-%m-%dT%H:%M:%fZ', ${column} / 1000.0, 'unixepoch') || '"' end`;
}

/** A text (or integer) column as JSON: json_quote escapes as JSON.stringify does; NULL is null. */
const value = (column: AnyColumn) => sql`json_quote(${column})`;
/** A column holding JSON text, embedded as stored. */
const json = (column: AnyColumn, absent: "[]" | "null") => sql`coalesce(${column}, ${sql.raw(`'${absent}'`)})`;

// The post's keys in toPostDto's order.
const FIELDS: [keyof Post, SQL][] = [
  ["id", value(posts.id)],
  ["project_id", value(posts.projectId)],
  ["campaign_id", value(posts.campaignId)],
  ["platform", value(posts.platform)],
  ["content", value(posts.content)],
  ["hashtags", json(posts.hashtags, "[]")],
  ["scheduled_for", instant(posts.scheduledFor)],
  ["status", value(posts.status)],
  ["media_info", json(posts.mediaInfo, "null")],
  ["media_url", value(posts.mediaUrl)],
  ["image_prompt", value(posts.imagePrompt)],
  ["sources", json(posts.sources, "[]")],
  ["publish_attempts", value(posts.publishAttempts)],
  ["last_attempt", instant(posts.lastAttempt)],
  ["published_at", instant(posts.publishedAt)],
  ["error_message", value(posts.errorMessage)],
  ["platform_post_id", value(posts.platformPostId)],
  ["created_at", instant(posts.createdAt)],
  ["series_id", value(posts.seriesId)],
  ["message_id", value(posts.messageId)],
];

/** One post's JSON object as an SQL expression (NULL when an instant is out of range). */
function postObject(): SQL {
  const parts = FIELDS.map(([key, expr], i) => sql`${sql.raw(`'${i === 0 ? "{" : ","}"${key}":'`)} || ${expr}`);
  return sql`${sql.join(parts, sql` || `)} || '}'`;
}

/**
 * One calendar post as the JSON array `toCalendarRow` writes (schema/api/calendar.ts): the values
 * of CALENDAR_ROW_FIELDS in order, the time as epoch milliseconds (never NULL: no instant to format).
 */
function calendarRow(): SQL {
  const expr = new Map<string, SQL>(FIELDS);
  expr.set("scheduled_for_ms", value(posts.scheduledFor));
  const parts = CALENDAR_ROW_FIELDS.map((key) => expr.get(key)!);
  return sql`'[' || ${sql.join(parts, sql` || ',' || `)} || ']'`;
}

/** The calendar's answer as text: `{"fields":[...],"posts":[[...], ...]}`. */
export type CalendarPageJson = JsonText<CalendarPage>;

/**
 * One row: `json`, the posts matching `where` in scheduled_for order (ties in index order, as
 * before) as one JSON array; `n` the posts read and `written` those SQLite could write. `item`
 * writes one post: the full post (default) or the calendar's row (`"calendar"`).
 */
export function postListJsonQuery(db: Db, where: SQL | undefined, limit: number | Placeholder, item: "post" | "calendar" = "post") {
  const list = db
    .select({
      post: (item === "calendar" ? calendarRow() : postObject()).as("post"),
      at: sql<number>`${posts.scheduledFor}`.as("at"),
      rowid: sql<number>`${posts}.rowid`.as("rid"),
    })
    .from(posts)
    .where(where)
    .orderBy(asc(posts.scheduledFor), sql`${posts}.rowid`)
    .limit(limit)
    .as("list");
  return db
    .select({
      n: sql<number>`count(*)`.as("n"),
      written: sql<number>`count(${list.post})`.as("written"),
      json: sql<string>`'[' || coalesce(group_concat(${list.post}, ',' order by ${list.at}, ${list.rowid}), '') || ']'`.as("json"),
    })
    .from(list);
}

/** The list's text from `postListJsonQuery`'s rows, or null when a post could not be written. */
export function postListText(rows: Record<string, unknown>[]): PostListJson | null {
  const row = rows[0] as { n: number; written: number; json: string } | undefined;
  if (!row || row.n !== row.written) return null;
  return row.json as PostListJson;
}

const CALENDAR_PAGE_START = `{"fields":${JSON.stringify(CALENDAR_ROW_FIELDS)},"posts":`;

/** The calendar's answer from `postListJsonQuery(..., "calendar")`'s rows (every post is written). */
export function calendarPageText(rows: Record<string, unknown>[]): CalendarPageJson {
  const row = rows[0] as { json: string } | undefined;
  return `${CALENDAR_PAGE_START}${row?.json ?? "[]"}}` as CalendarPageJson;
}
