import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { refreshIdleTokens } from "../../worker/jobs/token-refresh-cron";
import { platformFor } from "../../platforms/adapters";
import type { MediaInfo } from "../../schema/api/posts";
import type { SocialAccount } from "../../schema/api/social";
import type { Env, PublishJob } from "../../worker/env";
import { getDb } from "../../worker/lib/db";
import { getPublishingCredentials } from "../../worker/services/social/credentials";
import { call, ORIGIN, signIn, type TestUser } from "./helpers";
import { APP_PASSWORD, connectNetwork, NEW_NETWORKS, networkControl, networkState, sandboxAccountName, uname, type NewNetwork } from "./network-helpers";
import { insertPost, readPost } from "./posts-fixtures";
import { rawAccountRow } from "./social-helpers";
import { servePreparedMedia } from "./public-media";
import { deliverPublish } from "./queue-kit";

// The publishing pipeline (queue consumer, claim token, reconciliation, typed errors, token
// refresh) for each network of decision 140, with the sandbox's counters as the outside view:
// exactly one copy per post whatever the faults (decision 140, decisions 070/097/121).

const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));

// APP_ORIGIN: the public address networks that fetch images themselves (Threads) are given.
const testEnv = () => ({ ...(env as unknown as Env), PLATFORM_TIMEOUT_MS: "400", APP_ORIGIN: "https://brandpilot.example" }) as Env;

const deliver = (e: Env, job: PublishJob, attempts = 1) => deliverPublish(e, [job], attempts);

async function uploadImage(user: TestUser): Promise<MediaInfo> {
  const fd = new FormData();
  fd.set("file", new File([PNG as BlobPart], "logo.png", { type: "image/png" }));
  const res = await call(`/api/projects/${user.projectId}/media`, { method: "POST", headers: { cookie: user.cookie, origin: ORIGIN }, body: fd });
  expect(res.status).toBe(201);
  return (await res.json()) as MediaInfo;
}

/** A post of `network` already claimed by a cron tick. */
async function claimedPost(user: TestUser, network: NewNetwork, content: string, media?: MediaInfo) {
  const claimedAt = Date.now() - 1000;
  const id = await insertPost(user.projectId, {
    platform: network,
    content,
    status: "publishing",
    publishAttempts: 1,
    lastAttempt: claimedAt,
    scheduledFor: claimedAt - 1000,
  });
  if (media) await env.DB.prepare("update posts set media_info = ? where id = ?").bind(JSON.stringify(media), id).run();
  return { id, job: { postId: id, claimedAt } satisfies PublishJob };
}

async function connected(network: NewNetwork) {
  const user = await signIn();
  const username = uname();
  const account = await connectNetwork(user, network, username);
  return { user, account, name: sandboxAccountName(network, username) };
}

