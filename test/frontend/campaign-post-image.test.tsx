// "The user can replace it" (decision 116): in the campaign creator a generated Instagram post's image
// (AI image or brand card) can be removed and replaced by the user's own upload before the
// campaign is scheduled; Instagram's rule (an image is required) is shown while it has none.
import { act, configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeXhr, makeProject } from "./test-utils";
import { renderCampaignNew } from "./campaign-utils";
import { fakeApi, type FakeRequest } from "./fake-api";

configure({ asyncUtilTimeout: 5000 });

const project = makeProject();
const card = { url: "/media/card-key-0000000000000000", file_name: "ai-image.jpg", file_type: "image/jpeg", file_size: 120_000 };
const mine = { url: "/media/mine-key-0000000000000000", file_name: "my-photo.png", file_type: "image/png", file_size: 2048 };

let calls: FakeRequest[];

beforeEach(() => {
  FakeXhr.last = null;
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  calls = fakeApi({
    "/api/projects/:projectId/generate": {
      engine: "openai",
      posts: [
        {
          content: "Meet the mobile repair van.",
          hashtags: ["KettleCargo"],
          platform: "instagram",
          scheduled_for: new Date(Date.UTC(2030, 0, 1, 9)).toISOString(),
          sources: [],
          media_info: card,
        },
      ],
    },
    "/api/projects/:projectId/campaigns": [201, { id: "c1", posts: [] }],
  }).calls;
});
afterEach(() => vi.unstubAllGlobals());

describe("campaign creator: the generated image can be replaced", () => {
  it("removes the generated image, shows Instagram's rule, attaches the user's upload and schedules with it", async () => {
    const user = userEvent.setup({ delay: null });
    renderCampaignNew(project);
    await user.type(screen.getByLabelText("Campaign prompt"), "A week about our mobile repair van service");
    await user.click(screen.getByRole("checkbox", { name: "Instagram" }));
    await user.click(screen.getByRole("button", { name: "Generate Posts" }));
    const item = (await screen.findAllByTestId("generated-post"))[0]!;
    expect(within(item).getByRole("img", { name: "Image of post 1" })).toHaveAttribute("src", card.url);

    await user.click(within(item).getByRole("button", { name: "Edit post 1" }));
    await user.click(within(item).getByRole("button", { name: "Remove image of post 1" }));
    expect(within(item).queryByRole("img", { name: "Image of post 1" })).not.toBeInTheDocument();
    expect(within(item).getByText("Instagram requires an image. Please attach an image to this post.")).toBeInTheDocument();
    expect(within(item).getByRole("button", { name: "Save" })).toBeDisabled();

    await user.click(within(item).getByRole("button", { name: "Add Image of post 1" }));
    const dialog = await screen.findByRole("dialog", { name: "Upload Image" });
    fireEvent.change(within(dialog).getByTestId("image-file-input"), {
      target: { files: [new File([new Uint8Array(16)], "my-photo.png", { type: "image/png" })] },
    });
    await user.click(await within(dialog).findByRole("button", { name: "Upload Image" }));
    expect(FakeXhr.last!.url).toBe("/api/projects/p1/media");
    act(() => FakeXhr.last!.respond(201, mine));
    await waitFor(() => expect(within(item).getByRole("img", { name: "Image of post 1" })).toHaveAttribute("src", mine.url));
    expect(within(item).queryByText(/requires an image/)).not.toBeInTheDocument();
    await user.click(within(item).getByRole("button", { name: "Save" }));
    expect(within(item).getByRole("img", { name: "Image of post 1" })).toHaveAttribute("src", mine.url);

    await user.click(screen.getByRole("button", { name: "Schedule All Posts" }));
    expect(await screen.findByRole("heading", { name: "Calendar here" })).toBeInTheDocument();
    const saved = calls.find((c) => c.url.endsWith("/campaigns"))!.body as { posts: { media_info: unknown }[] };
    expect(saved.posts[0]!.media_info).toEqual(mine);
  });

  it("Cancel keeps the generated image", async () => {
    const user = userEvent.setup({ delay: null });
    renderCampaignNew(project);
    await user.type(screen.getByLabelText("Campaign prompt"), "A week about our mobile repair van service");
    await user.click(screen.getByRole("button", { name: "Generate Posts" }));
    const item = (await screen.findAllByTestId("generated-post"))[0]!;
    await user.click(within(item).getByRole("button", { name: "Edit post 1" }));
    await user.click(within(item).getByRole("button", { name: "Remove image of post 1" }));
    await user.click(within(item).getByRole("button", { name: "Cancel" }));
    expect(within(item).getByRole("img", { name: "Image of post 1" })).toHaveAttribute("src", card.url);
  });
});
