import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { platformFor } from "../../platforms/adapters";
import { type PlatformAdapter, type PublishInput } from "../../platforms/shared/adapter";
import { getDb } from "../../worker/lib/db";
import { getPublishingCredentials } from "../../worker/services/social/credentials";
import { signIn, type TestUser } from "./helpers";
import { connectNetwork, NEW_NETWORKS, networkControl, networkState, sandboxAccountName, uname, type NewNetwork, caughtPlatformError } from "./network-helpers";
import { rawAccountRow } from "./social-helpers";
import { putPublicMedia } from "./public-media";

// Every network of decision 140 against its sandbox, through the same code paths production uses:
// connect through its own flow (API routes), credentials from D1 (decrypted), the network's
// adapter (platformFor), and the sandbox's counters as the outside view (decision 140).

// A 1x1 PNG.
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));

const caught = caughtPlatformError;

type Setup = { user: TestUser; username: string; name: string; accountId: string; adapter: PlatformAdapter; base: Omit<PublishInput, "text"> };

async function setup(network: NewNetwork): Promise<Setup> {
  const user = await signIn();
  const username = uname();
  const account = await connectNetwork(user, network, username);
  const creds = await getPublishingCredentials(getDb(env.DB), env, user.projectId, network);
  const adapter = platformFor(env, network, creds.accountMeta);
  const imageUrl = await putPublicMedia(`https://images.example.com/${username}.png`, PNG);
  return {
    user,
    username,
    name: sandboxAccountName(network, username),
    accountId: account.id,
    adapter,
    base: { accessToken: creds.accessToken, accountId: creds.platformUserId, image: { data: PNG, contentType: "image/png" }, imageUrl },
  };
}

describe.each(NEW_NETWORKS)("%s", (network) => {
  it("connects through its own flow and keeps the token only encrypted", async () => {
    const s = await setup(network);
    const row = await rawAccountRow(s.accountId);
    expect(row.platform).toBe(network);
    expect(String(row.access_token_enc)).not.toContain(s.base.accessToken);
    expect(String(row.access_token_enc)).not.toBe(s.base.accessToken);
    const state = await networkState(network, s.name);
    expect(state.accounts.map((a) => a.username)).toContain(s.name);
  });

  it("publishes text with an image once, and finds the post again for reconciliation", async () => {
    const s = await setup(network);
    const since = Date.now();
    const text = `Fresh roast ${crypto.randomUUID().slice(0, 6)} #coffee https://example.com/beans`;
    const { platformPostId } = await s.adapter.publish({ ...s.base, text, idempotencyKey: `k-${crypto.randomUUID()}` } as PublishInput);
    const state = await networkState(network, s.name);
    expect(state.items).toHaveLength(1);
    expect(state.items[0]!.id).toBe(platformPostId);
    expect(state.items[0]!.text).toBe(text);
    expect(state.items[0]!.image_url).toBeTruthy();
    if (s.adapter.confirmsPosts === false) {
      // LinkedIn without r_member_social cannot read the member's posts: it says so (decision 196).
      expect((await caught(s.adapter.findRecentPost({ accessToken: s.base.accessToken, accountId: s.base.accountId, text, sinceMs: since }))).reason).toBe(
        "unverifiable",
      );
      return;
    }
    expect(await s.adapter.findRecentPost({ accessToken: s.base.accessToken, accountId: s.base.accountId, text, sinceMs: since })).toBe(platformPostId);
    expect(await s.adapter.findRecentPost({ accessToken: s.base.accessToken, accountId: s.base.accountId, text: "never posted", sinceMs: since })).toBeNull();
  });

  it("classifies every injected fault: 500 and 429 retry, reject is final, revoke needs a reconnect", async () => {
    const s = await setup(network);
    const post = (text: string) => s.adapter.publish({ ...s.base, image: undefined, imageUrl: undefined, text });
    await networkControl(network, { fail: "500", on: "post", account: s.name });
    expect((await caught(post("a"))).kind).toBe("retryable");
    await networkControl(network, { fail: "429", on: "post", account: s.name, retryAfter: 7 });
    const limited = await caught(post("b"));
    expect(limited.kind).toBe("retryable");
    if (network !== "linkedin") expect(limited.retryAfterMs).toBeGreaterThan(1000);
    await networkControl(network, { fail: "reject", on: "post", account: s.name });
    expect((await caught(post("c"))).kind).toBe("rejected");
    await networkControl(network, { fail: "revoke", account: s.name });
    expect((await caught(post("d"))).kind).toBe("auth");
    expect((await networkState(network, s.name)).items).toHaveLength(0);
  });

  it("a timeout after the network kept the post is an unknown outcome that reconciliation resolves", async () => {
    const s = await setup(network);
    const since = Date.now();
    const text = `Uncertain ${crypto.randomUUID().slice(0, 6)}`;
    await networkControl(network, { fail: "timeout", on: "post", account: s.name, commit: true });
    const err = await caught(s.adapter.publish({ ...s.base, image: undefined, imageUrl: undefined, text }));
    expect(err.kind).toBe("unknown_outcome");
    const state = await networkState(network, s.name);
    expect(state.items).toHaveLength(1);
    if (s.adapter.confirmsPosts === false) {
      expect((await caught(s.adapter.findRecentPost({ accessToken: s.base.accessToken, accountId: s.base.accountId, text, sinceMs: since }))).reason).toBe(
        "unverifiable",
      );
      return;
    }
    const found = await s.adapter.findRecentPost({ accessToken: s.base.accessToken, accountId: s.base.accountId, text, sinceMs: since });
    expect(found).toBe(state.items[0]!.id);
  });
});

