// Analytics (decisions 150, 205): no invented figure — a network's trend shows only against a
// previous period that had data, stated as such; the best time to post is labelled in words; the
// top-posts table and the heatmap scroll inside their cards rather than widening a phone's page.
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AnalyticsResponse } from "../../schema/api/analytics";
import AnalyticsPage from "../../frontend/features/analytics/analytics-page";
import { fakeApi } from "./fake-api";
import { makeProject, renderAppPage } from "./test-utils";

// uPlot draws on a canvas jsdom does not have; the charts are not what this test reads.
vi.mock("../../frontend/components/analytics/line-chart", () => ({ LineChart: ({ title }: { title: string }) => <div>{title}</div> }));

afterEach(() => vi.unstubAllGlobals());

const totals = { likes: 10, reposts: 2, replies: 1, impressions: 400 };
const answer: AnalyticsResponse = {
  days: 30,
  networks: [
    { platform: "twitter", ...totals, engagement: 15, previous_engagement: 10 },
    // A network with nothing in the previous period: no trend at all (not "new", not "+100%").
    { platform: "bluesky", ...totals, engagement: 7, previous_engagement: 0 },
  ],
  series: { dates: ["2026-11-27", "2026-11-28"], engagement: { twitter: [5, 10] }, impressions: { twitter: [100, 300] } },
  top_posts: [{ post_id: "p-1", platform: "twitter", content: "Our cold brew kit is back", published_at: "2026-11-27T10:00:00Z", ...totals, engagement: 13 }],
  best_times: [
    { weekday: 2, hour: 14, posts: 3, avg_engagement: 12 },
    { weekday: 5, hour: 9, posts: 1, avg_engagement: 4 },
  ],
};

describe("analytics", () => {
  it("states a trend only against a previous period with data, labels the best slot, and keeps wide content inside its cards", async () => {
    fakeApi({ "GET /api/projects/:projectId/analytics": answer });
    renderAppPage(<AnalyticsPage />, makeProject());
    const cards = await screen.findAllByTestId("network-totals");
    expect(within(cards[0]!).getByTestId("network-trend")).toHaveTextContent("+50.0% vs previous 30 days");
    expect(within(cards[1]!).getByTestId("network-trend")).toHaveTextContent(/^$/);

    expect(screen.getByText(/Best so far: Tue 14:00\./)).toBeInTheDocument();
    const grid = screen.getByTestId("best-times");
    const bestCells = grid.querySelectorAll("[data-best]");
    expect(bestCells).toHaveLength(1);
    expect(bestCells[0]).toHaveAttribute("aria-label", "Tue 14:00: 12 (best)");

    for (const wide of [screen.getByTestId("top-posts"), grid]) expect(getComputedStyle(wide.parentElement!).overflowX).toBe("auto");
  });
});
