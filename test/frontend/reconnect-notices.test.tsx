// The dashboard's "Reconnect <network> by <date>" notice (decision 196): shown only for accounts
// whose `reconnect_by` the Worker computed from the account's real expiry, with a Reconnect button
// that starts the network's consent (or leads to Social Accounts for a flow that needs typing).
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import DashboardPage from "../../frontend/features/dashboard/dashboard-page";
import { ReconnectNotices } from "../../frontend/components/social/reconnect-notices";
import type { DashboardResponse } from "../../schema/api/campaigns";
import type { SocialAccount } from "../../schema/api/social";
import { fakeApi, type FakeRequest } from "./fake-api";
import { makeProject, renderAppPage } from "./test-utils";

const redirectTo = vi.fn();
vi.mock("../../frontend/lib/api/social", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../frontend/lib/api/social")>()),
  redirectTo: (url: string) => redirectTo(url),
}));

const project = makeProject();
const DAY = 86_400_000;

const account = (over: Partial<SocialAccount>): SocialAccount => ({
  id: "acc",
  platform: "linkedin",
  account_name: "Ada Lovelace",
  username: null,
  created_at: 0,
  token_status: "active",
  expires_at: null,
  last_refresh: null,
  reconnect_by: null,
  max_length: null,
  ...over,
});

/** "Thursday, December 3, 2026" as the notice words an instant (the browser's zone). */
const longDay = (ms: number) => {
  const d = new Date(ms);
  return new Intl.DateTimeFormat(undefined, { weekday: "long", month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }).format(
    Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()),
  );
};

let accounts: SocialAccount[] | "fail";
let calls: FakeRequest[];

beforeEach(() => {
  accounts = [];
  redirectTo.mockReset();
  calls = fakeApi({
    "GET /api/projects/p1/social-accounts": () => (accounts === "fail" ? [500, { error: { code: "internal", message: "Boom" } }] : accounts),
    "GET /api/oauth/linkedin/start": { url: "https://linkedin.example/authorize?state=linkedin_1" },
    "GET /api/oauth/threads/start": [403, { error: { code: "forbidden", message: "Only an Owner or Admin can connect networks" } }],
    "GET /api/projects/p1/dashboard": DASHBOARD,
  }).calls;
});
afterEach(() => vi.unstubAllGlobals());

const DASHBOARD: DashboardResponse = {
  total_posts: 0,
  total_change_percent: null,
  total_change: null,
  scheduled_posts: 0,
  connected_accounts: 1,
  engagement_week: 0,
  engagement_change: null,
  trend_days: 7,
  upcoming: [],
  progress: { brain: false, social: true, posts: false },
};

describe("reconnect notices", () => {
  it("names the network and the account's own expiry, soonest first, and Reconnect starts the network's consent", async () => {
    const soon = Date.now() + 2 * DAY;
    const later = Date.now() + 6 * DAY;
    accounts = [
      account({ id: "a1", platform: "threads", account_name: "@acme", expires_at: later, reconnect_by: later }),
      account({ id: "a2", platform: "linkedin", expires_at: soon, reconnect_by: soon }),
      // Expiring, but renewable (no reconnect_by from the Worker): no notice.
      account({ id: "a3", platform: "twitter", account_name: "@x", expires_at: soon, reconnect_by: null }),
    ];
    renderAppPage(<ReconnectNotices projectId="p1" />, project);
    const notices = await screen.findAllByTestId("reconnect-notice");
    expect(notices).toHaveLength(2);
    expect(notices[0]).toHaveTextContent(`Reconnect LinkedIn by ${longDay(soon)}`);
    expect(notices[0]).toHaveTextContent("access for Ada Lovelace");
    expect(notices[1]).toHaveTextContent(`Reconnect Threads by ${longDay(later)}`);
    expect(screen.queryByText(/Reconnect X \(Twitter\)/)).not.toBeInTheDocument();

    await userEvent.click(within(notices[0]!).getByRole("button", { name: "Reconnect" }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith("https://linkedin.example/authorize?state=linkedin_1"));

    // A refused start (a Reviewer) says why and leaves the user where they are.
    await userEvent.click(within(notices[1]!).getByRole("button", { name: "Reconnect" }));
    expect(await screen.findByText("Only an Owner or Admin can connect networks")).toBeInTheDocument();
    expect(redirectTo).toHaveBeenCalledTimes(1);
  });

  it("a network connected by typing (a server, an app password) leads to Social Accounts instead", async () => {
    const at = Date.now() + 3 * DAY;
    accounts = [account({ platform: "mastodon", account_name: "@acme", expires_at: at, reconnect_by: at })];
    renderAppPage(<ReconnectNotices projectId="p1" />, project);
    const notice = await screen.findByTestId("reconnect-notice");
    expect(notice).toHaveTextContent(`Reconnect Mastodon by ${longDay(at)}`);
    expect(within(notice).getByRole("link", { name: "Reconnect" })).toHaveAttribute("href", "/social-connect");
  });

  it("shows nothing with no account due, while loading, or when the list fails", async () => {
    accounts = [account({ expires_at: Date.now() + 40 * DAY })];
    const { unmount } = renderAppPage(<ReconnectNotices projectId="p1" />, project);
    await waitFor(() => expect(calls.some((c) => c.url === "/api/projects/p1/social-accounts")).toBe(true));
    expect(screen.queryByRole("region", { name: "Accounts to reconnect" })).not.toBeInTheDocument();
    unmount();
    accounts = "fail";
    renderAppPage(<ReconnectNotices projectId="p1" />, project);
    await waitFor(() => expect(calls.filter((c) => c.url === "/api/projects/p1/social-accounts")).toHaveLength(2));
    expect(screen.queryByTestId("reconnect-notice")).not.toBeInTheDocument();
  });

  it("is on the dashboard, under the heading", async () => {
    const at = Date.now() + 5 * DAY;
    accounts = [account({ expires_at: at, reconnect_by: at })];
    renderAppPage(<DashboardPage />, project);
    expect(await screen.findByRole("region", { name: "Accounts to reconnect" })).toHaveTextContent(`Reconnect LinkedIn by ${longDay(at)}`);
    expect(screen.getByRole("heading", { name: "Welcome Back" })).toBeInTheDocument();
  });
});
