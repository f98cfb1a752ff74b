// Create Post counts against the connected account's own limit where its network sets one per
// account (a Mastodon instance's max_characters, exposed as social accounts' max_length), the
// same limit the API checks; without such an account, the network's default (Mastodon 500).
import { ChakraProvider } from "@chakra-ui/react";
import { configure, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SWRConfig } from "swr";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AuthTestProvider } from "../../frontend/lib/auth-context";
import { system } from "../../frontend/app/theme";
import CreatePostDialog from "../../frontend/features/posts/create-post-dialog";
import type { SocialAccount } from "../../schema/api/social";
import { makeProject, mastodonAccount } from "./test-utils";
import { pickOnlyNetwork } from "./create-post-utils";
import { fakeApi } from "./fake-api";

configure({ asyncUtilTimeout: 5000 });

function renderWith(accounts: SocialAccount[]) {
  fakeApi({ "GET /api/projects/p1/social-accounts": accounts });
  render(
    <ChakraProvider value={system}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <AuthTestProvider value={{ user: { id: "u1", email: "a@example.com" }, project: makeProject() }}>
          <CreatePostDialog open onOpenChange={() => {}} />
        </AuthTestProvider>
      </SWRConfig>
    </ChakraProvider>,
  );
  return screen.getByRole("dialog");
}

async function typeMastodonPost(dialog: HTMLElement, length: number) {
  const user = userEvent.setup({ delay: null });
  await pickOnlyNetwork(user, dialog, "mastodon");
  await user.click(within(dialog).getByPlaceholderText("What's on your mind?"));
  await user.paste("a".repeat(length));
}

afterEach(() => vi.unstubAllGlobals());

describe("Create Post uses the connected account's own length limit", () => {
  it("an instance that allows 1,000 characters: 600 fits, the counter says /1000, and 1,001 is refused", async () => {
    const dialog = renderWith([mastodonAccount(1000)]);
    await typeMastodonPost(dialog, 600);
    expect(await within(dialog).findByText("600/1000")).toBeInTheDocument();
    expect(within(dialog).queryByText(/Too long for Mastodon/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Post Now" })).toBeEnabled();
    const user = userEvent.setup({ delay: null });
    await user.paste("a".repeat(401));
    expect(within(dialog).getByTestId("post-length")).toHaveTextContent("1001/1000");
    expect(within(dialog).getByText("Too long for Mastodon: 1001/1000 characters as Mastodon counts them, hashtags included")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Post Now" })).toBeDisabled();
  });

  it("no account limit known: Mastodon's default 500 applies", async () => {
    const dialog = renderWith([mastodonAccount(null)]);
    await typeMastodonPost(dialog, 600);
    expect(within(dialog).getByTestId("post-length")).toHaveTextContent("600/500");
    expect(within(dialog).getByText("Too long for Mastodon: 600/500 characters as Mastodon counts them, hashtags included")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Post Now" })).toBeDisabled();
  });
});
