import { ChakraProvider } from "@chakra-ui/react";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { SWRConfig } from "swr";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AuthTestProvider, type AuthState } from "../../frontend/lib/auth-context";
import { system } from "../../frontend/app/theme";
import { Toaster } from "../../frontend/components/ui/toaster";
import { fetcher } from "../../frontend/lib/api";
import SocialConnectPage from "../../frontend/features/social/social-connect-page";
import type { SocialAccount } from "../../schema/api/social";
import { makeProject, jsonResponse as json } from "./test-utils";
import { fakeApi, type FakeRequest, type FakeRoute } from "./fake-api";

const redirectTo = vi.fn();
vi.mock("../../frontend/lib/api/social", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../frontend/lib/api/social")>()),
  redirectTo: (url: string) => redirectTo(url),
}));

const project = makeProject();

const twitterAccount: SocialAccount = {
  max_length: null,
  id: "a1",
  platform: "twitter",
  account_name: "acme_tw",
  username: "acme_tw",
  created_at: Date.UTC(2026, 0, 15),
  token_status: "active",
  expires_at: null,
  last_refresh: null,
  reconnect_by: null,
};

let calls: FakeRequest[];
let accounts: SocialAccount[];
let routes: Record<string, FakeRoute>;
/** Networks this (pretend) server can connect; all of them unless a test says otherwise. */
let unconfigured: string[];
const ALL = ["twitter", "facebook", "instagram", "linkedin", "bluesky", "mastodon", "threads"];

beforeEach(() => {
  accounts = [];
  redirectTo.mockReset();
  unconfigured = [];
  routes = {
    "GET /api/projects/p1/social-accounts": () => json(accounts),
    "GET /api/social-networks": () => json({ networks: ALL.map((id) => ({ id, configured: !unconfigured.includes(id) })) }),
  };
  calls = fakeApi(routes).calls;
});
afterEach(() => vi.unstubAllGlobals());

/** The Connect buttons are enabled once the server said which networks it can connect. */
const connectReady = () => waitFor(() => expect(screen.getByRole("button", { name: /^(Re)?[Cc]onnect X \(Twitter\)/ })).toBeEnabled());

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{loc.pathname}</div>;
}

function renderPage(path = "/social-connect", auth: Partial<AuthState> = {}) {
  return render(
    <ChakraProvider value={system}>
      <SWRConfig value={{ fetcher, provider: () => new Map(), dedupingInterval: 0 }}>
        <AuthTestProvider value={{ user: { id: "u1", email: "a@example.com" }, project, ...auth }}>
          <MemoryRouter initialEntries={["/previous", path]} initialIndex={1}>
            <Routes>
              <Route path="/social-connect" element={<SocialConnectPage />} />
              <Route path="/auth/twitter/callback" element={<SocialConnectPage />} />
              <Route path="/auth/instagram/callback" element={<SocialConnectPage />} />
              <Route path="/auth/facebook/callback" element={<SocialConnectPage />} />
              <Route path="/dashboard" element={<h1>Dashboard here</h1>} />
              <Route path="/previous" element={<h1>Previous page</h1>} />
            </Routes>
            <Where />
          </MemoryRouter>
          <Toaster />
        </AuthTestProvider>
      </SWRConfig>
    </ChakraProvider>,
  );
}

