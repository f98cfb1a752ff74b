// The calendar's read (decision 171): GET /api/projects/:projectId/calendar answers the posts the
// post list answers for the same query, each as a row of the fields a calendar card uses, written
// by SQLite (post-json.ts). The rows must be what `toCalendarRow(toPostDto(row))` gives, byte for
// byte, and each row read back (`fromCalendarRow`) must equal the full post's fields it carries.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { getDb } from "../../worker/lib/db";
import { posts } from "../../schema/db/posts";
import { listCalendarPosts, newPostRow } from "../../worker/services/posts/posts";
import { calendarPageText, postListJsonQuery } from "../../worker/services/posts/json";
import { CALENDAR_ROW_FIELDS, calendarPosts, toCalendarRow, type CalendarPage, type CalendarPost } from "../../schema/api/calendar";
import { calendarPageResponse } from "../../schema/api/calendar-responses";
import type { Post } from "../../schema/api/posts";
import { expectError, json, readCtx, signIn, type TestUser } from "./helpers";
import { insertPost, insertPostWithEveryColumn, readPostsBothWays } from "./posts-fixtures";

let owner: TestUser;
const db = () => getDb(env.DB);

/** The full post's fields a calendar post carries, in its order. */
const carried = (p: Post): CalendarPost => {
  const { id, platform, content, hashtags, scheduled_for, status, media_info, media_url, error_message, series_id, message_id } = p;
  return { id, platform, content, hashtags, scheduled_for, status, media_info, media_url, error_message, series_id, message_id };
};

/** The project's posts through toPostDto, and SQLite's calendar text of the same posts. */
async function readBoth(projectId: string) {
  const { dto, jsonRows } = await readPostsBothWays(projectId, "calendar");
  return { dto, text: calendarPageText(jsonRows) };
}

const expectedText = (dto: Post[]) => JSON.stringify({ fields: CALENDAR_ROW_FIELDS, posts: dto.map(toCalendarRow) });

async function getCalendar(user: TestUser, projectId: string, query = "") {
  const res = await json(user, "GET", `/api/projects/${projectId}/calendar${query ? `?${query}` : ""}`);
  return res;
}

beforeAll(async () => {
  owner = await signIn();
});

