// The writing helpers (decisions 227, 260), one component in Create Post and the post detail:
// Shorten and Suggest hashtags replace the draft with the server's answer for the text and network
// actually sent; Undo takes each back. Rewrite and Change tone need an LLM engine: on the local
// engine (GET /assist lists what it can run) they are disabled and say so; on an LLM engine they
// edit the draft too. Drafts are pasted, not typed: typing re-rendered the whole dialog once per
// key (22 s for one test at load 5, over the 60 s deadline at load 15; docs/decisions/310), and
// what is checked here is what the helpers do to a draft, not typing.
import { waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toaster } from "../../frontend/components/ui/toaster";
import { BRAND_VOICES } from "../../schema/api/projects";
import { fakeApi } from "./fake-api";
import { makeProject } from "./test-utils";
import { renderCreatePost } from "./create-post-utils";

let sent: { action: string; content: string; hashtags: string[]; platform: string; tone?: string }[] = [];
let provider = "local";

beforeEach(() => {
  sent = [];
  provider = "local";
  fakeApi({
    "GET /api/projects/p1/social-accounts": [],
    "POST /api/projects/p1/claims": { findings: [], passages: 1 },
    // As the Worker answers (decision 259): the local engine runs three helpers, an LLM engine all five.
    "GET /api/projects/p1/assist": () => ({
      engine: provider,
      available: provider === "local" ? ["shorten", "adapt", "hashtags"] : ["rewrite", "shorten", "tone", "adapt", "hashtags"],
      tones: BRAND_VOICES.map((v) => ({ value: v.value, label: v.label })),
    }),
    "POST /api/projects/p1/assist": ({ body }) => {
      const req = body as (typeof sent)[number];
      sent.push(req);
      // As the Worker does: Shorten keeps the first sentence; hashtags come from the draft's words.
      if (req.action === "shorten") return { content: req.content.split(/(?<=\.)\s/)[0], hashtags: req.hashtags };
      if (req.action === "rewrite") return { content: `Rewritten: ${req.content}`, hashtags: req.hashtags };
      if (req.action === "tone") return { content: `(${req.tone}) ${req.content}`, hashtags: req.hashtags };
      return { content: req.content, hashtags: ["BeginnerCourse", "LotusRoomYoga"] };
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  toaster.dismiss();
});

describe("the writing helpers in Create Post", () => {
  it("Shorten and Suggest hashtags edit the draft, and Undo takes each edit back", async () => {
    const user = userEvent.setup();
    const { dialog } = renderCreatePost(makeProject({ id: "p1" }));
    const helpers = within(dialog).getByRole("group", { name: "Writing helpers" });
    expect(within(helpers).getByRole("button", { name: "Shorten" })).toBeDisabled();
    const box = within(dialog).getByPlaceholderText("What's on your mind?") as HTMLTextAreaElement;
    const draft = "Our beginner course starts Saturday. Mats are included. Bring a friend.";
    await user.click(box);
    await user.paste(draft);

    await user.click(within(helpers).getByRole("button", { name: "Shorten" }));
    await waitFor(() => expect(box.value).toBe("Our beginner course starts Saturday."));
    expect(sent[0]).toMatchObject({ action: "shorten", content: draft, hashtags: [] });

    await user.click(within(helpers).getByRole("button", { name: "Suggest hashtags" }));
    const tags = within(dialog).getByPlaceholderText("#marketing #brand") as HTMLInputElement;
    await waitFor(() => expect(tags.value).toBe("#BeginnerCourse #LotusRoomYoga"));
    expect(sent[1]).toMatchObject({ action: "hashtags", content: "Our beginner course starts Saturday." });

    await user.click(within(helpers).getByRole("button", { name: "Undo" }));
    expect(tags.value).toBe("");
    expect(box.value).toBe("Our beginner course starts Saturday.");
    await user.click(within(helpers).getByRole("button", { name: "Undo" }));
    expect(box.value).toBe(draft);
    expect(within(helpers).getByRole("button", { name: "Undo" })).toBeDisabled();
  });

  it("on the local engine, Rewrite and Change tone are disabled and say they need an AI engine; Shorten still acts", async () => {
    const user = userEvent.setup();
    const { dialog } = renderCreatePost(makeProject({ id: "p1" }));
    const helpers = within(dialog).getByRole("group", { name: "Writing helpers" });
    await user.click(within(dialog).getByPlaceholderText("What's on your mind?"));
    await user.paste("Classes start Saturday. Mats included.");
    await waitFor(() => expect(within(helpers).getByTestId("needs-ai-engine")).toHaveTextContent("Needs an AI engine"));
    expect(within(helpers).getByRole("button", { name: "Rewrite" })).toBeDisabled();
    expect(within(helpers).getByRole("combobox", { name: "Change tone" })).toBeDisabled();
    expect(within(helpers).getByRole("button", { name: "Shorten" })).toBeEnabled();
    expect(within(helpers).getByRole("button", { name: /^Adapt for / })).toBeEnabled();
    expect(sent).toEqual([]);
  });

  it("on an LLM engine, Rewrite and Change tone (a brand voice) edit the draft, and Undo takes each back", async () => {
    provider = "openai";
    const user = userEvent.setup();
    const { dialog } = renderCreatePost(makeProject({ id: "p1" }));
    const helpers = within(dialog).getByRole("group", { name: "Writing helpers" });
    const box = within(dialog).getByPlaceholderText("What's on your mind?") as HTMLTextAreaElement;
    await user.click(box);
    await user.paste("Classes start Saturday.");
    const rewrite = within(helpers).getByRole("button", { name: "Rewrite" });
    await waitFor(() => expect(rewrite).toBeEnabled());
    expect(within(helpers).queryByTestId("needs-ai-engine")).toBeNull();
    await user.click(rewrite);
    await waitFor(() => expect(box.value).toBe("Rewritten: Classes start Saturday."));
    expect(sent[0]).toMatchObject({ action: "rewrite", content: "Classes start Saturday." });

    await user.selectOptions(within(helpers).getByRole("combobox", { name: "Change tone" }), "playful");
    await waitFor(() => expect(box.value).toBe("(playful) Rewritten: Classes start Saturday."));
    expect(sent[1]).toMatchObject({ action: "tone", tone: "playful" });

    await user.click(within(helpers).getByRole("button", { name: "Undo" }));
    expect(box.value).toBe("Rewritten: Classes start Saturday.");
    await user.click(within(helpers).getByRole("button", { name: "Undo" }));
    expect(box.value).toBe("Classes start Saturday.");
  });
});
