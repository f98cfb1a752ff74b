// Create Post and the media library (decision 287): the automatic brand card's note with working
// Replace and Remove, choosing a library image (its alt text comes with it), editing alt text,
// and a refused delete saying why.
import { act, configure, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LibraryImage } from "../../schema/api/posts";
import { toaster } from "../../frontend/components/ui/toaster";
import { makeProject } from "./test-utils";
import { generateWithAi, renderCreatePost } from "./create-post-utils";
import { fakeApi } from "./fake-api";

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

const project = makeProject({ name: "Kettle Cargo" });
const card = {
  url: "/media/card-key-000000000000000",
  file_name: "brand-card.png",
  file_type: "image/png",
  file_size: 40_000,
  alt_text: "Kettle Cargo: Meet the van",
  kind: "card",
};
const cup: LibraryImage = {
  id: "m1",
  url: "/media/cup-key-0000000000000000",
  file_name: "cup.png",
  file_type: "image/png",
  file_size: 1200,
  alt_text: "A flat white in a blue cup",
  kind: "upload",
  created_at: "2026-11-27T10:00:00.000Z",
  in_use: 1,
};

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi({
    "GET /api/projects/p1/social-accounts": [],
    "POST /api/projects/p1/generate": {
      engine: "openai",
      posts: [{ content: "Meet the van.", hashtags: [], platform: "twitter", scheduled_for: "", sources: [], media_info: card }],
    },
    "GET /api/projects/p1/media": [cup],
    "DELETE /api/projects/p1/media/m1": [
      409,
      { error: { code: "conflict", message: "This image is attached to 1 post that is not published yet. Remove it from that post first." } },
    ],
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  toaster.dismiss();
});

describe("Create Post: brand card note and media library", () => {
  it("says 'Card added - replace or remove' where the card is attached; Remove takes it off, Replace opens the image dialog", async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog } = renderCreatePost(project);
    await generateWithAi(user, dialog, "our van");
    const note = await within(dialog).findByRole("note");
    expect(note).toHaveTextContent("Card added - replace or remove");
    // The card is shown whole, with its alt text to edit.
    expect(within(within(dialog).getByTestId("attached-image")).getByRole("img", { name: "Kettle Cargo: Meet the van" })).toHaveStyle({ objectFit: "contain" });
    // The preview reads the same alt text.
    expect(within(within(dialog).getByTestId("post-preview")).getByRole("img", { name: "Kettle Cargo: Meet the van" })).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Alt text")).toHaveValue("Kettle Cargo: Meet the van");
    await user.click(within(note).getByRole("button", { name: "Replace" }));
    expect(await screen.findByRole("dialog", { name: "Upload Image" })).toBeInTheDocument();
    await user.click(within(screen.getByRole("dialog", { name: "Upload Image" })).getByRole("button", { name: "Cancel" }));
    await user.click(within(within(dialog).getByRole("note")).getByRole("button", { name: "Remove" }));
    expect(within(dialog).queryByRole("note")).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/Image attached/)).not.toBeInTheDocument();
  });

  it("chooses a library image with its alt text, edits the alt text, and no card note shows for an upload", async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog } = renderCreatePost(project);
    // Let the open dialog finish its (animation-frame deferred) modal setup, as a person would.
    await act(() => new Promise((r) => setTimeout(r, 50)));
    await user.click(within(dialog).getByRole("button", { name: "Add Image" }));
    const upload = await screen.findByRole("dialog", { name: "Upload Image" });
    const library = await within(upload).findByTestId("media-library");
    expect(within(library).getByText("Alt: A flat white in a blue cup")).toBeInTheDocument();
    await user.click(within(library).getByRole("button", { name: "Use image cup.png" }));
    expect(await within(dialog).findByText("Image attached: cup.png")).toBeInTheDocument();
    expect(within(dialog).queryByRole("note")).not.toBeInTheDocument();
    const alt = within(dialog).getByLabelText("Alt text");
    expect(alt).toHaveValue("A flat white in a blue cup");
    await user.clear(alt);
    await user.type(alt, "Two cups on the bar");
    expect(within(within(dialog).getByTestId("attached-image")).getByRole("img", { name: "Two cups on the bar" })).toBeInTheDocument();
    expect(within(within(dialog).getByTestId("post-preview")).getByRole("img", { name: "Two cups on the bar" })).toBeInTheDocument();
  });

  it("a delete the server refuses says why, and the image stays in the library", async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog } = renderCreatePost(project);
    // Let the open dialog finish its (animation-frame deferred) modal setup, as a person would.
    await act(() => new Promise((r) => setTimeout(r, 50)));
    await user.click(within(dialog).getByRole("button", { name: "Add Image" }));
    const library = await within(await screen.findByRole("dialog", { name: "Upload Image" })).findByTestId("media-library");
    await user.click(within(library).getByRole("button", { name: "Delete cup.png" }));
    await user.click(within(library).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("This image is attached to 1 post that is not published yet. Remove it from that post first.")).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === "DELETE" && c.path === "/api/projects/p1/media/m1")).toBe(true);
    expect(within(library).getByRole("button", { name: "Use image cup.png" })).toBeInTheDocument();
  });
});
