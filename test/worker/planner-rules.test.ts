// Every planner path that creates or changes a post (queue, recurring series and their "all
// future" edits, bulk change of network and move, CSV import preview and import) refuses what the
// network's rules refuse, exactly as createPost does (worker/services/posts/rules.ts), and still
// accepts valid posts.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { measurePost } from "../../platforms/validation";
import { addDays, dateInZone, localDateTimeToUtc } from "../../schema/api/campaign-schedule";
import type { BulkResponse, SeriesResponse } from "../../schema/api/planner";
import type { ImportResponse } from "../../schema/api/post-import";
import type { Post } from "../../schema/api/posts";
import { checkImport, importPosts } from "../../worker/services/planner/import";
import { expectError, json, serviceCtx, signIn } from "./helpers";
import { connectAccount, insertPost } from "./posts-fixtures";

const ZONE = "Europe/Berlin";
const TOO_LONG_X = "Too long for X (Twitter): 281/280 characters as X counts them, hashtags included";
const NEEDS_IMAGE = "Instagram requires an image. Please attach an image to this post.";

/** Text X weighs at `weight` (an emoji counts 2, any URL 23) while its UTF-16 length stays under 280. */
function xText(weight: number): string {
  const text = `🎉 https://example.com/a ${"a".repeat(weight - 27)}`;
  expect(measurePost("twitter", text, [])!.length).toBe(weight);
  expect(text.length).toBeLessThan(280);
  return text;
}

