import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import CalendarPage from "../../frontend/features/calendar/calendar-page";
import { visibleRange, todayDate } from "../../frontend/lib/calendar-dates";
import { parseCsv } from "../../frontend/features/calendar/csv-import-dialog";
import { browserTimeZone } from "../../schema/api/campaigns";
import { addDays, localDateTimeToUtc, weekday } from "../../schema/api/campaign-schedule";
import type { Post } from "../../schema/api/posts";
import type { AnalyticsResponse } from "../../schema/api/analytics";
import { calendarAnswer, makePost, makeProject, renderAppPage } from "./test-utils";
import { fakeApi, type FakeRequest } from "./fake-api";

// The charts draw on canvas, which jsdom lacks: the chart is replaced by its text summary.
vi.mock("../../frontend/components/analytics/line-chart", () => ({
  LineChart: ({ title, series }: { title: string; series: { label: string; values: number[] }[] }) => (
    <div data-testid="line-chart">{`${title}: ${series.map((s) => `${s.label} ${s.values.reduce((a, b) => a + b, 0)}`).join(", ")}`}</div>
  ),
}));

const project = makeProject({ industry: "Tech", brand_voice: "x", description: "d", user_email: "a@b.c" });
const tz = browserTimeZone();
const today = todayDate(tz);
const month = visibleRange("month", today, tz);
const firstOfMonth = `${today.slice(0, 8)}01`;
const at = (date: string, time: string) => new Date(localDateTimeToUtc(date, time, tz)!).toISOString();

let posts: Post[];
let drafts: Post[];
let calls: FakeRequest[];
let analytics: AnalyticsResponse;

beforeEach(() => {
  posts = [
    makePost({ id: "m1", content: "Month post one", scheduled_for: at(firstOfMonth, "14:25") }),
    makePost({ id: "m2", content: "Month post two", scheduled_for: at(addDays(firstOfMonth, 2), "08:00"), platform: "instagram" }),
  ];
  drafts = [makePost({ id: "d1", content: "Draft without time", status: "draft", platform: "linkedin" })];
  analytics = {
    days: 30,
    networks: [{ platform: "twitter", likes: 20, reposts: 5, replies: 5, impressions: 400, engagement: 30, previous_engagement: 15 }],
    series: { dates: ["2026-06-16", "2026-06-17"], engagement: { twitter: [10, 20] }, impressions: { twitter: [100, 300] } },
    top_posts: [
      {
        post_id: "m1",
        platform: "twitter",
        content: "Month post one",
        published_at: "2026-06-15T13:00:00.000Z",
        likes: 20,
        reposts: 5,
        replies: 5,
        impressions: 400,
        engagement: 30,
      },
    ],
    best_times: [{ weekday: 1, hour: 9, posts: 2, avg_engagement: 17 }],
  };
  const rowsOf = (body: unknown) => (body as { rows: unknown[] }).rows;
  calls = fakeApi({
    "GET /api/projects/p1/calendar": ({ query }) => {
      if (query.get("status") === "draft") return calendarAnswer(drafts);
      const from = Date.parse(query.get("from")!);
      const to = Date.parse(query.get("to")!);
      return calendarAnswer(posts.filter((p) => Date.parse(p.scheduled_for) >= from && Date.parse(p.scheduled_for) < to));
    },
    "/api/projects/p1/slots": () => ({ time_zone: tz, slots: [{ id: "s1", platform: "linkedin", weekday: weekday(addDays(firstOfMonth, 3)), time: "07:30" }] }),
    "/api/projects/p1/posts/bulk": { changed: 2, skipped: 0 },
    "/api/projects/p1/import/check": ({ body }) => ({
      created: 0,
      results: rowsOf(body).map((_, i) =>
        i === 1
          ? {
              row: 2,
              ok: false,
              errors: ["Too long for X (Twitter): 300/280 characters as X counts them, hashtags included"],
              platform: "twitter",
              scheduled_for: null,
            }
          : { row: i + 1, ok: true, errors: [], platform: "twitter", scheduled_for: null },
      ),
    }),
    "/api/projects/p1/import": ({ body }) => ({ created: rowsOf(body).length - 1, results: [] }),
    "/api/projects/p1/analytics": () => analytics,
    "PATCH /api/posts/:id": ({ params, body }) => ({ ...[...posts, ...drafts].find((x) => x.id === params.id)!, ...(body as object), status: "scheduled" }),
  }).calls;
});
afterEach(() => vi.unstubAllGlobals());

