import { act, cleanup, configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toaster } from "../../frontend/components/ui/toaster";
import { localDate, parseHashtags } from "../../frontend/features/posts/create-post-dialog";
import type { Post } from "../../schema/api/posts";
import { fakeApi, type FakeRoute } from "./fake-api";
import { makePost, makeProject } from "./test-utils";
import { renderCreatePost } from "./create-post-utils";

const project = makeProject({ name: "Acme Coffee" });

let routes: Record<string, FakeRoute>;
let api: ReturnType<typeof fakeApi>;

const post = (over: Partial<Post> = {}) => makePost(over);

// jsdom + Chakra on a busy machine: these interaction tests need more than the 5 s default.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  // Tests add the routes they need to `routes` (a later key answers too) or queue one-call answers.
  routes = {
    "/api/projects/p1/social-accounts": [
      {
        id: "acc1",
        platform: "twitter",
        account_name: "acme",
        username: "acmecoffee",
        created_at: 0,
        token_status: "active",
        expires_at: null,
        last_refresh: null,
      },
    ],
  };
  api = fakeApi(routes);
});
afterEach(() => {
  vi.unstubAllGlobals();
  toaster.dismiss();
});

const renderDialog = (props: { defaultMode?: "now" | "schedule"; withProject?: boolean } = {}) =>
  renderCreatePost(props.withProject === false ? null : project, props.defaultMode);

