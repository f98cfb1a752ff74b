// One conformance suite for every network in the registry (decision 190): the same checks run for
// each, through its real adapter against the local platform sandbox, and every request the
// adapter sends is checked against the network's published contract (test/contracts/, by the
// sandbox: test/fakes/contract-log.ts). A network added to platforms/ is covered by this file
// without a line here; what differs between networks is read from its capability data.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { ADAPTERS, isSocialPlatform, platformFor, type SocialPlatform } from "../../platforms/adapters";
import { PLATFORM_METAS, platformMeta } from "../../platforms/registry";
import { type PlatformAdapter } from "../../platforms/shared/adapter";
import { getDb } from "../../worker/lib/db";
import { getPublishingCredentials, type PublishingCredentials } from "../../worker/services/social/credentials";
import { json, signIn, type TestUser } from "./helpers";
import { photo } from "./image-publish-kit";
import { connectNetwork, networkControl, networkState, sandboxAccountName, uname, caughtPlatformError } from "./network-helpers";
import { putPublicMedia } from "./public-media";

const NETWORKS = PLATFORM_METAS.map((m) => m.id).filter(isSocialPlatform);

type ContractLog = {
  seq: number;
  log: { seq: number; network: string; method: string; path: string; query: string; endpoint: string | null; problems: string[] }[];
};
const contractLog = async (since = 0): Promise<ContractLog> => (await (await fetch(`${env.FAKES_URL}/_contracts?since=${since}`)).json()) as ContractLog;

const caught = caughtPlatformError;

const JPEG = photo(640, 640, 8, 85);
const bytesOf = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
/** 1x1 images of the other types the app accepts. */
const PNG = bytesOf("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==");
const GIF = bytesOf("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7");

