import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import DashboardPage from "../../frontend/features/dashboard/dashboard-page";
import type { DashboardResponse } from "../../schema/api/campaigns";
import type { Post } from "../../schema/api/posts";
import { fakeApi, type FakeRequest } from "./fake-api";
import { makePost, makeProject, renderAppPage } from "./test-utils";

const project = makeProject({ industry: "Tech", brand_voice: "x", description: "d", user_email: "a@b.c" });

const upcomingPost = (id: string, hours: number): Post =>
  makePost({ id, content: `Upcoming ${id}`, hashtags: ["launch"], scheduled_for: new Date(Date.now() + hours * 3_600_000).toISOString() });

const empty: DashboardResponse = {
  total_posts: 0,
  total_change_percent: null,
  total_change: null,
  scheduled_posts: 0,
  connected_accounts: 0,
  engagement_week: 0,
  engagement_change: null,
  trend_days: 7,
  upcoming: [],
  progress: { brain: false, social: false, posts: false },
};

let dashboard: DashboardResponse;
let calls: FakeRequest[];
let gate: Promise<void> | null;

beforeEach(() => {
  gate = null;
  dashboard = empty;
  // Every answer waits for `gate` when a test holds it (the loading state).
  const held =
    <T,>(answer: (req: FakeRequest) => T) =>
    async (req: FakeRequest) => {
      if (gate) await gate;
      return answer(req);
    };
  calls = fakeApi({
    "GET /api/projects/p1/dashboard": held(() => dashboard),
    "DELETE /api/posts/:id": held(({ params }) => {
      dashboard = { ...dashboard, upcoming: dashboard.upcoming.filter((p) => p.id !== params.id) };
      return undefined;
    }),
    "GET /api/posts/a": held(() => ({ ...dashboard.upcoming[0], status: "published" })),
    "POST /api/posts/:id/publish": held(() => ({ ...dashboard.upcoming[0], status: "publishing" })),
  }).calls;
});
afterEach(() => vi.unstubAllGlobals());
// Interaction-heavy tests on a shared 2-core machine can exceed the 5 s default.

function renderPage() {
  return renderAppPage(<DashboardPage />, project);
}

