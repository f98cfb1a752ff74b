// A message's variants in the post detail (decision 260): the calendar's rows carry message_id, the
// dialog shows a tab per network of the message, each variant is edited alone, and the writing
// helpers (the same component as Create Post) edit the open variant with Undo.
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PostDetailDialog } from "../../frontend/features/calendar/post-detail-dialog";
import { messageVariants } from "../../frontend/features/calendar/message-variant-tabs";
import type { PostEdit } from "../../frontend/components/posts/edit-post-dialog";
import { fromCalendarRow, toCalendarRow, type CalendarPost } from "../../schema/api/calendar";
import { browserTimeZone } from "../../schema/api/campaigns";
import type { Post } from "../../schema/api/posts";
import { makePost, makeProject, renderAppPage } from "./test-utils";
import { fakeApi } from "./fake-api";

configure({ asyncUtilTimeout: 5000 });

// On a whole minute: the edit form keeps minutes, so an unmoved post keeps its time.
const at = new Date(Math.floor((Date.now() + 3 * 86_400_000) / 60_000) * 60_000).toISOString();
const full: Post[] = [
  makePost({ id: "v1", platform: "twitter", content: "Saturday class. Mats included.", message_id: "m1", scheduled_for: at, project_id: "p1" }),
  makePost({ id: "v2", platform: "instagram", content: "Saturday class for beginners. Mats included.", message_id: "m1", scheduled_for: at, project_id: "p1" }),
  makePost({ id: "other", platform: "twitter", content: "Another message", message_id: "m2", scheduled_for: at, project_id: "p1" }),
];
const rows: CalendarPost[] = full.map((p) => fromCalendarRow(toCalendarRow(p)));
let assisted: { action: string; platform: string; content: string }[] = [];

beforeEach(() => {
  assisted = [];
  fakeApi({
    "/api/posts/:id": ({ params }) => full.find((p) => p.id === params.id) ?? [404, { error: { code: "not_found", message: "Not found" } }],
    "GET /api/projects/p1/assist": { engine: "local", available: ["shorten", "adapt", "hashtags"], tones: [] },
    "/api/projects/p1/claims": { findings: [], passages: 1 },
    "/api/projects/p1/assist": ({ body }) => {
      const asked = body as (typeof assisted)[number];
      assisted.push(asked);
      return { content: asked.content.split(/(?<=\.)\s/)[0], hashtags: [] };
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

function Harness({ onSave }: { onSave: (post: CalendarPost, changes: PostEdit) => Promise<boolean> }) {
  const [open, setOpen] = useState<CalendarPost>(rows[0]!);
  return (
    <PostDetailDialog
      post={open}
      timeZone={browserTimeZone()}
      onClose={() => {}}
      onSave={onSave}
      projectId="p1"
      role="owner"
      variants={messageVariants(open, rows)}
      onSelectVariant={setOpen}
    />
  );
}

describe("a message's variants in the post detail", () => {
  it("messageVariants finds the message's posts in the calendar rows, and none for a post alone", () => {
    expect(messageVariants(rows[0]!, rows).map((p) => p.id)).toEqual(["v1", "v2"]);
    expect(messageVariants(rows[2]!, rows)).toEqual([]);
    expect(messageVariants({ ...rows[0]!, message_id: null }, rows)).toEqual([]);
  });

  it("shows a tab per network; the Instagram variant is shortened with the helpers and saved alone", async () => {
    const user = userEvent.setup({ delay: null });
    const onSave = vi.fn(async () => true);
    renderAppPage(<Harness onSave={onSave} />, makeProject({ id: "p1", role: "owner" }));
    const dialog = await screen.findByRole("dialog");
    const tabs = within(dialog).getByRole("tablist", { name: "This message on each network" });
    expect(within(tabs).getAllByRole("tab")).toHaveLength(2);
    expect(within(dialog).getByText("Saturday class. Mats included.")).toBeInTheDocument();

    await user.click(within(tabs).getByRole("tab", { name: /Instagram/ }));
    expect(await within(dialog).findByText("Saturday class for beginners. Mats included.")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Edit" }));
    const helpers = within(dialog).getByRole("group", { name: "Writing helpers" });
    await waitFor(() => expect(within(helpers).getByTestId("needs-ai-engine")).toHaveTextContent("Needs an AI engine"));
    expect(within(helpers).getByRole("button", { name: "Rewrite" })).toBeDisabled();
    await user.click(within(helpers).getByRole("button", { name: "Shorten" }));
    const box = within(dialog).getByRole("textbox") as HTMLTextAreaElement;
    await waitFor(() => expect(box.value).toBe("Saturday class for beginners."));
    expect(assisted[0]).toMatchObject({ action: "shorten", platform: "instagram" });
    await user.click(within(helpers).getByRole("button", { name: "Undo" }));
    expect(box.value).toBe("Saturday class for beginners. Mats included.");
    await user.click(within(helpers).getByRole("button", { name: "Shorten" }));
    await waitFor(() => expect(box.value).toBe("Saturday class for beginners."));

    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ id: "v2", platform: "instagram" }), { content: "Saturday class for beginners." });
  });
});
