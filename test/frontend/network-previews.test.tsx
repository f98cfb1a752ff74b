// Each network's preview looks like that network (platforms/<id>/preview.tsx, decision 287):
// its own layout, action row, handle form and image frame; no two networks render alike.
import { ChakraProvider } from "@chakra-ui/react";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { system } from "../../frontend/app/theme";
import { PostPreviewCard } from "../../frontend/features/posts/post-preview-card";
import { PLATFORM_IDS, type PlatformId } from "../../platforms/registry";

function preview(platform: PlatformId, over: { imageUrl?: string | null; imageAlt?: string } = {}) {
  const view = render(
    <ChakraProvider value={system}>
      <PostPreviewCard platform={platform} content="Fresh roast on Friday" hashtags={["coffee"]} brandName="Acme Coffee" imageUrl="/media/card-key" {...over} />
    </ChakraProvider>,
  );
  const card = screen.getByTestId("post-preview");
  return { card, unmount: view.unmount };
}

/** What tells one network's card from another's: layout, action names, image frame. */
function fingerprint(card: HTMLElement): string {
  const actions = Array.from(card.querySelectorAll("[aria-label]"))
    .map((el) => el.getAttribute("aria-label"))
    .join(",");
  return `${card.dataset.layout}|${within(card).getByTestId("preview-media").dataset.ratio}|${actions}`;
}

const before = (a: Element, b: Element) => !!(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

describe("network previews", () => {
  it("every network renders its own card, and no two render alike", () => {
    const seen = new Map<string, PlatformId>();
    for (const id of PLATFORM_IDS) {
      const { card, unmount } = preview(id);
      expect(card.dataset.network).toBe(id);
      const print = fingerprint(card);
      expect(seen.get(print), `${id} renders like ${seen.get(print)}`).toBeUndefined();
      seen.set(print, id);
      unmount();
    }
    expect(seen.size).toBe(PLATFORM_IDS.length);
  });

  it("Instagram: the square image first, then the actions, then the caption under the username", () => {
    const { card } = preview("instagram");
    expect(card.dataset.layout).toBe("photo");
    const media = within(card).getByTestId("preview-media");
    expect(media.dataset.ratio).toBe("1.00");
    const caption = within(card).getByTestId("preview-caption");
    expect(before(media, within(card).getByLabelText("Like: 0"))).toBe(true);
    expect(before(within(card).getByLabelText("Save: 0"), caption)).toBe(true);
    expect(before(media, within(caption).getByText("Fresh roast on Friday"))).toBe(true);
    expect(within(caption).getByText("yourbrand")).toBeInTheDocument();
  });

  it("Instagram without an image still shows the square it needs", () => {
    const { card } = preview("instagram", { imageUrl: null });
    expect(within(card).getByText("Add an image: every post here shows one")).toBeInTheDocument();
  });

  it("LinkedIn: a company page header, text over a full-bleed 1.91:1 image, a labelled action bar", () => {
    const { card } = preview("linkedin");
    expect(card.dataset.layout).toBe("feed");
    expect(within(card).getByText(/Company page · Just now/)).toBeInTheDocument();
    for (const label of ["Like", "Comment", "Repost", "Send"]) expect(within(card).getByLabelText(label)).toHaveTextContent(label);
    const media = within(card).getByTestId("preview-media");
    expect(media.dataset.ratio).toBe("1.91");
    expect(before(within(card).getByText("Fresh roast on Friday"), media)).toBe(true);
    expect(within(card).queryByText("0")).not.toBeInTheDocument();
  });

  it("Facebook: a page post with Like, Comment and Share written out", () => {
    const { card } = preview("facebook");
    expect(card.dataset.layout).toBe("feed");
    for (const label of ["Like", "Comment", "Share"]) expect(within(card).getByLabelText(label)).toHaveTextContent(label);
    expect(within(card).queryByLabelText("Repost")).not.toBeInTheDocument();
    expect(within(card).queryByText(/Company page/)).not.toBeInTheDocument();
  });

  it("Bluesky: a name.bsky.social handle, reply, repost, like and no view count", () => {
    const { card } = preview("bluesky");
    expect(card.dataset.layout).toBe("thread");
    expect(within(card).getByText("@yourbrand.bsky.social")).toBeInTheDocument();
    expect(within(card).getByLabelText("Repost: 0")).toBeInTheDocument();
    expect(within(card).queryByLabelText("View: 0")).not.toBeInTheDocument();
  });

  it("Mastodon: the full handle @user@instance in a header over full-width text; boost and favourite", () => {
    const { card } = preview("mastodon");
    expect(card.dataset.layout).toBe("toot");
    expect(within(card).getByText("@yourbrand@mastodon.social")).toBeInTheDocument();
    expect(within(card).getByLabelText("Boost: 0")).toBeInTheDocument();
    expect(within(card).getByLabelText("Favourite: 0")).toBeInTheDocument();
    expect(within(card).getAllByLabelText("Public").length).toBeGreaterThan(0);
  });

  it("Threads: the username alone with the thread line, a 4:5 image, icons without counts", () => {
    const { card } = preview("threads");
    expect(card.dataset.layout).toBe("threads");
    expect(within(card).getByTestId("preview-thread-line")).toBeInTheDocument();
    expect(within(card).getByText("yourbrand")).toBeInTheDocument();
    expect(within(card).queryByText("Acme Coffee")).not.toBeInTheDocument();
    expect(within(card).getByTestId("preview-media").dataset.ratio).toBe("0.80");
    expect(within(card).queryByText("0")).not.toBeInTheDocument();
  });

  it("X: name and handle beside the avatar, a 16:9 image, five counts at 0", () => {
    const { card } = preview("twitter");
    expect(card.dataset.layout).toBe("thread");
    expect(within(card).getByText("Acme Coffee")).toBeInTheDocument();
    expect(within(card).getByText("@yourbrand")).toBeInTheDocument();
    expect(within(card).getAllByText("0")).toHaveLength(5);
    expect(within(card).getByTestId("preview-media").dataset.ratio).toBe("1.78");
  });

  it("shows the image whole (never cropped) with the post's alt text", () => {
    const { card } = preview("instagram", { imageAlt: "A bag of Friday roast on a counter" });
    const img = within(card).getByRole("img", { name: "A bag of Friday roast on a counter" });
    expect(img).toHaveStyle({ objectFit: "contain" });
  });
});
