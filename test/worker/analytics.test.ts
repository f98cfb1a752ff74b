import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AnalyticsResponse, PostMetricsResponse } from "../../schema/api/analytics";
import type { DashboardResponse } from "../../schema/api/campaigns";
import { platformFor } from "../../platforms/adapters";
import { getDb } from "../../worker/lib/db";
import { collectMetrics, METRICS_INTERVAL_MS, metricWrites } from "../../worker/services/analytics/metrics-collect";
import { weekOverWeek } from "../../worker/services/analytics/analytics";
import { getPublishingCredentials } from "../../worker/services/social/credentials";
import { expectError, json, queryPlan, serviceCtx, signIn } from "./helpers";
import { connectSandboxAccount, insertPost, sandboxControl } from "./posts-fixtures";
import { putPublicMedia } from "./public-media";

const db = () => getDb(env.DB);

async function ok<T>(res: Response): Promise<T> {
  if (res.status !== 200) throw new Error(`expected 200, got ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** A post really published on the sandbox, recorded as published in D1. */
async function publishedOnSandbox(projectId: string, platform: "twitter" | "instagram", text: string, at: number) {
  const c = await getPublishingCredentials(db(), env, projectId, platform);
  // Instagram downloads image_url when the container is created: it must serve a JPEG.
  const imageUrl = platform === "instagram" ? await putPublicMedia(`https://images.example.com/${crypto.randomUUID()}.jpg`) : undefined;
  const { platformPostId } = await platformFor(env, platform).publish({ accessToken: c.accessToken, accountId: c.platformUserId, text, imageUrl });
  const id = await insertPost(projectId, { platform, content: text, status: "published", platformPostId, scheduledFor: at });
  await env.DB.prepare("update posts set published_at = ? where id = ?").bind(at, id).run();
  return { id, platformPostId };
}

describe("metrics collection", () => {
  it("reads X and Instagram metrics from the sandbox as a time series that grows, within the per-post interval", async () => {
    const u = await signIn();
    const xAcc = await connectSandboxAccount(u.projectId, "twitter");
    await connectSandboxAccount(u.projectId, "instagram");
    const now = Date.now();
    const tw = await publishedOnSandbox(u.projectId, "twitter", `Roast notes ${crypto.randomUUID()}`, now - 3600_000);
    const ig = await publishedOnSandbox(u.projectId, "instagram", `Gallery ${crypto.randomUUID()}`, now - 7200_000);
    // A published post of a network with no connected account (skipped), and a scheduled one: both ignored.
    await insertPost(u.projectId, { platform: "linkedin", status: "published", platformPostId: "li-1", scheduledFor: now - 1000 });
    await insertPost(u.projectId, { status: "scheduled", scheduledFor: now + 1000 });

    const first = await collectMetrics(db(), env, now);
    expect(first.posts).toBeGreaterThanOrEqual(2);
    const totals = await env.DB.prepare("select post_id, likes, impressions, engagement from post_metric_totals where project_id = ? order by post_id")
      .bind(u.projectId)
      .all<{ post_id: string; likes: number; impressions: number; engagement: number }>();
    expect(totals.results.map((r) => r.post_id).sort()).toEqual([tw.id, ig.id].sort());
    for (const r of totals.results) {
      expect(r.likes).toBeGreaterThan(0);
      expect(r.impressions).toBeGreaterThan(0);
    }

    // Within the interval nothing is read again.
    const again = await collectMetrics(db(), env, now + 60_000);
    expect(
      await env.DB.prepare("select count(*) as n from post_metric_totals where project_id = ? and collected_at > ?")
        .bind(u.projectId, now)
        .first<{ n: number }>(),
    ).toEqual({ n: 0 });
    void again;

    // A day later the sandbox's numbers have grown: a second row in the series, and the gain is in the rollup.
    await sandboxControl("twitter", { ageSeconds: 600, account: xAcc.username });
    const later = now + 86_400_000;
    await collectMetrics(db(), env, later);
    const series = await ok<PostMetricsResponse>(await json(u, "GET", `/api/posts/${tw.id}/metrics`));
    expect(series.series).toHaveLength(2);
    expect(series.series[1]!.likes).toBeGreaterThan(series.series[0]!.likes);
    const rollup = await env.DB.prepare("select sum(likes) as likes from project_metrics_daily where project_id = ? and platform = 'twitter'")
      .bind(u.projectId)
      .first<{ likes: number }>();
    expect(rollup!.likes).toBe(series.series[1]!.likes);

    const stranger = await signIn();
    await expectError(await json(stranger, "GET", `/api/posts/${tw.id}/metrics`), 404);
  });

  it("skips an account whose token was revoked without affecting the others", async () => {
    const u = await signIn();
    await connectSandboxAccount(u.projectId, "twitter");
    const now = Date.now();
    const tw = await publishedOnSandbox(u.projectId, "twitter", `Revoked ${crypto.randomUUID()}`, now - 3600_000);
    await env.DB.prepare("update social_accounts set token_status = 'reconnect_needed' where project_id = ?").bind(u.projectId).run();
    const res = await collectMetrics(db(), env, now);
    expect(res.skipped).toBeGreaterThanOrEqual(1);
    expect(await env.DB.prepare("select count(*) as n from post_metric_totals where post_id = ?").bind(tw.id).first<{ n: number }>()).toEqual({ n: 0 });
    expect(METRICS_INTERVAL_MS).toBeGreaterThan(0);
  });
});

describe("analytics aggregation", () => {
  it("totals and trends per network over the period, top posts, best times in the user's zone, and week over week", async () => {
    const u = await signIn();
    const now = Date.parse("2026-06-17T12:00:00Z");
    // Two X posts published Monday 09:xx New York time, one Instagram post Thursday 18:00.
    const a = await insertPost(u.projectId, { status: "published", platformPostId: "a", content: "Post A", scheduledFor: Date.parse("2026-06-15T13:05:00Z") });
    const b = await insertPost(u.projectId, { status: "published", platformPostId: "b", content: "Post B", scheduledFor: Date.parse("2026-06-15T13:40:00Z") });
    const c = await insertPost(u.projectId, {
      platform: "instagram",
      status: "published",
      platformPostId: "c",
      content: "Post C",
      scheduledFor: Date.parse("2026-06-11T22:00:00Z"),
    });
    const old = await insertPost(u.projectId, {
      status: "published",
      platformPostId: "d",
      content: "Old post",
      scheduledFor: Date.parse("2026-06-01T13:00:00Z"),
    });
    const row = (id: string, platform: string, at: number) => ({ id, projectId: u.projectId, platform, publishedAt: at, prev: null });
    const writes = [
      // Last week: the old post gained 10 on 2026-06-05 (previous 7-day window for the dashboard).
      ...metricWrites(
        db(),
        row(old, "twitter", Date.parse("2026-06-01T13:00:00Z")),
        { likes: 8, reposts: 1, replies: 1, impressions: 100 },
        Date.parse("2026-06-05T10:00:00Z"),
      ),
      ...metricWrites(
        db(),
        row(a, "twitter", Date.parse("2026-06-15T13:05:00Z")),
        { likes: 20, reposts: 5, replies: 5, impressions: 400 },
        Date.parse("2026-06-16T10:00:00Z"),
      ),
      ...metricWrites(
        db(),
        row(b, "twitter", Date.parse("2026-06-15T13:40:00Z")),
        { likes: 4, reposts: 0, replies: 0, impressions: 50 },
        Date.parse("2026-06-16T10:00:00Z"),
      ),
      ...metricWrites(
        db(),
        row(c, "instagram", Date.parse("2026-06-11T22:00:00Z")),
        { likes: 12, reposts: 2, replies: 1, impressions: 300 },
        Date.parse("2026-06-12T10:00:00Z"),
      ),
    ];
    const [first, ...rest] = writes;
    await db().batch([first!, ...rest]);

    const { getAnalytics } = await import("../../worker/services/analytics/analytics");
    const res: AnalyticsResponse = await getAnalytics(serviceCtx(u), u.projectId, { days: 7, time_zone: "America/New_York" }, now);
    expect(res.series.dates).toHaveLength(7);
    expect(res.series.dates.at(-1)).toBe("2026-06-17");
    const x = res.networks.find((n) => n.platform === "twitter")!;
    expect(x.engagement).toBe(34);
    expect(x.impressions).toBe(450);
    expect(x.previous_engagement).toBe(10);
    expect(res.series.engagement.twitter![res.series.dates.indexOf("2026-06-16")]).toBe(34);
    expect(res.networks.find((n) => n.platform === "instagram")!.engagement).toBe(15);
    expect(res.top_posts.map((p) => p.content)).toEqual(["Post A", "Post C", "Post B"]);
    // Monday (1) 09:00 New York holds A and B: average (30 + 4) / 2; Thursday (4) 18:00 holds C.
    expect(res.best_times).toEqual([
      { weekday: 1, hour: 9, posts: 2, avg_engagement: 17 },
      { weekday: 4, hour: 18, posts: 1, avg_engagement: 15 },
    ]);

    const ninety = await getAnalytics(serviceCtx(u), u.projectId, { days: 90, time_zone: "UTC" }, now);
    expect(ninety.top_posts).toHaveLength(4);

    expect(
      weekOverWeek(
        [
          { day: "2026-06-16", likes: 29, reposts: 5, replies: 5 },
          { day: "2026-06-05", likes: 8, reposts: 1, replies: 1 },
        ],
        now,
      ),
    ).toEqual({ week: 39, change: "+290.0%" });
    expect(weekOverWeek([], now)).toEqual({ week: 0, change: "-" });

    const dash = await ok<DashboardResponse>(await json(u, "GET", `/api/projects/${u.projectId}/dashboard`));
    expect(typeof dash.engagement_week).toBe("number");
    const api = await ok<AnalyticsResponse>(await json(u, "GET", `/api/projects/${u.projectId}/analytics?days=90&time_zone=UTC`));
    expect(api.days).toBe(90);
    await expectError(await json(u, "GET", `/api/projects/${u.projectId}/analytics?days=12`), 400);
    const stranger = await signIn();
    await expectError(await json(stranger, "GET", `/api/projects/${u.projectId}/analytics`), 404);
  });

  it("reads the period from indexes, never scanning the series (query plans)", async () => {
    expect(await queryPlan("select published_at, engagement from post_metric_totals where project_id = ? and published_at >= ?", "p", 0)).toMatch(
      /COVERING INDEX post_metric_totals_project_idx/,
    );
    expect(await queryPlan("select * from project_metrics_daily where project_id = ? and day >= ?", "p", "2026-01-01")).toMatch(
      /USING PRIMARY KEY|sqlite_autoindex_project_metrics_daily/,
    );
    expect(await queryPlan("select * from post_metrics where post_id = ? order by day", "x")).toMatch(/sqlite_autoindex_post_metrics|PRIMARY KEY/);
  });
});
