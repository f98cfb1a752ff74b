import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { decryptToken } from "../../worker/lib/token-crypto";
import { expectError, json, signIn } from "./helpers";
import { authorizeAtSandbox, connectAccount, rawAccountRow, sandboxState } from "./social-helpers";

const uname = () => `o${crypto.randomUUID().slice(0, 8)}`;

async function stateRow(state: string) {
  return env.DB.prepare("select * from oauth_states where state = ?").bind(state).first<Record<string, unknown>>();
}

async function accountCount(projectId: string, platform: string) {
  const r = await env.DB.prepare("select count(*) as n from social_accounts where project_id = ? and platform = ?")
    .bind(projectId, platform)
    .first<{ n: number }>();
  return r!.n;
}

describe("OAuth start", () => {
  it("X: PKCE S256, twitter_ state, exact redirect URI, spec scopes; verifier kept server-side", async () => {
    const user = await signIn();
    const res = await json(user, "GET", `/api/oauth/twitter/start?projectId=${user.projectId}`);
    expect(res.status).toBe(200);
    const url = new URL(((await res.json()) as { url: string }).url);
    expect(url.origin).toBe(env.FAKES_URL);
    expect(url.pathname).toBe("/x/i/oauth2/authorize");
    const q = url.searchParams;
    expect(q.get("response_type")).toBe("code");
    expect(q.get("client_id")).toBe("sandbox-x-client");
    expect(q.get("redirect_uri")).toBe("http://localhost/auth/twitter/callback");
    expect(q.get("scope")).toBe("tweet.read tweet.write users.read media.write offline.access");
    expect(q.get("code_challenge_method")).toBe("S256");
    expect(q.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const state = q.get("state")!;
    expect(state).toMatch(/^twitter_[A-Za-z0-9_-]+$/);
    const row = (await stateRow(state))!;
    expect(row.user_id).toBe(user.userId);
    expect(row.project_id).toBe(user.projectId);
    expect(String(row.code_verifier)).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 bytes, URL-safe base64
    expect(url.toString()).not.toContain(String(row.code_verifier));
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(String(row.code_verifier))));
    const challenge = btoa(String.fromCharCode(...digest))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
    expect(q.get("code_challenge")).toBe(challenge);
    const ttl = Number(row.expires_at) - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);
  });

  it("Instagram: the spec's authorize parameters", async () => {
    const user = await signIn();
    const res = await json(user, "GET", `/api/oauth/instagram/start?projectId=${user.projectId}`);
    const url = new URL(((await res.json()) as { url: string }).url);
    expect(url.pathname).toBe("/instagram/oauth/authorize");
    const q = url.searchParams;
    expect(q.get("client_id")).toBe("sandbox-instagram-client");
    expect(q.get("redirect_uri")).toBe("http://localhost/auth/instagram/callback");
    expect(q.get("response_type")).toBe("code");
    expect(q.get("enable_fb_login")).toBe("0");
    expect(q.get("force_authentication")).toBe("1");
    expect(q.get("scope")!.split(",")).toEqual([
      "instagram_business_basic",
      "instagram_business_manage_messages",
      "instagram_business_manage_comments",
      "instagram_business_content_publish",
      "instagram_business_manage_insights",
    ]);
    expect(q.get("state")).toBeTruthy();
  });

  it("refuses another user's project (404); Facebook and LinkedIn start for real; Bluesky and unknown networks do not redirect", async () => {
    const owner = await signIn();
    const other = await signIn();
    await expectError(await json(other, "GET", `/api/oauth/twitter/start?projectId=${owner.projectId}`), 404);
    await expectError(await json(other, "GET", `/api/oauth/facebook/start?projectId=${owner.projectId}`), 404);
    const fb = await json(owner, "GET", `/api/oauth/facebook/start?projectId=${owner.projectId}`);
    expect(fb.status).toBe(200);
    expect(new URL(((await fb.json()) as { url: string }).url).pathname).toMatch(/\/facebook\/v\d+\.\d+\/dialog\/oauth$/);
    const li = await expectError(await json(owner, "POST", `/api/oauth/linkedin/callback`, { state: "x", code: "y" }), 400);
    expect(li.message).toBe("Invalid state parameter");
    const bsky = await expectError(await json(owner, "GET", `/api/oauth/bluesky/start?projectId=${owner.projectId}`), 400);
    expect(bsky.message).toBe("Bluesky connects with your handle and an app password");
    await expectError(await json(owner, "GET", `/api/oauth/myspace/start?projectId=${owner.projectId}`), 404);
    await expectError(await json(null, "GET", `/api/oauth/twitter/start?projectId=${owner.projectId}`), 401);
  });
});

