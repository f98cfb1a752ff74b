import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { localDateTimeToUtc, addDays, dateInZone, timeInZone } from "../../schema/api/campaign-schedule";
import type { BulkResponse, SeriesResponse, SeriesUpdateResponse, SlotsResponse } from "../../schema/api/planner";
import type { ImportResponse } from "../../schema/api/post-import";
import type { Post } from "../../schema/api/posts";
import { importPosts } from "../../worker/services/planner/import";
import { call, expectError, json, serviceCtx, signIn } from "./helpers";
import { connectAccount, insertPost } from "./posts-fixtures";

const ZONE = "America/New_York";

async function ok<T>(res: Response, status = 200): Promise<T> {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

describe("posting schedule and queue", () => {
  it("stores the weekly slots and queues posts into the next free ones, in the user's zone", async () => {
    const u = await signIn();
    await connectAccount(u.projectId, "twitter");
    const empty = await ok<SlotsResponse>(await json(u, "GET", `/api/projects/${u.projectId}/slots`));
    expect(empty.slots).toEqual([]);
    const noSlot = await expectError(await json(u, "POST", `/api/projects/${u.projectId}/queue`, { content: "Hello", platform: "twitter" }), 400);
    // The network by its registry name, never its id (decision 291).
    expect(noSlot.message).toBe("No free time slot for X (Twitter) in your posting schedule. Add slots in Settings → Posting schedule.");

    const put = await ok<SlotsResponse>(
      await json(u, "PUT", `/api/projects/${u.projectId}/slots`, {
        time_zone: ZONE,
        slots: [
          { platform: "twitter", weekday: 1, time: "09:00" },
          { platform: "twitter", weekday: 3, time: "09:00" },
          { platform: "twitter", weekday: 3, time: "09:00" },
          { platform: "linkedin", weekday: 5, time: "12:30" },
        ],
      }),
    );
    expect(put.time_zone).toBe(ZONE);
    expect(put.slots).toHaveLength(3);

    const first = await ok<Post>(await json(u, "POST", `/api/projects/${u.projectId}/queue`, { content: "First in line", platform: "twitter" }), 201);
    const second = await ok<Post>(await json(u, "POST", `/api/projects/${u.projectId}/queue`, { content: "Second in line", platform: "twitter" }), 201);
    for (const p of [first, second]) {
      const at = Date.parse(p.scheduled_for);
      expect(at).toBeGreaterThan(Date.now());
      expect(timeInZone(at, ZONE)).toBe("09:00");
      expect([1, 3]).toContain(new Date(`${dateInZone(at, ZONE)}T00:00:00Z`).getUTCDay());
      expect(p.status).toBe("scheduled");
    }
    expect(Date.parse(second.scheduled_for)).toBeGreaterThan(Date.parse(first.scheduled_for));

    // The campaign creator's preview: the next two twitter slots after the two taken ones.
    const preview = await ok<{ slots: (string | null)[] }>(
      await json(u, "POST", `/api/projects/${u.projectId}/queue/slots`, { platforms: ["twitter", "twitter", "instagram"] }),
    );
    expect(preview.slots[0]! > second.scheduled_for).toBe(true);
    expect(preview.slots[1]! > preview.slots[0]!).toBe(true);
    expect(preview.slots[2]).toBeNull();

    const bad = await expectError(await json(u, "PUT", `/api/projects/${u.projectId}/slots`, { time_zone: "Mars/Olympus", slots: [] }), 400);
    expect(bad.message).toBe("Unknown time zone");
    const stranger = await signIn();
    await expectError(await json(stranger, "GET", `/api/projects/${u.projectId}/slots`), 404);
  });
});

describe("recurring posts", () => {
  it("creates each occurrence as its own post, and edits this and all future ones", async () => {
    const u = await signIn();
    await connectAccount(u.projectId, "twitter");
    const start = addDays(dateInZone(Date.now(), ZONE), 2);
    const series = await ok<SeriesResponse>(
      await json(u, "POST", `/api/projects/${u.projectId}/series`, {
        content: "Tip of the week",
        platform: "twitter",
        hashtags: ["tips"],
        recurrence: { start_date: start, time: "10:15", time_zone: ZONE, every: 1, unit: "week", count: 4 },
      }),
      201,
    );
    expect(series.posts).toHaveLength(4);
    series.posts.forEach((p, i) => {
      expect(p.series_id).toBe(series.series_id);
      expect(p.scheduled_for).toBe(new Date(localDateTimeToUtc(addDays(start, i * 7), "10:15", ZONE)!).toISOString());
    });
    // "This one": a plain edit of the second occurrence.
    const one = await ok<Post>(await json(u, "PATCH", `/api/posts/${series.posts[1]!.id}`, { content: "Only this week" }));
    expect(one.content).toBe("Only this week");
    // "All future" from the third: the third and fourth change, the first two do not.
    const future = await ok<SeriesUpdateResponse>(
      await json(u, "PATCH", `/api/posts/${series.posts[2]!.id}/series`, { content: "New tip format", time: "08:00", time_zone: ZONE }),
    );
    expect(future.updated).toBe(2);
    const list = await ok<Post[]>(await json(u, "GET", `/api/projects/${u.projectId}/posts`));
    const bySeries = list.filter((p) => p.series_id === series.series_id).sort((a, b) => a.scheduled_for.localeCompare(b.scheduled_for));
    expect(bySeries.map((p) => p.content)).toEqual(["Tip of the week", "Only this week", "New tip format", "New tip format"]);
    expect(bySeries.map((p) => timeInZone(Date.parse(p.scheduled_for), ZONE))).toEqual(["10:15", "10:15", "08:00", "08:00"]);

    const noEnd = await expectError(
      await json(u, "POST", `/api/projects/${u.projectId}/series`, {
        content: "x",
        recurrence: { start_date: start, time: "10:00", time_zone: ZONE, every: 1, unit: "day" },
      }),
      400,
    );
    expect(noEnd.message).toBe("Choose an end date or a number of times");
    const past = await expectError(
      await json(u, "POST", `/api/projects/${u.projectId}/series`, {
        content: "x",
        recurrence: { start_date: "2020-01-01", time: "10:00", time_zone: ZONE, every: 1, unit: "day", count: 3 },
      }),
      400,
    );
    expect(past.message).toBe("The first post must be in the future");
  });
});

describe("bulk actions", () => {
  it("moves by N days keeping the local time, changes the network, and deletes, skipping published posts", async () => {
    const u = await signIn();
    const t = localDateTimeToUtc(addDays(dateInZone(Date.now(), ZONE), 3), "18:45", ZONE)!;
    const a = await insertPost(u.projectId, { scheduledFor: t, content: "short" });
    const b = await insertPost(u.projectId, { platform: "linkedin", scheduledFor: t + 3600_000, content: "x".repeat(270), hashtags: ["abcdefghijkl"] });
    const pub = await insertPost(u.projectId, { scheduledFor: t, status: "published", platformPostId: "p1" });
    const moved = await ok<BulkResponse>(
      await json(u, "POST", `/api/projects/${u.projectId}/posts/bulk`, { ids: [a, b, pub], action: "move", days: 10, time_zone: ZONE }),
    );
    expect(moved).toEqual({ changed: 2, skipped: 1 });
    const aRow = await env.DB.prepare("select scheduled_for from posts where id = ?").bind(a).first<{ scheduled_for: number }>();
    expect(timeInZone(aRow!.scheduled_for, ZONE)).toBe("18:45");
    expect(dateInZone(aRow!.scheduled_for, ZONE)).toBe(addDays(dateInZone(t, ZONE), 10));

    // LinkedIn's 3,000 fit both; X's 280 does not fit b (270 + " #abcdefghijkl").
    const toLinkedIn = await ok<BulkResponse>(
      await json(u, "POST", `/api/projects/${u.projectId}/posts/bulk`, { ids: [a, b], action: "platform", platform: "linkedin" }),
    );
    expect(toLinkedIn.changed).toBe(2);
    const back = await ok<BulkResponse>(
      await json(u, "POST", `/api/projects/${u.projectId}/posts/bulk`, { ids: [a, b], action: "platform", platform: "twitter" }),
    );
    expect(back).toEqual({ changed: 1, skipped: 1 });

    const other = await signIn();
    await expectError(await json(other, "POST", `/api/projects/${other.projectId}/posts/bulk`, { ids: [a], action: "delete" }), 404);
    const del = await ok<BulkResponse>(await json(u, "POST", `/api/projects/${u.projectId}/posts/bulk`, { ids: [a, b, pub], action: "delete" }));
    expect(del.changed).toBe(3);
    const left = await env.DB.prepare("select count(*) as n from posts where project_id = ?").bind(u.projectId).first<{ n: number }>();
    expect(left!.n).toBe(0);
    await expectError(await json(u, "POST", `/api/projects/${u.projectId}/posts/bulk`, { ids: [a], action: "move" }), 400);
  });
});

describe("CSV import and export", () => {
  const future = addDays(dateInZone(Date.now(), ZONE), 5);
  const rows = [
    { content: "Morning roast is back", hashtags: "#coffee roast", network: "X", date: future, time: "9:05", time_zone: ZONE },
    { content: "y".repeat(300), network: "twitter", date: future, time: "10:00" },
    { content: "Gallery day", network: "instagram", date: future, time: "11:00", image_url: "http://127.0.0.1:1/p.png" },
    { content: "No time yet", network: "twitter" },
    { content: "Where?", network: "myspace", date: future, time: "25:00", time_zone: "Nowhere/City" },
  ];

  it("previews each row's result by the network's rules without storing anything", async () => {
    const u = await signIn();
    await connectAccount(u.projectId, "twitter");
    const res = await ok<ImportResponse>(await json(u, "POST", `/api/projects/${u.projectId}/import/check`, { time_zone: ZONE, rows }));
    expect(res.results.map((r) => r.ok)).toEqual([true, false, false, true, false]);
    expect(res.results[0]!.scheduled_for).toBe(new Date(localDateTimeToUtc(future, "09:05", ZONE)!).toISOString());
    expect(res.results[1]!.errors[0]).toBe("Too long for X (Twitter): 300/280 characters as X counts them, hashtags included");
    expect(res.results[2]!.errors).toEqual(expect.arrayContaining(["Please connect an Instagram account first", "Image URL: This address cannot be fetched"]));
    expect(res.results[3]!.scheduled_for).toBeNull();
    expect(res.results[4]!.errors).toEqual(expect.arrayContaining([expect.stringMatching(/Unknown network "myspace"/), 'Unknown time zone "Nowhere/City"']));
    const n = await env.DB.prepare("select count(*) as n from posts where project_id = ?").bind(u.projectId).first<{ n: number }>();
    expect(n!.n).toBe(0);
  });

  it("imports only the valid rows (a draft without a time), fetches image URLs through the upload checks, and exports a range", async () => {
    const u = await signIn();
    await connectAccount(u.projectId, "twitter");
    await connectAccount(u.projectId, "instagram");
    const fakes = new URL(env.FAKES_URL);
    const withFakes = { ...env, SCRAPE_ALLOW_HOSTS: fakes.host };
    const input = {
      time_zone: ZONE,
      first_row: 1,
      rows: [
        ...rows.map((r) => ({ hashtags: "", date: "", time: "", time_zone: "", image_url: "", ...r })),
        {
          content: "Photo of the day",
          hashtags: "",
          network: "instagram",
          date: future,
          time: "12:00",
          time_zone: "",
          image_url: `${env.FAKES_URL}/web/photo.png`,
        },
        {
          content: "Not an image",
          hashtags: "",
          network: "instagram",
          date: future,
          time: "12:30",
          time_zone: "",
          image_url: `${env.FAKES_URL}/web/plain.txt`,
        },
      ],
    };
    const res = await importPosts(serviceCtx(u, withFakes), u.projectId, input, { origin: "http://localhost" });
    expect(res.created).toBe(3);
    expect(res.results.filter((r) => r.ok).map((r) => r.row)).toEqual([1, 4, 6]);
    expect(res.results[6]!.errors).toEqual(["Image URL: The link is not an image"]);
    const stored = await env.DB.prepare("select content, status, media_info from posts where project_id = ? order by content")
      .bind(u.projectId)
      .all<{ content: string; status: string; media_info: string | null }>();
    expect(stored.results.map((r) => [r.content, r.status])).toEqual([
      ["Morning roast is back", "scheduled"],
      ["No time yet", "draft"],
      ["Photo of the day", "scheduled"],
    ]);
    const photo = JSON.parse(stored.results[2]!.media_info!) as { url: string; file_type: string };
    expect(photo.file_type).toBe("image/png");
    const media = await call(photo.url);
    expect(media.status).toBe(200);

    const from = new Date(localDateTimeToUtc(future, "00:00", ZONE)!).toISOString();
    const to = new Date(localDateTimeToUtc(addDays(future, 1), "00:00", ZONE)!).toISOString();
    const csv = await call(`/api/projects/${u.projectId}/posts/export?${new URLSearchParams({ from, to, time_zone: ZONE })}`, { headers: u.headers });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/text\/csv/);
    const text = await csv.text();
    const lines = text.trim().split("\r\n");
    expect(lines[0]).toBe("content,hashtags,network,date,time,time_zone,image_url,status");
    expect(lines[1]).toBe(`Morning roast is back,#coffee #roast,twitter,${future},09:05,${ZONE},,scheduled`);
    expect(lines[2]).toMatch(
      new RegExp(`^Photo of the day,,instagram,${future},12:00,${ZONE.replace("/", "\\/")},http://localhost/media/[A-Za-z0-9_-]+,scheduled$`),
    );
    expect(lines).toHaveLength(3);
  });
});
