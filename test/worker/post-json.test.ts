// The calendar's posts are written as JSON text by SQLite (worker/services/posts/json.ts, decision
// 170). That text must be what toPostDto gives for the same rows: same keys in the same order, the
// same ISO instants, JSON columns embedded as JSON, nulls and empty lists alike. Rows are written
// through drizzle (as the app writes them), with every column filled or left empty.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { asc, eq, sql } from "drizzle-orm";
import { getDb } from "../../worker/lib/db";
import { posts } from "../../schema/db/posts";
import { listPosts, newPostRow, toPostDto, type ListPostsFilter } from "../../worker/services/posts/posts";
import { postListJsonQuery, postListText } from "../../worker/services/posts/json";
import { getDashboard } from "../../worker/services/analytics/dashboard";
import { postListResponse } from "../../schema/api/posts-responses";
import { readCtx, signIn, type TestUser } from "./helpers";
import { insertPostWithEveryColumn, readPostsBothWays } from "./posts-fixtures";

let owner: TestUser;
const db = () => getDb(env.DB);

// Instants that are easy to get wrong when SQLite formats them: whole seconds, .999, .001, the
// epoch, before it, a leap day, the end of a year, and far ahead.
const INSTANTS = [
  0,
  1,
  999,
  -1,
  -86_400_001,
  Date.UTC(2028, 1, 29, 23, 59, 59, 999),
  Date.UTC(2026, 11, 31, 23, 59, 59, 1),
  Date.UTC(2026, 0, 1, 0, 0, 0, 0),
  Date.UTC(9999, 11, 31, 23, 59, 59, 999),
  1_795_525_095_479,
  1_700_000_000_005,
];

async function readBoth(projectId: string) {
  const { dto, jsonRows } = await readPostsBothWays(projectId, "post");
  return { dto, text: postListText(jsonRows) };
}

beforeAll(async () => {
  owner = await signIn();
});

