// Create Post writes once for several networks (decision 260): ticking networks gives a tab per
// network with that network's rules; the first network's text goes to every network until one is
// adjusted in its tab; one post per network is created, the later ones with the first one's
// message_id; a network that fails does not stop the others.
import { configure, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toaster } from "../../frontend/components/ui/toaster";
import { makePost, makeProject } from "./test-utils";
import { fakeApi } from "./fake-api";
import { renderCreatePost } from "./create-post-utils";

configure({ asyncUtilTimeout: 5000 });

type Sent = { content: string; platform: string; hashtags: string[]; mode: string; message_id?: string };
let sent: Sent[] = [];
let refuse: string | null = null;

beforeEach(() => {
  sent = [];
  refuse = null;
  fakeApi({
    "GET /api/projects/p1/social-accounts": [],
    "/api/projects/p1/claims": { findings: [], passages: 1 },
    "POST /api/projects/p1/posts": ({ body }) => {
      const sentBody = body as Sent;
      sent.push(sentBody);
      if (sentBody.platform === refuse) return [400, { error: { code: "invalid_input", message: "Please connect this account first" } }];
      return [
        201,
        makePost({ id: `post-${sent.length}`, platform: sentBody.platform as never, content: sentBody.content, message_id: sentBody.message_id ?? "msg-1" }),
      ];
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  toaster.dismiss();
});

describe("Create Post for several networks", () => {
  it("gives a tab per network, keeps an adjusted variant apart, and creates one post per network sharing a message_id", async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog, onOpenChange } = renderCreatePost(makeProject({ id: "p1" }), "schedule");
    const networks = within(dialog).getByRole("group", { name: "Networks" });
    expect(within(dialog).queryByRole("tablist", { name: "Adjust per network" })).toBeNull();
    await user.click(within(networks).getByRole("checkbox", { name: "LinkedIn" }));
    const tabs = within(dialog).getByRole("tablist", { name: "Adjust per network" });
    expect(
      within(tabs)
        .getAllByRole("tab")
        .map((t) => t.textContent),
    ).toEqual(["X (Twitter)", "LinkedIn"]);

    // Ticking LinkedIn opened its tab; the message is written in the first network's tab.
    await user.click(within(tabs).getByRole("tab", { name: /X \(Twitter\)/ }));
    const box = within(dialog).getByPlaceholderText("What's on your mind?") as HTMLTextAreaElement;
    await user.type(box, "Saturday class for beginners.");
    await user.click(within(tabs).getByRole("tab", { name: /LinkedIn/ }));
    expect(box.value).toBe("Saturday class for beginners.");
    await user.type(box, " Mats included.");
    expect(within(tabs).getByRole("tab", { name: /LinkedIn/ })).toHaveTextContent("adjusted");
    await user.click(within(tabs).getByRole("tab", { name: /X \(Twitter\)/ }));
    expect(box.value).toBe("Saturday class for beginners.");

    await user.click(within(dialog).getByRole("button", { name: "Schedule Post" }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[0]).toMatchObject({ platform: "twitter", content: "Saturday class for beginners.", mode: "schedule" });
    expect(sent[0]!.message_id).toBeUndefined();
    expect(sent[1]).toMatchObject({ platform: "linkedin", content: "Saturday class for beginners. Mats included.", message_id: "msg-1" });
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it("a network that fails does not stop the others, and says which one failed", async () => {
    refuse = "twitter";
    const user = userEvent.setup({ delay: null });
    const { dialog } = renderCreatePost(makeProject({ id: "p1" }), "schedule");
    await user.click(within(within(dialog).getByRole("group", { name: "Networks" })).getByRole("checkbox", { name: "Mastodon" }));
    await user.type(within(dialog).getByPlaceholderText("What's on your mind?"), "Doors open at noon.");
    await user.click(within(dialog).getByRole("button", { name: "Schedule Post" }));
    await waitFor(() => expect(sent.map((s) => s.platform)).toEqual(["twitter", "mastodon"]));
    expect(await within(document.body).findByText("X (Twitter): Please connect this account first")).toBeInTheDocument();
    expect(await within(document.body).findByText("Scheduled for Mastodon")).toBeInTheDocument();
  });
});