describe("the calendar's rows, written by SQLite", () => {
  it("equal toCalendarRow(toPostDto) byte for byte for a post with every column filled, and read back as the full post's fields", async () => {
    await insertPostWithEveryColumn(owner.projectId);
    const { dto, text: answered } = await readBoth(owner.projectId);
    expect(dto).toHaveLength(1);
    expect(answered).toBe(expectedText(dto));
    const page = JSON.parse(answered) as CalendarPage;
    expect(calendarPageResponse.safeParse(page).success).toBe(true);
    expect(calendarPosts(page)).toEqual(dto.map(carried));
    // Every field the row carries is filled here: none is lost on the way.
    expect(Object.values(calendarPosts(page)[0]!).every((v) => v !== null)).toBe(true);
  });

  it("equal toCalendarRow(toPostDto) for empty posts at instants that are easy to get wrong, years 0 and 10000 included", async () => {
    const other = await signIn();
    const instants = [
      0,
      1,
      -1,
      -86_400_001,
      Date.UTC(2028, 1, 29, 23, 59, 59, 999),
      Date.UTC(2026, 11, 31, 23, 59, 59, 1),
      Date.UTC(10000, 0, 1, 0, 0, 0, 1),
      Date.UTC(-1, 5, 1),
      1_795_525_095_479,
    ];
    for (const [i, at] of instants.entries())
      await db()
        .insert(posts)
        .values(newPostRow(other.projectId, { platform: "twitter", content: `Post ${i}`, scheduledFor: at }, null, at));
    const { dto, text } = await readBoth(other.projectId);
    expect(dto).toHaveLength(instants.length);
    expect(text).toBe(expectedText(dto));
    expect(calendarPosts(JSON.parse(text) as CalendarPage)).toEqual(dto.map(carried));
    expect(dto.map((p) => Date.parse(p.scheduled_for))).toEqual([...instants].sort((a, b) => a - b));
  });

  it("keep the list's order: scheduled_for, posts at the same instant in the order they were written", async () => {
    const other = await signIn();
    const at = Date.UTC(2027, 0, 4, 9, 0, 0, 0);
    for (let i = 0; i < 12; i++)
      await db()
        .insert(posts)
        .values(newPostRow(other.projectId, { platform: i % 2 ? "twitter" : "instagram", content: `Same time ${i}`, scheduledFor: at - (i % 3) }, null, at));
    const { dto, text } = await readBoth(other.projectId);
    expect(text).toBe(expectedText(dto));
  });

  it("an empty range is no rows", async () => {
    const other = await signIn();
    expect((await readBoth(other.projectId)).text).toBe(JSON.stringify({ fields: CALENDAR_ROW_FIELDS, posts: [] }));
  });

  it("the statement walks the (project_id, scheduled_for) index in order, like the post list's", async () => {
    const where = sql`${posts.projectId} = ${"p"} and ${posts.scheduledFor} >= ${0} and ${posts.scheduledFor} < ${1}`;
    const { sql: text, params } = postListJsonQuery(db(), where, 1000, "calendar").toSQL();
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${text}`)
      .bind(...params)
      .all<{ detail: string }>();
    const detail = plan.results.map((r) => r.detail).join(" | ");
    expect(detail).toContain("posts_project_time_idx (project_id=? AND scheduled_for>? AND scheduled_for<?)");
    expect(detail.replace("USE TEMP B-TREE FOR group_concat(ORDER BY)", "")).not.toContain("TEMP B-TREE");
  });
});

describe("GET /api/projects/:projectId/calendar", () => {
  it("answers, for every filter, the posts GET /posts answers, each with the full post's fields it carries", async () => {
    const u = await signIn();
    const t0 = Date.parse("2030-01-05T00:00:00Z");
    await insertPost(u.projectId, { scheduledFor: t0 + 3 * 3600_000, content: "Late coffee", status: "failed", errorMessage: "boom", hashtags: ["roast"] });
    await insertPost(u.projectId, { scheduledFor: t0 + 3600_000, content: "Early tea", status: "scheduled", mediaUrl: "https://cdn.example/tea.jpg" });
    await insertPost(u.projectId, {
      scheduledFor: t0 + 2 * 3600_000,
      content: "Mid Coffee",
      status: "published",
      platform: "instagram",
      platformPostId: "ig-1",
    });
    await db()
      .insert(posts)
      .values(newPostRow(u.projectId, { platform: "twitter", content: "Same hour draft", scheduledFor: t0 + 3 * 3600_000, status: "draft" }, null, t0));
    await insertPost(u.projectId, { scheduledFor: t0 + 8 * 86_400_000, content: "Next week" });
    const range = `from=${encodeURIComponent(new Date(t0).toISOString())}&to=${encodeURIComponent(new Date(t0 + 7 * 86_400_000).toISOString())}`;
    const queries = ["", range, `${range}&status=failed`, `${range}&platform=instagram`, `${range}&q=coffee`, "limit=2", `${range}&status=draft&limit=200`];
    for (const query of queries) {
      const res = await getCalendar(u, u.projectId, query);
      expect(res.status, query).toBe(200);
      expect(res.headers.get("content-type")).toContain("application/json");
      const page = (await res.json()) as CalendarPage;
      expect(calendarPageResponse.safeParse(page).success, query).toBe(true);
      const full = (await (await json(u, "GET", `/api/projects/${u.projectId}/posts${query ? `?${query}` : ""}`)).json()) as Post[];
      expect(calendarPosts(page), query).toEqual(full.map(carried));
    }
    const week = calendarPosts((await (await getCalendar(u, u.projectId, range)).json()) as CalendarPage);
    expect(week.map((p) => p.content)).toEqual(["Early tea", "Mid Coffee", "Late coffee", "Same hour draft"]);
    expect(week[2]).toMatchObject({ status: "failed", error_message: "boom", hashtags: ["roast"] });
  });

  it("refuses bad filters with the post list's messages, and changes nothing", async () => {
    const u = await signIn();
    await insertPost(u.projectId, { content: "Kept" });
    const before = await env.DB.prepare("select count(*) as n, max(updated_at) as at from posts where project_id = ?").bind(u.projectId).first();
    await expectError(await getCalendar(u, u.projectId, "status=lost"), 400);
    await expectError(await getCalendar(u, u.projectId, "from=yesterday"), 400);
    await expectError(await getCalendar(u, u.projectId, "limit=1001"), 400);
    await expectError(await getCalendar(u, u.projectId, `q=${"x".repeat(201)}`), 400);
    const reversed = await expectError(
      await getCalendar(u, u.projectId, `from=${encodeURIComponent("2030-01-08T00:00:00Z")}&to=${encodeURIComponent("2030-01-01T00:00:00Z")}`),
      400,
    );
    expect(reversed.message).toBe("The start of the range must be before its end");
    const after = await env.DB.prepare("select count(*) as n, max(updated_at) as at from posts where project_id = ?").bind(u.projectId).first();
    expect(after).toEqual(before);
  });

  it("answers another user's project like a missing one, and refuses an anonymous or expired caller", async () => {
    const [a, b] = [await signIn(), await signIn()];
    await insertPost(b.projectId, { content: "Not yours" });
    const stranger = await getCalendar(a, b.projectId);
    const missing = await getCalendar(a, crypto.randomUUID());
    expect((await expectError(stranger, 404)).message).toBe((await expectError(missing, 404)).message);
    await expectError(await json(null, "GET", `/api/projects/${a.projectId}/calendar`), 401);
    await env.DB.prepare("update sessions set expires_at = ? where user_id = ?")
      .bind(Date.now() - 1000, a.userId)
      .run();
    await expectError(await getCalendar(a, a.projectId), 401);
  });

  it("the service answers the owner's posts and refuses anyone else's (resolved callers too)", async () => {
    const [a, b] = [await signIn(), await signIn()];
    await insertPost(a.projectId, { content: "Mine" });
    const page = JSON.parse(await listCalendarPosts(readCtx(a.userId), a.projectId, {})) as CalendarPage;
    expect(calendarPosts(page).map((p) => p.content)).toEqual(["Mine"]);
    await expect(listCalendarPosts(readCtx(b.userId), a.projectId, {})).rejects.toMatchObject({ status: 404 });
  });
});
