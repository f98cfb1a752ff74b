// The calendar's posts are written as JSON text straight from D1's rows (worker/services/post-json.ts,
// decision 169). That text must be what toPostDto gives for the same rows: same keys in the same
// order, the same ISO instants, JSON columns embedded as JSON, nulls and empty lists alike. Rows
// are written through drizzle (as the app writes them), with every column filled or left empty.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { getDb, plainBatch } from "../../worker/lib/db";
import { campaigns, posts } from "../../schema/db/posts";
import { newPostRow, toPostDto } from "../../worker/services/posts";
import { postJsonRowsQuery, postListJson } from "../../worker/services/post-json";
import { postListResponse } from "../../schema/api/posts-responses";
import { signIn, type TestUser } from "./helpers";

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
  const where = eq(posts.projectId, projectId);
  const rows = await db().select().from(posts).where(where).orderBy(asc(posts.scheduledFor), asc(posts.id));
  const [jsonRows] = await plainBatch(db(), [postJsonRowsQuery(db(), where, 5000)]);
  return { dto: rows.map(toPostDto), text: postListJson(jsonRows!) };
}

beforeAll(async () => {
  owner = await signIn();
});

describe("posts as JSON text from D1 rows", () => {
  it("equals toPostDto for a post with every column filled, text with quotes, escapes and non-ASCII included", async () => {
    const campaignId = crypto.randomUUID();
    await db().insert(campaigns).values({ id: campaignId, projectId: owner.projectId, prompt: "p", postCount: 1, duration: 7, platforms: ["twitter"], startDate: "2026-01-01", startTime: "09:00", timeZone: "UTC", createdAt: Date.now() });
    const text = `Line "one"\nline\ttwo \\ back\u0001slash — café 🚀 \u2028 </script> ${"x".repeat(300)}`;
    const row = newPostRow(
      owner.projectId,
      {
        platform: "instagram",
        content: text,
        hashtags: ["#café", "a\"b", "🚀"],
        scheduledFor: Date.UTC(2027, 5, 1, 8, 30, 0, 7),
        mediaInfo: { url: "/media/abcdefghijklmnop", file_name: 'photo "1".jpg', file_type: "image/jpeg", file_size: 123_456 },
        mediaUrl: "https://app.example/media/abcdefghijklmnop",
        imagePrompt: "A cup of coffee, \"warm\" light",
        seriesId: crypto.randomUUID(),
        sources: [
          { segment_id: "s1", document_id: "d1", document_title: "Brand \"book\"", content: "We roast on Mondays.\nAlways." },
          { segment_id: "s2", document_id: "d2", document_title: "Über uns", content: "Ünïcödé ✓" },
        ],
      },
      campaignId,
      Date.UTC(2026, 10, 24, 12, 0, 0, 999),
    );
    await db().insert(posts).values({ ...row, status: "failed", publishAttempts: 3, lastAttempt: Date.UTC(2027, 5, 1, 8, 31, 2, 40), publishedAt: Date.UTC(2027, 5, 1, 8, 31, 2, 41), errorMessage: "Refused: \"duplicate\"", platformPostId: "1234567890" });
    const { dto, text: json } = await readBoth(owner.projectId);
    expect(dto).toHaveLength(1);
    expect(JSON.parse(json)).toEqual(dto);
    // Byte for byte what c.json(rows.map(toPostDto)) answered before: same keys, same order.
    expect(json).toBe(JSON.stringify(dto));
    expect(postListResponse.safeParse(JSON.parse(json)).success).toBe(true);
  });

  it("equals toPostDto for posts with every optional column empty, at instants that are easy to get wrong", async () => {
    const other = await signIn();
    for (const [i, at] of INSTANTS.entries()) {
      const row = newPostRow(other.projectId, { platform: "twitter", content: `Post ${i}`, scheduledFor: at }, null, at);
      await db().insert(posts).values({ ...row, lastAttempt: i % 2 ? at : null, publishedAt: i % 3 ? null : at });
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

  it("an empty list is []", async () => {
    const other = await signIn();
    expect((await readBoth(other.projectId)).text).toBe("[]");
  });
});
