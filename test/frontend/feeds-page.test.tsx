// Settings -> Feeds (RSS to drafts, decision 284): an Editor follows a feed for a network as drafts
// or queue entries (a bad address refused before any request, the server's refusal on the field),
// sees each feed's last check, posts written and last error, and removes one; a Reviewer only reads.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FeedDto } from "../../schema/api/feeds";
import FeedsPage from "../../frontend/features/feeds/feeds-page";
import { makeProject, renderAppPage } from "./test-utils";
import { fakeApi, type FakeRequest } from "./fake-api";

const project = makeProject({ id: "p1", name: "Acme Coffee", role: "editor" });
const journal: FeedDto = {
  id: "f1",
  project_id: "p1",
  url: "https://acme.example.com/journal/feed.xml",
  title: "Acme Journal",
  platform: "twitter",
  mode: "draft",
  last_polled_at: "2026-11-28T09:45:00.000Z",
  last_error: 'Could not write "Roast notes": No connected X account found',
  post_count: 3,
  created_at: "2026-11-20T10:00:00.000Z",
};

let calls: FakeRequest[];
let feeds: FeedDto[];

beforeEach(() => {
  feeds = [journal];
  calls = fakeApi({
    "GET /api/projects/p1/feeds": () => feeds,
    "POST /api/projects/p1/feeds": ({ body }) => {
      const req = body as { url: string; mode: FeedDto["mode"]; platform: FeedDto["platform"] };
      if (req.url.includes("127.0.0.1")) {
        const message = "This address cannot be fetched";
        return [400, { error: { code: "invalid_input", message, fields: { url: message } } }];
      }
      const made: FeedDto = {
        ...journal,
        id: "f2",
        url: req.url,
        mode: req.mode,
        platform: req.platform,
        title: null,
        last_polled_at: null,
        last_error: null,
        post_count: 0,
      };
      feeds = [made, ...feeds];
      return [201, made];
    },
    "DELETE /api/feeds/f1": () => {
      feeds = feeds.filter((f) => f.id !== "f1");
      return undefined;
    },
  }).calls;
});
afterEach(() => vi.unstubAllGlobals());

describe("Feeds page", () => {
  it("follows a feed as queue entries for a network, refusing bad addresses on the field", { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    renderAppPage(<FeedsPage />, project);
    const existing = await screen.findByTestId("feed");
    expect(within(existing).getByText("Acme Journal")).toBeInTheDocument();
    expect(within(existing).getByText(/3 posts written/)).toBeInTheDocument();
    expect(within(existing).getByText('Could not write "Roast notes": No connected X account found')).toBeInTheDocument();

    // Empty: refused before any request.
    await user.click(screen.getByRole("button", { name: /Follow feed/ }));
    expect(await screen.findByText("Enter the address of an RSS or Atom feed")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);

    // The server's refusal lands on the field.
    await user.type(screen.getByPlaceholderText(/feed\.xml/), "http://127.0.0.1/feed");
    await user.click(screen.getByRole("button", { name: /Follow feed/ }));
    expect(await screen.findByText("This address cannot be fetched")).toBeInTheDocument();

    await user.clear(screen.getByPlaceholderText(/feed\.xml/));
    await user.type(screen.getByPlaceholderText(/feed\.xml/), "https://news.example.org/rss");
    await user.selectOptions(screen.getByRole("combobox", { name: "New items become" }), "queue");
    await user.selectOptions(screen.getByRole("combobox", { name: "Network" }), "mastodon");
    await user.click(screen.getByRole("button", { name: /Follow feed/ }));
    await waitFor(() => expect(screen.getAllByTestId("feed")).toHaveLength(2));
    expect(calls.filter((c) => c.method === "POST").at(-1)?.body).toEqual({ url: "https://news.example.org/rss", mode: "queue", platform: "mastodon" });
    const added = screen.getAllByTestId("feed")[0]!;
    expect(within(added).getByText("https://news.example.org/rss")).toBeInTheDocument();
    expect(within(added).getByText(/Not read yet/)).toBeInTheDocument();
    expect(within(added).getByText("Queue (posting schedule)")).toBeInTheDocument();
  });

  it("removes a feed", async () => {
    const user = userEvent.setup();
    renderAppPage(<FeedsPage />, project);
    await user.click(await screen.findByRole("button", { name: "Remove Acme Journal" }));
    await waitFor(() => expect(screen.getByText(/No feeds yet/)).toBeInTheDocument());
    expect(calls.some((c) => c.method === "DELETE" && c.url === "/api/feeds/f1")).toBe(true);
  });

  it("lets a Reviewer read the feeds but not change them", async () => {
    renderAppPage(<FeedsPage />, makeProject({ id: "p1", name: "Acme Coffee", role: "reviewer" }));
    expect(await screen.findByText("Acme Journal")).toBeInTheDocument();
    expect(screen.getByText("Owners and Editors add and remove feeds.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Follow feed/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Remove/ })).not.toBeInTheDocument();
  });
});
