// Dashboard figures and header progress flags for one project. Every query is keyed on the
// project id and walks an index: the post counts kept by triggers (decision 169), the last
// month's count, EXISTS probes for the brain and social flags, and the next 10 scheduled posts
// read in scheduled_for order (decision 083).
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { projects } from "../../schema/db/projects";
import { posts, projectPostCounts } from "../../schema/db/posts";
import { brainDocuments } from "../../schema/db/brain";
import { socialAccounts } from "../../schema/db/social";
import type { DashboardResponse } from "../../schema/api/campaigns";
import type { Db } from "../lib/db";
import { asCaller, assertOwner, ownerProbes, type Caller } from "../lib/caller";
import { toPostDto } from "./posts";
import { weekOverWeek, weekOverWeekQuery } from "./analytics";

export const UPCOMING_LIMIT = 10;
export const RECENT_WINDOW_MS = 30 * 86_400_000;
// Spec section 9: Scheduled Posts change is a fixed figure; Connected Accounts change is a dash.
export const SCHEDULED_CHANGE = "+3.2%";
export const CONNECTED_CHANGE = "-";

/** Posts created in the last month as a percentage of all posts, one decimal (0 with no posts). */
export function totalChangePercent(recent: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((recent / total) * 1000) / 10;
}

export function formatChange(percent: number): string {
  return `${percent >= 0 ? "+" : ""}${percent.toFixed(1)}%`;
}

export async function getDashboard(db: Db, caller: string | Caller, projectId: string, nowMs = Date.now()): Promise<DashboardResponse> {
  const since = nowMs - RECENT_WINDOW_MS;
  // One round trip: the session check and the ownership probe travel in the same read-only batch
  // (decision 162), and nothing is returned unless both found the caller. The figures are one
  // statement of scalar subqueries (fewer statements, less per-statement work in D1); each count
  // walks one index of (project_id, ...) and never reads post rows.
  const [session, ownedProbe] = ownerProbes(db, asCaller(caller), projectId);
  const [sessionRows, owned, figureRows, upcoming, engagementRows] = await db.batch([
    session,
    ownedProbe,
    db
      .select({
        // Kept by triggers on posts (decision 169); the last month's count walks its index.
        total: sql<number>`coalesce((select ${projectPostCounts.total} from ${projectPostCounts} where ${projectPostCounts.projectId} = ${projectId}), 0)`,
        recent: sql<number>`(select count(*) from ${posts} where ${posts.projectId} = ${projectId} and ${posts.createdAt} >= ${since})`,
        scheduled: sql<number>`coalesce((select ${projectPostCounts.scheduled} from ${projectPostCounts} where ${projectPostCounts.projectId} = ${projectId}), 0)`,
        accounts: sql<number>`(select count(*) from ${socialAccounts} where ${socialAccounts.projectId} = ${projectId})`,
        brain: sql<number>`exists(select 1 from ${brainDocuments} where ${brainDocuments.projectId} = ${projectId})`,
      })
      .from(projects)
      .where(eq(projects.id, projectId)),
    db
      .select()
      .from(posts)
      .where(and(eq(posts.projectId, projectId), eq(posts.status, "scheduled"), gt(posts.scheduledFor, nowMs)))
      .orderBy(asc(posts.scheduledFor))
      .limit(UPCOMING_LIMIT),
    // Week-over-week engagement (issue 13): at most 14 x networks rows of the daily rollup.
    weekOverWeekQuery(db, projectId, nowMs),
  ]);
  assertOwner(sessionRows, owned);
  const figures = figureRows[0];
  const total = Number(figures?.total ?? 0);
  const percent = totalChangePercent(Number(figures?.recent ?? 0), total);
  const connected = Number(figures?.accounts ?? 0);
  return {
    total_posts: total,
    total_change_percent: percent,
    total_change: formatChange(percent),
    scheduled_posts: Number(figures?.scheduled ?? 0),
    scheduled_change: SCHEDULED_CHANGE,
    connected_accounts: connected,
    connected_change: CONNECTED_CHANGE,
    ...(() => {
      const wow = weekOverWeek(engagementRows, nowMs);
      return { engagement_week: wow.week, engagement_change: wow.change };
    })(),
    upcoming: upcoming.map(toPostDto),
    progress: { brain: Number(figures?.brain ?? 0) > 0, social: connected > 0, posts: total > 0 },
  };
}
