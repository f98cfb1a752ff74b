import { ChakraProvider } from "@chakra-ui/react";
import { render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { system } from "../../frontend/app/theme";
import { FailureMessage } from "../../frontend/components/posts/failure-message";
import { PostCard } from "../../frontend/components/posts/post-card";
import { PostDetailDialog } from "../../frontend/features/calendar/post-detail-dialog";
import { fakeApi } from "./fake-api";
import { makePost, makeProject, renderAppPage } from "./test-utils";

// A post the network cannot confirm (decision 196) is stored failed with where to look; the user
// sees "Check ...: we could not confirm this post" with that place as a link, on the card and in
// the post detail.
const CHECK_URL = "https://www.linkedin.com/in/me/recent-activity/all/";
const UNCONFIRMED = `Check LinkedIn: we could not confirm this post. Look for it at ${CHECK_URL} and publish it again only if it is not there.`;
const failed = makePost({ id: "p-unconfirmed", platform: "linkedin", status: "failed", error_message: UNCONFIRMED });

afterEach(() => vi.unstubAllGlobals());

const noop = () => {};
const actions = { onOpen: noop, onPublish: noop, onEdit: noop, onDelete: noop, onRetry: noop, onAddImage: noop };

describe("why a post failed, with where to look as a link", () => {
  it("the calendar card shows the unconfirmed post's message with the place to check as a link", () => {
    render(
      <ChakraProvider value={system}>
        <PostCard post={failed} timeZone="UTC" actions={actions} />
      </ChakraProvider>,
    );
    const card = screen.getByTestId("post-card");
    expect(within(card).getByText(/Check LinkedIn: we could not confirm this post/)).toBeInTheDocument();
    const link = within(card).getByRole("link", { name: CHECK_URL });
    expect(link).toHaveAttribute("href", CHECK_URL);
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
  });

  it("the post detail shows the whole message with the link", async () => {
    fakeApi({ "GET /api/posts/:id": failed, "GET *": [] });
    renderAppPage(<PostDetailDialog post={failed} timeZone="UTC" onClose={noop} onSave={async () => true} projectId="p1" />, makeProject());
    const dialog = await screen.findByRole("dialog");
    const link = within(dialog).getByRole("link", { name: CHECK_URL });
    expect(link).toHaveAttribute("href", CHECK_URL);
    expect(link.parentElement).toHaveTextContent(UNCONFIRMED);
  });

  it("links only https addresses, without the sentence's closing punctuation; other text stays text", () => {
    render(
      <ChakraProvider value={system}>
        <p data-testid="m">
          <FailureMessage message="See https://status.example/x. Or http://plain.example, or javascript:alert(1)." />
        </p>
      </ChakraProvider>,
    );
    const links = within(screen.getByTestId("m")).getAllByRole("link");
    expect(links.map((a) => a.getAttribute("href"))).toEqual(["https://status.example/x"]);
    expect(screen.getByTestId("m")).toHaveTextContent("See https://status.example/x. Or http://plain.example, or javascript:alert(1).");
  });

  it("a message without an address has no link", () => {
    render(
      <ChakraProvider value={system}>
        <PostCard post={{ ...failed, error_message: "Failed to publish post" }} timeZone="UTC" actions={actions} />
      </ChakraProvider>,
    );
    expect(screen.getByText("Failed to publish post")).toBeInTheDocument();
    expect(screen.queryByRole("link")).toBeNull();
  });
});
