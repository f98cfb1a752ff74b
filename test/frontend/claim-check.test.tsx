// The claim check in Create Post (decision 225): a price no brand passage supports is
// underlined in the read-out of the draft with the brand's own figure; one click replaces it, or
// keeps it. The server's answer is computed here from the request body (offsets of the claim in
// the text actually sent), as the Worker's check does.
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toaster } from "../../frontend/components/ui/toaster";
import { fakeApi } from "./fake-api";
import { makeProject, wrongPrice } from "./test-utils";
import { renderCreatePost } from "./create-post-utils";

configure({ asyncUtilTimeout: 5000 });

const REASON = "No passage in your brand brain mentions this price (“£25”). “Brand book” says: “The beginner course costs £30.”";
let checked: string[] = [];

beforeEach(() => {
  checked = [];
  fakeApi({
    "GET /api/projects/p1/social-accounts": [],
    "POST /api/projects/p1/claims": ({ body }) => {
      const { content } = body as { content: string };
      checked.push(content);
      return { findings: wrongPrice(content, REASON, { text: "The beginner course costs £30.", source: "“Brand book”" }), passages: 4 };
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  toaster.dismiss();
});

describe("the claim check in Create Post", () => {
  it("underlines a wrong price with the brand's fact, and Replace puts the brand's price in the draft", async () => {
    const user = userEvent.setup();
    const { dialog } = renderCreatePost(makeProject({ id: "p1" }));
    const box = within(dialog).getByPlaceholderText("What's on your mind?");
    await user.type(box, "Beginner course: £25 for four Saturdays.");
    const region = await within(dialog).findByRole("region", { name: "Claim check" });
    // Checked once the typing settled, with the whole text (not a request per keystroke).
    expect(checked).toEqual(["Beginner course: £25 for four Saturdays."]);
    const underlined = region.querySelector("[data-claim]");
    expect(underlined?.textContent).toBe("£25");
    expect(underlined?.getAttribute("data-claim")).toBe("price");
    expect(within(region).getByText(REASON)).toBeTruthy();
    expect(document.getElementById(underlined!.getAttribute("aria-describedby")!)?.textContent).toBe(REASON);

    await user.click(within(region).getByRole("button", { name: "Replace “£25” with “£30”" }));
    expect((box as HTMLTextAreaElement).value).toBe("Beginner course: £30 for four Saturdays.");
    await waitFor(() => expect(within(dialog).queryByRole("region", { name: "Claim check" })).toBeNull());
    await waitFor(() => expect(checked.at(-1)).toBe("Beginner course: £30 for four Saturdays."));
  });

  it("Keep leaves the draft as written and hides the finding; scheduling is not blocked", async () => {
    const user = userEvent.setup();
    const { dialog } = renderCreatePost(makeProject({ id: "p1" }));
    const box = within(dialog).getByPlaceholderText("What's on your mind?");
    await user.type(box, "Only £25 today.");
    const region = await within(dialog).findByRole("region", { name: "Claim check" });
    await user.click(within(region).getByRole("button", { name: "Keep “£25”" }));
    expect(within(dialog).queryByRole("region", { name: "Claim check" })).toBeNull();
    expect((box as HTMLTextAreaElement).value).toBe("Only £25 today.");
    expect(screen.getByRole("button", { name: /post now|schedule/i })).not.toHaveProperty("disabled", true);
  });

  it("says nothing when every claim is supported", async () => {
    const user = userEvent.setup();
    const { dialog } = renderCreatePost(makeProject({ id: "p1" }));
    await user.type(within(dialog).getByPlaceholderText("What's on your mind?"), "Beginner course: £30.");
    await waitFor(() => expect(checked).toEqual(["Beginner course: £30."]));
    expect(within(dialog).queryByRole("region", { name: "Claim check" })).toBeNull();
  });
});
