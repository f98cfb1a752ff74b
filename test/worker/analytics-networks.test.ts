import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { PostMetricsResponse } from "../../schema/api/analytics";
import { platformFor } from "../../platforms/adapters";
import { getDb } from "../../worker/lib/db";
import { collectMetrics, METRICS_INTERVAL_MS } from "../../worker/services/analytics/metrics-collect";
import { getPublishingCredentials } from "../../worker/services/social/credentials";
import { json, signIn, type TestUser } from "./helpers";
import { connectNetwork, NEW_NETWORKS, networkControl, sandboxAccountName, uname, type NewNetwork } from "./network-helpers";
import { insertPost } from "./posts-fixtures";
import { encryptToken } from "../../worker/lib/token-crypto";

// The analytics cron for the networks of decision 140 (decision 144): each adapter's fetchMetrics
// against its sandbox route (Bluesky getPosts, Mastodon statuses/:id, Threads media insights,
// Facebook Page post fields, LinkedIn socialActions), through collectMetrics like X/Instagram.

const db = () => getDb(env.DB);

// LinkedIn reads metrics (socialActions) only with r_member_social, which LinkedIn grants to
// approved partners (decision 196): its cases run as the sandbox's partner app.
const partnerEnv = { ...env, LINKEDIN_MEMBER_SOCIAL_READ: "true" } as typeof env;
const envFor = (network: NewNetwork) => (network === "linkedin" ? partnerEnv : env);

/** Connects like the app does; LinkedIn as the partner app (authorize, exchange, the stored row). */
async function connect(user: TestUser, network: NewNetwork, username = uname()) {
  if (network !== "linkedin") return connectNetwork(user, network, username);
  const adapter = platformFor(partnerEnv, "linkedin");
  const redirectUri = "http://localhost/auth/linkedin/callback";
  const authorize = new URL(adapter.authorizeUrl({ state: "s", redirectUri }));
  const form = new URLSearchParams(authorize.searchParams);
  form.set("username", username);
  form.set("decision", "approve");
  const res = await fetch(`${authorize.origin}${authorize.pathname}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form.toString(),
    redirect: "manual",
  });
  const code = new URL(res.headers.get("location")!).searchParams.get("code")!;
  const tokens = await adapter.exchangeCode({ code, redirectUri });
  expect(tokens.refreshToken).toBeTruthy();
  const now = Date.now();
  await env.DB.prepare(
    "insert into social_accounts (id, project_id, platform, account_name, access_token_enc, refresh_token_enc, platform_user_id, platform_username, expires_at, token_status, last_refresh, created_at) values (?, ?, 'linkedin', ?, ?, ?, ?, ?, ?, 'active', ?, ?)",
  )
    .bind(
      crypto.randomUUID(),
      user.projectId,
      username,
      await encryptToken(env, tokens.accessToken),
      await encryptToken(env, tokens.refreshToken!),
      tokens.account.id,
      username,
      tokens.expiresAt,
      now,
      now,
    )
    .run();
}

/** A post really published on the network's sandbox, recorded as published in D1. */
async function publishedOn(user: TestUser, network: NewNetwork, text: string, at: number) {
  const c = await getPublishingCredentials(db(), envFor(network), user.projectId, network);
  const { platformPostId } = await platformFor(envFor(network), network, c.accountMeta).publish({
    accessToken: c.accessToken,
    accountId: c.platformUserId,
    text,
  });
  const id = await insertPost(user.projectId, { platform: network, content: text, status: "published", platformPostId, scheduledFor: at });
  await env.DB.prepare("update posts set published_at = ? where id = ?").bind(at, id).run();
  return { id, platformPostId };
}

type Totals = { likes: number; reposts: number; replies: number; impressions: number; collected_at: number };
const totalsOf = (postId: string) =>
  env.DB.prepare("select likes, reposts, replies, impressions, collected_at from post_metric_totals where post_id = ?").bind(postId).first<Totals>();

describe.each(NEW_NETWORKS)("%s metrics", (network) => {
  it("the cron reads the post's metrics from the network and they grow as the post ages", async () => {
    const user = await signIn();
    const username = uname();
    await connect(user, network, username);
    const name = sandboxAccountName(network, username);
    const now = Date.now();
    const post = await publishedOn(user, network, `Metrics ${network} ${crypto.randomUUID().slice(0, 8)}`, now - 3600_000);

    await collectMetrics(db(), envFor(network), now);
    const first = await totalsOf(post.id);
    expect(first).not.toBeNull();
    expect(first!.likes).toBeGreaterThan(0);
    expect(first!.collected_at).toBe(now);

    await networkControl(network, { ageSeconds: 600, account: name });
    const later = now + METRICS_INTERVAL_MS + 1000;
    await collectMetrics(db(), envFor(network), later);
    const second = await totalsOf(post.id);
    expect(second!.collected_at).toBe(later);
    expect(second!.likes).toBeGreaterThan(first!.likes);
    expect(second!.replies).toBeGreaterThanOrEqual(first!.replies);

    const rollup = await env.DB.prepare("select sum(likes) as likes from project_metrics_daily where project_id = ? and platform = ?")
      .bind(user.projectId, network)
      .first<{ likes: number }>();
    expect(rollup!.likes).toBe(second!.likes);
    const series = (await (await json(user, "GET", `/api/posts/${post.id}/metrics`)).json()) as PostMetricsResponse;
    expect(series.series.at(-1)!.likes).toBe(second!.likes);
  });

  it("a revoked account is skipped without storing anything, and the other accounts are still read", async () => {
    const revoked = await signIn();
    const revokedName = uname();
    await connect(revoked, network, revokedName);
    const healthy = await signIn();
    await connect(healthy, network);
    const now = Date.now();
    const gone = await publishedOn(revoked, network, `Revoked ${crypto.randomUUID().slice(0, 8)}`, now - 3600_000);
    const fine = await publishedOn(healthy, network, `Healthy ${crypto.randomUUID().slice(0, 8)}`, now - 3600_000);

    await networkControl(network, { fail: "revoke", account: sandboxAccountName(network, revokedName) });
    const res = await collectMetrics(db(), envFor(network), now);
    expect(res.skipped).toBeGreaterThanOrEqual(1);
    expect(await totalsOf(gone.id)).toBeNull();
    expect((await totalsOf(fine.id))!.likes).toBeGreaterThan(0);
  });

  it("a post the network no longer has is left out; the account's other posts are still read", async () => {
    const user = await signIn();
    await connect(user, network);
    const now = Date.now();
    const real = await publishedOn(user, network, `Kept ${crypto.randomUUID().slice(0, 8)}`, now - 3600_000);
    const missing: Record<NewNetwork, string> = {
      bluesky: `at://did:plc:${"z".repeat(24)}/app.bsky.feed.post/3lmissing0000`,
      mastodon: "999999999999999999",
      threads: "17999999999999999",
      facebook: "100000000000001_122000000000000",
      linkedin: "urn:li:share:7999999999999999999",
    };
    const ghost = await insertPost(user.projectId, { platform: network, status: "published", platformPostId: missing[network], scheduledFor: now - 3600_000 });
    await collectMetrics(db(), envFor(network), now);
    expect((await totalsOf(real.id))!.likes).toBeGreaterThan(0);
    expect(await totalsOf(ghost)).toBeNull();
  });
});

