// The campaign creator checks a generated draft against the connected account's own length limit
// (a Mastodon instance's max_characters, social accounts' max_length), the limit the API checks
// when the campaign is scheduled; without a known limit, the network's default (Mastodon 500).
import { ChakraProvider } from "@chakra-ui/react";
import { configure, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { SWRConfig } from "swr";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AuthTestProvider } from "../../frontend/lib/auth-context";
import { system } from "../../frontend/app/theme";
import CampaignNewPage from "../../frontend/features/campaigns/campaign-new-page";
import type { SocialAccount } from "../../schema/api/social";
import { makeProject, mastodonAccount } from "./test-utils";
import { fakeApi } from "./fake-api";

configure({ asyncUtilTimeout: 5000 });

async function generateOneMastodonDraft(accounts: SocialAccount[], length: number) {
  fakeApi({
    "GET /api/projects/p1/social-accounts": accounts,
    "POST /api/projects/p1/generate": {
      engine: "local",
      posts: [{ content: "a".repeat(length), hashtags: [], platform: "mastodon", scheduled_for: new Date(Date.UTC(2030, 0, 1, 14)).toISOString() }],
    },
  });
  render(
    <ChakraProvider value={system}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <AuthTestProvider value={{ user: { id: "u1", email: "a@example.com" }, project: makeProject() }}>
          <MemoryRouter initialEntries={["/campaigns/new"]}>
            <CampaignNewPage />
          </MemoryRouter>
        </AuthTestProvider>
      </SWRConfig>
    </ChakraProvider>,
  );
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText("Campaign prompt"), "A week of launch posts for our product");
  await user.click(screen.getByRole("button", { name: "Generate Posts" }));
  await user.click(await screen.findByRole("button", { name: "Edit post 1" }));
}

afterEach(() => vi.unstubAllGlobals());

describe("campaign creator: a draft is counted against the connected account's own limit", () => {
  it("an instance that allows 1,000 characters: a 600-character draft fits and can be saved", async () => {
    await generateOneMastodonDraft([mastodonAccount(1000)], 600);
    expect(await screen.findByText("600/1000 characters with hashtags")).toBeInTheDocument();
    expect(screen.queryByText(/Too long for Mastodon/)).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Save" })).toBeEnabled();
  });

  it("no account limit known: Mastodon's default 500 refuses the same draft", async () => {
    await generateOneMastodonDraft([mastodonAccount(null)], 600);
    expect(await screen.findByText("600/500 characters with hashtags")).toBeInTheDocument();
    expect(screen.getByText(/Too long for Mastodon: 600\/500/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Save" })).toBeDisabled();
  });
});
