import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { defaultStart, todayIn, browserTimeZone } from "../../schema/api/campaigns";
import { fakeApi } from "./fake-api";
import { makeProject } from "./test-utils";
import { renderCampaignNew } from "./campaign-utils";

const project = makeProject();

let api: ReturnType<typeof fakeApi>;

// No standing routes: each test queues the generation's and the save's answers it needs.
beforeEach(() => {
  api = fakeApi({});
});
afterEach(() => vi.unstubAllGlobals());
// Interaction-heavy tests on a shared 2-core machine can exceed the 5 s default.

const renderPage = (withProject = true) => renderCampaignNew(withProject ? project : null);

const generated = (n: number) => ({
  engine: "local",
  posts: Array.from({ length: n }, (_, i) => ({
    content: `Generated post ${i + 1}`,
    hashtags: ["Acme", "Launch"],
    platform: "twitter",
    scheduled_for: new Date(Date.UTC(2030, 0, 1 + i, 14, 0)).toISOString(),
    message_id: `m${i + 1}`,
  })),
});

describe("campaign creator", () => {
  it("shows a loading state until a current project exists", () => {
    renderPage(false);
    expect(screen.getByText("Loading...")).toBeInTheDocument();
  });

  it("starts with the spec's defaults and a back link to the dashboard", () => {
    renderPage();
    expect(screen.getByRole("link", { name: /Back to Dashboard/ })).toHaveAttribute("href", "/dashboard");
    expect(screen.getByLabelText("Number of posts")).toHaveValue(5);
    expect(screen.getByLabelText("Duration (days)")).toHaveValue(7);
    // 09:00 today while ahead, else the next full hour (never a time already past).
    const start = defaultStart(browserTimeZone());
    expect(screen.getByLabelText("Start time")).toHaveValue(start.time);
    const date = screen.getByLabelText("Start date");
    expect(date).toHaveValue(start.date);
    expect(date).toHaveAttribute("min", todayIn(browserTimeZone()));
    expect(screen.getByRole("checkbox", { name: "X (Twitter)" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Instagram" })).not.toBeChecked();
    expect(screen.queryByRole("button", { name: "Schedule All Posts" })).not.toBeInTheDocument();
  });

  it("shows the spec's validation messages and does not call the API", async () => {
    const user = userEvent.setup();
    renderPage();
    await user.type(screen.getByLabelText("Campaign prompt"), "short");
    await user.click(screen.getByRole("checkbox", { name: "X (Twitter)" }));
    await user.clear(screen.getByLabelText("Start date"));
    await user.clear(screen.getByLabelText("Start time"));
    await user.clear(screen.getByLabelText("Number of posts"));
    await user.type(screen.getByLabelText("Number of posts"), "31");
    await user.clear(screen.getByLabelText("Duration (days)"));
    await user.type(screen.getByLabelText("Duration (days)"), "0");
    await user.click(screen.getByRole("button", { name: "Generate Posts" }));
    expect(await screen.findByText("Please provide a detailed prompt")).toBeInTheDocument();
    expect(screen.getByText("Select at least one platform")).toBeInTheDocument();
    expect(screen.getByText("Please select a start date")).toBeInTheDocument();
    expect(screen.getByText("Please select a start time")).toBeInTheDocument();
    expect(screen.getByText("Number of posts must be between 1 and 30")).toBeInTheDocument();
    expect(screen.getByText("Duration must be between 1 and 90")).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it("generates, shows Generating..., lists posts, edits and removes one, then schedules all and goes to the calendar", async () => {
    const user = userEvent.setup();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    api.queue("POST */generate", async () => {
      await gate;
      return generated(3);
    });
    api.queue("POST */campaigns", [201, { id: "c1", posts: [] }]);
    renderPage();
    await user.type(screen.getByLabelText("Campaign prompt"), "A week of launch posts for our product");
    await user.click(screen.getByRole("checkbox", { name: "Instagram" }));
    await user.click(screen.getByRole("button", { name: "Generate Posts" }));
    const busy = await screen.findByRole("button", { name: "Generating..." });
    expect(busy).toBeDisabled();
    release();
    expect(await screen.findByRole("heading", { name: "Generated Posts" })).toBeInTheDocument();
    expect(await screen.findByText("Posts generated successfully!")).toBeInTheDocument();
    expect(screen.getByText("Drafted from your brand brain's sentences")).toBeInTheDocument();
    expect(screen.getAllByTestId("generated-post")).toHaveLength(3);
    expect(screen.getAllByText("#Acme #Launch")).toHaveLength(3);

    const gen = api.calls.find((c) => c.url.endsWith("/generate"))!;
    expect(gen.url).toBe("/api/projects/p1/generate");
    expect(gen.body).toMatchObject({
      type: "campaign",
      count: 5,
      duration: 7,
      platforms: ["twitter", "instagram"],
      start_time: defaultStart(browserTimeZone()).time,
    });

    // Edit the first post's content, remove the second.
    await user.click(screen.getByRole("button", { name: "Edit post 1" }));
    const editor = screen.getByLabelText("Content");
    await user.clear(editor);
    await user.type(editor, "Edited by hand");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getByText("Edited by hand")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Remove post 2" }));
    expect(screen.getAllByTestId("generated-post")).toHaveLength(2);

    await user.click(screen.getByRole("button", { name: "Schedule All Posts" }));
    expect(await screen.findByRole("heading", { name: "Calendar here" })).toBeInTheDocument();
    const save = api.calls.find((c) => c.url.endsWith("/campaigns"))!;
    expect((save.body as { posts: { message_id: string }[] }).posts.map((p) => p.message_id)).toEqual(["m1", "m3"]);
    const body = save.body as { posts: { content: string }[]; post_count: number };
    expect(body.posts.map((p) => p.content)).toEqual(["Edited by hand", "Generated post 3"]);
    expect(body.post_count).toBe(5);
    expect(await screen.findByText("Campaign scheduled successfully!")).toBeInTheDocument();
  });

  it("groups a message's variants with a tab per network and says how many posts the messages make", async () => {
    const user = userEvent.setup();
    api.queue("POST */generate", {
      engine: "local",
      skipped_subjects: [],
      requested_count: 2,
      message_count: 2,
      posts: ["m1", "m2"].flatMap((m, i) =>
        (["twitter", "instagram"] as const).map((platform) => ({
          content: `Message ${i + 1} on ${platform}`,
          hashtags: [],
          platform,
          scheduled_for: new Date(Date.UTC(2030, 0, 1 + i, 9)).toISOString(),
          sources: [],
          message_id: m,
        })),
      ),
    });
    renderPage();
    await user.type(screen.getByLabelText("Campaign prompt"), "A week of launch posts for our product");
    await user.click(screen.getByRole("checkbox", { name: "Instagram" }));
    // 5 messages on 2 platforms.
    expect(screen.getByTestId("posts-made")).toHaveTextContent("5 messages × 2 networks = 10 posts");
    await user.click(screen.getByRole("button", { name: "Generate Posts" }));
    const groups = await screen.findAllByTestId("message-group");
    expect(groups).toHaveLength(2);
    for (const g of groups) {
      expect(
        within(g)
          .getAllByRole("tab")
          .map((t) => t.textContent),
      ).toEqual(["X (Twitter)", "Instagram"]);
    }
    expect(screen.getByText(/2 messages · 4 posts/)).toBeInTheDocument();
    // Each tab shows that network's variant.
    await user.click(within(groups[1]!).getByRole("tab", { name: "Instagram" }));
    expect(within(groups[1]!).getByText("Message 2 on instagram")).toBeVisible();
  });

  it("keeps the list when saving fails and replaces it on a new generation", async () => {
    const user = userEvent.setup();
    api.queue("POST */generate", generated(2), generated(4));
    api.queue("POST */campaigns", [500, { error: { code: "internal", message: "x" } }]);
    renderPage();
    await user.type(screen.getByLabelText("Campaign prompt"), "A week of launch posts for our product");
    await user.click(screen.getByRole("button", { name: "Generate Posts" }));
    await waitFor(() => expect(screen.getAllByTestId("generated-post")).toHaveLength(2));
    await user.click(screen.getByRole("button", { name: "Schedule All Posts" }));
    expect(await screen.findByText("Failed to save campaign. Please try again.")).toBeInTheDocument();
    expect(screen.getAllByTestId("generated-post")).toHaveLength(2);
    await user.click(screen.getByRole("button", { name: "Generate Posts" }));
    await waitFor(() => expect(screen.getAllByTestId("generated-post")).toHaveLength(4));
    expect(within(screen.getAllByTestId("generated-post")[0]).getByText("Generated post 1")).toBeInTheDocument();
  });

  it("toasts the generation failure and keeps the form", async () => {
    const user = userEvent.setup();
    api.queue("POST */generate", [422, { error: { code: "no_content", message: "No content generated" } }]);
    renderPage();
    await user.type(screen.getByLabelText("Campaign prompt"), "A week of launch posts for our product");
    await user.click(screen.getByRole("button", { name: "Generate Posts" }));
    expect(await screen.findByText("Failed to generate posts. Please try again.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Generate Posts" })).toBeEnabled();
    expect(screen.queryByRole("heading", { name: "Generated Posts" })).not.toBeInTheDocument();
  });
});
