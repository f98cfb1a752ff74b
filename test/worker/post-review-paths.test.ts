// Decision 235: with approvals on, every path that creates or changes posts sends an Editor's posts
// to review (Create Post is covered in team.test.ts): a campaign save, the queue, a series and its
// "all future" edit, CSV import, bulk moves and network changes, and the public API. The Owner's
// own posts stay Scheduled unless the second setting is on. Decision 239: post events are logged.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addDays, campaignSchedule, dateInZone } from "../../schema/api/campaign-schedule";
import type { CampaignWithPosts } from "../../schema/api/campaigns";
import type { BulkResponse, SeriesResponse, SeriesUpdateResponse } from "../../schema/api/planner";
import type { ImportResponse } from "../../schema/api/post-import";
import type { Post } from "../../schema/api/posts";
import { sweepOldActivity } from "../../worker/jobs/activity-sweep-cron";
import { createKey, v1 } from "./api-key-helpers";
import { json, signIn, type TestUser } from "./helpers";
import { connectAccount, insertPost } from "./posts-fixtures";
import { memberOf } from "./team-helpers";

const ZONE = "Europe/Berlin";
const day = (offset: number) => addDays(dateInZone(Date.now(), ZONE), offset);

async function ok<T>(res: Response, status = 200): Promise<T> {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** An Owner whose project needs approvals (a connected Twitter account) and an Editor of it. */
async function team(opts: { ownerPostsNeedReview?: boolean } = {}) {
  const owner = await signIn();
  await connectAccount(owner.projectId, "twitter");
  await ok(await json(owner, "PATCH", `/api/projects/${owner.projectId}`, { approvals_required: true, owner_posts_need_review: !!opts.ownerPostsNeedReview }));
  const editor = await memberOf(owner.projectId, "editor");
  return { owner, editor, projectId: owner.projectId };
}

const statuses = async (ids: string[]) => {
  const out: string[] = [];
  for (const id of ids) out.push((await env.DB.prepare("select status from posts where id = ?").bind(id).first<{ status: string }>())!.status);
  return out;
};

const activity = async (user: TestUser, projectId: string) =>
  (await ok<{ actor: string; action: string; subject: string }[]>(await json(user, "GET", `/api/projects/${projectId}/activity`))).map(
    (a) => `${a.actor} ${a.action} ${a.subject}`,
  );

function campaignBody(count: number) {
  const start = day(3);
  const times = campaignSchedule({ count, duration: 2, startDate: start, startTime: "09:00", timeZone: ZONE });
  return {
    prompt: "Launch week",
    post_count: count,
    duration: 2,
    platforms: ["twitter"],
    start_date: start,
    start_time: "09:00",
    time_zone: ZONE,
    posts: times.map((t, i) => ({ content: `Launch post ${i + 1}`, hashtags: [], platform: "twitter", scheduled_for: new Date(t).toISOString() })),
  };
}

describe("every path sends an Editor's posts to review", () => {
  it("a campaign save: the Editor's posts are In review, the Owner's Scheduled; the log says which", async () => {
    const { owner, editor, projectId } = await team();
    const byEditor = await ok<CampaignWithPosts>(await json(editor, "POST", `/api/projects/${projectId}/campaigns`, campaignBody(3)), 201);
    expect(await statuses(byEditor.posts.map((p) => p.id))).toEqual(["in_review", "in_review", "in_review"]);
    const byOwner = await ok<CampaignWithPosts>(await json(owner, "POST", `/api/projects/${projectId}/campaigns`, campaignBody(2)), 201);
    expect(await statuses(byOwner.posts.map((p) => p.id))).toEqual(["scheduled", "scheduled"]);
    const log = await activity(owner, projectId);
    expect(log).toEqual(expect.arrayContaining([`${editor.email} submitted a campaign for review: 3 posts`, `${owner.email} created a campaign: 2 posts`]));
  });

  it("with the second setting on, the Owner's campaign waits too", async () => {
    const { owner, projectId } = await team({ ownerPostsNeedReview: true });
    const saved = await ok<CampaignWithPosts>(await json(owner, "POST", `/api/projects/${projectId}/campaigns`, campaignBody(2)), 201);
    expect(await statuses(saved.posts.map((p) => p.id))).toEqual(["in_review", "in_review"]);
  });

  it("the queue: an Editor's queued post is In review in its slot", async () => {
    const { owner, editor, projectId } = await team();
    await ok(
      await json(editor, "PUT", `/api/projects/${projectId}/slots`, {
        time_zone: ZONE,
        slots: [
          { platform: "twitter", weekday: 1, time: "09:00" },
          { platform: "twitter", weekday: 4, time: "09:00" },
        ],
      }),
    );
    const queued = await ok<Post>(
      await json(editor, "POST", `/api/projects/${projectId}/queue`, { content: "Queued by the editor", platform: "twitter" }),
      201,
    );
    expect(queued.status).toBe("in_review");
    expect(await statuses([queued.id])).toEqual(["in_review"]);
    const mine = await ok<Post>(await json(owner, "POST", `/api/projects/${projectId}/queue`, { content: "Queued by the owner", platform: "twitter" }), 201);
    expect(mine.status).toBe("scheduled");
    expect(await activity(owner, projectId)).toEqual(
      expect.arrayContaining([`${editor.email} submitted for review "Queued by the editor"`, `${owner.email} scheduled "Queued by the owner"`]),
    );
  });

  it("a series and its 'all future' edit: an Editor's occurrences go In review, including the Owner's approved ones", async () => {
    const { owner, editor, projectId } = await team();
    const recurrence = { start_date: day(2), time: "10:00", time_zone: ZONE, every: 1, unit: "week", count: 3 };
    const own = await ok<SeriesResponse>(
      await json(owner, "POST", `/api/projects/${projectId}/series`, { content: "Weekly tip", platform: "twitter", recurrence }),
      201,
    );
    expect(await statuses(own.posts.map((p) => p.id))).toEqual(["scheduled", "scheduled", "scheduled"]);
    const edited = await ok<SeriesUpdateResponse>(
      await json(editor, "PATCH", `/api/posts/${own.posts[1]!.id}/series`, { content: "Weekly tip, new format", time_zone: ZONE }),
    );
    expect(edited.updated).toBe(2);
    expect(await statuses(own.posts.map((p) => p.id))).toEqual(["scheduled", "in_review", "in_review"]);
    const theirs = await ok<SeriesResponse>(
      await json(editor, "POST", `/api/projects/${projectId}/series`, { content: "Editor's weekly", platform: "twitter", recurrence }),
      201,
    );
    expect(theirs.posts.map((p) => p.status)).toEqual(["in_review", "in_review", "in_review"]);
  });

  it("CSV import: rows with a time are In review, rows without one stay drafts", async () => {
    const { editor, projectId } = await team();
    const res = await ok<ImportResponse>(
      await json(editor, "POST", `/api/projects/${projectId}/import`, {
        time_zone: ZONE,
        first_row: 1,
        rows: [
          { content: "Imported with a time", network: "twitter", date: day(4), time: "09:00", hashtags: "", time_zone: "", image_url: "" },
          { content: "Imported without one", network: "twitter", date: "", time: "", hashtags: "", time_zone: "", image_url: "" },
        ],
      }),
    );
    expect(res.created).toBe(2);
    expect(await statuses(res.results.map((r) => r.post_id!))).toEqual(["in_review", "draft"]);
  });

  it("bulk actions: an Editor's move or network change sends scheduled posts to review; an Owner's move keeps a post In review (moving is not approving)", async () => {
    const { owner, editor, projectId } = await team();
    const at = Date.now() + 5 * 86_400_000;
    const a = await insertPost(projectId, { scheduledFor: at });
    const b = await insertPost(projectId, { scheduledFor: at + 3_600_000 });
    const moved = await ok<BulkResponse>(
      await json(editor, "POST", `/api/projects/${projectId}/posts/bulk`, { ids: [a], action: "move", days: 1, time_zone: ZONE }),
    );
    expect(moved.changed).toBe(1);
    expect(await statuses([a, b])).toEqual(["in_review", "scheduled"]);
    await ok<BulkResponse>(await json(editor, "POST", `/api/projects/${projectId}/posts/bulk`, { ids: [b], action: "platform", platform: "twitter" }));
    expect(await statuses([b])).toEqual(["in_review"]);
    const back = await ok<BulkResponse>(
      await json(owner, "POST", `/api/projects/${projectId}/posts/bulk`, { ids: [a], action: "move", days: -1, time_zone: ZONE }),
    );
    expect(back.changed).toBe(1);
    expect(await statuses([a])).toEqual(["in_review"]);
    // Posts In review can be deleted in bulk too.
    const del = await ok<BulkResponse>(await json(editor, "POST", `/api/projects/${projectId}/posts/bulk`, { ids: [a, b], action: "delete" }));
    expect(del.changed).toBe(2);
    expect(await activity(owner, projectId)).toEqual(
      expect.arrayContaining([`${editor.email} moved (for review) 1 post`, `${owner.email} moved 1 post`, `${editor.email} deleted 2 posts`]),
    );
  });

  it("the public API: a post created with an Editor's key is In review", async () => {
    const { editor, projectId } = await team();
    const key = await createKey(editor, { project_id: projectId });
    const made = await ok<{ data: Post[] }>(
      await v1(key.key, "POST", `/api/v1/projects/${projectId}/posts`, {
        content: "From the API",
        networks: ["twitter"],
        scheduled_for: new Date(Date.now() + 86_400_000).toISOString(),
        mode: "schedule",
      }),
      201,
    );
    expect(made.data.map((p) => p.status)).toEqual(["in_review"]);
    // "Publish now" does not skip the review.
    const now = await ok<{ data: Post[] }>(
      await v1(key.key, "POST", `/api/v1/projects/${projectId}/posts`, { content: "Right now", networks: ["twitter"], mode: "now" }),
      201,
    );
    expect(await statuses(now.data.map((p) => p.id))).toEqual(["in_review"]);
  });
});

describe("activity of post events", () => {
  it("logs creating, editing and deleting a post with who did it; the hourly sweep removes entries past 90 days only", async () => {
    const owner = await signIn();
    await connectAccount(owner.projectId, "twitter");
    const post = await ok<Post>(
      await json(owner, "POST", `/api/projects/${owner.projectId}/posts`, {
        content: "Hello world",
        platform: "twitter",
        scheduled_for: new Date(Date.now() + 86_400_000).toISOString(),
        mode: "schedule",
      }),
      201,
    );
    await ok(await json(owner, "PATCH", `/api/posts/${post.id}`, { content: "Hello again" }));
    expect((await json(owner, "DELETE", `/api/posts/${post.id}`)).status).toBe(204);
    expect((await activity(owner, owner.projectId)).slice(0, 3)).toEqual([
      `${owner.email} deleted "Hello again"`,
      `${owner.email} edited "Hello again"`,
      `${owner.email} scheduled "Hello world"`,
    ]);

    const old = Date.now() - 91 * 86_400_000;
    await env.DB.prepare(
      "insert into activity_log (id, project_id, user_id, actor_name, action, subject, created_at) values (?, ?, null, 'x', 'old', 'old', ?)",
    )
      .bind(crypto.randomUUID(), owner.projectId, old)
      .run();
    const count = async () =>
      (await env.DB.prepare("select count(*) as n from activity_log where project_id = ?").bind(owner.projectId).first<{ n: number }>())!.n;
    const before = await count();
    // Not on the hour: nothing is swept.
    expect(await sweepOldActivity(env, Date.UTC(2026, 0, 1, 10, 7))).toBe(false);
    expect(await count()).toBe(before);
    expect(await sweepOldActivity(env, Math.floor(Date.now() / 3_600_000) * 3_600_000)).toBe(true);
    expect(await count()).toBe(before - 1);
    expect(await activity(owner, owner.projectId)).toContain(`${owner.email} scheduled "Hello world"`);
  });
});

describe("comment counts for the calendar's cards", () => {
  it("counts each post's comments and decisions in the range, for members only; a bad range is a 400", async () => {
    const owner = await signIn();
    const reviewer = await memberOf(owner.projectId, "reviewer");
    const stranger = await signIn();
    const at = Date.now() + 2 * 86_400_000;
    const a = await insertPost(owner.projectId, { scheduledFor: at });
    await insertPost(owner.projectId, { scheduledFor: at + 60_000 });
    const later = await insertPost(owner.projectId, { scheduledFor: at + 40 * 86_400_000 });
    for (const [user, id] of [
      [owner, a],
      [reviewer, a],
      [reviewer, later],
    ] as const)
      expect((await json(user, "POST", `/api/posts/${id}/comments`, { body: "A thought" })).status).toBe(201);
    const range = `from=${encodeURIComponent(new Date(at - 86_400_000).toISOString())}&to=${encodeURIComponent(new Date(at + 86_400_000).toISOString())}`;
    const path = `/api/projects/${owner.projectId}/comment-counts?${range}`;
    // The second post has none and is left out; `later` is outside the range.
    expect(await ok<{ counts: Record<string, number> }>(await json(reviewer, "GET", path))).toEqual({ counts: { [a]: 2 } });
    expect((await json(stranger, "GET", path)).status).toBe(404);
    const reversed = `/api/projects/${owner.projectId}/comment-counts?from=${encodeURIComponent(new Date(at).toISOString())}&to=${encodeURIComponent(new Date(at - 1000).toISOString())}`;
    const bad = await json(owner, "GET", reversed);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields.from).toBe("The start of the range must be before its end");
  });
});
