// docs/architecture.md budget: a signed-in read costs at most 2 D1 round trips. The calendar week and the
// dashboard (and the full post list) send the session check, the ownership probe and their data in one batch (decision 162). Each route runs through the whole Worker with a DB binding that
// counts trips (d1-counter.ts). The counts are printed for `npm run bench` (D1_ROUND_TRIPS line).
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../worker/index";
import type { Env } from "../../worker/env";
import { countingD1 } from "./d1-counter";
import { ORIGIN, signIn, type TestUser } from "./helpers";
import { insertPost } from "./posts-fixtures";

const DAY = 86_400_000;
let owner: TestUser;
let stranger: TestUser;
let postId: string;
const counts: Record<string, number> = {};

async function trips(path: string, user: TestUser | null) {
  const counter = countingD1(env.DB);
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(new URL(path, ORIGIN), { headers: user ? { cookie: user.cookie } : {} }),
    { ...(env as Env), DB: counter.db },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  const body = (await res.json()) as unknown;
  return { status: res.status, body, trips: counter.trips, log: counter.log };
}

function week() {
  const sunday = new Date();
  sunday.setUTCHours(0, 0, 0, 0);
  sunday.setUTCDate(sunday.getUTCDate() - sunday.getUTCDay());
  const to = new Date(sunday.getTime() + 7 * DAY);
  return { from: sunday.getTime(), to: to.getTime(), query: `from=${encodeURIComponent(sunday.toISOString())}&to=${encodeURIComponent(to.toISOString())}` };
}

beforeAll(async () => {
  owner = await signIn();
  stranger = await signIn();
  const { from } = week();
  postId = await insertPost(owner.projectId, { scheduledFor: from + DAY + 3_600_000, status: "scheduled", content: "In this week" });
  await insertPost(owner.projectId, { scheduledFor: from - 3 * DAY, status: "published", content: "Last week" });
  await insertPost(owner.projectId, { scheduledFor: Date.now() + 2 * DAY, status: "scheduled", content: "Upcoming" });
});

describe("D1 round trips per signed-in read", () => {
  it("calendar week: at most 2 (session, ownership and posts in one batch), with the week's posts", async () => {
    // The calendar page's read (decision 171): rows of [id, platform, content, ...].
    const r = await trips(`/api/projects/${owner.projectId}/calendar?${week().query}`, owner);
    expect(r.status).toBe(200);
    const contents = (r.body as { posts: [string, string, string][] }).posts.map((row) => row[2]);
    expect(contents).toContain("In this week");
    expect(contents).not.toContain("Last week");
    counts["calendar week"] = r.trips;
    expect(r.trips, r.log.join("\n")).toBeLessThanOrEqual(2);
  });

  it("the post list of the week: at most 2, with the week's posts", async () => {
    const r = await trips(`/api/projects/${owner.projectId}/posts?${week().query}`, owner);
    expect(r.status).toBe(200);
    expect((r.body as { id: string; content: string }[]).map((p) => p.content)).toContain("In this week");
    expect((r.body as { content: string }[]).map((p) => p.content)).not.toContain("Last week");
    counts["post list (week)"] = r.trips;
    expect(r.trips, r.log.join("\n")).toBeLessThanOrEqual(2);
  });

  it("dashboard: at most 2, with its figures", async () => {
    const r = await trips(`/api/projects/${owner.projectId}/dashboard`, owner);
    expect(r.status).toBe(200);
    expect((r.body as { total_posts: number }).total_posts).toBe(3);
    counts.dashboard = r.trips;
    expect(r.trips, r.log.join("\n")).toBeLessThanOrEqual(2);
  });

  it("another user's project costs no more and answers 404 like a missing one", async () => {
    for (const path of [
      `/api/projects/${owner.projectId}/calendar?${week().query}`,
      `/api/projects/${owner.projectId}/posts?${week().query}`,
      `/api/projects/${owner.projectId}/dashboard`,
    ]) {
      const r = await trips(path, stranger);
      expect(r.status).toBe(404);
      expect(r.trips, r.log.join("\n")).toBeLessThanOrEqual(2);
    }
  });

  it("an unknown or expired session gets 401 from the same batch, a missing cookie before any query", async () => {
    const expired = await signIn();
    await env.DB.prepare("update sessions set expires_at = ? where user_id = ?")
      .bind(Date.now() - 1000, expired.userId)
      .run();
    const unknown = { ...owner, cookie: "bp_session=not-a-session-token-of-anyone" };
    for (const path of [
      `/api/projects/${expired.projectId}/calendar?${week().query}`,
      `/api/projects/${expired.projectId}/posts?${week().query}`,
      `/api/projects/${expired.projectId}/dashboard`,
    ]) {
      for (const who of [expired, unknown]) {
        const r = await trips(path, who);
        expect(r.status).toBe(401);
        expect(r.trips).toBeLessThanOrEqual(1);
      }
      const anonymous = await trips(path, null);
      expect(anonymous.status).toBe(401);
      expect(anonymous.trips).toBe(0);
    }
  });

  it("reports the other signed-in reads (session, projects, one post, social accounts)", async () => {
    const others: [string, string][] = [
      ["/api/auth/session", "session"],
      ["/api/projects", "projects list"],
      [`/api/posts/${postId}`, "one post"],
      [`/api/projects/${owner.projectId}/social-accounts`, "social accounts"],
    ];
    for (const [path, name] of others) {
      const r = await trips(path, owner);
      expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(200);
      counts[name] = r.trips;
    }
    expect(counts.session).toBe(1);
    console.log(`D1_ROUND_TRIPS ${JSON.stringify(counts)}`);
  });
});