describe.each(NETWORKS)("%s conforms", (id: SocialPlatform) => {
  const meta = platformMeta(id);
  const module = ADAPTERS[id];
  let user: TestUser;
  let username: string;
  let creds: PublishingCredentials;
  let adapter: PlatformAdapter;
  let since: number;
  let started: number;
  const account = () => sandboxAccountName(id as never, username);
  /** A post of this network: text, plus the image when the network refuses a post without one. */
  const post = async (text: string, withImage = meta.rules.images.required) => {
    const input = { accessToken: creds.accessToken, accountId: creds.platformUserId, text, idempotencyKey: `conformance-${crypto.randomUUID()}` };
    if (!withImage) return input;
    const imageUrl = await putPublicMedia(`https://images.example.com/${crypto.randomUUID()}.jpg`, JPEG);
    return { ...input, imageUrl, image: { data: JPEG.slice().buffer as ArrayBuffer, contentType: "image/jpeg" } };
  };

  beforeAll(async () => {
    since = (await contractLog()).seq;
    started = Date.now();
    user = await signIn();
    username = uname();
    await connectNetwork(user, id, username);
    creds = await getPublishingCredentials(getDb(env.DB), env, user.projectId, id);
    adapter = platformFor(env, id, creds.accountMeta);
  });

  it(`connects through its connect kind (${meta.connect}) and stores the account's id on the network`, async () => {
    expect(creds.platformUserId).not.toBe("");
    const row = await env.DB.prepare("select platform_user_id, token_status from social_accounts where project_id = ? and platform = ?")
      .bind(user.projectId, id)
      .first<{ platform_user_id: string; token_status: string }>();
    expect(row).toEqual({ platform_user_id: creds.platformUserId, token_status: "active" });
  });

  it("declares its connect kind as data the SPA and the connect service agree on, and the other flows refuse it", async () => {
    const kind = module.connect.kind;
    // The SPA's meta.connect and the Worker's capability name the same flow.
    expect({ oauth: "oauth2", "app-password": "app-password", instance: "instance" }[meta.connect as string]).toBe(kind);
    const start = await json(user, "GET", `/api/oauth/${id}/start?projectId=${user.projectId}`);
    if (kind === "app-password") {
      expect(start.status).toBe(400);
      expect(((await start.json()) as { error: { message: string } }).error.message).toBe(module.connect.notOAuthMessage);
    } else {
      // Without the user's server an instance network cannot start: it asks for one.
      expect(start.status).toBe(kind === "instance" ? 400 : 200);
      if (kind === "instance") expect(((await start.json()) as { error: { message: string } }).error.message).toBe(module.connect.invalidMessage);
      // The handle + app password route answers a network that does not connect that way like an unknown one.
      const appPassword = await json(user, "POST", `/api/projects/${user.projectId}/social-accounts/${id}`, {
        identifier: "someone.example",
        password: "abcd-efgh-ijkl-mnop",
      });
      expect(appPassword.status).toBe(404);
    }
  });

  it("publishes a text post, or refuses one when the network needs an image", async () => {
    const text = `Conformance text ${crypto.randomUUID().slice(0, 8)}`;
    if (meta.rules.images.required) {
      expect((await caught(adapter.publish(await post(text, false)))).kind).toBe("rejected");
      return;
    }
    const { platformPostId } = await adapter.publish(await post(text));
    const state = await networkState(id, account());
    expect(state.items.map((i) => i.id)).toContain(platformPostId);
  });

  it("publishes a post with an image", async () => {
    const text = `Conformance image ${crypto.randomUUID().slice(0, 8)}`;
    const { platformPostId } = await adapter.publish(await post(text, true));
    const item = (await networkState(id, account())).items.find((i) => i.id === platformPostId);
    expect(item?.image_url).toBeTruthy();
  });

  it("sends the image's alt text where the network carries it (rules.images.altText), and none where it does not", async () => {
    const text = `Conformance alt ${crypto.randomUUID().slice(0, 8)}`;
    const altText = "A paper bag of Friday roast on a wooden counter, £12 price tag";
    const { platformPostId } = await adapter.publish({ ...(await post(text, true)), altText });
    const item = (await networkState(id, account())).items.find((i) => i.id === platformPostId);
    expect(item?.image_url).toBeTruthy();
    expect(item?.alt_text).toBe(meta.rules.images.altText ? altText : null);
  });

  it.each(["image/png", "image/gif"] as const)("publishes a %s image when the network takes that type as it is", async (type) => {
    const bytes = type === "image/gif" ? GIF : PNG;
    if (!meta.rules.images.types.includes(type) || meta.rules.images.sendAs) return;
    const imageUrl = await putPublicMedia(`https://images.example.com/${crypto.randomUUID()}.${type.slice(6)}`, bytes);
    const input = {
      accessToken: creds.accessToken,
      accountId: creds.platformUserId,
      text: `Conformance ${type} ${crypto.randomUUID().slice(0, 8)}`,
      imageUrl,
      image: { data: bytes.slice().buffer as ArrayBuffer, contentType: type },
    };
    const { platformPostId } = await adapter.publish(input);
    expect((await networkState(id, account())).items.find((i) => i.id === platformPostId)?.image_url).toBeTruthy();
  });

  it("finds an already-published post, or says plainly that it cannot confirm one", async () => {
    const text = `Conformance find ${crypto.randomUUID().slice(0, 8)}`;
    const { platformPostId } = await adapter.publish(await post(text));
    const lookup = { accessToken: creds.accessToken, accountId: creds.platformUserId, text, sinceMs: started };
    if (adapter.confirmsPosts === false) {
      const err = await caught(adapter.findRecentPost(lookup));
      expect(err.reason).toBe("unverifiable");
      expect(err.kind).toBe("unknown_outcome");
      return;
    }
    expect(await adapter.findRecentPost(lookup)).toBe(platformPostId);
    expect(await adapter.findRecentPost({ ...lookup, text: `${text} never posted` })).toBeNull();
  });

  it("classifies each error kind: unavailable, rate limited, refused content, lost reply", async () => {
    const send = async (text: string) => caught(adapter.publish(await post(text)));
    await networkControl(id, { fail: "500", on: "post", account: account() });
    expect((await send(`Conformance 500 ${crypto.randomUUID()}`)).kind).toBe("retryable");
    await networkControl(id, { fail: "429", on: "post", account: account(), retryAfter: 7 });
    const limited = await send(`Conformance 429 ${crypto.randomUUID()}`);
    expect(limited.kind).toBe("retryable");
    // Where the network says when to come back (Retry-After, X's reset headers) the delay is kept.
    if (limited.retryAfterMs !== undefined) expect(limited.retryAfterMs).toBeGreaterThan(0);
    await networkControl(id, { fail: "reject", on: "post", account: account() });
    expect((await send(`Conformance reject ${crypto.randomUUID()}`)).kind).toBe("rejected");
    await networkControl(id, { fail: "timeout", on: "post", account: account(), commit: true });
    expect((await send(`Conformance timeout ${crypto.randomUUID()}`)).kind).toBe("unknown_outcome");
  });

  it("refreshes its token ahead of expiry, or reminds the user to reconnect instead", async () => {
    const row = await env.DB.prepare("select id, expires_at, refresh_token_enc from social_accounts where project_id = ? and platform = ?")
      .bind(user.projectId, id)
      .first<{ id: string; expires_at: number | null; refresh_token_enc: string | null }>();
    if (row!.expires_at === null) {
      // Tokens that do not expire (Mastodon, Facebook Pages) are neither refreshed nor reminded.
      expect(module.refreshWindowMs).toBe(0);
      return;
    }
    const before = await networkState(id, account());
    const refreshesBefore = Object.values(before.refreshes).reduce((a, b) => a + b, 0);
    const renewable = module.renewal === "access-token" || (module.renewal === "refresh-token" && row!.refresh_token_enc !== null);
    const result = await adapterRefresh(row!.id, account());
    const after = await networkState(id, account());
    const refreshesAfter = Object.values(after.refreshes).reduce((a, b) => a + b, 0);
    if (renewable) {
      expect(result.refreshed).toBe(1);
      expect(refreshesAfter).toBe(refreshesBefore + 1);
    } else {
      // Never "refreshed" without a refresh token: no call to the network, a reminder instead.
      expect(result.refreshed).toBe(0);
      expect(refreshesAfter).toBe(refreshesBefore);
      const reminded = await env.DB.prepare("select token_status, reconnect_reminded_at from social_accounts where id = ?")
        .bind(row!.id)
        .first<{ token_status: string; reconnect_reminded_at: number | null }>();
      expect(reminded!.token_status).toBe("active");
      expect(reminded!.reconnect_reminded_at).toBeGreaterThan(0);
    }
  });

  it("sent only requests its published contract allows", async () => {
    const { log } = await contractLog(since);
    const mine = log.filter((e) => e.network === module.sandboxKey);
    expect(mine.length).toBeGreaterThan(3);
    expect(mine.filter((e) => e.problems.length > 0)).toEqual([]);
  });
});

