import useSWR from "swr";
import { browserTimeZone } from "../../../schema/api/campaign-schedule";
import type { DashboardResponse } from "../../../schema/api/campaigns";
import { fetcher } from "../../lib/api";

const dashboardKey = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/dashboard`;

/**
 * Dashboard figures, the next 10 scheduled posts and the progress flags (brain, social, posts)
 * that the header's three dots show. A load failure is only logged (spec section 8).
 */
export function useDashboard(projectId: string | null | undefined) {
  return useSWR<DashboardResponse>(projectId ? dashboardKey(projectId) : null, fetchDashboard, {
    shouldRetryOnError: false,
    onError: (err) => console.error("Failed to load dashboard", err),
  });
}

let zone: string | undefined;
/** The browser's time zone, in which the upcoming posts' times are shown (read once). */
export const dashboardTimeZone = (): string => (zone ??= browserTimeZone());

// A page's first Intl.DateTimeFormat loads the runtime's locale data: ~15 ms, ~60 ms on a phone, and
// 0.3 s of blocking time under Lighthouse's 4x (decision 168). It is read in a task of its own, after
// the figures arrive and before they render, and only when a post's time will be shown: a dashboard
// with nothing upcoming (every new project's) never pays it.
async function fetchDashboard(path: string): Promise<DashboardResponse> {
  const figures = await fetcher<DashboardResponse>(path);
  if (figures.upcoming.length > 0 && zone === undefined) await new Promise((done) => setTimeout(() => done(dashboardTimeZone()), 0));
  return figures;
}
