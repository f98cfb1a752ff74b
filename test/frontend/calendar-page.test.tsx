import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import CalendarPage from "../../frontend/features/calendar/calendar-page";
import { shiftAnchor, todayDate, visibleRange } from "../../frontend/lib/calendar-dates";
import { browserTimeZone } from "../../schema/api/campaigns";
import { localDateTimeToUtc } from "../../schema/api/campaign-schedule";
import type { Post } from "../../schema/api/posts";
import { calendarApi, makePost, makeProject, renderAppPage } from "./test-utils";
import { fakeApi, type FakeRequest } from "./fake-api";
import { stubScreen } from "./media-query";

const project = makeProject({ industry: "Tech", brand_voice: "x", description: "d", user_email: "a@b.c" });
const tz = browserTimeZone();
const week = visibleRange("week", todayDate(tz), tz);

function post(id: string, day: number, time: string, extra: Partial<Post> = {}): Post {
  return makePost({
    id,
    content: `Content of ${id}`,
    hashtags: ["tag"],
    scheduled_for: new Date(localDateTimeToUtc(week.days[day], time, tz)!).toISOString(),
    ...extra,
  });
}

const store: { posts: Post[] } = { posts: [] };
let calls: FakeRequest[];

beforeEach(() => {
  store.posts = [
    post("sun", 0, "09:00"),
    post("tue-ig", 2, "10:30", { platform: "instagram", content: "Instagram launch day" }),
    post("tue-pub", 2, "08:00", { status: "published", published_at: new Date().toISOString() }),
    post("fri-fail", 5, "12:00", { status: "failed", error_message: "Failed to publish post" }),
  ];
  calls = calendarApi(store).calls;
});
afterEach(() => vi.unstubAllGlobals());
// Interaction-heavy tests on a shared 2-core machine can exceed the 5 s default.

function renderPage() {
  return renderAppPage(<CalendarPage />, project);
}

const column = (i: number) => screen.getAllByTestId("week-column")[i];