async function ok<T>(res: Response, status = 200): Promise<T> {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

async function postCount(projectId: string): Promise<number> {
  const row = await env.DB.prepare("select count(*) as n from posts where project_id = ?").bind(projectId).first<{ n: number }>();
  return row!.n;
}

describe("planner paths use the networks' rules", () => {
  it("Add to queue refuses an X post of 281 weighted characters and an Instagram post without an image, and queues a valid one", async () => {
    const u = await signIn();
    await connectAccount(u.projectId, "twitter");
    await connectAccount(u.projectId, "instagram");
    await ok(
      await json(u, "PUT", `/api/projects/${u.projectId}/slots`, {
        time_zone: ZONE,
        slots: [1, 2, 3, 4, 5].flatMap((weekday) => [
          { platform: "twitter", weekday, time: "09:00" },
          { platform: "instagram", weekday, time: "10:00" },
        ]),
      }),
    );
    const long = await expectError(await json(u, "POST", `/api/projects/${u.projectId}/queue`, { content: xText(281), platform: "twitter" }), 400);
    expect(long.message).toBe(TOO_LONG_X);
    expect(long.fields).toEqual({ content: TOO_LONG_X });
    const noImage = await expectError(await json(u, "POST", `/api/projects/${u.projectId}/queue`, { content: "Gallery day", platform: "instagram" }), 400);
    expect(noImage.message).toBe(NEEDS_IMAGE);
    expect(await postCount(u.projectId)).toBe(0);

    const queued = await ok<Post>(await json(u, "POST", `/api/projects/${u.projectId}/queue`, { content: xText(280), platform: "twitter" }), 201);
    expect(queued.status).toBe("scheduled");
    expect(await postCount(u.projectId)).toBe(1);
  });

  it("a recurring series and its all-future edit refuse what the network refuses and change nothing", async () => {
    const u = await signIn();
    await connectAccount(u.projectId, "twitter");
    await connectAccount(u.projectId, "instagram");
    const start = addDays(dateInZone(Date.now(), ZONE), 2);
    const recurrence = { start_date: start, time: "10:15", time_zone: ZONE, every: 1, unit: "week", count: 3 };
    const long = await expectError(await json(u, "POST", `/api/projects/${u.projectId}/series`, { content: xText(281), platform: "twitter", recurrence }), 400);
    expect(long.message).toBe(TOO_LONG_X);
    const noImage = await expectError(
      await json(u, "POST", `/api/projects/${u.projectId}/series`, { content: "Weekly gallery", platform: "instagram", recurrence }),
      400,
    );
    expect(noImage.message).toBe(NEEDS_IMAGE);
    expect(await postCount(u.projectId)).toBe(0);

    const series = await ok<SeriesResponse>(
      await json(u, "POST", `/api/projects/${u.projectId}/series`, { content: xText(280), platform: "twitter", recurrence }),
      201,
    );
    expect(series.posts).toHaveLength(3);
    // "All future" with hashtags that push it over X's limit: refused, no occurrence changed.
    const over = await expectError(await json(u, "PATCH", `/api/posts/${series.posts[1]!.id}/series`, { hashtags: ["more"], time_zone: ZONE }), 400);
    expect(over.message).toBe("Too long for X (Twitter): 287/280 characters as X counts them, hashtags included");
    const rows = await env.DB.prepare("select hashtags from posts where series_id = ?").bind(series.series_id).all<{ hashtags: string }>();
    expect(rows.results.map((r) => r.hashtags)).toEqual(["[]", "[]", "[]"]);
    const fine = await ok<{ updated: number }>(
      await json(u, "PATCH", `/api/posts/${series.posts[1]!.id}/series`, { content: "Shorter now", hashtags: ["more"], time_zone: ZONE }),
    );
    expect(fine.updated).toBe(2);
  });

  it("bulk change of network skips posts the new network refuses (weighted length, image) and moves the others", async () => {
    const u = await signIn();
    const t = localDateTimeToUtc(addDays(dateInZone(Date.now(), ZONE), 3), "18:45", ZONE)!;
    const long = await insertPost(u.projectId, { platform: "linkedin", scheduledFor: t, content: xText(281) });
    const short = await insertPost(u.projectId, { platform: "linkedin", scheduledFor: t + 60_000, content: xText(280) });
    const toX = await ok<BulkResponse>(
      await json(u, "POST", `/api/projects/${u.projectId}/posts/bulk`, { ids: [long, short], action: "platform", platform: "twitter" }),
    );
    expect(toX).toEqual({ changed: 1, skipped: 1 });
    const platforms = await env.DB.prepare("select id, platform from posts where project_id = ?").bind(u.projectId).all<{ id: string; platform: string }>();
    expect(Object.fromEntries(platforms.results.map((r) => [r.id, r.platform]))).toEqual({ [long]: "linkedin", [short]: "twitter" });
    // Instagram needs an image: neither post has one.
    const toInstagram = await ok<BulkResponse>(
      await json(u, "POST", `/api/projects/${u.projectId}/posts/bulk`, { ids: [long, short], action: "platform", platform: "instagram" }),
    );
    expect(toInstagram).toEqual({ changed: 0, skipped: 2 });
  });

  it("bulk move skips a post whose new day is already at Instagram's daily cap", async () => {
    const u = await signIn();
    const day = addDays(dateInZone(Date.now(), ZONE), 4);
    const full = localDateTimeToUtc(addDays(day, 1), "12:00", ZONE)!;
    for (let i = 0; i < 50; i++) await insertPost(u.projectId, { platform: "instagram", scheduledFor: full + i * 60_000, content: `Full day ${i}` });
    const li = await insertPost(u.projectId, { platform: "linkedin", scheduledFor: localDateTimeToUtc(day, "12:10", ZONE)!, content: "LinkedIn has no cap" });
    const ig = await insertPost(u.projectId, { platform: "instagram", scheduledFor: localDateTimeToUtc(day, "12:10", ZONE)!, content: "Would be the 51st" });
    const moved = await ok<BulkResponse>(
      await json(u, "POST", `/api/projects/${u.projectId}/posts/bulk`, { ids: [li, ig], action: "move", days: 1, time_zone: ZONE }),
    );
    expect(moved).toEqual({ changed: 1, skipped: 1 });
    const igRow = await env.DB.prepare("select scheduled_for from posts where id = ?").bind(ig).first<{ scheduled_for: number }>();
    expect(dateInZone(igRow!.scheduled_for, ZONE)).toBe(day);
  });

  it("CSV preview and import refuse an Instagram row without an image, an X row of 281 weighted characters and rows past the daily cap", async () => {
    const u = await signIn();
    await connectAccount(u.projectId, "twitter");
    await connectAccount(u.projectId, "instagram");
    const future = addDays(dateInZone(Date.now(), ZONE), 5);
    const at = localDateTimeToUtc(future, "08:00", ZONE)!;
    for (let i = 0; i < 49; i++)
      await insertPost(u.projectId, { platform: "instagram", scheduledFor: at + i * 60_000, content: `Already ${i}`, mediaUrl: "http://localhost/media/x" });
    const fakes = new URL(env.FAKES_URL);
    const image = `${env.FAKES_URL}/web/photo.png`;
    const cell = { hashtags: "", time_zone: "", image_url: "" };
    const rows = [
      { ...cell, content: xText(281), network: "X", date: future, time: "09:00" },
      { ...cell, content: xText(280), network: "X", date: future, time: "09:30" },
      { ...cell, content: "Gallery day", network: "instagram", date: future, time: "10:00" },
      { ...cell, content: "Fiftieth of the day", network: "instagram", date: future, time: "10:30", image_url: image },
      { ...cell, content: "Fifty-first of the day", network: "instagram", date: future, time: "11:00", image_url: image },
    ];
    const expected = [false, true, false, true, false];
    const check = (res: ImportResponse) => {
      expect(res.results.map((r) => r.ok)).toEqual(expected);
      expect(res.results[0]!.errors).toEqual([TOO_LONG_X]);
      expect(res.results[2]!.errors).toEqual([`${NEEDS_IMAGE} (add an image_url to this row)`]);
      expect(res.results[4]!.errors).toEqual([
        "Instagram publishes at most 50 posts per account in 24 hours, and 50 are already scheduled within 24 hours of this time. Please choose another time.",
      ]);
      expect(res.results[4]!.scheduled_for).toBeNull();
    };
    // The fakes' host is allowed for image URLs only outside the route's own env.
    const withFakes = { ...env, SCRAPE_ALLOW_HOSTS: fakes.host };
    const preview = await checkImport(serviceCtx(u, withFakes), u.projectId, { time_zone: ZONE, first_row: 1, rows });
    check(preview);
    expect(await postCount(u.projectId)).toBe(49);

    const res = await importPosts(serviceCtx(u, withFakes), u.projectId, { time_zone: ZONE, first_row: 1, rows }, { origin: "http://localhost" });
    check(res);
    expect(res.created).toBe(2);
    const created = await env.DB.prepare("select content from posts where project_id = ? and content not like 'Already %' order by content")
      .bind(u.projectId)
      .all<{ content: string }>();
    expect(created.results.map((r) => r.content)).toEqual(["Fiftieth of the day", xText(280)]);
  });
});
