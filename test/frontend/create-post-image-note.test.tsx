// How the network will show an attached image, said in Create Post when it is not a refusal: a
// GIF goes to Threads and Instagram as a still JPEG of its first frame (decisions 123, 129).
import { configure, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { imageNote } from "../../platforms/validation";
import { toaster } from "../../frontend/components/ui/toaster";
import { makeProject } from "./test-utils";
import { fakeApi } from "./fake-api";
import { generateWithAi, pickOnlyNetwork, renderCreatePost } from "./create-post-utils";

configure({ asyncUtilTimeout: 5000 });

const gif = { url: "/media/gif-key-000000000000000000", file_name: "loop.gif", file_type: "image/gif", file_size: 90_000 };
const STILL = "Threads takes no GIFs: this one will be posted as a still image (its first frame).";

beforeEach(() => {
  fakeApi({
    "GET /api/projects/p1/social-accounts": [],
    "/api/projects/p1/generate": {
      engine: "openai",
      skipped_subjects: [],
      requested_count: 1,
      posts: [{ content: "Our new loop.", hashtags: [], platform: "twitter", scheduled_for: "", sources: [], media_info: gif }],
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  toaster.dismiss();
});

describe("the image note", () => {
  it("is said for a GIF where the network takes none, and nowhere else", () => {
    const image = { type: "image/gif", size: 1000 };
    expect(imageNote("threads", image)).toBe(STILL);
    expect(imageNote("instagram", image)).toBe("Instagram takes no GIFs: this one will be posted as a still image (its first frame).");
    expect(imageNote("twitter", image)).toBeNull();
    expect(imageNote("linkedin", image)).toBeNull();
    expect(imageNote("threads", { type: "image/png", size: 1000 })).toBeNull();
    expect(imageNote("threads", null)).toBeNull();
  });

  it("shows under the image in Create Post when the network changes to Threads", async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog } = renderCreatePost(makeProject());
    await generateWithAi(user, dialog, "our new loop");
    expect(await within(dialog).findByText("Image attached: loop.gif")).toBeInTheDocument();
    expect(within(dialog).queryByText(STILL)).not.toBeInTheDocument();
    await pickOnlyNetwork(user, dialog, "threads");
    expect(await within(dialog).findByText(STILL)).toBeInTheDocument();
    // Still schedulable: no refusal under the image.
    expect(within(dialog).queryByText(/does not accept GIF/)).not.toBeInTheDocument();
  });
});
