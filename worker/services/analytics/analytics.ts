// Analytics reads (decision 153). Everything comes from the read-side summaries the
// metrics cron keeps, never from a scan of the time series: the daily rollup (one row per
// network and day, ~90 x networks rows), the latest totals of posts published in the period
// (index (project_id, published_at, engagement)), and for one post its own series (primary key
// prefix). The ownership probe travels in the same read-only batch: one D1 round trip.
import { and, asc, desc, eq, gte, lt, type Placeholder } from "drizzle-orm";
import { posts } from "../../../schema/db/posts";
import { projectMembers } from "../../../schema/db/projects";
import { postMetrics, postMetricTotals, projectMetricsDaily } from "../../../schema/db/planner";
import type { AnalyticsResponse, PostMetricsResponse } from "../../../schema/api/analytics";
import { timeInZone, weekday, dateInZone } from "../../../schema/api/campaign-schedule";
import type { Db } from "../../lib/db";
import { notFound } from "../../lib/errors";
import { utcDay } from "./metrics-collect";
import { readPost } from "../posts";
import type { ServiceContext } from "../context";

const DAY = 86_400_000;
const TOP_LIMIT = 10;

export async function getAnalytics(
  ctx: ServiceContext,
  projectId: string,
  q: { days: number; time_zone: string },
  nowMs = Date.now(),
): Promise<AnalyticsResponse> {
  const { db } = ctx;
  const userId = ctx.caller.id;
  const { days } = q;
  const dates = Array.from({ length: days }, (_, i) => utcDay(nowMs - (days - 1 - i) * DAY));
  const prevStart = utcDay(nowMs - (2 * days - 1) * DAY);
  const since = Date.parse(`${dates[0]}T00:00:00Z`);
  const [owned, daily, top, times] = await db.batch([
    db
      .select({ id: projectMembers.projectId })
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
      .limit(1),
    db
      .select()
      .from(projectMetricsDaily)
      .where(and(eq(projectMetricsDaily.projectId, projectId), gte(projectMetricsDaily.day, prevStart))),
    db
      .select({ totals: postMetricTotals, content: posts.content })
      .from(postMetricTotals)
      .innerJoin(posts, eq(posts.id, postMetricTotals.postId))
      .where(and(eq(postMetricTotals.projectId, projectId), gte(postMetricTotals.publishedAt, since)))
      .orderBy(desc(postMetricTotals.engagement))
      .limit(TOP_LIMIT),
    db
      .select({ at: postMetricTotals.publishedAt, engagement: postMetricTotals.engagement })
      .from(postMetricTotals)
      .where(and(eq(postMetricTotals.projectId, projectId), gte(postMetricTotals.publishedAt, since))),
  ]);
  if (owned.length === 0) throw notFound("Project not found");

  const index = new Map(dates.map((d, i) => [d, i]));
  const networks = new Map<string, AnalyticsResponse["networks"][number]>();
  const engagement: Record<string, number[]> = {};
  const impressions: Record<string, number[]> = {};
  for (const r of daily) {
    const n = networks.get(r.platform) ?? { platform: r.platform, likes: 0, reposts: 0, replies: 0, impressions: 0, engagement: 0, previous_engagement: 0 };
    const e = r.likes + r.reposts + r.replies;
    const i = index.get(r.day);
    if (i === undefined) {
      if (r.day < dates[0]!) n.previous_engagement += e;
    } else {
      n.likes += r.likes;
      n.reposts += r.reposts;
      n.replies += r.replies;
      n.impressions += r.impressions;
      n.engagement += e;
      (engagement[r.platform] ??= new Array(days).fill(0))[i] += e;
      (impressions[r.platform] ??= new Array(days).fill(0))[i] += r.impressions;
    }
    networks.set(r.platform, n);
  }
  for (const p of networks.keys()) {
    engagement[p] ??= new Array(days).fill(0);
    impressions[p] ??= new Array(days).fill(0);
  }

  const cells = new Map<number, { posts: number; total: number }>();
  for (const t of times) {
    const date = dateInZone(t.at, q.time_zone);
    const key = weekday(date) * 24 + Number(timeInZone(t.at, q.time_zone).slice(0, 2));
    const c = cells.get(key) ?? { posts: 0, total: 0 };
    c.posts++;
    c.total += t.engagement;
    cells.set(key, c);
  }

  return {
    days,
    networks: [...networks.values()].sort((a, b) => b.engagement - a.engagement),
    series: { dates, engagement, impressions },
    top_posts: top.map(({ totals: t, content }) => ({
      post_id: t.postId,
      platform: t.platform,
      content,
      published_at: new Date(t.publishedAt).toISOString(),
      likes: t.likes,
      reposts: t.reposts,
      replies: t.replies,
      impressions: t.impressions,
      engagement: t.engagement,
    })),
    best_times: [...cells.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([key, c]) => ({ weekday: Math.floor(key / 24), hour: key % 24, posts: c.posts, avg_engagement: Math.round((c.total / c.posts) * 10) / 10 })),
  };
}

export async function getPostMetrics(ctx: ServiceContext, postId: string): Promise<PostMetricsResponse> {
  const { db } = ctx;
  const userId = ctx.caller.id;
  const post = await readPost(db, userId, postId);
  const rows = await db.select().from(postMetrics).where(eq(postMetrics.postId, post.id)).orderBy(asc(postMetrics.day)).limit(400).all();
  return { post_id: post.id, series: rows.map((r) => ({ day: r.day, likes: r.likes, reposts: r.reposts, replies: r.replies, impressions: r.impressions })) };
}

/** Week over week for the dashboard: engagement gained in the last 7 UTC days vs the 7 before. */
export function weekOverWeekQuery(db: Db, projectId: string | Placeholder, days: { from: string | Placeholder; to: string | Placeholder }) {
  return db
    .select({ day: projectMetricsDaily.day, likes: projectMetricsDaily.likes, reposts: projectMetricsDaily.reposts, replies: projectMetricsDaily.replies })
    .from(projectMetricsDaily)
    .where(and(eq(projectMetricsDaily.projectId, projectId), gte(projectMetricsDaily.day, days.from), lt(projectMetricsDaily.day, days.to)));
}

/** The UTC days `weekOverWeekQuery` reads: the 14 up to and including today. */
export function weekOverWeekDays(nowMs: number) {
  return { from: utcDay(nowMs - 13 * DAY), to: utcDay(nowMs + DAY) };
}

export function weekOverWeek(rows: { day: string; likes: number; reposts: number; replies: number }[], nowMs: number): { week: number; change: string } {
  const cut = utcDay(nowMs - 6 * DAY);
  let week = 0;
  let before = 0;
  for (const r of rows) {
    const e = r.likes + r.reposts + r.replies;
    if (r.day >= cut) week += e;
    else before += e;
  }
  if (before === 0) return { week, change: week > 0 ? "new" : "-" };
  const pct = Math.round(((week - before) / before) * 1000) / 10;
  return { week, change: `${pct >= 0 ? "+" : ""}${pct.toFixed(1)}%` };
}
