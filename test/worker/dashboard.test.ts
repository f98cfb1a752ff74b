import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, expectError, json, queryPlan, signIn } from "./helpers";
import type { DashboardResponse } from "../../schema/api/campaigns";
import { formatChange, periodChangePercent } from "../../worker/services/analytics/dashboard";
import { insertPost as insertFixturePost, type PostState } from "./posts-fixtures";

const DAY = 86_400_000;

/** A twitter post created now unless the test says when. */
const insertPost = (projectId: string, s: PostState & { scheduledFor: number }) => insertFixturePost(projectId, { createdAt: Date.now(), ...s });

async function dashboard(user: Awaited<ReturnType<typeof signIn>>) {
  const res = await json(user, "GET", `/api/projects/${user.projectId}/dashboard`);
  expect(res.status).toBe(200);
  return (await res.json()) as DashboardResponse;
}

describe("dashboard figures", () => {
  it("is empty for a new project", async () => {
    const user = await signIn();
    expect(await dashboard(user)).toEqual({
      total_posts: 0,
      total_change_percent: null,
      total_change: null,
      scheduled_posts: 0,
      connected_accounts: 0,
      engagement_week: 0,
      engagement_change: null,
      trend_days: 7,
      upcoming: [],
      progress: { brain: false, social: false, posts: false },
    });
  });

  it("counts posts, this week's change against the previous 7 days, scheduled posts, accounts and progress", async () => {
    const user = await signIn();
    const now = Date.now();
    // 3 created in the last 7 days, 2 in the 7 before, 2 older: (3 - 2) / 2 = +50.0%
    for (let i = 0; i < 3; i++) await insertPost(user.projectId, { scheduledFor: now + (i + 1) * DAY, createdAt: now - i * DAY });
    await insertPost(user.projectId, { scheduledFor: now - 8 * DAY, createdAt: now - 9 * DAY, status: "published" });
    await insertPost(user.projectId, { scheduledFor: now - 8 * DAY, createdAt: now - 13 * DAY, status: "failed" });
    await insertPost(user.projectId, { scheduledFor: now - 40 * DAY, createdAt: now - 60 * DAY, status: "published" });
    // Scheduled but in the past (due): counted as scheduled, not upcoming.
    await insertPost(user.projectId, { scheduledFor: now - DAY, createdAt: now - 90 * DAY });
    await env.DB.prepare(
      "insert into social_accounts (id, project_id, platform, account_name, access_token_enc, created_at) values (?, ?, 'twitter', 'acme', 'x', ?)",
    )
      .bind(crypto.randomUUID(), user.projectId, now)
      .run();
    await env.DB.prepare(
      "insert into brain_documents (id, project_id, title, content, type, status, created_at) values (?, ?, 'Doc', 'Text', 'document', 'ready', ?)",
    )
      .bind(crypto.randomUUID(), user.projectId, now)
      .run();
    // Another project's posts never count.
    const other = await signIn();
    await insertPost(other.projectId, { scheduledFor: now + DAY });

    const d = await dashboard(user);
    expect(d.total_posts).toBe(7);
    expect(d.total_change_percent).toBe(50);
    expect(d.total_change).toBe("+50.0%");
    expect(d.scheduled_posts).toBe(4);
    expect(d.connected_accounts).toBe(1);
    expect(d.progress).toEqual({ brain: true, social: true, posts: true });
    expect(d.upcoming).toHaveLength(3);
    expect(d.upcoming.every((p) => p.status === "scheduled" && Date.parse(p.scheduled_for) > now)).toBe(true);
    expect(d.upcoming.map((p) => p.scheduled_for)).toEqual([...d.upcoming.map((p) => p.scheduled_for)].sort());
  });

  it("caps upcoming at the next 10 future scheduled posts in time order", async () => {
    const user = await signIn();
    const now = Date.now();
    const ids: string[] = [];
    for (let i = 15; i >= 1; i--) ids.unshift(await insertPost(user.projectId, { scheduledFor: now + i * 3_600_000 }));
    await insertPost(user.projectId, { scheduledFor: now + 1_800_000, status: "published" });
    const d = await dashboard(user);
    expect(d.upcoming.map((p) => p.id)).toEqual(ids.slice(0, 10));
  });

  it("computes the change percent with one decimal, and none without a previous period", () => {
    expect(periodChangePercent(5, 0)).toBeNull();
    expect(periodChangePercent(0, 0)).toBeNull();
    expect(periodChangePercent(1, 3)).toBe(-66.7);
    expect(periodChangePercent(4, 3)).toBe(33.3);
    expect(periodChangePercent(5, 5)).toBe(0);
    expect(formatChange(12.5)).toBe("+12.5%");
    expect(formatChange(-3)).toBe("-3.0%");
    expect(formatChange(null)).toBeNull();
  });

  // Decision 205: "Scheduled Posts +3.2%" with 0 posts was a constant. Every figure must follow the
  // data: for random projects each one is recomputed here from the rows inserted, and no figure
  // (count or trend) may be the same across projects whose data differ in it.
  it("shows no constant: every figure is recomputed from random data and changes with it", async () => {
    const now = Date.now();
    let seed = 26;
    const rand = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const seen = new Map<string, Set<string>>();
    for (let run = 0; run < 4; run++) {
      const user = await signIn();
      const thisWeek = 1 + rand(5);
      const lastWeek = run === 0 ? 0 : 1 + rand(4);
      const scheduledLater = rand(3);
      for (let i = 0; i < thisWeek; i++) await insertPost(user.projectId, { scheduledFor: now + (i + 1) * DAY, createdAt: now - i * 3_600_000 });
      for (let i = 0; i < lastWeek; i++)
        await insertPost(user.projectId, { scheduledFor: now - DAY, createdAt: now - (8 + (i % 5)) * DAY, status: "published" });
      for (let i = 0; i < scheduledLater; i++) await insertPost(user.projectId, { scheduledFor: now + 30 * DAY, createdAt: now - 40 * DAY });
      const accounts = rand(3);
      for (let i = 0; i < accounts; i++)
        await env.DB.prepare(
          "insert into social_accounts (id, project_id, platform, account_name, access_token_enc, created_at) values (?, ?, 'twitter', ?, 'x', ?)",
        )
          .bind(crypto.randomUUID(), user.projectId, `acct${i}`, now)
          .run();
      const likesNow = 1 + rand(50);
      const likesBefore = run === 1 ? 0 : rand(50);
      const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
      await env.DB.prepare("insert into project_metrics_daily (project_id, day, platform, likes) values (?, ?, 'twitter', ?)")
        .bind(user.projectId, day(now), likesNow)
        .run();
      if (likesBefore)
        await env.DB.prepare("insert into project_metrics_daily (project_id, day, platform, likes) values (?, ?, 'twitter', ?)")
          .bind(user.projectId, day(now - 9 * DAY), likesBefore)
          .run();

      const d = await dashboard(user);
      const pct = (a: number, b: number) => (b > 0 ? `${a >= b ? "+" : ""}${(Math.round(((a - b) / b) * 1000) / 10).toFixed(1)}%` : null);
      expect(d.total_posts).toBe(thisWeek + lastWeek + scheduledLater);
      expect(d.total_change).toBe(pct(thisWeek, lastWeek));
      expect(d.scheduled_posts).toBe(thisWeek + scheduledLater);
      expect(d.connected_accounts).toBe(accounts);
      expect(d.engagement_week).toBe(likesNow);
      expect(d.engagement_change).toBe(pct(likesNow, likesBefore));
      expect(Object.keys(d).sort()).toEqual(
        [
          "connected_accounts",
          "engagement_change",
          "engagement_week",
          "progress",
          "scheduled_posts",
          "total_change",
          "total_change_percent",
          "total_posts",
          "trend_days",
          "upcoming",
        ].sort(),
      );
      for (const [k, v] of Object.entries(d))
        if (k !== "upcoming" && k !== "progress" && k !== "trend_days") (seen.get(k) ?? seen.set(k, new Set()).get(k)!).add(JSON.stringify(v));
    }
    // A constant would have one value in every run; each figure took at least two.
    for (const [k, values] of seen) expect(values.size, k).toBeGreaterThan(1);
  });

  it("answers 404 for another user's project and 401 when anonymous", async () => {
    const owner = await signIn();
    const other = await signIn();
    await expectError(await json(other, "GET", `/api/projects/${owner.projectId}/dashboard`), 404);
    await expectError(await call(`/api/projects/${owner.projectId}/dashboard`), 401);
  });

  it("reads through indexes only (no full scan of posts)", async () => {
    const user = await signIn();
    const plans: string[] = [];
    const queries = [
      "select count(*) from posts where project_id = ? and status = 'scheduled'",
      "select * from posts where project_id = ? and status = 'scheduled' and scheduled_for > ? order by scheduled_for asc limit 10",
      "select count(*) from social_accounts where project_id = ?",
      "select id from brain_documents where project_id = ? limit 1",
    ];
    for (const q of queries) {
      const binds = q.includes("scheduled_for >") ? [user.projectId, Date.now()] : [user.projectId];
      plans.push(await queryPlan(q, ...binds));
    }
    for (const plan of plans) {
      expect(plan).toMatch(/USING (COVERING )?INDEX/);
      expect(plan).not.toMatch(/TEMP B-TREE/);
    }
  });
});
