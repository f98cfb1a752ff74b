// Dashboard figures and header progress flags for one project. Every query is keyed on the
// project id and walks an index: the post counts kept by triggers (decision 169), the posts
// created in the last two weeks, EXISTS probes for the brain and social flags, and the next 10
// scheduled posts read in scheduled_for order (decision 083).
//
// No figure here is a constant (decision 205): a trend is shown only against a
// previous period of the same length that has data ("vs previous 7 days"); with none it is null
// and the screen shows nothing, because an invented "+3.2%" costs the user's trust in every other
// number on the page.
import { and, asc, eq, gt, sql, type Placeholder } from "drizzle-orm";
import { projects } from "../../../schema/db/projects";
import { posts, projectPostCounts } from "../../../schema/db/posts";
import { brainDocuments } from "../../../schema/db/brain";
import { socialAccounts } from "../../../schema/db/social";
import type { DashboardResponse } from "../../../schema/api/campaigns";
import type { Post } from "../../../schema/api/posts";
import { plainBatch, reusedStatement } from "../../lib/db";
import { asCaller, assertOwner, ownerProbeStatements, type Caller } from "../../lib/caller";
import { toPostDto } from "../posts";
import { weekOverWeekDays, weekOverWeekQuery } from "./analytics";
import { postListJsonQuery, postListText } from "../posts";
import type { ServiceContext } from "../context";

const UPCOMING_LIMIT = 10;
/** The length of a trend's period and of the previous period it is compared with. */
const TREND_DAYS = 7;
const TREND_MS = TREND_DAYS * 86_400_000;

/**
 * The change from the previous period to this one in percent, one decimal; null when the previous
 * period has nothing to compare with (a percentage of zero is not a figure).
 */
export function periodChangePercent(current: number, previous: number): number | null {
  if (!(previous > 0)) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

export function formatChange(percent: number | null): string | null {
  if (percent === null) return null;
  return `${percent >= 0 ? "+" : ""}${percent.toFixed(1)}%`;
}

export async function getDashboard(ctx: ServiceContext<Caller>, projectId: string, nowMs = Date.now()): Promise<DashboardResponse> {
  const { db, caller } = ctx;
  // One round trip: the session check and the ownership probe travel in the same read-only batch
  // (decision 162), and nothing is returned unless both found the caller. The figures are one
  // statement of scalar subqueries (fewer statements, less per-statement work in D1); each count
  // walks one index of (project_id, ...) and never reads post rows. Each statement's SQL is built
  // once per isolate and bound to this request's values (lib/db.ts reusedStatement, decision 170);
  // the upcoming posts are written as JSON by SQLite like the calendar's (post-json.ts).
  const p = sql.placeholder;
  const values = { projectId, since: nowMs - TREND_MS, before: nowMs - 2 * TREND_MS, now: nowMs, limit: UPCOMING_LIMIT, ...weekOverWeekDays(nowMs) };
  const [session, ownedProbe] = ownerProbeStatements(db, asCaller(caller), projectId);
  const figures = reusedStatement(
    "dashboard:figures",
    () =>
      db
        .select({
          // Kept by triggers on posts (decision 169); the two weeks' counts walk posts_project_created_idx.
          total:
            sql<number>`coalesce((select ${projectPostCounts.total} from ${projectPostCounts} where ${projectPostCounts.projectId} = ${p("projectId")}), 0)`.as(
              "total",
            ),
          recent: sql<number>`(select count(*) from ${posts} where ${posts.projectId} = ${p("projectId")} and ${posts.createdAt} >= ${p("since")})`.as(
            "recent",
          ),
          previous:
            sql<number>`(select count(*) from ${posts} where ${posts.projectId} = ${p("projectId")} and ${posts.createdAt} >= ${p("before")} and ${posts.createdAt} < ${p("since")})`.as(
              "previous",
            ),
          scheduled:
            sql<number>`coalesce((select ${projectPostCounts.scheduled} from ${projectPostCounts} where ${projectPostCounts.projectId} = ${p("projectId")}), 0)`.as(
              "scheduled",
            ),
          accounts: sql<number>`(select count(*) from ${socialAccounts} where ${socialAccounts.projectId} = ${p("projectId")})`.as("accounts"),
          brain: sql<number>`exists(select 1 from ${brainDocuments} where ${brainDocuments.projectId} = ${p("projectId")})`.as("brain"),
        })
        .from(projects)
        .where(eq(projects.id, p("projectId"))),
    values,
  );
  const upcomingList = reusedStatement("dashboard:upcoming", () => postListJsonQuery(db, upcomingWhere(p("projectId"), p("now")), p("limit")), values);
  // Week-over-week engagement (decision 150): at most 14 x networks rows of the daily rollup.
  const engagement = reusedStatement("dashboard:engagement", () => weekOverWeekQuery(db, p("projectId"), { from: p("from"), to: p("to") }), values);
  const [sessionRows, owned, figureRows, upcomingRows, engagementRows] = await plainBatch(db, [session, ownedProbe, figures, upcomingList, engagement]);
  assertOwner(sessionRows!, owned!);
  const figures0 = figureRows![0] as Figures | undefined;
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

type Figures = { total: number; recent: number; previous: number; scheduled: number; accounts: number; brain: number };

/** Engagement gained in this period and the one before it, from the daily rollup's rows. */
function engagementPeriods(rows: { day: string; likes: number; reposts: number; replies: number }[], nowMs: number): { week: number; previous: number } {
  const cut = new Date(nowMs - (TREND_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  let week = 0;
  let previous = 0;
  for (const r of rows) {
    const e = r.likes + r.reposts + r.replies;
    if (r.day >= cut) week += e;
    else previous += e;
  }
  return { week, previous };
}

function dashboardResponse(
  figures: Figures | undefined,
  upcoming: Post[],
  engagementRows: { day: string; likes: number; reposts: number; replies: number }[],
  nowMs: number,
): DashboardResponse {
  const total = Number(figures?.total ?? 0);
  // Posts created in the last 7 days against the 7 before; scheduled posts and accounts have no
  // history to compare with, so they carry no trend at all.
  const percent = periodChangePercent(Number(figures?.recent ?? 0), Number(figures?.previous ?? 0));
  const connected = Number(figures?.accounts ?? 0);
  const engagement = engagementPeriods(engagementRows, nowMs);
  return {
    total_posts: total,
    total_change_percent: percent,
    total_change: formatChange(percent),
    scheduled_posts: Number(figures?.scheduled ?? 0),
    connected_accounts: connected,
    engagement_week: engagement.week,
    engagement_change: formatChange(periodChangePercent(engagement.week, engagement.previous)),
    trend_days: TREND_DAYS,
    upcoming,
    progress: { brain: Number(figures?.brain ?? 0) > 0, social: connected > 0, posts: total > 0 },
  };
}
