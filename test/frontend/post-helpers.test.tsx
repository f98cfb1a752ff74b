// The writing helpers (decisions 227, 260), one component in Create Post and the post detail:
// Shorten and Suggest hashtags replace the draft with the server's answer for the text and network
// actually sent; Undo takes each back. Rewrite and Change tone need an LLM engine: on the local
// engine (/api/health) they are disabled and say so; on an LLM engine they edit the draft too.
import { configure, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toaster } from "../../frontend/components/ui/toaster";
import { jsonResponse, makeProject } from "./test-utils";
import { renderCreatePost } from "./create-post-utils";

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

let sent: { action: string; content: string; hashtags: string[]; platform: string; voice?: string }[] = [];
let provider = "local";

beforeEach(() => {
  sent = [];
  provider = "local";
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === "/api/projects/p1/social-accounts") return jsonResponse([]);
    if (url === "/api/health") return jsonResponse({ ok: true, ai: { provider, chat: "m", embeddings: "e", image: null } });
    if (url === "/api/projects/p1/claims") return jsonResponse({ findings: [], passages: 1 });
    if (url === "/api/projects/p1/assist") {
      const body = JSON.parse(String(init?.body)) as (typeof sent)[number];
      sent.push(body);
      // As the Worker does: Shorten keeps the first sentence; hashtags come from the draft's words.
      if (body.action === "shorten") return jsonResponse({ content: body.content.split(/(?<=\.)\s/)[0], hashtags: body.hashtags });
      if (body.action === "rewrite") return jsonResponse({ content: `Rewritten: ${body.content}`, hashtags: body.hashtags });
      if (body.action === "tone") return jsonResponse({ content: `(${body.voice}) ${body.content}`, hashtags: body.hashtags });
      return jsonResponse({ content: body.content, hashtags: ["BeginnerCourse", "LotusRoomYoga"] });
    }
    return jsonResponse({ error: { code: "not_found", message: "Not found" } }, 404);
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
    await user.type(box, draft);

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
    await user.type(within(dialog).getByPlaceholderText("What's on your mind?"), "Classes start Saturday. Mats included.");
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
    await user.type(box, "Classes start Saturday.");
    const rewrite = within(helpers).getByRole("button", { name: "Rewrite" });
    await waitFor(() => expect(rewrite).toBeEnabled());
    expect(within(helpers).queryByTestId("needs-ai-engine")).toBeNull();
    await user.click(rewrite);
    await waitFor(() => expect(box.value).toBe("Rewritten: Classes start Saturday."));
    expect(sent[0]).toMatchObject({ action: "rewrite", content: "Classes start Saturday." });

    await user.selectOptions(within(helpers).getByRole("combobox", { name: "Change tone" }), "playful");
    await waitFor(() => expect(box.value).toBe("(playful) Rewritten: Classes start Saturday."));
    expect(sent[1]).toMatchObject({ action: "tone", voice: "playful" });

    await user.click(within(helpers).getByRole("button", { name: "Undo" }));
    expect(box.value).toBe("Rewritten: Classes start Saturday.");
    await user.click(within(helpers).getByRole("button", { name: "Undo" }));
    expect(box.value).toBe("Classes start Saturday.");
  });
});
