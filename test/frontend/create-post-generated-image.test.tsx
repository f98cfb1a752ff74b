// "The user can replace it" in Create Post (decision 116): a generated post's image (AI image or brand
// card) is attached with the text, and can be removed or changed for the user's own upload.
import { configure, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toaster } from "../../frontend/components/ui/toaster";
import { makeProject } from "./test-utils";
import { generateWithAi, renderCreatePost } from "./create-post-utils";
import { fakeApi } from "./fake-api";

configure({ asyncUtilTimeout: 5000 });

const project = makeProject({ name: "Kettle Cargo" });
const generated = { url: "/media/ai-key-00000000000000000", file_name: "ai-image.jpg", file_type: "image/jpeg", file_size: 120_000 };

beforeEach(() => {
  fakeApi({
    "GET /api/projects/p1/social-accounts": [],
    "POST /api/projects/p1/generate": {
      engine: "openai",
      posts: [
        { content: "Meet the mobile repair van.", hashtags: ["KettleCargo"], platform: "twitter", scheduled_for: "", sources: [], media_info: generated },
      ],
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  toaster.dismiss();
});

describe("Create Post: the generated image", () => {
  it("is attached with the generated text, and can be removed, then another image added", async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog } = renderCreatePost(project);
    await generateWithAi(user, dialog, "our repair van");
    expect(await within(dialog).findByText("Image attached: ai-image.jpg")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Change Image" })).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Remove image" }));
    expect(within(dialog).queryByText(/Image attached/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Add Image" }));
    expect(await screen.findByRole("dialog", { name: "Upload Image" })).toBeInTheDocument();
  });
});
