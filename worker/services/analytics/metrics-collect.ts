// The analytics cron (decision 153): reads each network's metrics for published posts
// and stores them as a time series. Rate limits: a post is read at most once per
// METRICS_INTERVAL_MS, each account gets at most one fetchMetrics call per run with at most the
// adapter's `metricsBatch` ids (100 per lookup on one network, a few media per run, one call each, on another),
// oldest reading first, so a large backlog is spread over runs instead of bursting. Networks whose
// adapter has no fetchMetrics are skipped. A failing account is skipped this run; nothing else
// is affected. Three writes per post, in one batch: the day's reading (post_metrics), the latest
// totals (post_metric_totals) and the gain added to the project's daily rollup.
import { and, asc, eq, gte, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { posts } from "../../../schema/db/posts";
import { postMetrics, postMetricTotals, projectMetricsDaily } from "../../../schema/db/planner";
import { isSocialPlatform, platformFor } from "../../../platforms/adapters";
import type { PlatformAdapter, PostMetrics } from "../../../platforms/shared/adapter";
import { PlatformError } from "../../../platforms/shared/adapter";
import type { Db } from "../../lib/db";
import type { Env } from "../../env";
import { ApiError } from "../../lib/errors";
import { getPublishingCredentials } from "../social";

export const METRICS_INTERVAL_MS = 60 * 60_000;
/** Posts older than this are no longer read (the analytics window is 90 days). */
const METRICS_WINDOW_MS = 90 * 86_400_000;
const DUE_SCAN_LIMIT = 2000;
const MAX_ACCOUNTS_PER_RUN = 50;

const engagementOf = (m: PostMetrics) => m.likes + m.reposts + m.replies;
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

type Due = { id: string; projectId: string; platform: string; platformPostId: string; publishedAt: number; prev: PostMetrics | null };

export async function collectMetrics(
  db: Db,
  env: Env,
  nowMs = Date.now(),
  intervalMs = METRICS_INTERVAL_MS,
): Promise<{ accounts: number; posts: number; skipped: number }> {
  const rows = await db
    .select({
      id: posts.id,
      projectId: posts.projectId,
      platform: posts.platform,
      platformPostId: posts.platformPostId,
      publishedAt: posts.publishedAt,
      scheduledFor: posts.scheduledFor,
      likes: postMetricTotals.likes,
      reposts: postMetricTotals.reposts,
      replies: postMetricTotals.replies,
      impressions: postMetricTotals.impressions,
      collectedAt: postMetricTotals.collectedAt,
    })
    .from(posts)
    .leftJoin(postMetricTotals, eq(postMetricTotals.postId, posts.id))
    .where(
      and(
        eq(posts.status, "published"),
        gte(posts.scheduledFor, nowMs - METRICS_WINDOW_MS),
        isNotNull(posts.platformPostId),
        or(isNull(postMetricTotals.collectedAt), lt(postMetricTotals.collectedAt, nowMs - intervalMs)),
      ),
    )
    .orderBy(asc(sql`coalesce(${postMetricTotals.collectedAt}, 0)`))
    .limit(DUE_SCAN_LIMIT)
    .all();

  const groups = new Map<string, Due[]>();
  for (const r of rows) {
    const key = `${r.projectId}|${r.platform}`;
    const prev = r.collectedAt == null ? null : { likes: r.likes ?? 0, reposts: r.reposts ?? 0, replies: r.replies ?? 0, impressions: r.impressions ?? 0 };
    const list = groups.get(key) ?? [];
    list.push({
      id: r.id,
      projectId: r.projectId,
      platform: r.platform,
      platformPostId: r.platformPostId!,
      publishedAt: r.publishedAt ?? r.scheduledFor,
      prev,
    });
    groups.set(key, list);
  }

  let accounts = 0;
  let stored = 0;
  let skipped = 0;
  for (const due of [...groups.values()].slice(0, MAX_ACCOUNTS_PER_RUN)) {
    const { projectId, platform } = due[0]!;
    if (!isSocialPlatform(platform)) continue;
    // The network's default adapter says whether it reads metrics at all; a network of many servers has none
    // (every account lives on its own instance) and is bound to the account below.
    let adapter: PlatformAdapter | null;
    try {
      adapter = platformFor(env, platform);
    } catch {
      adapter = null;
    }
    if (adapter && !adapter.fetchMetrics) continue;
    let batch = due.slice(0, Math.max(1, adapter?.metricsBatch ?? 25));
    let readings: Map<string, PostMetrics>;
    try {
      const creds = await getPublishingCredentials(db, env, projectId, platform);
      const bound = creds.accountMeta ? platformFor(env, platform, creds.accountMeta) : adapter;
      if (!bound?.fetchMetrics) continue;
      batch = due.slice(0, Math.max(1, bound.metricsBatch ?? 25));
      readings = await bound.fetchMetrics({ accessToken: creds.accessToken, accountId: creds.platformUserId, postIds: batch.map((d) => d.platformPostId) });
    } catch (err) {
      if (err instanceof PlatformError || err instanceof ApiError) {
        skipped += batch.length;
        continue;
      }
      throw err;
    }
    accounts++;
    const statements = batch.flatMap((d) => {
      const m = readings.get(d.platformPostId);
      if (!m) return [];
      stored++;
      return metricWrites(db, d, m, nowMs);
    });
    if (statements.length > 0) {
      const [first, ...rest] = statements;
      await db.batch([first!, ...rest]);
    }
  }
  return { accounts, posts: stored, skipped };
}

/** The three writes of one reading: the series row of the day, the latest totals, the gain. */
export function metricWrites(db: Db, d: Pick<Due, "id" | "projectId" | "platform" | "publishedAt" | "prev">, m: PostMetrics, nowMs: number) {
  const day = utcDay(nowMs);
  const prev = d.prev ?? { likes: 0, reposts: 0, replies: 0, impressions: 0 };
  // Counts can drop (an unlike, a deleted reply); the rollup only adds gains so it never goes negative.
  const gain = {
    likes: Math.max(0, m.likes - prev.likes),
    reposts: Math.max(0, m.reposts - prev.reposts),
    replies: Math.max(0, m.replies - prev.replies),
    impressions: Math.max(0, m.impressions - prev.impressions),
  };
  return [
    db
      .insert(postMetrics)
      .values({ postId: d.id, day, projectId: d.projectId, ...m, collectedAt: nowMs })
      .onConflictDoUpdate({ target: [postMetrics.postId, postMetrics.day], set: { ...m, collectedAt: nowMs } }),
    db
      .insert(postMetricTotals)
      .values({ postId: d.id, projectId: d.projectId, platform: d.platform, publishedAt: d.publishedAt, ...m, engagement: engagementOf(m), collectedAt: nowMs })
      .onConflictDoUpdate({ target: postMetricTotals.postId, set: { ...m, engagement: engagementOf(m), collectedAt: nowMs } }),
    db
      .insert(projectMetricsDaily)
      .values({ projectId: d.projectId, day, platform: d.platform, ...gain })
      .onConflictDoUpdate({
        target: [projectMetricsDaily.projectId, projectMetricsDaily.day, projectMetricsDaily.platform],
        set: {
          likes: sql`${projectMetricsDaily.likes} + excluded.likes`,
          reposts: sql`${projectMetricsDaily.reposts} + excluded.reposts`,
          replies: sql`${projectMetricsDaily.replies} + excluded.replies`,
          impressions: sql`${projectMetricsDaily.impressions} + excluded.impressions`,
        },
      }),
  ];
}