describe("dashboard", () => {
  it("paints everything but the figures at once, and fills them in place when the data arrives", async () => {
    let release!: () => void;
    gate = new Promise((r) => (release = r));
    renderPage();
    // Heading and quick actions do not wait for the data; figures and list are placeholders.
    expect(screen.getByRole("heading", { name: "Welcome Back" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /1\. Feed Your Brain/ })).toBeInTheDocument();
    const total = screen.getByTestId("stat-Total Posts");
    expect(total).toHaveAttribute("aria-busy", "true");
    expect(total).not.toHaveTextContent(/\d/);
    expect(screen.getByTestId("upcoming-loading")).toHaveTextContent("Loading...");
    expect(screen.queryByText("No upcoming posts")).not.toBeInTheDocument();
    release();
    await waitFor(() => expect(screen.getByTestId("stat-Total Posts")).toHaveAttribute("aria-busy", "false"));
    // The same element, now with its figure: filled in place, not replaced.
    expect(screen.getByTestId("stat-Total Posts")).toBe(total);
    expect(total).toHaveTextContent("0");
    expect(screen.queryByTestId("upcoming-loading")).not.toBeInTheDocument();
    expect(screen.getByText("No upcoming posts")).toBeInTheDocument();
  });

  it("shows the empty state, quick actions and zero figures for a new project", async () => {
    renderPage();
    expect(await screen.findByRole("heading", { name: "Welcome Back" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Create New Campaign/ })).toHaveAttribute("href", "/campaigns/new");
    expect(screen.getByRole("link", { name: /1\. Feed Your Brain/ })).toHaveAttribute("href", "/brain");
    expect(screen.getByRole("link", { name: /2\. Connect Social/ })).toHaveAttribute("href", "/social-connect");
    expect(screen.getByRole("link", { name: /3\. Schedule Posts/ })).toHaveAttribute("href", "/campaigns/new");
    expect(screen.getByTestId("checklist-count")).toHaveTextContent("Getting started: 0 of 3 done");
    expect(screen.queryByRole("button", { name: "Dismiss" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: /View Calendar/ })).toHaveAttribute("href", "/calendar");
    expect(screen.getByText("No upcoming posts")).toBeInTheDocument();
    expect(screen.getByText("Create a campaign to schedule some posts")).toBeInTheDocument();
    expect(within(screen.getByRole("group", { name: "Total Posts" })).getByText("0")).toBeInTheDocument();
    // No previous period with data: no trend at all, on any card.
    for (const label of ["Total Posts", "Scheduled Posts", "Connected Accounts", "Engagement (7 days)"])
      expect(screen.getByTestId(`trend-${label}`)).toHaveTextContent(/^$/);
    expect(screen.getByRole("region", { name: "Figures" })).not.toHaveTextContent("%");
  });

  it("shows the figures and the upcoming posts with Publish now, Edit and Delete", async () => {
    const user = userEvent.setup();
    dashboard = {
      ...empty,
      total_posts: 12,
      total_change_percent: 41.7,
      total_change: "+41.7%",
      engagement_week: 19,
      engagement_change: "-5.0%",
      scheduled_posts: 7,
      connected_accounts: 2,
      upcoming: [upcomingPost("a", 2), upcomingPost("b", 5)],
      progress: { brain: true, social: true, posts: true },
    };
    renderPage();
    await screen.findByRole("heading", { name: "Welcome Back" });
    const total = screen.getByRole("group", { name: "Total Posts" });
    // Figures with upcoming posts render a task after they arrive (the time zone is read first).
    expect(await within(total).findByText("12")).toBeInTheDocument();
    expect(within(total).getByText("+41.7% vs previous 7 days")).toBeInTheDocument();
    expect(within(screen.getByRole("group", { name: "Engagement (7 days)" })).getByText("-5.0% vs previous 7 days")).toBeInTheDocument();
    expect(within(screen.getByRole("group", { name: "Scheduled Posts" })).getByText("7")).toBeInTheDocument();
    expect(within(screen.getByRole("group", { name: "Connected Accounts" })).getByText("2")).toBeInTheDocument();
    const items = screen.getAllByTestId("upcoming-post");
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByText("Upcoming a")).toBeInTheDocument();
    for (const name of ["Publish now", "Edit", "Delete"]) expect(within(items[0]).getByRole("button", { name })).toBeInTheDocument();

    await user.click(within(items[0]).getByRole("button", { name: "Publish now" }));
    expect(await screen.findByText("Post published successfully!")).toBeInTheDocument();
    expect(calls.some((c) => c.url === "/api/posts/a/publish" && c.method === "POST")).toBe(true);

    await user.click(within(screen.getAllByTestId("upcoming-post")[1]).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Are you sure you want to delete this post?")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Post deleted successfully")).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId("upcoming-post")).toHaveLength(1));

    await user.click(within(screen.getAllByTestId("upcoming-post")[0]).getByRole("button", { name: "Edit" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByLabelText("Content")).toHaveValue("Upcoming a");
    expect(within(dialog).getByRole("button", { name: "Save Changes" })).toBeInTheDocument();
  });

  // Decision 205: the getting-started cards never ticked off or went away.
  it("the checklist ticks from the project's data, shows progress, and can be dismissed once done", async () => {
    localStorage.clear();
    dashboard = { ...empty, progress: { brain: true, social: false, posts: true } };
    const first = renderPage();
    expect(await screen.findByText("Getting started: 2 of 3 done")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /1\. Feed Your Brain/ })).toHaveAttribute("data-complete", "true");
    expect(screen.getByRole("link", { name: /2\. Connect Social/ })).toHaveAttribute("data-complete", "false");
    expect(screen.getByRole("link", { name: /3\. Schedule Posts/ })).toHaveAttribute("data-complete", "true");
    expect(screen.getByRole("link", { name: /1\. Feed Your Brain/ })).toHaveTextContent("(done)");
    expect(screen.getByRole("link", { name: /2\. Connect Social/ })).not.toHaveTextContent("(done)");
    expect(screen.queryByRole("button", { name: "Dismiss" })).not.toBeInTheDocument();
    first.unmount();

    dashboard = { ...empty, progress: { brain: true, social: true, posts: true } };
    const second = renderPage();
    expect(await screen.findByText("Getting started: 3 of 3 done")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("region", { name: "Getting started" })).not.toBeInTheDocument();
    second.unmount();
    // Stays dismissed for this project.
    renderPage();
    await waitFor(() => expect(screen.getByTestId("stat-Total Posts")).toHaveAttribute("aria-busy", "false"));
    expect(screen.queryByRole("region", { name: "Getting started" })).not.toBeInTheDocument();
    localStorage.clear();
  });

  it("stays on the page when loading fails, its figures shown as unknown rather than 0", async () => {
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify({ error: { code: "internal", message: "x" } }), { status: 500 }));
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    renderPage();
    expect(await screen.findByRole("heading", { name: "Welcome Back" })).toBeInTheDocument();
    await waitFor(() => expect(spy).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByTestId("stat-Total Posts")).toHaveTextContent("–"));
    for (const label of ["Total Posts", "Scheduled Posts", "Connected Accounts", "Engagement (7 days)"]) {
      expect(screen.getByTestId(`stat-${label}`)).toHaveTextContent("–");
      expect(screen.getByTestId(`trend-${label}`)).toHaveTextContent(/^$/);
    }
    spy.mockRestore();
  });

  // Decision 205: a figure on the dashboard that is not computed from the data (a constant such as
  // the old "+3.2%") fails here: the same screen is rendered for two different responses, and
  // every number in the figures must be one of that response's values.
  it("shows no constant: every number in the figures comes from the response", async () => {
    const responses: DashboardResponse[] = [
      { ...empty, total_posts: 3, scheduled_posts: 1, connected_accounts: 0, engagement_week: 8 },
      {
        ...empty,
        total_posts: 27,
        total_change_percent: -12.5,
        total_change: "-12.5%",
        scheduled_posts: 9,
        connected_accounts: 4,
        engagement_week: 61,
        engagement_change: "+230.0%",
        trend_days: 7,
      },
    ];
    for (const r of responses) {
      dashboard = r;
      const view = renderPage();
      await waitFor(() => expect(screen.getByTestId("stat-Total Posts")).toHaveAttribute("aria-busy", "false"));
      const shown = (screen.getByRole("region", { name: "Figures" }).textContent ?? "").match(/[+-]?\d+(\.\d+)?%?/g) ?? [];
      const fromData = new Set(
        [r.total_posts, r.scheduled_posts, r.connected_accounts, r.engagement_week, r.trend_days, r.total_change, r.engagement_change]
          .filter((v) => v !== null)
          .map(String),
      );
      // "Engagement (7 days)" is the label's period, the same value as trend_days.
      expect(shown.length).toBeGreaterThanOrEqual(4);
      for (const n of shown) expect(fromData, `shown figure ${n}`).toContain(n);
      view.unmount();
    }
  });
});