describe("Social connect screen", () => {
  it("shows the empty state, every network's card and refuses to continue without an account", async () => {
    renderPage();
    expect(screen.getByRole("heading", { name: "Connect Your Social Media" })).toBeInTheDocument();
    expect(await screen.findByText("No accounts connected yet")).toBeInTheDocument();
    for (const id of ALL) {
      expect(within(screen.getByTestId(`platform-${id}`)).getByText("Not connected")).toBeInTheDocument();
    }
    // One name per network (decision 207): "X (Twitter)" on its card.
    expect(within(screen.getByTestId("platform-twitter")).getByRole("heading", { name: "X (Twitter)" })).toBeInTheDocument();
    // Every network is configured: nothing about developer setup for anyone.
    expect(screen.queryByText("Developer Setup Required")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Continue to Dashboard" }));
    expect(await screen.findByText("Please connect at least one social media platform")).toBeInTheDocument();
    expect(screen.getByTestId("where")).toHaveTextContent("/social-connect");
  });

  it("lists connected accounts with status; Continue goes to the dashboard; Back goes back", async () => {
    accounts = [twitterAccount, { ...twitterAccount, id: "a2", platform: "instagram", account_name: "acme_ig", token_status: "reconnect_needed" }];
    renderPage();
    expect(await screen.findByText("acme_tw")).toBeInTheDocument();
    const row = screen.getByText("acme_tw").closest("li")!;
    expect(row).toHaveTextContent(`X (Twitter) · Connected ${new Date(twitterAccount.created_at).toLocaleDateString()}`);
    expect(within(screen.getByText("acme_ig").closest("li")!).getByText("Reconnect needed")).toBeInTheDocument();
    expect(within(screen.getByTestId("platform-twitter")).getByText("Connected")).toBeInTheDocument();
    expect(within(screen.getByTestId("platform-instagram")).getByText("Reconnect needed")).toBeInTheDocument();
    expect(within(screen.getByTestId("platform-instagram")).getByRole("button", { name: "Reconnect Instagram" })).toBeInTheDocument();
    expect(within(screen.getByTestId("platform-facebook")).getByRole("button", { name: "Connect Facebook" })).toBeInTheDocument();
    // Disconnect is a visible button with its word, not an icon shown on hover.
    const disconnect = within(row).getByRole("button", { name: "Disconnect acme_tw" });
    expect(disconnect).toHaveTextContent("Disconnect");
    expect(disconnect).toBeVisible();
    await userEvent.click(screen.getAllByRole("button", { name: "Back" })[0]!);
    expect(await screen.findByRole("heading", { name: "Previous page" })).toBeInTheDocument();
  });

  it("Continue to Dashboard works once an account exists", async () => {
    accounts = [twitterAccount];
    renderPage();
    await screen.findByText("acme_tw");
    await userEvent.click(screen.getByRole("button", { name: "Continue to Dashboard" }));
    expect(await screen.findByRole("heading", { name: "Dashboard here" })).toBeInTheDocument();
  });

  it("Connect on a configured network goes straight to its consent: one click, no dialog", async () => {
    routes["GET /api/oauth/twitter/start"] = () => json({ url: "https://x.example/authorize?state=twitter_1" });
    renderPage();
    await screen.findByText("No accounts connected yet");
    await connectReady();
    await userEvent.click(screen.getByRole("button", { name: "Connect X (Twitter)" }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith("https://x.example/authorize?state=twitter_1"));
    expect(calls.some((c) => c.url === "/api/oauth/twitter/start?projectId=p1")).toBe(true);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("a network that is not configured: the Owner gets the setup guide as a task for the deployment", async () => {
    unconfigured = ["twitter"];
    renderPage();
    await screen.findByText("No accounts connected yet");
    expect(await screen.findByText("Developer Setup Required")).toBeInTheDocument();
    expect(within(screen.getByTestId("platform-twitter")).getByText("Needs setting up on this server")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Connect X (Twitter)" }));
    const dialog = await screen.findByRole("dialog", { name: "Set up X (Twitter)" });
    expect(within(dialog).getByText("Developer Account Required")).toBeInTheDocument();
    expect(within(dialog).getByText(/Whoever runs this deployment/)).toBeInTheDocument();
    expect(within(dialog).getAllByRole("listitem").length).toBeGreaterThan(2);
    const portal = within(dialog).getByRole("link", { name: /Open Developer Portal/ });
    expect(portal).toHaveAttribute("target", "_blank");
    expect(portal).toHaveAttribute("href", "https://developer.x.com/en/portal/dashboard");
    // Nothing to start until the server has the keys.
    expect(within(dialog).queryByRole("button", { name: /^Connect/ })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith("/api/oauth/"))).toBe(false);
  });

  it("a network that is not configured: an invited Owner (not the project's creator) gets the guide too", async () => {
    unconfigured = ["twitter"];
    renderPage("/social-connect", { project: makeProject({ user_id: "someone-else", role: "owner" }) });
    expect(await screen.findByText("Developer Setup Required")).toBeInTheDocument();
    await connectReady();
    await userEvent.click(screen.getByRole("button", { name: "Connect X (Twitter)" }));
    expect(await screen.findByRole("dialog", { name: "Set up X (Twitter)" })).toBeInTheDocument();
  });

  it("a network that is not configured: anyone else is told to ask their administrator, with no developer talk", async () => {
    unconfigured = ["linkedin"];
    renderPage("/social-connect", { project: makeProject({ user_id: "someone-else", role: "editor" }) });
    await screen.findByText("No accounts connected yet");
    expect(await within(screen.getByTestId("platform-linkedin")).findByText("Ask your administrator to set it up")).toBeInTheDocument();
    expect(screen.queryByText("Developer Setup Required")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Connect LinkedIn" }));
    expect(await screen.findByText("LinkedIn is not set up on this server yet. Ask your administrator to set it up.")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.queryByText(/Client ID|Developer/)).not.toBeInTheDocument();
  });

  it("Facebook's callback asks which Page, and connects the one picked", async () => {
    const page: SocialAccount = { ...twitterAccount, id: "fb1", platform: "facebook", account_name: "Acme Shop", username: "Acme Shop" };
    routes["POST /api/oauth/facebook/callback"] = () =>
      json({
        choice: "ch1",
        options: [
          { id: "101", name: "Acme Page" },
          { id: "102", name: "Acme Shop" },
        ],
      });
    routes["POST /api/oauth/facebook/choose"] = () => {
      accounts = [page];
      return json(page);
    };
    renderPage("/auth/facebook/callback?code=abc&state=facebook_s1");
    const dialog = await screen.findByRole("dialog", { name: "Choose a Facebook Page" });
    expect(accounts).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole("button", { name: "Post to Acme Shop" }));
    expect(await screen.findByText("Successfully connected Facebook account!")).toBeInTheDocument();
    expect(calls.find((c) => c.url === "/api/oauth/facebook/choose")?.body).toEqual({ choice: "ch1", option_id: "102" });
    expect(await screen.findByText("Acme Shop")).toBeInTheDocument();
  });

  it("Bluesky asks for the handle and an app password; a refusal keeps the dialog with the reason", async () => {
    const bsky: SocialAccount = { ...twitterAccount, id: "b1", platform: "bluesky", account_name: "@acme.bsky.social", username: "acme.bsky.social" };
    let tries = 0;
    routes["POST /api/projects/p1/social-accounts/bluesky"] = () => {
      tries++;
      if (tries === 1) return json({ error: { code: "invalid_input", message: "Invalid handle or app password" } }, 400);
      accounts = [bsky];
      return json(bsky);
    };
    renderPage();
    await screen.findByText("No accounts connected yet");
    await connectReady();
    await userEvent.click(screen.getByRole("button", { name: "Connect Bluesky" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).queryByText("Developer Account Required")).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Connect Bluesky" }));
    expect(await within(dialog).findByText("Enter your handle")).toBeInTheDocument();
    expect(tries).toBe(0);
    await userEvent.type(within(dialog).getByLabelText(/Handle/), "acme.bsky.social");
    await userEvent.type(within(dialog).getByLabelText(/App password/), "wrong-pass{Enter}");
    expect(await screen.findByText("Invalid handle or app password")).toBeInTheDocument();
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText(/App password/));
    await userEvent.type(within(dialog).getByLabelText(/App password/), "abcd-efgh-ijkl-mnop");
    await userEvent.click(within(dialog).getByRole("button", { name: "Connect Bluesky" }));
    expect(await screen.findByText("Successfully connected Bluesky account!")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "POST").at(-1)?.body).toEqual({ identifier: "acme.bsky.social", password: "abcd-efgh-ijkl-mnop" });
    expect(redirectTo).not.toHaveBeenCalled();
  }, 30_000);

  it("Mastodon asks for the server and starts the sign-in on that server", async () => {
    routes["GET /api/oauth/mastodon/start"] = () => json({ url: "https://fosstodon.example/oauth/authorize?state=mastodon_1" });
    renderPage();
    await screen.findByText("No accounts connected yet");
    await connectReady();
    await userEvent.click(screen.getByRole("button", { name: "Connect Mastodon" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.type(within(dialog).getByLabelText(/Your Mastodon server/), "fosstodon.example");
    await userEvent.click(within(dialog).getByRole("button", { name: "Connect Mastodon" }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith("https://fosstodon.example/oauth/authorize?state=mastodon_1"));
    expect(calls.some((c) => c.url === "/api/oauth/mastodon/start?projectId=p1&instance=fosstodon.example")).toBe(true);
  }, 20_000);

  it("blocks connecting while the project is loading", async () => {
    renderPage("/social-connect", { projectLoading: true, project: null });
    await connectReady();
    await userEvent.click(screen.getByRole("button", { name: "Connect X (Twitter)" }));
    expect(await screen.findAllByText("Loading project data...")).not.toHaveLength(0);
    expect(redirectTo).not.toHaveBeenCalled();
    expect(calls.some((c) => c.url.includes("/api/oauth/"))).toBe(false);
  });

  it("a failing start shows the spec's message", async () => {
    routes["GET /api/oauth/instagram/start"] = () => json({ error: { code: "x", message: "nope" } }, 400);
    renderPage();
    await screen.findByText("No accounts connected yet");
    await connectReady();
    await userEvent.click(screen.getByRole("button", { name: "Connect Instagram" }));
    expect(await screen.findByText("Failed to start authentication process")).toBeInTheDocument();
  });

  it("the callback exchanges the code, toasts, reloads, broadcasts and returns to /social-connect", async () => {
    const events: unknown[] = [];
    const listener = (e: Event) => events.push((e as CustomEvent).detail);
    window.addEventListener("socialAccountsUpdated", listener);
    routes["POST /api/oauth/twitter/callback"] = () => {
      accounts = [twitterAccount];
      return json(twitterAccount);
    };
    renderPage("/auth/twitter/callback?code=abc&state=twitter_s1");
    expect(await screen.findByText("Successfully connected X account!")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent("/social-connect"));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ code: "abc", state: "twitter_s1" });
    expect(await screen.findByText("acme_tw")).toBeInTheDocument();
    await waitFor(() => expect(events).toContainEqual([twitterAccount]));
    window.removeEventListener("socialAccountsUpdated", listener);
  });

  it("the callback's error parameter gives the failure message", async () => {
    routes["POST /api/oauth/instagram/callback"] = () => json({ error: { code: "invalid_input", message: "Authentication failed. Please try again." } }, 400);
    renderPage("/auth/instagram/callback?error=access_denied&state=instagram_s");
    expect(await screen.findByText("Authentication failed. Please try again.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent("/social-connect"));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ error: "access_denied", state: "instagram_s" });
  });

  it("a refused exchange shows Failed to connect", async () => {
    routes["POST /api/oauth/instagram/callback"] = () => json({ error: { code: "invalid_input", message: "Invalid state parameter" } }, 400);
    renderPage("/auth/instagram/callback?code=c&state=bad");
    expect(await screen.findByText("Failed to connect Instagram account. Please try again.")).toBeInTheDocument();
  });

  it("disconnect asks for confirmation, deletes, toasts and reloads", async () => {
    accounts = [twitterAccount];
    routes["DELETE /api/social-accounts/a1"] = () => {
      accounts = [];
      return json({ ok: true });
    };
    renderPage();
    await screen.findByText("acme_tw");
    await userEvent.click(screen.getByRole("button", { name: "Disconnect acme_tw" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    await userEvent.click(within(dialog).getByRole("button", { name: "Disconnect" }));
    expect(await screen.findByText("Account disconnected successfully")).toBeInTheDocument();
    expect(await screen.findByText("No accounts connected yet")).toBeInTheDocument();
  });

  it("a failed disconnect says so", async () => {
    accounts = [twitterAccount];
    routes["DELETE /api/social-accounts/a1"] = () => json({ error: { code: "internal", message: "x" } }, 500);
    renderPage();
    await screen.findByText("acme_tw");
    await userEvent.click(screen.getByRole("button", { name: "Disconnect acme_tw" }));
    await userEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Disconnect" }));
    expect(await screen.findByText("Failed to disconnect account")).toBeInTheDocument();
  });
});