describe.each(NEW_NETWORKS)("%s publishing", (network) => {
  it("publishes a post with its image exactly once; a redelivery does nothing", async () => {
    const { user, name } = await connected(network);
    const media = await uploadImage(user);
    const content = `Launch day ${crypto.randomUUID().slice(0, 6)}`;
    const { id, job } = await claimedPost(user, network, content, media);
    // Networks that download image_url (Threads) fetch it from the app's public origin.
    await servePreparedMedia(user.projectId, media.url, network, "https://brandpilot.example");
    const e = testEnv();
    expect((await deliver(e, job)).acked).toHaveLength(1);
    const row = await readPost(id);
    expect(row?.status).toBe("published");
    await deliver(e, job);
    const state = await networkState(network, name);
    expect(state.items).toHaveLength(1);
    expect(state.items[0]!.id).toBe(row!.platform_post_id);
    expect(state.items[0]!.text).toBe(content);
    expect(state.items[0]!.image_url).toBeTruthy();
  });

  it("an answer lost after the network kept the post is reconciled on the retry, even on a busy account: one copy", async () => {
    const { user, name } = await connected(network);
    const { id, job } = await claimedPost(user, network, `Lost reply ${crypto.randomUUID().slice(0, 6)}`);
    const e = testEnv();
    await networkControl(network, { fail: "timeout", on: "post", account: name, commit: true });
    const first = await deliver(e, job);
    const c = await getPublishingCredentials(getDb(env.DB), env, user.projectId, network);
    if (platformFor(env, network, c.accountMeta).confirmsPosts === false) {
      // LinkedIn without r_member_social cannot look: the user is asked to check, nothing is retried (decision 196).
      expect(first.acked).toHaveLength(1);
      const row = await readPost(id);
      expect(row?.status).toBe("failed");
      expect(row?.error_message).toMatch(/^Check LinkedIn: we could not confirm this post\. Look for it at https:\/\/www\.linkedin\.com\//);
      expect((await networkState(network, name)).items.filter((it) => it.text.startsWith("Lost reply"))).toHaveLength(1);
      return;
    }
    expect(first.retries).toHaveLength(1);
    expect((await readPost(id))?.status).toBe("publishing");
    // 60 posts published elsewhere between the uncertain attempt and its retry.
    await networkControl(network, { burst: 60, account: name });
    const second = await deliver(e, job, 2);
    expect(second.acked).toHaveLength(1);
    const row = await readPost(id);
    expect(row?.status).toBe("published");
    const ours = (await networkState(network, name)).items.filter((it) => it.text.startsWith("Lost reply"));
    expect(ours).toHaveLength(1);
    expect(ours[0]!.id).toBe(row!.platform_post_id);
  });

  it("a 500 is retried and then published once; a revoked account fails the post and asks for a reconnect", async () => {
    const { user, account, name } = await connected(network);
    const e = testEnv();
    const a = await claimedPost(user, network, `Retry me ${crypto.randomUUID().slice(0, 6)}`);
    await networkControl(network, { fail: "500", on: "post", account: name });
    expect((await deliver(e, a.job)).retries).toHaveLength(1);
    expect((await deliver(e, a.job, 2)).acked).toHaveLength(1);
    expect((await readPost(a.id))?.status).toBe("published");
    expect((await networkState(network, name)).items).toHaveLength(1);

    const b = await claimedPost(user, network, `Revoked ${crypto.randomUUID().slice(0, 6)}`);
    await networkControl(network, { fail: "revoke", account: name });
    expect((await deliver(e, b.job)).acked).toHaveLength(1);
    const failed = await readPost(b.id);
    expect(failed?.status).toBe("failed");
    expect(failed?.error_message).toMatch(/reconnect/i);
    expect((await rawAccountRow(account.id)).token_status).toBe("reconnect_needed");
    expect((await networkState(network, name)).items).toHaveLength(1);
  });
});

describe("token refresh per network", () => {
  const expireSoon = (accountId: string, ageMs = 0) =>
    env.DB.prepare("update social_accounts set expires_at = ?, last_refresh = ?, created_at = ? where id = ?")
      .bind(Date.now() + 60_000, Date.now() - ageMs, Date.now() - ageMs, accountId)
      .run();

  it("Bluesky refreshes the session with the single-use refresh JWT, once, and publishes with the new one", async () => {
    const { user, account, name } = await connected("bluesky");
    const before = await rawAccountRow(account.id);
    await expireSoon(account.id);
    const [a, b] = await Promise.all([
      getPublishingCredentials(getDb(env.DB), env, user.projectId, "bluesky"),
      getPublishingCredentials(getDb(env.DB), env, user.projectId, "bluesky"),
    ]);
    expect(a.accessToken).toBe(b.accessToken);
    const after = await rawAccountRow(account.id);
    expect(after.refresh_token_enc).not.toBe(before.refresh_token_enc);
    expect(Object.values((await networkState("bluesky", name)).refreshes)).toEqual([1]);
    const { id, job } = await claimedPost(user, "bluesky", "After refresh");
    expect((await deliver(testEnv(), job)).acked).toHaveLength(1);
    expect((await readPost(id))?.status).toBe("published");
  });

  it("Threads refreshes its long-lived token once it is a day old", async () => {
    const { user, account, name } = await connected("threads");
    const aged = await fetch(`${env.FAKES_URL}/threads/_age`, { method: "POST", body: JSON.stringify({ account: name, seconds: 25 * 3600 }) });
    expect(((await aged.json()) as { aged: number }).aged).toBeGreaterThan(0);
    await expireSoon(account.id, 25 * 3600_000);
    const creds = await getPublishingCredentials(getDb(env.DB), env, user.projectId, "threads");
    expect(creds.accessToken).toBeTruthy();
    expect(Object.values((await networkState("threads", name)).refreshes)).toEqual([1]);
    const { id, job } = await claimedPost(user, "threads", "After refresh threads");
    expect((await deliver(testEnv(), job)).acked).toHaveLength(1);
    expect((await readPost(id))?.status).toBe("published");
  });

  it("LinkedIn without a refresh token is never refreshed: 7 days ahead the owner gets one reminder (API and mail), still publishes, and a lapsed token asks for a reconnect without calling LinkedIn", async () => {
    const { user, account, name } = await connected("linkedin");
    expect((await rawAccountRow(account.id)).refresh_token_enc).toBeNull();
    // Day 54 of 60: inside the old 7-day refresh window.
    const expiresAt = Date.now() + 6 * 86_400_000;
    await env.DB.prepare("update social_accounts set expires_at = ? where id = ?").bind(expiresAt, account.id).run();
    const tick = await refreshIdleTokens(testEnv());
    expect(tick.reminded).toBeGreaterThanOrEqual(1);
    await refreshIdleTokens(testEnv());
    expect(Object.values((await networkState("linkedin", name)).refreshes)).toEqual([]);
    const row = await rawAccountRow(account.id);
    expect(row.token_status).toBe("active");
    expect(row.reconnect_reminded_at).toBeGreaterThan(0);
    const mails = await env.DB.prepare('select subject, text from mail_outbox where "to" = ?').bind(user.email).all<{ subject: string; text: string }>();
    expect(mails.results).toHaveLength(1);
    expect(mails.results[0]!.subject).toMatch(/^Reconnect your LinkedIn account before /);
    expect(mails.results[0]!.text).toContain("/social-connect");
    const view = (await (await call(`/api/projects/${user.projectId}/social-accounts`, { headers: { cookie: user.cookie } })).json()) as {
      id: string;
      reconnect_by: number | null;
    }[];
    expect(view.find((a) => a.id === account.id)?.reconnect_by).toBe(expiresAt);
    const { id, job } = await claimedPost(user, "linkedin", `Before it lapses ${crypto.randomUUID().slice(0, 6)}`);
    expect((await deliver(testEnv(), job)).acked).toHaveLength(1);
    expect((await readPost(id))?.status).toBe("published");

    await env.DB.prepare("update social_accounts set expires_at = ? where id = ?")
      .bind(Date.now() - 1000, account.id)
      .run();
    await expect(getPublishingCredentials(getDb(env.DB), env, user.projectId, "linkedin")).rejects.toThrow(/reconnect/i);
    expect((await rawAccountRow(account.id)).token_status).toBe("reconnect_needed");
    expect(Object.values((await networkState("linkedin", name)).refreshes)).toEqual([]);
  });
});

describe("connect flows refuse what they must", () => {
  it("Bluesky: a main password (not an app password) is refused and nothing is stored", async () => {
    const user = await signIn();
    const res = await call(`/api/projects/${user.projectId}/social-accounts/bluesky`, {
      method: "POST",
      headers: user.headers,
      body: JSON.stringify({ identifier: "someone.bsky.social", password: "my real password" }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe("Invalid handle or app password");
    const rows = await env.DB.prepare("select count(*) as n from social_accounts where project_id = ?").bind(user.projectId).first<{ n: number }>();
    expect(rows?.n).toBe(0);
    void APP_PASSWORD;
  });

  it("Mastodon: the app registers once per instance; each instance's own limit is stored with the account", async () => {
    const one = await signIn();
    const two = await signIn();
    const a = await connectNetwork(one, "mastodon", uname(), { instance: "1000chars.example" });
    const b = await connectNetwork(two, "mastodon", uname(), { instance: "https://1000chars.example/" });
    const apps = await env.DB.prepare("select count(*) as n from mastodon_apps where instance_url = ?")
      .bind("https://1000chars.example")
      .first<{ n: number }>();
    expect(apps?.n).toBe(1);
    const meta = JSON.parse(String((await rawAccountRow(a.id)).account_meta)) as { instanceUrl: string; maxCharacters: number };
    expect(meta).toMatchObject({ instanceUrl: "https://1000chars.example", maxCharacters: 1000 });
    expect(JSON.parse(String((await rawAccountRow(b.id)).account_meta)).maxCharacters).toBe(1000);
    // The account view carries it, so Create Post counts against the same limit the API checks.
    expect(a.max_length).toBe(1000);
    const listed = (await (await call(`/api/projects/${one.projectId}/social-accounts`, { headers: one.headers })).json()) as SocialAccount[];
    expect(listed.map((x) => x.max_length)).toEqual([1000]);
    const other = await connectNetwork(one, "bluesky");
    expect(other.max_length).toBeNull();
    const secret = await env.DB.prepare("select client_secret_enc from mastodon_apps where instance_url = ?")
      .bind("https://1000chars.example")
      .first<{ client_secret_enc: string }>();
    expect(secret?.client_secret_enc).not.toMatch(/^mcs_/);
  });

  it("Mastodon: a private or local address is refused before any request leaves the Worker", async () => {
    const user = await signIn();
    for (const instance of ["localhost", "127.0.0.1", "10.0.0.5", "intranet", "metadata.google.internal", "a@b@c"]) {
      const res = await call(`/api/oauth/mastodon/start?projectId=${user.projectId}&instance=${encodeURIComponent(instance)}`, { headers: user.headers });
      expect(res.status, instance).toBe(400);
    }
  });

  it("Facebook: the Page choice is one-time and bound to the user who connected", async () => {
    const owner = await signIn();
    const other = await signIn();
    const username = uname();
    const { code, state } = await (await import("./network-helpers")).approveAtSandbox(owner, "facebook", username);
    const res = await call("/api/oauth/facebook/callback", { method: "POST", headers: owner.headers, body: JSON.stringify({ code, state }) });
    const choice = (await res.json()) as { choice: string; options: { id: string; name: string }[] };
    expect(choice.options.map((o) => o.name).sort()).toEqual([`${username} Page`, `${username} Shop`]);
    const pick = (user: TestUser, optionId: string) =>
      call("/api/oauth/facebook/choose", { method: "POST", headers: user.headers, body: JSON.stringify({ choice: choice.choice, option_id: optionId }) });
    expect((await pick(other, choice.options[0]!.id)).status).toBe(404);
    expect((await pick(owner, "not-a-page")).status).toBe(400);
    expect((await pick(owner, choice.options[1]!.id)).status).toBe(200);
    expect((await pick(owner, choice.options[0]!.id)).status).toBe(404);
    const rows = await env.DB.prepare("select account_name from social_accounts where project_id = ?").bind(owner.projectId).all<{ account_name: string }>();
    expect(rows.results.map((r) => r.account_name)).toEqual([choice.options[1]!.name]);
  });
});

describe("validation at scheduling uses each network's own rules", () => {
  const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
  const schedule = (user: TestUser, platform: string, content: string, hashtags: string[] = []) =>
    call(`/api/projects/${user.projectId}/posts`, {
      method: "POST",
      headers: user.headers,
      body: JSON.stringify({ content, hashtags, platform, scheduled_for: inDays(2), mode: "schedule" }),
    });
  const refused = async (res: Response) => {
    expect(res.status).toBe(400);
    return ((await res.json()) as { error: { message: string } }).error.message;
  };
  const count = async (user: TestUser) =>
    (await env.DB.prepare("select count(*) as n from posts where project_id = ?").bind(user.projectId).first<{ n: number }>())!.n;

  it("length as each network counts it, hashtags included; nothing saved when refused", async () => {
    const cases: { network: NewNetwork; ok: string; tooLong: string; hashtags?: string[]; label: string }[] = [
      { network: "linkedin", label: "LinkedIn", ok: "a".repeat(3000), tooLong: "a".repeat(2995), hashtags: ["coffee"] },
      { network: "bluesky", label: "Bluesky", ok: `${"é".repeat(299)}☕`, tooLong: "é".repeat(301) },
      { network: "mastodon", label: "Mastodon", ok: `${"x".repeat(470)} https://example.com/${"a".repeat(100)}`, tooLong: "y".repeat(501) },
      { network: "threads", label: "Threads", ok: `${"a".repeat(496)}☕`, tooLong: `${"a".repeat(497)}🙂` },
      { network: "facebook", label: "Facebook", ok: "f".repeat(5000), tooLong: "" },
    ];
    for (const c of cases) {
      const { user } = await connected(c.network);
      expect((await schedule(user, c.network, c.ok)).status, `${c.network} within its limit`).toBe(201);
      if (!c.tooLong) continue;
      const message = await refused(await schedule(user, c.network, c.tooLong, c.hashtags));
      expect(message).toMatch(new RegExp(`^Too long for ${c.label}: `));
      expect(await count(user)).toBe(1);
    }
  });

  it("Mastodon: the account's own instance limit decides (1,000 characters on a larger server)", async () => {
    const big = await signIn();
    await connectNetwork(big, "mastodon", uname(), { instance: "1000chars.example" });
    expect((await schedule(big, "mastodon", "z".repeat(900))).status).toBe(201);
    expect(await refused(await schedule(big, "mastodon", "z".repeat(1001)))).toContain("1001/1000");
    const small = await signIn();
    await connectNetwork(small, "mastodon", uname(), { instance: "mastodon.example" });
    expect(await refused(await schedule(small, "mastodon", "z".repeat(900)))).toContain("900/500");
  });
});