describe("content calendar", () => {
  it("shows 7 columns from Sunday, loading only this week's posts", async () => {
    renderPage();
    expect(screen.getByRole("heading", { name: "Content Calendar" })).toBeInTheDocument();
    await waitFor(() => expect(within(column(0)).getByText("Content of sun")).toBeInTheDocument());
    const cols = screen.getAllByTestId("week-column");
    expect(cols).toHaveLength(7);
    expect(cols.map((c) => c.getAttribute("data-date"))).toEqual(week.days);
    const get = calls.find((c) => c.url.startsWith("/api/projects/p1/calendar?from="))!;
    const u = new URL(get.url, "http://x");
    expect(u.searchParams.get("from")).toBe(week.from);
    expect(u.searchParams.get("to")).toBe(week.to);
    expect(within(column(2)).getByText("Instagram launch day")).toBeInTheDocument();
    expect(within(column(1)).getByText("No posts")).toBeInTheDocument();
    // Status badge text equals the status; failed posts are loaded with a Retry action.
    expect(within(column(5)).getByText("failed")).toBeInTheDocument();
    expect(within(column(5)).getByRole("button", { name: "Retry" })).toBeInTheDocument();
    expect(within(column(2)).getByText("published")).toBeInTheDocument();
  });

  it("offers Publish now and Edit only on scheduled posts, and Add Image on scheduled posts without one", async () => {
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId("post-card")).toHaveLength(4));
    const card = (id: string) => screen.getAllByTestId("post-card").find((c) => c.getAttribute("data-post-id") === id)!;
    expect(within(card("sun")).getByRole("button", { name: "Publish now" })).toBeInTheDocument();
    expect(within(card("sun")).getByRole("button", { name: "Edit post" })).toBeInTheDocument();
    expect(within(card("sun")).getByRole("button", { name: /Add Image/ })).toBeInTheDocument();
    expect(within(card("sun")).getByRole("button", { name: "Delete post" })).toBeInTheDocument();
    expect(card("sun")).toHaveAttribute("draggable", "true");
    for (const id of ["tue-pub", "fri-fail"]) {
      expect(within(card(id)).queryByRole("button", { name: "Publish now" })).not.toBeInTheDocument();
      expect(within(card(id)).queryByRole("button", { name: "Edit post" })).not.toBeInTheDocument();
      expect(within(card(id)).queryByRole("button", { name: /Add Image/ })).not.toBeInTheDocument();
      expect(within(card(id)).getByRole("button", { name: "Delete post" })).toBeInTheDocument();
    }
  });

  it("filters by platform, status and search text", async () => {
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId("post-card")).toHaveLength(4));
    await user.click(screen.getByRole("button", { name: "Filters" }));
    await user.selectOptions(screen.getByLabelText("Platform"), "instagram");
    expect(screen.getAllByTestId("post-card")).toHaveLength(1);
    await user.selectOptions(screen.getByLabelText("Platform"), "all");
    await user.selectOptions(screen.getByLabelText("Status"), "failed");
    expect(screen.getAllByTestId("post-card").map((c) => c.getAttribute("data-post-id"))).toEqual(["fri-fail"]);
    await user.selectOptions(screen.getByLabelText("Status"), "all");
    await user.type(screen.getByLabelText("Search posts"), "launch");
    expect(screen.getAllByTestId("post-card").map((c) => c.getAttribute("data-post-id"))).toEqual(["tue-ig"]);
  });

  it("moves 7 days with the arrows in week view and 1 day in day view", async () => {
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId("post-card")).toHaveLength(4));
    await user.click(screen.getByRole("button", { name: "Next week" }));
    const next = visibleRange("week", shiftAnchor(todayDate(tz), "week", 1), tz);
    await waitFor(() => expect(screen.getAllByTestId("week-column")[0]).toHaveAttribute("data-date", next.days[0]));
    expect(calls.some((c) => c.url.includes(encodeURIComponent(next.from)))).toBe(true);
    await waitFor(() => expect(screen.queryAllByTestId("post-card")).toHaveLength(0));
    await user.click(screen.getByRole("button", { name: "Today" }));
    await user.click(screen.getByRole("button", { name: "Day View" }));
    expect(screen.queryAllByTestId("week-column")).toHaveLength(0);
    const today = todayDate(tz);
    const day = visibleRange("day", today, tz);
    await waitFor(() => expect(calls.some((c) => c.url.includes(encodeURIComponent(day.to)))).toBe(true));
    await user.click(screen.getByRole("button", { name: "Next day" }));
    const tomorrow = visibleRange("day", shiftAnchor(today, "day", 1), tz);
    await waitFor(() => expect(calls.some((c) => c.url.includes(encodeURIComponent(tomorrow.to)))).toBe(true));
  });

  it("forces the day view below 768 px and hides the view buttons", async () => {
    stubScreen({ phone: true });
    store.posts = [];
    renderPage();
    expect(screen.queryByRole("button", { name: "Week View" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Day View" })).not.toBeInTheDocument();
    expect(screen.queryAllByTestId("week-column")).toHaveLength(0);
    expect(await screen.findByText("No posts scheduled for this day")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next day" })).toBeInTheDocument();
  });

  it("asks before deleting and toasts the result", async () => {
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId("post-card")).toHaveLength(4));
    const card = screen.getAllByTestId("post-card").find((c) => c.getAttribute("data-post-id") === "sun")!;
    await user.click(within(card).getByRole("button", { name: "Delete post" }));
    expect(await screen.findByText("Are you sure you want to delete this post?")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Post deleted successfully")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "DELETE" && c.url === "/api/posts/sun")).toBe(true);
    await waitFor(() => expect(screen.getAllByTestId("post-card")).toHaveLength(3));
  });

  it("opens the detail modal and reschedules from its edit mode (the keyboard way to move a post)", async () => {
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId("post-card")).toHaveLength(4));
    await user.click(screen.getByText("Content of sun"));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("#tag")).toBeInTheDocument();
    expect(within(dialog).getByText("scheduled")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Edit" }));
    const date = within(dialog).getByLabelText("Date");
    await user.clear(date);
    await user.type(date, week.days[3]);
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Post updated successfully")).toBeInTheDocument();
    const patch = calls.find((c) => c.method === "PATCH")!;
    expect(patch.body).toEqual({ scheduled_for: new Date(localDateTimeToUtc(week.days[3], "09:00", tz)!).toISOString() });
  });

  it("reads the week in the calendar's shape and fetches the full post (its sources) when one is opened", async () => {
    const user = userEvent.setup();
    store.posts[1] = { ...store.posts[1]!, sources: [{ segment_id: "s1", document_id: "d1", document_title: "Brand book", content: "Launch on Tuesdays." }] };
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId("post-card")).toHaveLength(4));
    // The week's answer carries no sources: they come with the full post.
    expect(calls.some((c) => c.url.startsWith("/api/posts/"))).toBe(false);
    await user.click(screen.getByText("Instagram launch day"));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Instagram launch day")).toBeInTheDocument();
    expect(await within(dialog).findByRole("button", { name: /Based on: Brand book/ })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "GET" && c.url === "/api/posts/tue-ig")).toHaveLength(1);
  });

  it("edits a post's text in the simpler Edit Post modal", async () => {
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId("post-card")).toHaveLength(4));
    const card = screen.getAllByTestId("post-card").find((c) => c.getAttribute("data-post-id") === "sun")!;
    await user.click(within(card).getByRole("button", { name: "Edit post" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Post" });
    const box = within(dialog).getByLabelText("Content");
    expect(box).toHaveValue("Content of sun");
    await user.clear(box);
    expect(within(dialog).getByRole("button", { name: "Save Changes" })).toBeDisabled();
    await user.type(box, "New words");
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    expect((await screen.findAllByText("Post updated successfully")).length).toBeGreaterThan(0);
    expect(calls.find((c) => c.method === "PATCH")).toMatchObject({ url: "/api/posts/sun", body: { content: "New words" } });
    await waitFor(() => expect(screen.getByText("New words")).toBeInTheDocument());
  });

  it("reschedules a card dropped on another day, keeping its local time", async () => {
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId("post-card")).toHaveLength(4));
    const store = new Map<string, string>();
    const dataTransfer = {
      setData: (k: string, v: string) => store.set(k, v),
      getData: (k: string) => store.get(k) ?? "",
      effectAllowed: "",
      dropEffect: "",
    };
    const { fireEvent } = await import("@testing-library/react");
    const card = screen.getAllByTestId("post-card").find((c) => c.getAttribute("data-post-id") === "sun")!;
    fireEvent.dragStart(card, { dataTransfer });
    fireEvent.dragOver(column(4), { dataTransfer });
    fireEvent.drop(column(4), { dataTransfer });
    expect(await screen.findByText("Post rescheduled successfully")).toBeInTheDocument();
    const patch = calls.find((c) => c.method === "PATCH")!;
    expect(patch.url).toBe("/api/posts/sun");
    expect(patch.body).toEqual({ scheduled_for: new Date(localDateTimeToUtc(week.days[4], "09:00", tz)!).toISOString() });
    await waitFor(() => expect(within(column(4)).getByText("Content of sun")).toBeInTheDocument());
  });

  it("publishes now and retries with the spec's toasts", async () => {
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId("post-card")).toHaveLength(4));
    const card = (id: string) => screen.getAllByTestId("post-card").find((c) => c.getAttribute("data-post-id") === id)!;
    await user.click(within(card("sun")).getByRole("button", { name: "Publish now" }));
    expect(await screen.findByText("Post published successfully!")).toBeInTheDocument();
    await user.click(within(card("fri-fail")).getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(calls.some((c) => c.url === "/api/posts/fri-fail/retry")).toBe(true));
  });

  it("toasts 'Failed to load posts' when the week cannot be loaded", async () => {
    fakeApi({ "*": [500, { error: { code: "internal", message: "x" } }] });
    renderPage();
    expect((await screen.findAllByText("Failed to load posts")).length).toBeGreaterThan(0);
  });
});