function dnd() {
  const store = new Map<string, string>();
  return { setData: (k: string, v: string) => store.set(k, v), getData: (k: string) => store.get(k) ?? "", effectAllowed: "", dropEffect: "" };
}
const dayCell = (date: string) => screen.getAllByTestId("month-day").find((c) => c.getAttribute("data-date") === date)!;

describe("month and list views", () => {
  it("shows whole weeks from Sunday, loads exactly the grid's range, and a drag keeps the time of day", async () => {
    const user = userEvent.setup();
    renderAppPage(<CalendarPage />, project);
    await user.click(screen.getByRole("button", { name: "Month View" }));
    await waitFor(() => expect(within(dayCell(firstOfMonth)).getByText(/Month post one/)).toBeInTheDocument());
    const cells = screen.getAllByTestId("month-day");
    expect(cells.length % 7).toBe(0);
    expect(weekday(cells[0]!.getAttribute("data-date")!)).toBe(0);
    const get = calls.filter((c) => c.url.startsWith("/api/projects/p1/calendar?from=")).at(-1)!;
    expect(new URL(get.url, "http://x").searchParams.get("from")).toBe(month.from);

    const target = addDays(firstOfMonth, 9);
    const t = dnd();
    fireEvent.dragStart(within(dayCell(firstOfMonth)).getAllByTestId("post-chip")[0]!, { dataTransfer: t });
    fireEvent.dragOver(dayCell(target), { dataTransfer: t });
    fireEvent.drop(dayCell(target), { dataTransfer: t });
    expect(await screen.findByText("Post rescheduled successfully")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "PATCH")!.body).toEqual({ scheduled_for: at(target, "14:25") });
  });

  it("schedules a draft dragged from the Unscheduled tray at its network's slot on that weekday", async () => {
    const user = userEvent.setup();
    renderAppPage(<CalendarPage />, project);
    await user.click(screen.getByRole("button", { name: "Month View" }));
    const tray = await screen.findByTestId("unscheduled-tray");
    await waitFor(() => expect(within(tray).getByText(/Draft without time/)).toBeInTheDocument());
    const t = dnd();
    const target = addDays(firstOfMonth, 3);
    fireEvent.dragStart(within(tray).getByTestId("post-chip"), { dataTransfer: t });
    fireEvent.drop(dayCell(target), { dataTransfer: t });
    await waitFor(() => expect(calls.find((c) => c.method === "PATCH")).toBeTruthy());
    expect(calls.find((c) => c.method === "PATCH")!).toMatchObject({ url: "/api/posts/d1", body: { scheduled_for: at(target, "07:30") } });
  });

  it("schedules a draft from its detail modal (the keyboard path): Edit, date and time, Save Changes", async () => {
    const user = userEvent.setup();
    renderAppPage(<CalendarPage />, project);
    const tray = await screen.findByTestId("unscheduled-tray");
    await user.click(await within(tray).findByRole("button", { name: /Draft without time/ }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Edit" }));
    const target = addDays(firstOfMonth, 5);
    await user.clear(within(dialog).getByLabelText("Date"));
    await user.type(within(dialog).getByLabelText("Date"), target);
    await user.clear(within(dialog).getByLabelText("Time"));
    await user.type(within(dialog).getByLabelText("Time"), "11:15");
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(calls.find((c) => c.method === "PATCH")).toBeTruthy());
    expect(calls.find((c) => c.method === "PATCH")!).toMatchObject({ url: "/api/posts/d1", body: { scheduled_for: at(target, "11:15") } });
  });

  it("lists the month's days with posts in the list view, and moves selected posts in bulk after one confirmation", async () => {
    const user = userEvent.setup();
    renderAppPage(<CalendarPage />, project);
    await user.click(screen.getByRole("button", { name: "List View" }));
    const list = await screen.findByTestId("list-view");
    await waitFor(() => expect(within(list).getByText("Month post two")).toBeInTheDocument());
    expect(within(list).getAllByRole("heading")).toHaveLength(2);
    await user.click(screen.getByRole("button", { name: "Select" }));
    await user.click(screen.getByRole("checkbox", { name: /Month post one/ }));
    await user.click(screen.getByRole("checkbox", { name: /Month post two/ }));
    const bar = screen.getByTestId("bulk-bar");
    expect(within(bar).getByText("2 selected")).toBeInTheDocument();
    await user.clear(within(bar).getByLabelText("Move by days"));
    await user.type(within(bar).getByLabelText("Move by days"), "3");
    await user.click(within(bar).getByRole("button", { name: "Move" }));
    expect(await screen.findByText("Move 2 posts forward by 3 days? Each keeps its time of day.")).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith("/posts/bulk"))).toBe(false);
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("2 posts moved")).toBeInTheDocument();
    const bulk = calls.filter((c) => c.url.endsWith("/posts/bulk"));
    expect(bulk).toHaveLength(1);
    expect(bulk[0]!.body).toMatchObject({ action: "move", days: 3, ids: ["m1", "m2"], time_zone: tz });
  });
});

