// Dashboard figures and header progress flags for one project. Every query is keyed on the
// project id and walks an index: counts over the project's posts, EXISTS probes for the brain
// and social flags, and the next 10 scheduled posts read in scheduled_for order (decision 083).
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { posts } from "../../schema/db/posts";
import { brainDocuments } from "../../schema/db/brain";
import { socialAccounts } from "../../schema/db/social";
import type { DashboardResponse } from "../../schema/api/campaigns";
import type { Db } from "../lib/db";
import { ownedProject } from "../lib/ownership";
import { toPostDto } from "./posts";

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
  await ownedProject(db, userId, projectId);
  const since = nowMs - RECENT_WINDOW_MS;
  const [counts, accounts, brain, upcoming] = await db.batch([
    db
      .select({
        total: sql<number>`count(*)`,
        recent: sql<number>`coalesce(sum(${posts.createdAt} >= ${since}), 0)`,
        scheduled: sql<number>`coalesce(sum(${posts.status} = 'scheduled'), 0)`,
      })
      .from(posts)
      .where(eq(posts.projectId, projectId)),
    db.select({ n: sql<number>`count(*)` }).from(socialAccounts).where(eq(socialAccounts.projectId, projectId)),
    db.select({ id: brainDocuments.id }).from(brainDocuments).where(eq(brainDocuments.projectId, projectId)).limit(1),
    db
      .select()
      .from(posts)
      .where(and(eq(posts.projectId, projectId), gt(posts.scheduledFor, nowMs), eq(posts.status, "scheduled")))
      .orderBy(asc(posts.scheduledFor))
      .limit(UPCOMING_LIMIT),
  ]);
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
    upcoming: upcoming.map(toPostDto),
    progress: { brain: brain.length > 0, social: connected > 0, posts: total > 0 },
  };
}
