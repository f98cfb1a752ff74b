import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, expectError, json, signIn } from "./helpers";
import type { DashboardResponse } from "../../schema/api/campaigns";
import { formatChange, totalChangePercent } from "../../worker/services/dashboard";
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
      total_change_percent: 0,
      total_change: "+0.0%",
      scheduled_posts: 0,
      scheduled_change: "+3.2%",
      connected_accounts: 0,
      connected_change: "-",
      engagement_week: 0,
      engagement_change: "-",
      upcoming: [],
      progress: { brain: false, social: false, posts: false },
    });
  });

  it("counts posts, the last month's share, scheduled posts, accounts and progress", async () => {
    const user = await signIn();
    const now = Date.now();
    // 3 created in the last month, 4 older: 3 / 7 = 42.857% -> 42.9
    for (let i = 0; i < 3; i++) await insertPost(user.projectId, { scheduledFor: now + (i + 1) * DAY, createdAt: now - i * DAY });
    await insertPost(user.projectId, { scheduledFor: now - 40 * DAY, createdAt: now - 45 * DAY, status: "published" });
    await insertPost(user.projectId, { scheduledFor: now - 40 * DAY, createdAt: now - 45 * DAY, status: "failed" });
    await insertPost(user.projectId, { scheduledFor: now - 40 * DAY, createdAt: now - 60 * DAY, status: "published" });
    // Scheduled but in the past (due): counted as scheduled, not upcoming.
    await insertPost(user.projectId, { scheduledFor: now - DAY, createdAt: now - 90 * DAY });
    await env.DB.prepare(
      "insert into social_accounts (id, project_id, platform, account_name, access_token_enc, created_at) values (?, ?, 'twitter', 'acme', 'x', ?)",
    )
      .bind(crypto.randomUUID(), user.projectId, now)
      .run();
    await env.DB.prepare("insert into brain_documents (id, project_id, title, content, type, status, created_at) values (?, ?, 'Doc', 'Text', 'document', 'ready', ?)")
      .bind(crypto.randomUUID(), user.projectId, now)
      .run();
    // Another project's posts never count.
    const other = await signIn();
    await insertPost(other.projectId, { scheduledFor: now + DAY });

    const d = await dashboard(user);
    expect(d.total_posts).toBe(7);
    expect(d.total_change_percent).toBe(42.9);
    expect(d.total_change).toBe("+42.9%");
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

  it("computes the change percent with one decimal", () => {
    expect(totalChangePercent(0, 0)).toBe(0);
    expect(totalChangePercent(1, 3)).toBe(33.3);
    expect(totalChangePercent(2, 3)).toBe(66.7);
    expect(totalChangePercent(5, 5)).toBe(100);
    expect(formatChange(12.5)).toBe("+12.5%");
    expect(formatChange(0)).toBe("+0.0%");
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
      const rows = await env.DB.prepare(`explain query plan ${q}`).bind(...binds).all<{ detail: string }>();
      plans.push(rows.results.map((r) => r.detail).join(" | "));
    }
    for (const plan of plans) {
      expect(plan).toMatch(/USING (COVERING )?INDEX/);
      expect(plan).not.toMatch(/TEMP B-TREE/);
    }
  });
});