/** Moves the account into its refresh window (and past any minimum token age), then runs the cron. */
async function adapterRefresh(accountId: string, sandboxAccount: string) {
  const { refreshIdleTokens } = await import("../../worker/jobs/token-refresh-cron");
  const row = await env.DB.prepare("select platform from social_accounts where id = ?").bind(accountId).first<{ platform: SocialPlatform }>();
  const module = ADAPTERS[row!.platform];
  const now = Date.now();
  const expiresAt = now + Math.max(module.refreshWindowMs / 2, 60_000);
  const age = (module.minRefreshAgeMs ?? 0) + 3600_000;
  await env.DB.prepare("update social_accounts set expires_at = ?, created_at = ?, last_refresh = null where id = ?")
    .bind(expiresAt, now - age, accountId)
    .run();
  await ageSandboxToken(row!.platform, sandboxAccount, age);
  return refreshIdleTokens(env as never);
}

/** Networks that refuse to refresh a young token check its age in the sandbox too. */
async function ageSandboxToken(platform: SocialPlatform, account: string, ageMs: number) {
  if (!ADAPTERS[platform].minRefreshAgeMs) return;
  await networkControl(platform, { ageTokensSeconds: Math.ceil(ageMs / 1000), account });
}

describe("Bluesky: a record key that is taken", () => {
  it("is answered with the reference PDS's 500, and two attempts under one key end with one post that both report", async () => {
    const user = await signIn();
    const username = uname();
    await connectNetwork(user, "bluesky", username);
    const creds = await getPublishingCredentials(getDb(env.DB), env, user.projectId, "bluesky");
    const adapter = platformFor(env, "bluesky", creds.accountMeta);
    const since = (await contractLog()).seq;
    const input = {
      accessToken: creds.accessToken,
      accountId: creds.platformUserId,
      text: `Same key ${crypto.randomUUID().slice(0, 8)}`,
      idempotencyKey: `race-${crypto.randomUUID()}`,
    };
    // Two deliveries of one post at once: both look first (nothing yet), both create.
    const [a, b] = await Promise.all([adapter.publish(input), adapter.publish(input)]);
    expect(a.platformPostId).toBe(b.platformPostId);
    const items = (await networkState("bluesky", `${username}.bsky.social`)).items.filter((i) => i.text === input.text);
    expect(items).toHaveLength(1);
    // The race really happened: two createRecord calls reached the PDS, and the second was refused.
    const creates = (await contractLog(since)).log.filter((e) => e.network === "bluesky" && e.path === "/xrpc/com.atproto.repo.createRecord");
    expect(creates).toHaveLength(2);
  });
});
