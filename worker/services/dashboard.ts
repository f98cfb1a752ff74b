// Dashboard figures and header progress flags for one project. Every query is keyed on the
// project id and walks an index: the post counts kept by triggers (decision 169), the last
// month's count, EXISTS probes for the brain and social flags, and the next 10 scheduled posts
// read in scheduled_for order (decision 083).
import { and, asc, eq, gt, sql, type Placeholder } from "drizzle-orm";
import { projects } from "../../schema/db/projects";
import { posts, projectPostCounts } from "../../schema/db/posts";
import { brainDocuments } from "../../schema/db/brain";
import { socialAccounts } from "../../schema/db/social";
import type { DashboardResponse } from "../../schema/api/campaigns";
import type { Post } from "../../schema/api/posts";
import { plainBatch, reusedStatement, type Db } from "../lib/db";
import { asCaller, assertOwner, ownerProbeStatements, type Caller } from "../lib/caller";
import { toPostDto } from "./posts";
import { weekOverWeek, weekOverWeekDays, weekOverWeekQuery } from "./analytics";
import { postListJsonQuery, postListText } from "./post-json";

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
  // One round trip: the session check and the ownership probe travel in the same read-only batch
  // (decision 162), and nothing is returned unless both found the caller. The figures are one
  // statement of scalar subqueries (fewer statements, less per-statement work in D1); each count
  // walks one index of (project_id, ...) and never reads post rows. Each statement's SQL is built
  // once per isolate and bound to this request's values (lib/db.ts reusedStatement, decision 170);
  // the upcoming posts are written as JSON by SQLite like the calendar's (post-json.ts).
  const p = sql.placeholder;
  const values = { projectId, since: nowMs - RECENT_WINDOW_MS, now: nowMs, limit: UPCOMING_LIMIT, ...weekOverWeekDays(nowMs) };
  const [session, ownedProbe] = ownerProbeStatements(db, asCaller(caller), projectId);
  const figures = reusedStatement(
    "dashboard:figures",
    () =>
      db
        .select({
          // Kept by triggers on posts (decision 169); the last month's count walks its index.
          total: sql<number>`coalesce((select ${projectPostCounts.total} from ${projectPostCounts} where ${projectPostCounts.projectId} = ${p("projectId")}), 0)`.as("total"),
          recent: sql<number>`(select count(*) from ${posts} where ${posts.projectId} = ${p("projectId")} and ${posts.createdAt} >= ${p("since")})`.as("recent"),
          scheduled: sql<number>`coalesce((select ${projectPostCounts.scheduled} from ${projectPostCounts} where ${projectPostCounts.projectId} = ${p("projectId")}), 0)`.as("scheduled"),
          accounts: sql<number>`(select count(*) from ${socialAccounts} where ${socialAccounts.projectId} = ${p("projectId")})`.as("accounts"),
          brain: sql<number>`exists(select 1 from ${brainDocuments} where ${brainDocuments.projectId} = ${p("projectId")})`.as("brain"),
        })
        .from(projects)
        .where(eq(projects.id, p("projectId"))),
    values,
  );
  const upcomingList = reusedStatement("dashboard:upcoming", () => postListJsonQuery(db, upcomingWhere(p("projectId"), p("now")), p("limit")), values);
  // Week-over-week engagement (issue 13): at most 14 x networks rows of the daily rollup.
  const engagement = reusedStatement("dashboard:engagement", () => weekOverWeekQuery(db, p("projectId"), { from: p("from"), to: p("to") }), values);
  const [sessionRows, owned, figureRows, upcomingRows, engagementRows] = await plainBatch(db, [session, ownedProbe, figures, upcomingList, engagement]);
  assertOwner(sessionRows!, owned!);
  const figures0 = figureRows![0] as { total: number; recent: number; scheduled: number; accounts: number; brain: number } | undefined;
  const upcomingText = postListText(upcomingRows!);
  // An instant SQLite cannot write like toISOString (never stored by the API): read them again.
  const upcoming: Post[] = upcomingText
    ? (JSON.parse(upcomingText) as Post[])
    : (await db.select().from(posts).where(upcomingWhere(projectId, nowMs)).orderBy(asc(posts.scheduledFor)).limit(UPCOMING_LIMIT)).map(toPostDto);
  return dashboardResponse(figures0, upcoming, engagementRows as { day: string; likes: number; reposts: number; replies: number }[], nowMs);
}

/** The next scheduled posts of the project (walks posts_project_status_time_idx). */
function upcomingWhere(projectId: string | Placeholder, nowMs: number | Placeholder) {
  return and(eq(posts.projectId, projectId), eq(posts.status, "scheduled"), gt(posts.scheduledFor, nowMs));
}

function dashboardResponse(
  figures: { total: number; recent: number; scheduled: number; accounts: number; brain: number } | undefined,
  upcoming: Post[],
  engagementRows: { day: string; likes: number; reposts: number; replies: number }[],
  nowMs: number,
): DashboardResponse {
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
    upcoming,
    progress: { brain: Number(figures?.brain ?? 0) > 0, social: connected > 0, posts: total > 0 },
  };
}
