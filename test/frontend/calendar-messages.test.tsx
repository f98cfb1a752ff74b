// A message's variants on the calendar (decision 278): posts sharing a message_id and a time are
// one card (week, day and list views) or one chip (month view) with each network's mark, which
// opens the post detail with a tab per network; each variant keeps its own status and actions, a
// dragged message moves all its variants, and a variant moved to another time is drawn alone.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import CalendarPage from "../../frontend/features/calendar/calendar-page";
import { groupByMessage } from "../../frontend/features/calendar/message-variant-tabs";
import { todayDate, visibleRange } from "../../frontend/lib/calendar-dates";
import { browserTimeZone } from "../../schema/api/campaigns";
import { localDateTimeToUtc } from "../../schema/api/campaign-schedule";
import { fromCalendarRow, toCalendarRow } from "../../schema/api/calendar";
import type { Post } from "../../schema/api/posts";
import { calendarApi, makePost, makeProject, renderAppPage } from "./test-utils";
import type { FakeRequest } from "./fake-api";

const project = makeProject({ id: "p1", role: "owner" });
const tz = browserTimeZone();
const week = visibleRange("week", todayDate(tz), tz);
const at = (day: number, time: string) => new Date(localDateTimeToUtc(week.days[day], time, tz)!).toISOString();

const store: { posts: Post[] } = { posts: [] };
let calls: FakeRequest[];

beforeEach(() => {
  store.posts = [
    // One message on X and Instagram, Tuesday 10:00.
    makePost({ id: "m1-x", platform: "twitter", content: "Saturday class for beginners.", message_id: "m1", scheduled_for: at(2, "10:00") }),
    makePost({ id: "m1-ig", platform: "instagram", content: "Saturday class for beginners. Mats included.", message_id: "m1", scheduled_for: at(2, "10:00") }),
    // A post alone on the same day.
    makePost({ id: "solo", platform: "linkedin", content: "A post on its own", scheduled_for: at(2, "15:00") }),
    // A message whose X variant failed: each variant shows its own status and actions.
    makePost({ id: "m2-x", platform: "twitter", content: "Pottery night", message_id: "m2", scheduled_for: at(4, "18:00") }),
    makePost({
      id: "m2-ig",
      platform: "instagram",
      content: "Pottery night, clay included",
      message_id: "m2",
      scheduled_for: at(4, "18:00"),
      status: "failed",
      error_message: "Instagram needs an image",
    }),
    // A message whose Instagram variant was moved to another time: two entries.
    makePost({ id: "m3-x", platform: "twitter", content: "Open studio morning", message_id: "m3", scheduled_for: at(5, "09:00") }),
    makePost({ id: "m3-ig", platform: "instagram", content: "Open studio, later", message_id: "m3", scheduled_for: at(5, "17:00") }),
  ];
  calls = calendarApi(store).calls;
});
afterEach(() => vi.unstubAllGlobals());

const column = (i: number) => screen.getAllByTestId("week-column")[i]!;
const messageCard = (id: string) => screen.getAllByTestId("message-card").find((c) => c.getAttribute("data-message-id") === id)!;
const variantRow = (card: HTMLElement, postId: string) =>
  within(card)
    .getAllByTestId("message-variant")
    .find((r) => r.getAttribute("data-post-id") === postId)!;

describe("groupByMessage", () => {
  it("joins a message's variants due at the same time, keeps the first post's order, and leaves other posts alone", () => {
    const rows = store.posts.map((p) => fromCalendarRow(toCalendarRow(p)));
    expect(groupByMessage(rows).map((g) => g.map((p) => p.id))).toEqual([["m1-x", "m1-ig"], ["solo"], ["m2-x", "m2-ig"], ["m3-x"], ["m3-ig"]]);
    // Posts without a message are never joined, even at the same time.
    const lone = rows.map((p) => ({ ...p, message_id: null, scheduled_for: rows[0]!.scheduled_for }));
    expect(groupByMessage(lone)).toHaveLength(rows.length);
  });
});