describe("CreatePostDialog", () => {
  it("shows both modes, the placeholder, and keeps submit disabled until there is content", async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog } = renderDialog();
    expect(within(dialog).getByRole("tab", { name: "Post Now" })).toBeInTheDocument();
    expect(within(dialog).getByRole("tab", { name: "Schedule Post" })).toBeInTheDocument();
    const submit = within(dialog).getByRole("button", { name: "Post Now" });
    expect(submit).toBeDisabled();
    const content = within(dialog).getByPlaceholderText("What's on your mind?");
    await user.type(content, "   ");
    expect(submit).toBeDisabled();
    await user.type(content, "Fresh roast today");
    expect(submit).toBeEnabled();
    expect(within(dialog).queryByLabelText("Date")).not.toBeInTheDocument();
  });

  it("live preview shows the content, hashtags with #, and the connected handle", async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog } = renderDialog();
    await user.type(within(dialog).getByPlaceholderText("What's on your mind?"), "New beans");
    await user.type(within(dialog).getByLabelText("Hashtags"), "coffee #roast  launch");
    const preview = within(dialog).getByTestId("post-preview");
    expect(within(preview).getByText("New beans")).toBeInTheDocument();
    expect(within(preview).getByTestId("preview-hashtags")).toHaveTextContent("#coffee #roast #launch");
    expect(within(preview).getByText("Acme Coffee")).toBeInTheDocument();
    expect(within(preview).getByText("Just now")).toBeInTheDocument();
    expect(await within(preview).findByText("@acmecoffee")).toBeInTheDocument();
    expect(within(preview).getAllByText("0")).toHaveLength(5);
  });

  it("schedules in local time with the busy label, then toasts, refreshes and closes", async () => {
    const user = userEvent.setup({ delay: null });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    routes["POST /api/projects/p1/posts"] = async () => {
      await gate;
      return [201, post({ status: "scheduled" })];
    };
    const { dialog, onOpenChange } = renderDialog({ defaultMode: "schedule" });
    const date = within(dialog).getByLabelText("Date") as HTMLInputElement;
    const time = within(dialog).getByLabelText("Time") as HTMLInputElement;
    expect(date.min).toBe(localDate());
    expect(time.value).toMatch(/^\d{2}:00$/);
    await user.clear(date);
    await user.type(date, "2031-03-04");
    await user.clear(time);
    await user.type(time, "09:30");
    await user.type(within(dialog).getByPlaceholderText("What's on your mind?"), "Scheduled hello");
    await user.type(within(dialog).getByLabelText("Hashtags"), "#a b");
    await user.click(within(dialog).getByRole("button", { name: "Schedule Post" }));
    const busy = await within(dialog).findByRole("button", { name: "Scheduling..." });
    expect(busy).toBeDisabled();
    await act(async () => release());
    expect(await screen.findByText("Post scheduled successfully!")).toBeInTheDocument();
    const sent = api.calls.find((c) => c.url === "/api/projects/p1/posts")!;
    expect(sent.body).toMatchObject({ content: "Scheduled hello", mode: "schedule", platform: "twitter", hashtags: ["a", "b"] });
    expect((sent.body as { scheduled_for: string }).scheduled_for).toBe(new Date("2031-03-04T09:30").toISOString());
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    // Every SWR key of the project is revalidated (calendar, dashboard, accounts).
    await waitFor(() => expect(api.calls.filter((c) => c.url === "/api/projects/p1/social-accounts").length).toBeGreaterThanOrEqual(2));
  });

  it("defaults the schedule to the next full hour, tomorrow's midnight late in the evening (fake clock)", () => {
    // Only Date is faked: the dialog's timers and Chakra's animations run as usual.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(new Date(2031, 2, 4, 20, 54, 30));
      const first = renderDialog({ defaultMode: "schedule" });
      expect(within(first.dialog).getByLabelText("Date")).toHaveValue("2031-03-04");
      expect(within(first.dialog).getByLabelText("Time")).toHaveValue("21:00");
      cleanup();
      vi.setSystemTime(new Date(2031, 2, 4, 23, 40));
      const late = renderDialog({ defaultMode: "schedule" });
      expect(within(late.dialog).getByLabelText("Date")).toHaveValue("2031-03-05");
      expect(within(late.dialog).getByLabelText("Time")).toHaveValue("00:00");
    } finally {
      vi.useRealTimers();
    }
  });

  it("publish now waits for the queue's outcome and toasts the success", async () => {
    const user = userEvent.setup({ delay: null });
    routes["POST /api/projects/p1/posts"] = [201, post({ status: "publishing" })];
    // The first poll still sees it publishing, later ones published.
    api.queue("/api/posts/post1", post({ status: "publishing" }));
    routes["/api/posts/post1"] = post({ status: "published" });
    const { dialog } = renderDialog();
    await user.type(within(dialog).getByPlaceholderText("What's on your mind?"), "Now!");
    await user.click(within(dialog).getByRole("button", { name: "Post Now" }));
    expect(await within(dialog).findByRole("button", { name: "Publishing..." })).toBeDisabled();
    expect(await screen.findByText("Post published successfully!", {}, { timeout: 4000 })).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === "POST")!.body).toMatchObject({ mode: "now", content: "Now!" });
  });

  it("an Editor's Post Now that goes In review (approvals on) says so, and never waits for a publish", async () => {
    const user = userEvent.setup({ delay: null });
    routes["POST /api/projects/p1/posts"] = [201, post({ status: "in_review" })];
    const { dialog } = renderDialog();
    await user.type(within(dialog).getByPlaceholderText("What's on your mind?"), "Needs a look");
    await user.click(within(dialog).getByRole("button", { name: "Post Now" }));
    expect(await screen.findByText("Post sent for review: it publishes once an Owner or a Reviewer approves it")).toBeInTheDocument();
    expect(screen.queryByText("Your post is being published")).not.toBeInTheDocument();
    expect(api.calls.some((c) => c.url === "/api/posts/post1")).toBe(false);
  });

  it("a failed publish toasts the failure", async () => {
    const user = userEvent.setup({ delay: null });
    routes["POST /api/projects/p1/posts"] = [201, post({ status: "publishing" })];
    routes["/api/posts/post1"] = post({ status: "failed", error_message: "X (Twitter) rejected the post" });
    const { dialog } = renderDialog();
    await user.type(within(dialog).getByPlaceholderText("What's on your mind?"), "Doomed");
    await user.click(within(dialog).getByRole("button", { name: "Post Now" }));
    // The platform's reason is in the toast at once.
    expect(await screen.findByText("Failed to publish post: X (Twitter) rejected the post")).toBeInTheDocument();
  });

  it("refuses a post that is too long for X while typing, counting as X does", async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog } = renderDialog();
    const box = within(dialog).getByPlaceholderText("What's on your mind?");
    // 270 letters + "\n\n#launch" (9) = 279: fits.
    await user.click(box);
    await user.paste("a".repeat(270));
    await user.type(within(dialog).getByPlaceholderText("#marketing #brand"), "launch");
    expect(within(dialog).getByTestId("post-length")).toHaveTextContent("279/280");
    expect(within(dialog).getByRole("button", { name: "Post Now" })).toBeEnabled();
    // One emoji counts 2 for X: 281.
    await user.click(box);
    await user.paste("😀");
    expect(within(dialog).getByTestId("post-length")).toHaveTextContent("281/280");
    expect(within(dialog).getByText("Too long for X (Twitter): 281/280 characters as X counts them, hashtags included")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Post Now" })).toBeDisabled();
  });

  it("shows the server's account message when Twitter is not connected", async () => {
    const user = userEvent.setup({ delay: null });
    routes["/api/projects/p1/posts"] = [400, { error: { code: "invalid_input", message: "Please connect an X (Twitter) account first" } }];
    const { dialog, onOpenChange } = renderDialog();
    await user.type(within(dialog).getByPlaceholderText("What's on your mind?"), "Hi");
    await user.click(within(dialog).getByRole("button", { name: "Post Now" }));
    expect(await screen.findByText("Please connect an X (Twitter) account first")).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
    expect(within(dialog).getByRole("button", { name: "Post Now" })).toBeEnabled();
  });

  it("other schedule failures use the generic toast", async () => {
    const user = userEvent.setup({ delay: null });
    routes["/api/projects/p1/posts"] = [500, { error: { code: "internal", message: "x" } }];
    const { dialog } = renderDialog({ defaultMode: "schedule" });
    await user.type(within(dialog).getByPlaceholderText("What's on your mind?"), "Hi");
    await user.click(within(dialog).getByRole("button", { name: "Schedule Post" }));
    expect(await screen.findByText("Failed to schedule post")).toBeInTheDocument();
  });

  it("submitting with Enter and blank content says Please enter some content", async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog } = renderDialog();
    await user.type(within(dialog).getByLabelText("Hashtags"), "coffee{Enter}");
    expect(await screen.findByText("Please enter some content")).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });

  it("says No project selected without a project and sends nothing", async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog } = renderDialog({ withProject: false });
    await user.type(within(dialog).getByPlaceholderText("What's on your mind?"), "Hi");
    await user.click(within(dialog).getByRole("button", { name: "Post Now" }));
    expect(await screen.findByText("No project selected")).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });

  it("generates content with AI: Generate disabled on a blank prompt, then fills content and hashtags", async () => {
    const user = userEvent.setup({ delay: null });
    routes["/api/projects/p1/generate"] = {
      posts: [{ content: "Our autumn roast is here", hashtags: ["autumn", "coffee"], platform: "twitter", scheduled_for: "" }],
      engine: "local",
    };
    const { dialog } = renderDialog();
    await user.click(within(dialog).getByRole("button", { name: "Generate with AI" }));
    const generate = within(dialog).getByRole("button", { name: "Generate" });
    expect(generate).toBeDisabled();
    await user.type(within(dialog).getByPlaceholderText("What would you like to post about?"), "autumn launch");
    expect(generate).toBeEnabled();
    await user.click(generate);
    expect(await screen.findByText("Content generated successfully!")).toBeInTheDocument();
    expect(within(dialog).getByPlaceholderText("What's on your mind?")).toHaveValue("Our autumn roast is here");
    expect(within(dialog).getByLabelText("Hashtags")).toHaveValue("#autumn #coffee");
    expect(api.calls.find((c) => c.url === "/api/projects/p1/generate")!.body).toMatchObject({ prompt: "autumn launch", type: "social_post" });
    // The local engine wrote it: the dialog says so (decision 260).
    expect(within(dialog).getByTestId("local-draft")).toHaveTextContent("Drafted from your brand brain's sentences");
  });

  it("generation with nothing back or an error toasts the spec's messages", async () => {
    const user = userEvent.setup({ delay: null });
    api.queue("/api/projects/p1/generate", { posts: [], engine: "local" }, [500, { error: { code: "internal", message: "boom" } }]);
    const { dialog } = renderDialog();
    await user.click(within(dialog).getByRole("button", { name: "Generate with AI" }));
    await user.type(within(dialog).getByPlaceholderText("What would you like to post about?"), "x");
    await user.click(within(dialog).getByRole("button", { name: "Generate" }));
    expect(await screen.findByText("No content generated")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Generate" }));
    expect(await screen.findByText("Failed to generate content. Please try again.")).toBeInTheDocument();
  });

  it("opens the upload dialog from Add Image", async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog } = renderDialog();
    // Let the open dialog finish its (animation-frame deferred) modal setup, as a person would.
    await act(() => new Promise((r) => setTimeout(r, 50)));
    await user.click(within(dialog).getByRole("button", { name: "Add Image" }));
    expect(await screen.findByRole("dialog", { name: "Upload Image" })).toBeInTheDocument();
    expect(screen.getByText("Drag & drop an image here, or click to select")).toBeInTheDocument();
  });
});

describe("parseHashtags", () => {
  it("splits on spaces and strips #", () => {
    expect(parseHashtags(" #a  b,#c ## ")).toEqual(["a", "b", "c"]);
  });
});
