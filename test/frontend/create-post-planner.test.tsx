import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toaster } from "../../frontend/components/ui/toaster";
import { makePost, makeProject, jsonResponse } from "./test-utils";
import { fakeApi, type FakeRequest } from "./fake-api";
import { renderCreatePost } from "./create-post-utils";

// Decision 150 in Create Post: "Add to queue" and "Repeat this post".
const project = makeProject({ name: "Acme Coffee" });
let calls: FakeRequest[];
let queueAnswer: Response | null;
let seriesStatus: "scheduled" | "in_review";

configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  queueAnswer = null;
  seriesStatus = "scheduled";
  calls = fakeApi({
    "GET /api/projects/p1/social-accounts": [],
    "/api/projects/p1/queue": () => queueAnswer ?? [201, makePost({ content: "Queued", scheduled_for: "2030-01-07T14:00:00.000Z" })],
    "/api/projects/p1/series": () => [201, { series_id: "s1", posts: [1, 2, 3].map(() => makePost({ status: seriesStatus })) }],
  }).calls;
});
afterEach(() => {
  vi.unstubAllGlobals();
  toaster.dismiss();
});

const renderDialog = (defaultMode: "now" | "schedule" = "now") => renderCreatePost(project, defaultMode);

describe("Create Post planner tools", () => {
  it("adds a post to the queue and closes; a server refusal is shown and the dialog stays", async () => {
    const user = userEvent.setup({ delay: null });
    queueAnswer = jsonResponse(
      { error: { code: "invalid_input", message: "No free time slot for twitter in your posting schedule. Add slots in Settings → Posting schedule." } },
      400,
    );
    const { dialog, onOpenChange } = renderDialog();
    await user.type(within(dialog).getByPlaceholderText("What's on your mind?"), "Queue me #later");
    await user.click(within(dialog).getByRole("button", { name: "Add to queue" }));
    expect(await screen.findByText(/No free time slot for twitter/)).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
    queueAnswer = null;
    await user.click(within(dialog).getByRole("button", { name: "Add to queue" }));
    expect(await screen.findByText(/^Added to queue for /)).toBeInTheDocument();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const queued = calls.filter((c) => c.url === "/api/projects/p1/queue");
    expect(queued.at(-1)!.body).toMatchObject({ content: "Queue me #later", platform: "twitter" });
  });

  it("creates a recurring post: every 2 weeks, 3 times, at the chosen local date and time", async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog } = renderDialog("schedule");
    await user.type(within(dialog).getByPlaceholderText("What's on your mind?"), "Weekly tip");
    await user.clear(within(dialog).getByLabelText("Date"));
    await user.type(within(dialog).getByLabelText("Date"), "2030-01-07");
    await user.clear(within(dialog).getByLabelText("Time"));
    await user.type(within(dialog).getByLabelText("Time"), "09:30");
    await user.click(within(dialog).getByRole("checkbox", { name: "Repeat this post" }));
    await user.clear(within(dialog).getByLabelText("Repeat every"));
    await user.type(within(dialog).getByLabelText("Repeat every"), "2");
    await user.clear(within(dialog).getByLabelText("Number of posts"));
    await user.type(within(dialog).getByLabelText("Number of posts"), "3");
    await user.click(within(dialog).getByRole("button", { name: "Schedule Post" }));
    expect(await screen.findByText("3 posts scheduled")).toBeInTheDocument();
    const body = calls.find((c) => c.url === "/api/projects/p1/series")!.body!;
    expect(body).toMatchObject({ content: "Weekly tip", recurrence: { start_date: "2030-01-07", time: "09:30", every: 2, unit: "week", count: 3 } });
    expect(calls.some((c) => c.url === "/api/projects/p1/posts")).toBe(false);
  });

  it("a recurring post that goes In review (approvals on) says so instead of 'scheduled'", async () => {
    const user = userEvent.setup({ delay: null });
    seriesStatus = "in_review";
    const { dialog } = renderDialog("schedule");
    await user.type(within(dialog).getByPlaceholderText("What's on your mind?"), "Weekly tip");
    await user.click(within(dialog).getByRole("checkbox", { name: "Repeat this post" }));
    await user.click(within(dialog).getByRole("button", { name: "Schedule Post" }));
    expect(await screen.findByText("3 posts sent for review: they publish once an Owner or a Reviewer approves them")).toBeInTheDocument();
  });
});