describe("a message on several networks in the calendar", () => {
  it("draws one card per message in week view, with a row per network carrying that variant's status and actions", async () => {
    renderAppPage(<CalendarPage />, project);
    await waitFor(() => expect(screen.getAllByTestId("message-card")).toHaveLength(2));
    // m1 and m2 are cards; the post alone and m3's variants (different times) are post cards.
    expect(
      screen
        .getAllByTestId("post-card")
        .map((c) => c.getAttribute("data-post-id"))
        .sort(),
    ).toEqual(["m3-ig", "m3-x", "solo"]);
    const m1 = messageCard("m1");
    expect(column(2)).toContainElement(m1);
    expect(m1).toHaveAccessibleName(/^Message on X \(Twitter\) and Instagram at /);
    expect(within(m1).getByTestId("message-network-count")).toHaveTextContent("2 networks");
    expect(within(m1).getByText("Saturday class for beginners.")).toBeInTheDocument();
    expect(
      within(m1)
        .getAllByTestId("message-variant")
        .map((r) => r.getAttribute("data-platform")),
    ).toEqual(["twitter", "instagram"]);
    // The card is shown once: the Instagram text is not drawn as a second card.
    expect(screen.queryByText("Saturday class for beginners. Mats included.")).not.toBeInTheDocument();

    const m2 = messageCard("m2");
    const failed = variantRow(m2, "m2-ig");
    expect(within(failed).getByText("failed")).toBeInTheDocument();
    expect(within(failed).getByText("Instagram needs an image")).toBeInTheDocument();
    expect(within(failed).getByRole("button", { name: "Retry" })).toBeInTheDocument();
    expect(within(failed).queryByRole("button", { name: "Publish now" })).not.toBeInTheDocument();
    const scheduled = variantRow(m2, "m2-x");
    expect(within(scheduled).getByText("scheduled")).toBeInTheDocument();
    expect(within(scheduled).getByRole("button", { name: "Publish now" })).toBeInTheDocument();
    expect(within(scheduled).queryByRole("button", { name: "Retry" })).not.toBeInTheDocument();
    // A message with a failed variant cannot be dragged as one; m1's can.
    expect(m2).toHaveAttribute("draggable", "false");
    expect(m1).toHaveAttribute("draggable", "true");
  });

  it("opens the post detail on the network clicked, with a tab per network, and publishes or deletes one variant alone", async () => {
    const user = userEvent.setup();
    renderAppPage(<CalendarPage />, project);
    await waitFor(() => expect(screen.getAllByTestId("message-card")).toHaveLength(2));
    await user.click(within(messageCard("m1")).getByRole("button", { name: "Open the Instagram post" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Instagram post")).toBeInTheDocument();
    expect(within(dialog).getByText("Saturday class for beginners. Mats included.")).toBeInTheDocument();
    const tabs = within(dialog).getByRole("tablist", { name: "This message on each network" });
    expect(
      within(tabs)
        .getAllByRole("tab")
        .map((t) => t.textContent),
    ).toEqual(["X (Twitter)", "Instagram"]);
    await user.click(within(tabs).getByRole("tab", { name: /X \(Twitter\)/ }));
    expect(await within(dialog).findByText("X (Twitter) post")).toBeInTheDocument();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    // Publish now on the X row publishes that variant only.
    await user.click(within(variantRow(messageCard("m1"), "m1-x")).getByRole("button", { name: "Publish now" }));
    expect(await screen.findByText("Post published successfully!")).toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith("/publish")).map((c) => c.url)).toEqual(["/api/posts/m1-x/publish"]);
    await waitFor(() => expect(within(variantRow(messageCard("m1"), "m1-x")).getByText("published")).toBeInTheDocument());
    expect(within(variantRow(messageCard("m1"), "m1-ig")).getByText("scheduled")).toBeInTheDocument();

    // Deleting the Instagram variant leaves the X one, now drawn as a post card of its own.
    await user.click(within(variantRow(messageCard("m1"), "m1-ig")).getByRole("button", { name: "Delete post" }));
    await user.click(await screen.findByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Post deleted successfully")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.url)).toEqual(["/api/posts/m1-ig"]);
    await waitFor(() => expect(screen.getAllByTestId("message-card")).toHaveLength(1));
    expect(screen.getAllByTestId("post-card").some((c) => c.getAttribute("data-post-id") === "m1-x")).toBe(true);
  });

  it("moves a dragged message's variants together, each keeping the local time", async () => {
    renderAppPage(<CalendarPage />, project);
    await waitFor(() => expect(screen.getAllByTestId("message-card")).toHaveLength(2));
    const store = new Map<string, string>();
    const dataTransfer = { setData: (k: string, v: string) => store.set(k, v), getData: (k: string) => store.get(k) ?? "", effectAllowed: "", dropEffect: "" };
    fireEvent.dragStart(messageCard("m1"), { dataTransfer });
    fireEvent.dragOver(column(3), { dataTransfer });
    fireEvent.drop(column(3), { dataTransfer });
    expect(await screen.findByText("Message rescheduled on 2 networks")).toBeInTheDocument();
    const moved = at(3, "10:00");
    expect(calls.filter((c) => c.method === "PATCH").map((c) => [c.url, c.body])).toEqual([
      ["/api/posts/m1-x", { scheduled_for: moved }],
      ["/api/posts/m1-ig", { scheduled_for: moved }],
    ]);
    await waitFor(() => expect(column(3)).toContainElement(messageCard("m1")));
  });

  it("selects a message's variants with one checkbox", async () => {
    const user = userEvent.setup();
    renderAppPage(<CalendarPage />, project);
    await waitFor(() => expect(screen.getAllByTestId("message-card")).toHaveLength(2));
    await user.click(screen.getByRole("button", { name: "Select" }));
    await user.click(screen.getByRole("checkbox", { name: "Select message: Saturday class for beginners." }));
    expect(screen.getByRole("button", { name: "Share 2 for review" })).toBeInTheDocument();
    await user.click(screen.getByRole("checkbox", { name: "Select message: Saturday class for beginners." }));
    expect(screen.getByRole("button", { name: "Share for review" })).toBeInTheDocument();
  });

  it("groups the message in the month, list and day views too", async () => {
    const user = userEvent.setup();
    renderAppPage(<CalendarPage />, project);
    await waitFor(() => expect(screen.getAllByTestId("message-card")).toHaveLength(2));

    await user.click(screen.getByRole("button", { name: "Month View" }));
    const month = await screen.findByTestId("month-view");
    await waitFor(() => expect(within(month).getAllByTestId("message-chip")).toHaveLength(2));
    const chip = within(month)
      .getAllByTestId("message-chip")
      .find((c) => c.getAttribute("data-message-id") === "m1")!;
    expect(
      within(chip)
        .getAllByRole("img")
        .map((i) => i.getAttribute("aria-label")),
    ).toEqual(["X (Twitter)", "Instagram"]);
    expect(within(month).queryByText(/Mats included/)).not.toBeInTheDocument();
    await user.click(within(chip).getByRole("button"));
    const dialog = await screen.findByRole("dialog");
    expect(within(within(dialog).getByRole("tablist", { name: "This message on each network" })).getAllByRole("tab")).toHaveLength(2);
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    await user.click(screen.getByRole("button", { name: "List View" }));
    const list = await screen.findByTestId("list-view");
    await waitFor(() => expect(within(list).getAllByTestId("message-card")).toHaveLength(2));
    expect(within(list).getAllByTestId("message-variant")).toHaveLength(4);

    await user.click(screen.getByRole("button", { name: "Day View" }));
    // The day of m1 (Tuesday of this week).
    const today = todayDate(tz);
    const steps = week.days.indexOf(today) - 2;
    for (let i = 0; i < Math.abs(steps); i++) await user.click(screen.getByRole("button", { name: steps > 0 ? "Previous day" : "Next day" }));
    const day = await screen.findByTestId("day-view");
    await waitFor(() => expect(within(day).getAllByTestId("message-card")).toHaveLength(1));
    expect(
      within(day)
        .getAllByTestId("post-card")
        .map((c) => c.getAttribute("data-post-id")),
    ).toEqual(["solo"]);
  });
});
