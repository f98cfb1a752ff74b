// Dashboard figures and header progress flags for one project. Every query is keyed on the
// project id and walks an index: counts over the project's posts, EXISTS probes for the brain
// and social flags, and the next 10 scheduled posts read in scheduled_for order (decision 083).
import { and, asc, eq, gt, gte, sql } from "drizzle-orm";
import { posts } from "../../schema/db/posts";
import { brainDocuments } from "../../schema/db/brain";
import { socialAccounts } from "../../schema/db/social";
import type { DashboardResponse } from "../../schema/api/campaigns";
import type { Db } from "../lib/db";
import { notFound } from "../lib/errors";
import { projects } from "../../schema/db/projects";
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

export async function getDashboard(db: Db, userId: string, projectId: string, nowMs = Date.now()): Promise<DashboardResponse> {
  const since = nowMs - RECENT_WINDOW_MS;
  // One round trip: the ownership probe travels in the same read-only batch, and nothing is
  // returned unless it found the caller's project. Each count walks one index of
  // (project_id, ...) and never reads post rows.
  const [owned, totalRow, recentRow, scheduledRow, accounts, brain, upcoming, engagementRows] = await db.batch([
    db.select({ id: projects.id }).from(projects).where(and(eq(projects.id, projectId), eq(projects.userId, userId))).limit(1),
    db.select({ n: sql<number>`count(*)` }).from(posts).where(eq(posts.projectId, projectId)),
    db.select({ n: sql<number>`count(*)` }).from(posts).where(and(eq(posts.projectId, projectId), gte(posts.createdAt, since))),
    db.select({ n: sql<number>`count(*)` }).from(posts).where(and(eq(posts.projectId, projectId), eq(posts.status, "scheduled"))),
    db.select({ n: sql<number>`count(*)` }).from(socialAccounts).where(eq(socialAccounts.projectId, projectId)),
    db.select({ id: brainDocuments.id }).from(brainDocuments).where(eq(brainDocuments.projectId, projectId)).limit(1),
    db
      .select()
      .from(posts)
      .where(and(eq(posts.projectId, projectId), eq(posts.status, "scheduled"), gt(posts.scheduledFor, nowMs)))
      .orderBy(asc(posts.scheduledFor))
      .limit(UPCOMING_LIMIT),
    // Week-over-week engagement (issue 13): at most 14 x networks rows of the daily rollup.
    weekOverWeekQuery(db, projectId, nowMs),
  ]);
  if (owned.length === 0) throw notFound("Project not found");
  const counts = [{ total: totalRow[0]?.n, recent: recentRow[0]?.n, scheduled: scheduledRow[0]?.n }];
  const total = Number(counts[0]?.total ?? 0);
  const percent = totalChangePercent(Number(counts[0]?.recent ?? 0), total);
  const connected = Number(accounts[0]?.n ?? 0);
  return {
    total_posts: total,
    total_change_percent: percent,
    total_change: formatChange(percent),
    scheduled_posts: Number(counts[0]?.scheduled ?? 0),
    scheduled_change: SCHEDULED_CHANGE,
    connected_accounts: connected,
    connected_change: CONNECTED_CHANGE,
    ...(() => {
      const wow = weekOverWeek(engagementRows, nowMs);
      return { engagement_week: wow.week, engagement_change: wow.change };
    })(),
    upcoming: upcoming.map(toPostDto),
    progress: { brain: brain.length > 0, social: connected > 0, posts: total > 0 },
  };
}