describe("OAuth callback", () => {
  it("X: exchanges the code, stores the account with encrypted tokens, returns no token", async () => {
    const user = await signIn();
    const username = uname();
    const { code, state } = await authorizeAtSandbox(user, "twitter", username);
    const res = await json(user, "POST", "/api/oauth/twitter/callback", { code, state });
    expect(res.status).toBe(200);
    const text = await res.text();
    const account = JSON.parse(text) as Record<string, unknown>;
    expect(account).toMatchObject({ platform: "twitter", account_name: username, username, token_status: "active" });
    expect(Object.keys(account).some((k) => /token(?!_status)/.test(k))).toBe(false);
    const row = await rawAccountRow(String(account.id));
    const [sandboxUser] = (await sandboxState("twitter", username)).accounts;
    expect(row.twitter_user_id).toBe(sandboxUser!.id);
    expect(row.twitter_username).toBe(username);
    expect(row.instagram_user_id).toBeNull();
    expect(row.instagram_username).toBeNull();
    // ~2 hours
    expect(Number(row.expires_at) - Date.now()).toBeGreaterThan(7000_000);
    const access = await decryptToken(env, String(row.access_token_enc));
    const refresh = await decryptToken(env, String(row.refresh_token_enc));
    expect(access).toMatch(/^xat_/);
    expect(refresh).toMatch(/^xrt_/);
    const raw = JSON.stringify(row);
    expect(raw).not.toContain(access);
    expect(raw).not.toContain(refresh);
    expect(text).not.toContain(access);
    expect(text).not.toContain(refresh);
    // The one-time state is gone.
    expect(await stateRow(state!)).toBeNull();
    const list = await json(user, "GET", `/api/projects/${user.projectId}/social-accounts`);
    const listText = await list.text();
    expect(listText).not.toContain(access);
    expect(listText).not.toContain(refresh);
    expect(JSON.parse(listText)).toHaveLength(1);
  });

  it("reused state -> Invalid state parameter", async () => {
    const user = await signIn();
    const { code, state } = await authorizeAtSandbox(user, "twitter", uname());
    expect((await json(user, "POST", "/api/oauth/twitter/callback", { code, state })).status).toBe(200);
    const again = await expectError(await json(user, "POST", "/api/oauth/twitter/callback", { code, state }), 400);
    expect(again.message).toBe("Invalid state parameter");
  });

  it("unknown state and another user's state -> Invalid state parameter (the owner can still use it)", async () => {
    const user = await signIn();
    const other = await signIn();
    const { code, state } = await authorizeAtSandbox(user, "twitter", uname());
    expect((await expectError(await json(user, "POST", "/api/oauth/twitter/callback", { code, state: "twitter_forged" }), 400)).message).toBe(
      "Invalid state parameter",
    );
    expect((await expectError(await json(user, "POST", "/api/oauth/twitter/callback", { code }), 400)).message).toBe("Invalid state parameter");
    expect((await expectError(await json(other, "POST", "/api/oauth/twitter/callback", { code, state }), 400)).message).toBe("Invalid state parameter");
    expect(await accountCount(other.projectId, "twitter")).toBe(0);
    expect((await json(user, "POST", "/api/oauth/twitter/callback", { code, state })).status).toBe(200);
  });

  it("expired state -> Invalid state parameter", async () => {
    const user = await signIn();
    const { code, state } = await authorizeAtSandbox(user, "twitter", uname());
    await env.DB.prepare("update oauth_states set expires_at = ? where state = ?")
      .bind(Date.now() - 1, state)
      .run();
    expect((await expectError(await json(user, "POST", "/api/oauth/twitter/callback", { code, state }), 400)).message).toBe("Invalid state parameter");
    expect(await accountCount(user.projectId, "twitter")).toBe(0);
  });

  it("state of the other platform -> Invalid state parameter", async () => {
    const user = await signIn();
    const { code, state } = await authorizeAtSandbox(user, "instagram", uname());
    expect((await expectError(await json(user, "POST", "/api/oauth/twitter/callback", { code, state }), 400)).message).toBe("Invalid state parameter");
  });

  it("missing verifier -> Missing auth state", async () => {
    const user = await signIn();
    const { code, state } = await authorizeAtSandbox(user, "twitter", uname());
    await env.DB.prepare("update oauth_states set code_verifier = null where state = ?").bind(state).run();
    expect((await expectError(await json(user, "POST", "/api/oauth/twitter/callback", { code, state }), 400)).message).toBe("Missing auth state");
  });

  it("error parameter (user denied) -> Authentication failed, state consumed, nothing stored", async () => {
    const user = await signIn();
    const back = await authorizeAtSandbox(user, "twitter", uname(), "deny");
    expect(back.error).toBe("access_denied");
    expect(back.code).toBeNull();
    const err = await expectError(await json(user, "POST", "/api/oauth/twitter/callback", { error: back.error, state: back.state }), 400);
    expect(err.message).toBe("Authentication failed. Please try again.");
    expect(await stateRow(back.state!)).toBeNull();
    expect(await accountCount(user.projectId, "twitter")).toBe(0);
  });

  it("PKCE mismatch is refused by the sandbox -> Failed to exchange code, nothing stored", async () => {
    const user = await signIn();
    const { code, state } = await authorizeAtSandbox(user, "twitter", uname());
    await env.DB.prepare("update oauth_states set code_verifier = ? where state = ?").bind("A".repeat(43), state).run();
    const err = await expectError(await json(user, "POST", "/api/oauth/twitter/callback", { code, state }), 400);
    expect(err.message).toMatch(/^Failed to exchange code: /);
    expect(err.message).toMatch(/code verifier/);
    expect(await accountCount(user.projectId, "twitter")).toBe(0);
  });

  it("reconnecting replaces the project's old account of that platform", async () => {
    const user = await signIn();
    const first = await connectAccount(user, "twitter", uname());
    const second = await connectAccount(user, "twitter", uname());
    expect(second.id).not.toBe(first.id);
    expect(await accountCount(user.projectId, "twitter")).toBe(1);
  });

  it("Instagram: short-lived code exchange then a 60-day long-lived token, no refresh token", async () => {
    const user = await signIn();
    const username = uname();
    const account = await connectAccount(user, "instagram", username);
    expect(account).toMatchObject({ platform: "instagram", account_name: username, username, token_status: "active" });
    const row = await rawAccountRow(account.id);
    const [sandboxUser] = (await sandboxState("instagram", username)).accounts;
    expect(row.instagram_user_id).toBe(sandboxUser!.id);
    expect(row.twitter_user_id).toBeNull();
    expect(row.refresh_token_enc).toBeNull();
    const days = (Number(row.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(59);
    const access = await decryptToken(env, String(row.access_token_enc));
    expect(access).toMatch(/^IGAA/); // the long-lived token, not the short one
    expect(JSON.stringify(row)).not.toContain(access);
  });

  it("Instagram: a code the platform refuses -> Failed to exchange code with its reason, nothing stored", async () => {
    const user = await signIn();
    const { state } = await authorizeAtSandbox(user, "instagram", uname());
    const err = await expectError(await json(user, "POST", "/api/oauth/instagram/callback", { code: "igcode_forged", state }), 400);
    expect(err.message).toBe("Failed to exchange code: Invalid authorization code");
    expect(await accountCount(user.projectId, "instagram")).toBe(0);
  });
});