describe("posts as JSON text from D1 rows", () => {
  it("equals toPostDto for a post with every column filled, text with quotes, escapes and non-ASCII included", async () => {
    await insertPostWithEveryColumn(owner.projectId);
    const { dto, text: json } = await readBoth(owner.projectId);
    expect(dto).toHaveLength(1);
    expect(JSON.parse(json!)).toEqual(dto);
    // Byte for byte what c.json(rows.map(toPostDto)) answered before: same keys, same order.
    expect(json).toBe(JSON.stringify(dto));
    expect(postListResponse.safeParse(JSON.parse(json!)).success).toBe(true);
  });

  it("equals toPostDto for posts with every optional column empty, at instants that are easy to get wrong", async () => {
    const other = await signIn();
    for (const [i, at] of INSTANTS.entries()) {
      const row = newPostRow(other.projectId, { platform: "twitter", content: `Post ${i}`, scheduledFor: at }, null, at);
      await db()
        .insert(posts)
        .values({ ...row, lastAttempt: i % 2 ? at : null, publishedAt: i % 3 ? null : at });
    }
    const { dto, text } = await readBoth(other.projectId);
    expect(dto).toHaveLength(INSTANTS.length);
    // Byte for byte what c.json(rows.map(toPostDto)) answered before.
    expect(text).toBe(JSON.stringify(dto));
    expect(dto.map((p) => p.scheduled_for)).toEqual([...INSTANTS].sort((a, b) => a - b).map((t) => new Date(t).toISOString()));
  });

  it("equals toPostDto at 2,000 random instants, in the same order", async () => {
    const other = await signIn();
    let seed = 42;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const rows = Array.from({ length: 2000 }, (_, i) => {
      const at = Math.floor(Date.UTC(2020, 0, 1) + next() * 20 * 365 * 86_400_000);
      return newPostRow(other.projectId, { platform: "twitter", content: `R${i}`, scheduledFor: at }, null, at + 1);
    });
    for (let i = 0; i < rows.length; i += 100) {
      const chunk = rows.slice(i, i + 100);
      await db().batch([db().insert(posts).values(chunk[0]!), ...chunk.slice(1).map((r) => db().insert(posts).values(r))]);
    }
    const { dto, text } = await readBoth(other.projectId);
    expect(dto).toHaveLength(2000);
    expect(text).toBe(JSON.stringify(dto));
  });

  it("keeps posts at the same instant in the order they were written", async () => {
    const other = await signIn();
    const at = Date.UTC(2027, 0, 4, 9, 0, 0, 0);
    for (let i = 0; i < 12; i++)
      await db()
        .insert(posts)
        .values(newPostRow(other.projectId, { platform: i % 2 ? "twitter" : "instagram", content: `Same time ${i}`, scheduledFor: at }, null, at));
    const { dto, text } = await readBoth(other.projectId);
    expect(text).toBe(JSON.stringify(dto));
    expect(dto.map((p) => p.content)).toEqual(Array.from({ length: 12 }, (_, i) => `Same time ${i}`));
  });

  it("a post with an instant SQLite cannot write like toISOString (year 10000, year -1) is still answered as toPostDto writes it", async () => {
    const other = await signIn();
    const odd = [Date.UTC(10000, 0, 1, 0, 0, 0, 1), Date.UTC(-1, 5, 1), Date.UTC(2027, 1, 1)];
    for (const [i, at] of odd.entries())
      await db()
        .insert(posts)
        .values(newPostRow(other.projectId, { platform: "twitter", content: `Odd ${i}`, scheduledFor: at }, null, Date.UTC(2026, 0, 1)));
    const { dto, text } = await readBoth(other.projectId);
    expect(text).toBeNull(); // SQLite's text is refused...
    const answered = await listPosts(readCtx(other.userId), other.projectId, {}); // ...and the calendar's read writes the list by toPostDto
    expect(answered).toBe(JSON.stringify(dto));
    expect(dto.map((p) => p.scheduled_for)).toEqual(["-000001-06-01T00:00:00.000Z", "2027-02-01T00:00:00.000Z", "+010000-01-01T00:00:00.001Z"]);
  });

  it("answers every filter combination like filtering the posts by hand, each statement's text reused with other values", async () => {
    const other = await signIn();
    const base = Date.UTC(2027, 2, 1);
    const made: (ReturnType<typeof newPostRow> & { status: string })[] = [];
    for (let i = 0; i < 40; i++) {
      const row = newPostRow(
        other.projectId,
        { platform: i % 3 ? "twitter" : "instagram", content: `${i % 4 ? "Plain" : "Coffee"} post ${i}`, scheduledFor: base + i * 3_600_000 },
        null,
        base,
      );
      const status = (["scheduled", "published", "failed", "draft"] as const)[i % 4];
      await db()
        .insert(posts)
        .values({ ...row, status });
      made.push({ ...row, status });
    }
    const iso = (h: number) => new Date(base + h * 3_600_000).toISOString();
    const filters: ListPostsFilter[] = [
      {},
      { from: iso(5), to: iso(20) },
      { from: iso(10) },
      { to: iso(8), status: "published" },
      { platform: "instagram", q: "COFFEE" },
      { from: iso(2), to: iso(38), status: "scheduled", platform: "twitter", q: "plain", limit: 3 },
      { from: iso(0), to: iso(30) }, // the same shapes again, other values
      { to: iso(30), status: "draft" },
      { platform: "twitter", q: "post 1" },
    ];
    for (const filter of filters) {
      const expected = made
        .filter((p) => (!filter.from || p.scheduledFor >= Date.parse(filter.from)) && (!filter.to || p.scheduledFor < Date.parse(filter.to)))
        .filter((p) => (!filter.status || p.status === filter.status) && (!filter.platform || p.platform === filter.platform))
        .filter((p) => !filter.q || p.content.toLowerCase().includes(filter.q.toLowerCase()))
        .slice(0, filter.limit ?? 1000)
        .map((p) => p.content);
      const answered = JSON.parse(await listPosts(readCtx(other.userId), other.projectId, filter)) as { content: string }[];
      expect(
        answered.map((p) => p.content),
        JSON.stringify(filter),
      ).toEqual(expected);
    }
  });

  it("the week's statement walks the (project_id, scheduled_for) index in order, without sorting the posts it reads", async () => {
    const where = sql`${posts.projectId} = ${"p"} and ${posts.scheduledFor} >= ${0} and ${posts.scheduledFor} < ${1}`;
    const { sql: text, params } = postListJsonQuery(db(), where, 1000).toSQL();
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${text}`)
      .bind(...params)
      .all<{ detail: string }>();
    const detail = plan.results.map((r) => r.detail).join(" | ");
    expect(detail).toContain("posts_project_time_idx (project_id=? AND scheduled_for>? AND scheduled_for<?)");
    // Only group_concat's ORDER BY (SQLite's documented way to fix the order of the written
    // posts) sorts, the selected posts' texts; the posts themselves are read in index order.
    expect(detail.replace("USE TEMP B-TREE FOR group_concat(ORDER BY)", "")).not.toContain("TEMP B-TREE");
  });

  it("the dashboard's upcoming posts are what toPostDto gives, also when SQLite cannot write one of them", async () => {
    const other = await signIn();
    const now = Date.UTC(2027, 3, 1);
    const times = [now + 3_600_000, now + 7_200_000, now + 10_800_000];
    for (const [i, at] of times.entries()) {
      const row = newPostRow(
        other.projectId,
        {
          platform: "instagram",
          content: `Up "${i}"\n😀`,
          hashtags: ["#a"],
          scheduledFor: at,
          sources: [{ segment_id: "s", document_id: "d", document_title: "T", content: "c" }],
        },
        null,
        now - i,
      );
      await db()
        .insert(posts)
        .values({ ...row, status: "scheduled", lastAttempt: i === 1 ? now : null });
    }
    const expected = async () =>
      (await db().select().from(posts).where(eq(posts.projectId, other.projectId)).orderBy(asc(posts.scheduledFor)))
        .filter((r) => r.scheduledFor > now)
        .map(toPostDto);
    expect(JSON.stringify((await getDashboard(readCtx(other.userId), other.projectId, now)).upcoming)).toBe(JSON.stringify(await expected()));
    await db()
      .update(posts)
      .set({ scheduledFor: Date.UTC(10000, 0, 1) })
      .where(eq(posts.content, 'Up "2"\n😀'));
    const upcoming = (await getDashboard(readCtx(other.userId), other.projectId, now)).upcoming;
    expect(upcoming.at(-1)?.scheduled_for).toBe("+010000-01-01T00:00:00.000Z");
    expect(JSON.stringify(upcoming)).toBe(JSON.stringify(await expected()));
  });

  it("an empty list is []", async () => {
    const other = await signIn();
    expect((await readBoth(other.projectId)).text).toBe("[]");
  });
});
