import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import CalendarPage from "../../frontend/features/calendar/calendar-page";
import { shiftAnchor, todayDate } from "../../frontend/lib/calendar-dates";
import { browserTimeZone } from "../../schema/api/campaigns";
import { localDateTimeToUtc } from "../../schema/api/campaign-schedule";
import type { Post } from "../../schema/api/posts";
import { calendarApi, makePost, makeProject, renderAppPage } from "./test-utils";
import type { FakeRequest } from "./fake-api";
import { stubScreen } from "./media-query";

// The card's Edit Post modal (decision 242): date, time, hashtags and image besides the text,
// with Create Post's rules, sending only what changed through PATCH /api/posts/:id.
const project = makeProject({ industry: "Tech", brand_voice: "x", description: "d", user_email: "a@b.c" });
const tz = browserTimeZone();
const tomorrow = shiftAnchor(todayDate(tz), "day", 1);
const dayAfter = shiftAnchor(tomorrow, "day", 1);
const at = (day: string, time: string) => new Date(localDateTimeToUtc(day, time, tz)!).toISOString();

const store: { posts: Post[] } = { posts: [] };
let calls: FakeRequest[];
const patches = () => calls.filter((c) => c.method === "PATCH").map(({ url, body }) => ({ url, body }));

beforeEach(() => {
  store.posts = [makePost({ id: "p-x", content: "Launch day", hashtags: ["launch"], scheduled_for: at(tomorrow, "10:00") })];
  calls = calendarApi(store).calls;
  // A phone: the day view, where tomorrow's post is one "Next day" away whatever today is.
  stubScreen({ phone: true });
});
afterEach(() => vi.unstubAllGlobals());

async function openEdit() {
  const user = userEvent.setup();
  renderAppPage(<CalendarPage />, project);
  await screen.findByText("No posts scheduled for this day");
  await user.click(screen.getByRole("button", { name: "Next day" }));
  const card = await screen.findByTestId("post-card");
  await user.click(within(card).getByRole("button", { name: "Edit post" }));
  return { user, dialog: await screen.findByRole("dialog", { name: "Edit Post" }) };
}

describe("the calendar's Edit Post modal", () => {
  it("moves the post and changes its hashtags, sending only those two fields", async () => {
    const { user, dialog } = await openEdit();
    expect(within(dialog).getByLabelText("Date")).toHaveValue(tomorrow);
    expect(within(dialog).getByLabelText("Time")).toHaveValue("10:00");
    expect(within(dialog).getByLabelText("Hashtags")).toHaveValue("#launch");
    const date = within(dialog).getByLabelText("Date");
    await user.clear(date);
    await user.type(date, dayAfter);
    const tags = within(dialog).getByLabelText("Hashtags");
    await user.clear(tags);
    await user.type(tags, "#launch spring");
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toEqual({ url: "/api/posts/p-x", body: { scheduled_for: at(dayAfter, "10:00"), hashtags: ["launch", "spring"] } });
  });

  it("refuses a time in the past and text over the network's limit, as Create Post does", async () => {
    const { user, dialog } = await openEdit();
    const save = within(dialog).getByRole("button", { name: "Save Changes" });
    const date = within(dialog).getByLabelText("Date");
    await user.clear(date);
    await user.type(date, "2020-01-01");
    expect(await within(dialog).findByText("Please choose a time in the future")).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.clear(date);
    await user.type(date, tomorrow);
    expect(save).toBeEnabled();
    const box = within(dialog).getByLabelText("Content");
    await user.clear(box);
    await user.click(box);
    await user.paste("x".repeat(300));
    expect(await within(dialog).findByText(/^Too long for /)).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.click(save);
    expect(patches()).toHaveLength(0);
  });

  it("moves the post to another network, checked by that network's rules before anything is sent", async () => {
    const { user, dialog } = await openEdit();
    const network = within(dialog).getByLabelText("Network");
    expect(network).toHaveValue(store.posts[0]!.platform);
    const save = within(dialog).getByRole("button", { name: "Save Changes" });
    // 400 characters fit LinkedIn but not Bluesky (300): the move is refused while the text is too long.
    const box = within(dialog).getByLabelText("Content");
    await user.clear(box);
    await user.click(box);
    await user.paste("y".repeat(400));
    await user.selectOptions(network, "linkedin");
    expect(save).toBeEnabled();
    await user.selectOptions(network, "bluesky");
    expect(await within(dialog).findByText(/^Too long for /)).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.selectOptions(network, "linkedin");
    await user.click(save);
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toEqual({ url: "/api/posts/p-x", body: { content: "y".repeat(400), platform: "linkedin" } });
  });
});
