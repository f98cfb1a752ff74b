// RSS to drafts (decision 284): a project follows a feed; the cron's "feed-poll" job reads it at
// most every 15 minutes through the SSRF-safe fetcher (1 MB, feed content types only) and writes
// each new item, once by its guid, as a draft (or a queue entry) in the brand's voice with its link.
// Feeds are served by a stand-in fetcher; host names resolve through the fake DNS (test/fakes/dns.ts).
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import type { FeedDto } from "../../schema/api/feeds";
import { CRON_JOBS } from "../../worker/jobs/cron";
import { pollDueFeeds, POLL_INTERVAL_MS } from "../../worker/services/api/feeds/poll";
import { parseFeed } from "../../worker/services/api/feeds/parse";
import { localFeedPost } from "../../worker/services/api/feeds/write";
import { expectError, json, signIn, type TestUser } from "./helpers";
import { connectAccount } from "./social-helpers";

const FEED_URL = "https://public.example.test/blog/feed.xml";

type Item = { guid: string; title: string; link: string; description?: string; date?: number };

function rss(items: Item[], title = "Acme Trail Journal"): string {
  const entries = items
    .map(
      (i) => `<item><title>${i.title}</title><link>${i.link}</link><guid isPermaLink="false">${i.guid}</guid>
<description><![CDATA[<p>${i.description ?? ""}</p>]]></description>${i.date ? `<pubDate>${new Date(i.date).toUTCString()}</pubDate>` : ""}</item>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>${title}</title><link>https://public.example.test/blog</link>${entries}</channel></rss>`;
}

const item = (n: number, base = Date.UTC(2026, 10, 1)): Item => ({
  guid: `post-${n}`,
  title: `Trail report ${n}: the ridge after rain`,
  link: `https://public.example.test/blog/trail-report-${n}`,
  description: `We walked the north ridge for report ${n}. The path was muddy but the views were clear. Bring poles.`,
  date: base + n * 86_400_000,
});

/** A stand-in for the feed's server: answers `body` with `type`, and counts its calls. */
function feedServer(body: () => string | Uint8Array<ArrayBuffer>, type = "application/rss+xml; charset=utf-8") {
  const calls: string[] = [];
  const fetcher = (async (input: RequestInfo | URL) => {
    calls.push(String(input));
    return new Response(body(), { headers: { "content-type": type } });
  }) as typeof fetch;
  return { fetcher, calls };
}

async function addFeed(user: TestUser, body: Record<string, unknown>): Promise<FeedDto> {
  const res = await json(user, "POST", `/api/projects/${user.projectId}/feeds`, body);
  expect(res.status).toBe(201);
  return (await res.json()) as FeedDto;
}

async function feedRow(id: string) {
  return (await env.DB.prepare("select * from feeds where id = ?")
    .bind(id)
    .first<{ last_polled_at: number | null; last_error: string | null; title: string | null }>())!;
}

async function postsOf(projectId: string) {
  const { results } = await env.DB.prepare("select id, content, status, platform, scheduled_for from posts where project_id = ? order by created_at, rowid")
    .bind(projectId)
    .all<{ id: string; content: string; status: string; platform: string; scheduled_for: number }>();
  return results;
}

describe("RSS to drafts", () => {
  // Each test polls only its own feeds (the job takes every due feed of the database).
  beforeEach(async () => {
    await env.DB.prepare("delete from feeds").run();
  });

  it("is one of the cron tick's jobs", () => {
    expect(Object.keys(CRON_JOBS)).toContain("feed-poll");
  });

  it("adds, lists and removes a feed; refuses unsafe addresses, duplicates and another user's project", async () => {
    const user = await signIn();
    const feed = await addFeed(user, { url: FEED_URL, mode: "queue", platform: "twitter" });
    expect(feed).toMatchObject({ url: FEED_URL, mode: "queue", platform: "twitter", last_polled_at: null, last_error: null, post_count: 0, title: null });
    const list = (await (await json(user, "GET", `/api/projects/${user.projectId}/feeds`)).json()) as FeedDto[];
    expect(list.map((f) => f.id)).toEqual([feed.id]);

    for (const [url, message] of [
      ["http://127.0.0.1/feed", "This address cannot be fetched"],
      ["http://169.254.169.254/latest/meta-data", "This address cannot be fetched"],
      ["http://localhost:8787/api/feed", "This address cannot be fetched"],
      ["file:///etc/passwd", "Only http and https URLs can be added"],
      ["not a url", "Please enter a valid URL"],
    ] as const) {
      const err = await expectError(await json(user, "POST", `/api/projects/${user.projectId}/feeds`, { url }), 400);
      expect(err).toMatchObject({ code: "invalid_input", message, fields: { url: message } });
    }
    expect((await expectError(await json(user, "POST", `/api/projects/${user.projectId}/feeds`, { url: FEED_URL }), 409)).code).toBe("conflict");
    const stranger = await signIn();
    await expectError(await json(stranger, "POST", `/api/projects/${user.projectId}/feeds`, { url: FEED_URL.replace("feed", "other") }), 404);
    await expectError(await json(stranger, "DELETE", `/api/feeds/${feed.id}`), 404);
    expect((await env.DB.prepare("select count(*) as n from feeds where project_id = ?").bind(user.projectId).first<{ n: number }>())!.n).toBe(1);

    expect((await json(user, "DELETE", `/api/feeds/${feed.id}`)).status).toBe(204);
    expect((await (await json(user, "GET", `/api/projects/${user.projectId}/feeds`)).json()) as FeedDto[]).toEqual([]);
  });

  it("drafts the newest items with their link in the brand's voice, each guid once, polling at most every 15 minutes", async () => {
    const user = await signIn();
    await connectAccount(user, "twitter");
    const feed = await addFeed(user, { url: FEED_URL, platform: "twitter" });
    let items = Array.from({ length: 8 }, (_, i) => item(i + 1));
    const server = feedServer(() => rss(items));
    const t0 = Date.now();

    // First poll: the 5 newest items become drafts; the 3 older ones are the backlog, marked seen.
    expect(await pollDueFeeds(env, t0, { fetcher: server.fetcher })).toEqual({ polled: 1, written: 5 });
    expect(server.calls).toEqual([FEED_URL]);
    let posts = await postsOf(user.projectId);
    expect(posts).toHaveLength(5);
    for (const p of posts) {
      expect(p.status).toBe("draft");
      expect(p.platform).toBe("twitter");
    }
    const newest = posts.find((p) => p.content.includes("trail-report-8"))!;
    // The project's voice is professional ("Professional & Friendly"): its lead, the title, the summary, the link.
    expect(newest.content).toBe(
      "New article: Trail report 8: the ridge after rain. We walked the north ridge for report 8. The path was muddy but the views were clear.\n\nhttps://public.example.test/blog/trail-report-8",
    );
    expect(posts.map((p) => /trail-report-(\d)/.exec(p.content)![1]).sort()).toEqual(["4", "5", "6", "7", "8"]);
    expect(await feedRow(feed.id)).toMatchObject({ last_polled_at: t0, last_error: null, title: "Acme Trail Journal" });

    // 5 minutes later the feed is not due: not fetched at all.
    expect(await pollDueFeeds(env, t0 + 5 * 60_000, { fetcher: server.fetcher })).toEqual({ polled: 0, written: 0 });
    expect(await pollDueFeeds(env, t0 + POLL_INTERVAL_MS - 1, { fetcher: server.fetcher })).toEqual({ polled: 0, written: 0 });
    expect(server.calls).toHaveLength(1);

    // 15 minutes later: one new item (and the same guids again, one with a changed title): one draft.
    items = [{ ...item(9), date: undefined }, { ...item(8), title: "Trail report 8, updated" }, ...items.slice(0, 7)];
    expect(await pollDueFeeds(env, t0 + POLL_INTERVAL_MS, { fetcher: server.fetcher })).toEqual({ polled: 1, written: 1 });
    posts = await postsOf(user.projectId);
    expect(posts).toHaveLength(6);
    expect(posts.at(-1)!.content).toContain("https://public.example.test/blog/trail-report-9");
    expect(posts.filter((p) => p.content.includes("trail-report-8"))).toHaveLength(1);

    // Nothing new: nothing written, ever again for these guids.
    expect(await pollDueFeeds(env, t0 + 2 * POLL_INTERVAL_MS, { fetcher: server.fetcher })).toEqual({ polled: 1, written: 0 });
    expect(await postsOf(user.projectId)).toHaveLength(6);
    const listed = (await (await json(user, "GET", `/api/projects/${user.projectId}/feeds`)).json()) as FeedDto[];
    expect(listed[0]).toMatchObject({ post_count: 6, last_error: null, title: "Acme Trail Journal" });
    expect(Date.parse(listed[0]!.last_polled_at!)).toBe(t0 + 2 * POLL_INTERVAL_MS);
  });

  it("refuses what the scraper refuses: a name resolving to loopback or metadata, a redirect to a private address, never fetching them", async () => {
    const user = await signIn();
    await connectAccount(user, "twitter");
    const loop = await addFeed(user, { url: "http://loopback.example.test/feed.xml" });
    const meta = await addFeed(user, { url: "http://metadata.example.test/feed.xml" });
    const server = feedServer(() => rss([item(1)]));
    expect(await pollDueFeeds(env, Date.now(), { fetcher: server.fetcher })).toEqual({ polled: 2, written: 0 });
    expect(server.calls).toEqual([]);
    expect((await feedRow(loop.id)).last_error).toBe("This address cannot be fetched");
    expect((await feedRow(meta.id)).last_error).toBe("This address cannot be fetched");

    await env.DB.prepare("delete from feeds").run();
    const redirected = await addFeed(user, { url: FEED_URL });
    const hops: string[] = [];
    const redirect = (async (input: RequestInfo | URL) => {
      hops.push(String(input));
      return new Response(null, { status: 302, headers: { location: "http://10.0.0.7/internal-feed.xml" } });
    }) as typeof fetch;
    expect(await pollDueFeeds(env, Date.now(), { fetcher: redirect })).toEqual({ polled: 1, written: 0 });
    expect(hops).toEqual([FEED_URL]);
    expect((await feedRow(redirected.id)).last_error).toBe("This address cannot be fetched");
    expect(await postsOf(user.projectId)).toEqual([]);
  });

  it("caps size, types and items, and refuses entity tricks", async () => {
    const user = await signIn();
    await connectAccount(user, "twitter");
    const feed = await addFeed(user, { url: FEED_URL });
    const cases: [ReturnType<typeof feedServer>, string][] = [
      [feedServer(() => new Uint8Array(1024 * 1024 + 1).fill(32)), "The feed is too large (max 1 MB)"],
      [feedServer(() => "<html><body>Not a feed</body></html>", "text/html"), "The address is not an RSS or Atom feed"],
      [feedServer(() => "<html><body>Not a feed</body></html>", "application/xml"), "The address is not an RSS or Atom feed"],
      [
        feedServer(
          () =>
            `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><rss version="2.0"><channel><title>&b;</title></channel></rss>`,
        ),
        "The address is not an RSS or Atom feed",
      ],
    ];
    let at = Date.now();
    for (const [server, message] of cases) {
      await pollDueFeeds(env, at, { fetcher: server.fetcher });
      expect((await feedRow(feed.id)).last_error).toBe(message);
      at += POLL_INTERVAL_MS;
    }
    expect(await postsOf(user.projectId)).toEqual([]);

    // At most 50 items are read, and at most 5 written per poll whatever the feed holds.
    const many = rss(Array.from({ length: 120 }, (_, i) => item(i + 1)));
    expect(parseFeed(many).items).toHaveLength(50);
    const big = feedServer(() => many);
    expect(await pollDueFeeds(env, at, { fetcher: big.fetcher })).toEqual({ polled: 1, written: 5 });
    expect((await feedRow(feed.id)).last_error).toBeNull();
  });

  it("queues items into the posting schedule when chosen, a draft saying why when it has no slot; Atom feeds too", async () => {
    const user = await signIn();
    await connectAccount(user, "twitter");
    await addFeed(user, { url: FEED_URL, mode: "queue", platform: "twitter" });
    const atom = `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Acme news</title>
<entry><id>urn:uuid:1</id><title>Ridge 45 restock</title><link rel="alternate" href="https://public.example.test/news/ridge-45"/><updated>2026-11-20T10:00:00Z</updated><summary>The Ridge 45 is back in every size.</summary></entry></feed>`;
    const server = feedServer(() => atom, "application/atom+xml");
    // No slot yet: a draft, and the feed says why.
    expect(await pollDueFeeds(env, Date.now(), { fetcher: server.fetcher })).toEqual({ polled: 1, written: 1 });
    let posts = await postsOf(user.projectId);
    expect(posts.map((p) => p.status)).toEqual(["draft"]);
    expect(posts[0]!.content).toBe("New article: Ridge 45 restock. The Ridge 45 is back in every size.\n\nhttps://public.example.test/news/ridge-45");
    const [listed] = (await (await json(user, "GET", `/api/projects/${user.projectId}/feeds`)).json()) as FeedDto[];
    expect(listed!.last_error).toMatch(/^Saved as a draft: /);

    // With a weekly slot the next item takes it.
    expect(
      (await json(user, "PUT", `/api/projects/${user.projectId}/slots`, { time_zone: "UTC", slots: [{ platform: "twitter", weekday: 2, time: "09:00" }] }))
        .status,
    ).toBe(200);
    await env.DB.prepare("delete from feeds").run();
    const again = await addFeed(user, { url: FEED_URL, mode: "queue", platform: "twitter" });
    const next = feedServer(() => rss([item(3)]));
    expect(await pollDueFeeds(env, Date.now(), { fetcher: next.fetcher })).toEqual({ polled: 1, written: 1 });
    posts = await postsOf(user.projectId);
    const queued = posts.at(-1)!;
    expect(queued.status).toBe("scheduled");
    expect(queued.scheduled_for).toBeGreaterThan(Date.now());
    expect(new Date(queued.scheduled_for).toISOString().slice(11, 16)).toBe("09:00");
    expect(queued.content).toContain("https://public.example.test/blog/trail-report-3");
    expect((await feedRow(again.id)).last_error).toBeNull();
  });

  it("says why when an item cannot be written, and tries it again on the next poll", async () => {
    const user = await signIn();
    // No X account yet: the draft is refused; the item is not marked seen.
    const feed = await addFeed(user, { url: FEED_URL, platform: "twitter" });
    const server = feedServer(() => rss([item(1)]));
    const t0 = Date.now();
    expect(await pollDueFeeds(env, t0, { fetcher: server.fetcher })).toEqual({ polled: 1, written: 0 });
    expect((await feedRow(feed.id)).last_error).toMatch(/^Could not write "Trail report 1: the ridge after rain": /);
    await connectAccount(user, "twitter");
    expect(await pollDueFeeds(env, t0 + POLL_INTERVAL_MS, { fetcher: server.fetcher })).toEqual({ polled: 1, written: 1 });
    expect((await feedRow(feed.id)).last_error).toBeNull();
  });

  it("the local writer keeps each voice's lead and the whole link, within the network's length", () => {
    const long = { ...item(1), summary: "word ".repeat(400).trim() + ".", published: null };
    const x = localFeedPost({ name: "Acme", industry: "Outdoor", brand_voice: "Playful", description: "" }, long, "twitter");
    expect(x.content.startsWith("Fresh read: Trail report 1: the ridge after rain!")).toBe(true);
    expect(x.content.endsWith("\n\nhttps://public.example.test/blog/trail-report-1")).toBe(true);
    expect(x.content.length).toBeLessThan(300);
    const bold = localFeedPost({ name: "Acme", industry: "Outdoor", brand_voice: "Bold", description: "" }, { ...long, summary: "" }, "linkedin");
    expect(bold.content).toBe("Trail report 1: the ridge after rain. Read it now.\n\nhttps://public.example.test/blog/trail-report-1");
  });
});