describe("each network's own rules, as its adapter sends and its sandbox checks them", () => {
  it("Bluesky: links, mentions and hashtags become facets at UTF-8 byte offsets", async () => {
    const friend = await setup("bluesky");
    const s = await setup("bluesky");
    const text = `Café ☕ día: https://example.com/beans?x=1. Thanks @${friend.name} #Roast`;
    const { platformPostId } = await s.adapter.publish({ ...s.base, image: undefined, imageUrl: undefined, text });
    const [, repo, collection, rkey] = platformPostId.match(/^at:\/\/([^/]+)\/([^/]+)\/([^/]+)$/)!;
    const res = await fetch(
      `${env.FAKES_URL}/bluesky/xrpc/com.atproto.repo.getRecord?${new URLSearchParams({ repo: repo!, collection: collection!, rkey: rkey! })}`,
    );
    const record = (
      (await res.json()) as { value: { text: string; facets: { index: { byteStart: number; byteEnd: number }; features: Record<string, string>[] }[] } }
    ).value;
    const bytes = new TextEncoder().encode(record.text);
    const spans = record.facets.map((f) => [new TextDecoder().decode(bytes.slice(f.index.byteStart, f.index.byteEnd)), f.features[0]!]);
    expect(spans).toEqual([
      ["https://example.com/beans?x=1", { $type: "app.bsky.richtext.facet#link", uri: "https://example.com/beans?x=1" }],
      [`@${friend.name}`, { $type: "app.bsky.richtext.facet#mention", did: friend.base.accountId }],
      ["#Roast", { $type: "app.bsky.richtext.facet#tag", tag: "Roast" }],
    ]);
  });

  it("Bluesky: 300 graphemes pass, 301 (or over 3,000 bytes) are refused; a repeat under the same key finds its record instead of posting", async () => {
    const s = await setup("bluesky");
    const post = (text: string, idempotencyKey?: string) => s.adapter.publish({ ...s.base, image: undefined, imageUrl: undefined, text, idempotencyKey });
    await post(`${"é".repeat(299)}☕`); // 300 graphemes, 601 bytes
    expect((await caught(post("é".repeat(301)))).kind).toBe("rejected");
    // Within 300 graphemes but over 3,000 bytes (a family emoji is 18 bytes) is refused too.
    expect((await caught(post("👨‍👩‍👧".repeat(200)))).kind).toBe("rejected");
    const key = `post-${crypto.randomUUID()}`;
    const first = await post("Only once", key);
    const again = await post("Only once", key);
    expect(again.platformPostId).toBe(first.platformPostId);
    expect((await networkState("bluesky", s.name)).items.filter((i) => i.text === "Only once")).toHaveLength(1);
  });

  it("Mastodon: a URL counts 23 characters; the instance's own limit decides; the Idempotency-Key returns the first status", async () => {
    const s = await setup("mastodon");
    const post = (text: string, idempotencyKey?: string) => s.adapter.publish({ ...s.base, image: undefined, imageUrl: undefined, text, idempotencyKey });
    const url = `https://example.com/${"a".repeat(100)}`;
    await post(`${"x".repeat(470)} ${url}`); // 571 code points, 494 as Mastodon counts
    expect((await caught(post("y".repeat(501)))).message).toContain("character limit of 500");
    const key = `post-${crypto.randomUUID()}`;
    const first = await post("Exactly once", key);
    expect((await post("Exactly once", key)).platformPostId).toBe(first.platformPostId);
    expect((await networkState("mastodon", s.name)).items.filter((i) => i.text === "Exactly once")).toHaveLength(1);
  });

  it("LinkedIn: reserved characters are escaped as little text and hashtags become templates; the reader sees the text as written", async () => {
    const s = await setup("linkedin");
    const text = "New (limited) roast_batch: *bold* flavour <3 ~ [today] {only} @ the shop #CoffeeLovers #roast2026";
    await s.adapter.publish({ ...s.base, image: undefined, imageUrl: undefined, text });
    expect((await networkState("linkedin", s.name)).items.map((i) => i.text)).toEqual([text]);
  });

  it("LinkedIn: calls without an active LinkedIn-Version are refused", async () => {
    const s = await setup("linkedin");
    const res = await fetch(`${env.FAKES_URL}/linkedin/rest/posts?q=author&author=${encodeURIComponent(`urn:li:person:${s.base.accountId}`)}`, {
      headers: { authorization: `Bearer ${s.base.accessToken}`, "x-restli-protocol-version": "2.0.0", "linkedin-version": "202001" },
    });
    expect(res.status).toBe(426);
  });

  it("Threads: an emoji counts as its UTF-8 bytes, so 497 letters and one emoji are too long", async () => {
    const s = await setup("threads");
    const post = (text: string) => s.adapter.publish({ ...s.base, image: undefined, imageUrl: undefined, text });
    await post(`${"a".repeat(496)}☕`); // 496 + 3 bytes = 499
    expect((await caught(post(`${"a".repeat(497)}🙂`))).kind).toBe("rejected"); // 497 + 4 = 501
  });
});
