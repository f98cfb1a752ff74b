import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import CalendarPage from "../../frontend/features/calendar/calendar-page";
import { startHour } from "../../frontend/features/calendar/day-view";
import { addMonths, shiftAnchor, todayDate, visibleRange } from "../../frontend/lib/calendar-dates";
import { FLOATING_CLEARANCE, FAB_SIZE } from "../../frontend/lib/floating-clearance";
import { initialPosition } from "../../frontend/app/shell/floating-button";
import { browserTimeZone } from "../../schema/api/campaigns";
import { localDateTimeToUtc } from "../../schema/api/campaign-schedule";
import type { Post } from "../../schema/api/posts";
import { fromCalendarRow, toCalendarRow } from "../../schema/api/calendar";
import { calendarApi, makePost, makeProject, renderAppPage } from "./test-utils";
import type { FakeRequest } from "./fake-api";
import { stubScreen } from "./media-query";

// The calendar on a phone (decisions 240, 241): day view and a list view, the day view opened
// at its first post rather than 00:00, and floating controls that leave room for content.
const project = makeProject({ industry: "Tech", brand_voice: "x", description: "d", user_email: "a@b.c" });
const tz = browserTimeZone();
const today = todayDate(tz);
const tomorrow = shiftAnchor(today, "day", 1);
const at = (day: string, time: string) => new Date(localDateTimeToUtc(day, time, tz)!).toISOString();

const store: { posts: Post[] } = { posts: [] };
let calls: FakeRequest[];
const ROW = 40;

beforeEach(() => {
  store.posts = [];
  calls = calendarApi(store).calls;
  stubScreen({ phone: true });
});
afterEach(() => vi.unstubAllGlobals());

describe("the hour the day view opens at", () => {
  const row = (id: string, iso: string) => fromCalendarRow(toCalendarRow(makePost({ id, scheduled_for: iso })));
  const noon = Date.parse(at(today, "12:10"));

  it("is the first post's hour on another day, whatever order the posts come in", () => {
    expect(startHour([row("b", at(tomorrow, "17:00")), row("a", at(tomorrow, "07:45"))], tomorrow, tz, noon)).toBe(7);
  });

  it("is today's first post still to come, or the current hour when all are past", () => {
    const morning = row("m", at(today, "08:00"));
    const evening = row("e", at(today, "19:30"));
    expect(startHour([evening, morning], today, tz, noon)).toBe(19);
    expect(startHour([morning], today, tz, noon)).toBe(12);
  });

  it("is nothing on a day without posts", () => {
    expect(startHour([], today, tz, noon)).toBeNull();
  });
});

describe("the calendar below 768 px", () => {
  let scrolled: { hour: string | undefined; top: number }[];
  const jsdomOffsetTop = Object.getOwnPropertyDescriptor(HTMLElement.prototype, "offsetTop");
  beforeEach(() => {
    scrolled = [];
    // jsdom lays nothing out: each hour row sits ROW px below the previous one.
    Object.defineProperty(HTMLElement.prototype, "offsetTop", {
      configurable: true,
      get(this: HTMLElement) {
        return Number(this.dataset.hour ?? 0) * ROW;
      },
    });
    Element.prototype.scrollTo = function (this: Element, opts?: ScrollToOptions | number) {
      scrolled.push({ hour: (this as HTMLElement).dataset.startHour, top: typeof opts === "object" ? (opts.top ?? 0) : 0 });
    } as Element["scrollTo"];
  });
  afterEach(() => {
    if (jsdomOffsetTop) Object.defineProperty(HTMLElement.prototype, "offsetTop", jsdomOffsetTop);
    delete (Element.prototype as Partial<Element>).scrollTo;
  });

  it("offers Day and List instead of the wide screens' four views, Day first", async () => {
    renderAppPage(<CalendarPage />, project);
    const group = screen.getByRole("group", { name: "Calendar view" });
    expect(
      within(group)
        .getAllByRole("button")
        .map((b) => b.textContent?.trim()),
    ).toEqual(["Day", "List"]);
    expect(within(group).getByRole("button", { name: "Day" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.queryByRole("button", { name: "Week View" })).not.toBeInTheDocument();
    expect(await screen.findByText("No posts scheduled for this day")).toBeInTheDocument();
  });

  it("shows the month's posts as an agenda in the list view, loading exactly that month", async () => {
    const user = userEvent.setup();
    const monthStart = `${today.slice(0, 8)}01`;
    store.posts = [
      makePost({ id: "first", content: "Month opener", scheduled_for: at(monthStart, "10:00") }),
      makePost({ id: "today", content: "Today's post", scheduled_for: at(today, "23:30"), platform: "linkedin" }),
      makePost({ id: "next", content: "Following month", scheduled_for: at(addMonths(monthStart, 1), "10:00") }),
    ];
    renderAppPage(<CalendarPage />, project);
    await user.click(screen.getByRole("button", { name: "List" }));
    const list = await screen.findByRole("list", { name: "Agenda" });
    await waitFor(() => expect(within(list).getAllByTestId("post-card")).toHaveLength(2));
    expect(within(list).getByText("Month opener")).toBeInTheDocument();
    expect(within(list).getByText("Today's post")).toBeInTheDocument();
    expect(within(list).queryByText("Following month")).not.toBeInTheDocument();
    const month = visibleRange("list", today, tz);
    expect(calls.some(({ url: u }) => u.includes(`from=${encodeURIComponent(month.from)}`) && u.includes(`to=${encodeURIComponent(month.to)}`))).toBe(true);
    expect(screen.getByRole("button", { name: "List" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "Next month" })).toBeInTheDocument();
  });

  it("opens the day view scrolled to the day's first post, not at 00:00", async () => {
    const user = userEvent.setup();
    store.posts = [
      makePost({ id: "late", content: "Late one", scheduled_for: at(tomorrow, "15:00") }),
      makePost({ id: "early", content: "Early one", scheduled_for: at(tomorrow, "07:15") }),
    ];
    renderAppPage(<CalendarPage />, project);
    await screen.findByText("No posts scheduled for this day");
    await user.click(screen.getByRole("button", { name: "Next day" }));
    await screen.findByText("Early one");
    const day = screen.getByTestId("day-view");
    expect(day).toHaveAttribute("data-start-hour", "7");
    await waitFor(() => expect(scrolled).toContainEqual({ hour: "7", top: 7 * ROW }));
    expect(scrolled.some((s) => s.top === 0)).toBe(false);
  });
});

describe("floating controls on a phone", () => {
  it("start inside the empty band the main area keeps at its end, so they can be scrolled clear of content", () => {
    vi.stubGlobal("innerWidth", 375);
    vi.stubGlobal("innerHeight", 667);
    const pos = initialPosition();
    // The button's top edge is no higher than the band's top edge.
    expect(667 - pos.y).toBeLessThanOrEqual(FLOATING_CLEARANCE);
    expect(pos.y + FAB_SIZE).toBeLessThanOrEqual(667);
    expect(pos.x + FAB_SIZE).toBeLessThanOrEqual(375);
  });
});
