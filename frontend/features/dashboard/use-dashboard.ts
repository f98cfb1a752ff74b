import useSWR from "swr";
import type { DashboardResponse } from "../../../schema/api/campaigns";
import { fetcher } from "../../lib/api";

const dashboardKey = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/dashboard`;

/**
 * Dashboard figures, the next 10 scheduled posts and the progress flags (brain, social, posts)
 * that the header's three dots show. A load failure is only logged (spec section 8).
 */
export function useDashboard(projectId: string | null | undefined) {
  return useSWR<DashboardResponse>(projectId ? dashboardKey(projectId) : null, fetcher, {
    shouldRetryOnError: false,
    onError: (err) => console.error("Failed to load dashboard", err),
  });
}