describe("CSV import", () => {
  it("parses a file with a header row (aliases, quoted commas) and refuses one without content/network", async () => {
    const { rows } = await parseCsv('Content,Hashtags,Platform,Date,Time,Timezone\n"Hello, world",#a #b,X,2030-01-02,9:00,Europe/Berlin\n');
    expect(rows).toEqual([
      { content: "Hello, world", hashtags: "#a #b", network: "X", date: "2030-01-02", time: "9:00", time_zone: "Europe/Berlin", image_url: "" },
    ]);
    expect((await parseCsv("a,b\n1,2\n")).error).toMatch(/needs a header row/);
  });

  it("previews every row's result, then imports in chunks with a progress bar and reports the bad row", async () => {
    const user = userEvent.setup();
    renderAppPage(<CalendarPage />, project);
    await user.click(screen.getByRole("button", { name: "Import CSV" }));
    const csv = ["content,network,date,time", "Good one,twitter,2030-01-01,09:00", `${"y".repeat(300)},twitter,2030-01-01,10:00`, "Good two,twitter,,"].join(
      "\n",
    );
    await user.upload(screen.getByLabelText("CSV file"), new File([csv], "posts.csv", { type: "text/csv" }));
    expect(await screen.findByTestId("import-summary")).toHaveTextContent("2 of 3 rows are ready to import; 1 have problems and will be skipped.");
    const preview = screen.getByTestId("import-preview");
    expect(within(preview).getByText(/Too long for X \(Twitter\)/)).toBeInTheDocument();
    expect(within(preview).getByText("Draft")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Import 2 valid rows" }));
    expect(await screen.findByText("2 posts imported.")).toBeInTheDocument();
    expect(calls.filter((c) => c.url === "/api/projects/p1/import")).toHaveLength(1);
  });
});

describe("analytics screen", () => {
  it("shows per-network totals with the trend, charts, top posts and the best-time grid, and switches the period", async () => {
    const user = userEvent.setup();
    const { default: AnalyticsPage } = await import("../../frontend/features/analytics/analytics-page");
    renderAppPage(<AnalyticsPage />, project);
    const totals = await screen.findByTestId("network-totals");
    expect(within(totals).getByText("30")).toBeInTheDocument();
    expect(within(totals).getByText("+100.0% vs previous 30 days")).toBeInTheDocument();
    expect(screen.getAllByTestId("line-chart")[0]).toHaveTextContent("Engagement per day by network: X (Twitter) 30");
    expect(within(screen.getByTestId("top-posts")).getByText("Month post one")).toBeInTheDocument();
    // The best slot is marked on the grid itself, not only named in the text above it.
    expect(screen.getByLabelText("Mon 9:00: 17 (best)")).toHaveAttribute("data-best", "true");
    expect(screen.getByTestId("best-times").querySelectorAll("[data-best]")).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "90 days" }));
    await waitFor(() => expect(calls.some((c) => c.url.includes("analytics?days=90"))).toBe(true));
  });

  it("explains the empty state before any metrics arrive", async () => {
    analytics = { days: 30, networks: [], series: { dates: [], engagement: {}, impressions: {} }, top_posts: [], best_times: [] };
    const { default: AnalyticsPage } = await import("../../frontend/features/analytics/analytics-page");
    renderAppPage(<AnalyticsPage />, project);
    expect(await screen.findByText("No metrics yet")).toBeInTheDocument();
  });
});