describe("metrics sandboxes refuse what the networks refuse", () => {
  const base = () => env.FAKES_URL.replace(/\/+$/, "");

  it("Bluesky getPosts takes at most 25 well-formed AT-URIs and a valid session", async () => {
    const user = await signIn();
    await connectNetwork(user, "bluesky");
    const c = await getPublishingCredentials(db(), env, user.projectId, "bluesky");
    const uri = (i: number) => `at://${c.platformUserId}/app.bsky.feed.post/3l${String(i).padStart(11, "0")}`;
    const get = (uris: string[], token = c.accessToken) =>
      fetch(`${base()}/bluesky/xrpc/app.bsky.feed.getPosts?${uris.map((u) => `uris=${encodeURIComponent(u)}`).join("&")}`, {
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await get(Array.from({ length: 25 }, (_, i) => uri(i)))).status).toBe(200);
    expect((await get(Array.from({ length: 26 }, (_, i) => uri(i)))).status).toBe(400);
    expect((await get(["not-an-uri"])).status).toBe(400);
    expect((await get([uri(1)], "bogus")).status).toBe(400);
  });

  it("LinkedIn socialActions needs the version headers and r_member_social", async () => {
    const user = await signIn();
    await connectNetwork(user, "linkedin");
    const c = await getPublishingCredentials(db(), env, user.projectId, "linkedin");
    const { platformPostId } = await platformFor(env, "linkedin").publish({
      accessToken: c.accessToken,
      accountId: c.platformUserId,
      text: `Headers ${crypto.randomUUID().slice(0, 6)}`,
    });
    const url = `${base()}/linkedin/rest/socialActions/${encodeURIComponent(platformPostId)}`;
    const auth = { authorization: `Bearer ${c.accessToken}` };
    expect((await fetch(url, { headers: auth })).status).toBe(426);
    const versioned = { ...auth, "linkedin-version": new Date().toISOString().slice(0, 7).replace("-", ""), "x-restli-protocol-version": "2.0.0" };
    // A standard app's token has no r_member_social: refused.
    expect((await fetch(url, { headers: versioned })).status).toBe(403);
    const partner = await signIn();
    await connect(partner, "linkedin");
    const p = await getPublishingCredentials(db(), partnerEnv, partner.projectId, "linkedin");
    const own = await platformFor(partnerEnv, "linkedin").publish({
      accessToken: p.accessToken,
      accountId: p.platformUserId,
      text: `Partner ${crypto.randomUUID().slice(0, 6)}`,
    });
    const ok = await fetch(`${base()}/linkedin/rest/socialActions/${encodeURIComponent(own.platformPostId)}`, {
      headers: { ...versioned, authorization: `Bearer ${p.accessToken}` },
    });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { likesSummary: { totalLikes: number } }).likesSummary.totalLikes).toBeGreaterThan(0);
    expect(
      (
        await fetch(`${base()}/linkedin/rest/socialActions/${encodeURIComponent("urn:li:share:1")}`, {
          headers: { ...versioned, authorization: `Bearer ${p.accessToken}` },
        })
      ).status,
    ).toBe(404);
  });
});
