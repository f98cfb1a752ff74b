import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../../worker/lib/db";
import { ApiError } from "../../worker/lib/errors";
import { decryptToken } from "../../worker/lib/token-crypto";
import { platformFor } from "../../platforms/adapters";
import { PlatformError } from "../../platforms/shared/adapter";
import { getPublishingCredentials, markReconnectNeeded, refreshDueTokens } from "../../worker/services/social/credentials";
import { json, signIn } from "./helpers";
import { connectAccount, rawAccountRow, sandboxControl, sandboxState } from "./social-helpers";

const uname = () => `c${crypto.randomUUID().slice(0, 8)}`;
const db = () => getDb(env.DB);

async function expireSoon(accountId: string, inMs = 60_000) {
  await env.DB.prepare("update social_accounts set expires_at = ? where id = ?")
    .bind(Date.now() + inMs, accountId)
    .run();
}

async function caught(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error("expected a rejection");
}

describe("getPublishingCredentials", () => {
  it("returns the decrypted token without refreshing when it is fresh", async () => {
    const user = await signIn();
    const username = uname();
    const account = await connectAccount(user, "twitter", username);
    const creds = await getPublishingCredentials(db(), env, user.projectId, "twitter");
    const row = await rawAccountRow(account.id);
    expect(creds.accountId).toBe(account.id);
    expect(creds.platformUserId).toBe(row.twitter_user_id);
    expect(creds.accessToken).toBe(await decryptToken(env, String(row.access_token_enc)));
    const st = await sandboxState("twitter", username);
    expect(st.refreshes[String(row.twitter_user_id)] ?? 0).toBe(0);
  });

  it("50 concurrent callers with an expiring token -> exactly one refresh at the sandbox", async () => {
    const user = await signIn();
    const username = uname();
    const account = await connectAccount(user, "twitter", username);
    const before = await rawAccountRow(account.id);
    const oldAccess = await decryptToken(env, String(before.access_token_enc));
    const oldRefresh = await decryptToken(env, String(before.refresh_token_enc));
    await expireSoon(account.id, 2 * 60_000); // within the 5-minute window

    const results = await Promise.all(Array.from({ length: 50 }, () => getPublishingCredentials(db(), env, user.projectId, "twitter")));

    const st = await sandboxState("twitter", username);
    expect(st.refreshes[String(before.twitter_user_id)]).toBe(1);
    const tokens = new Set(results.map((r) => r.accessToken));
    expect(tokens.size).toBe(1);
    const [fresh] = [...tokens];
    expect(fresh).not.toBe(oldAccess);
    const after = await rawAccountRow(account.id);
    expect(await decryptToken(env, String(after.refresh_token_enc))).not.toBe(oldRefresh);
    expect(Number(after.expires_at) - Date.now()).toBeGreaterThan(7000_000);
    expect(after.token_status).toBe("active");
    expect(Number(after.last_refresh)).toBeGreaterThan(Number(before.last_refresh));
    expect(after.refresh_lock_until).toBeNull();
    // The refreshed token works at the platform.
    const posted = await platformFor(env, "twitter").publish({
      accessToken: fresh!,
      accountId: String(after.twitter_user_id),
      text: `after refresh ${username}`,
    });
    expect(posted.platformPostId).toBeTruthy();
  });

  it("an already expired token is refreshed before use", async () => {
    const user = await signIn();
    const username = uname();
    const account = await connectAccount(user, "twitter", username);
    await expireSoon(account.id, -60_000);
    await getPublishingCredentials(db(), env, user.projectId, "twitter");
    const row = await rawAccountRow(account.id);
    expect((await sandboxState("twitter", username)).refreshes[String(row.twitter_user_id)]).toBe(1);
  });

  it("revoked refresh token -> auth error, account marked reconnect_needed, shown in the list", async () => {
    const user = await signIn();
    const username = uname();
    const account = await connectAccount(user, "twitter", username);
    await sandboxControl("twitter", { fail: "revoke", account: username });
    await expireSoon(account.id);
    const err = await caught(getPublishingCredentials(db(), env, user.projectId, "twitter"));
    expect(err).toBeInstanceOf(PlatformError);
    expect((err as PlatformError).kind).toBe("auth");
    const row = await rawAccountRow(account.id);
    expect(row.token_status).toBe("reconnect_needed");
    expect(row.refresh_lock_until).toBeNull();
    // Next caller fails fast without touching the platform again.
    const refreshes = (await sandboxState("twitter", username)).refreshes[String(row.twitter_user_id)];
    const again = await caught(getPublishingCredentials(db(), env, user.projectId, "twitter"));
    expect((again as PlatformError).kind).toBe("auth");
    expect((await sandboxState("twitter", username)).refreshes[String(row.twitter_user_id)]).toBe(refreshes);
    const list = (await (await json(user, "GET", `/api/projects/${user.projectId}/social-accounts`)).json()) as { token_status: string }[];
    expect(list[0]!.token_status).toBe("reconnect_needed");
    // Reconnecting makes it active again.
    await connectAccount(user, "twitter", username);
    const relist = (await (await json(user, "GET", `/api/projects/${user.projectId}/social-accounts`)).json()) as { token_status: string }[];
    expect(relist.map((a) => a.token_status)).toEqual(["active"]);
  });

  it("a transient refresh failure is retryable, releases the lease and keeps the tokens", async () => {
    const user = await signIn();
    const username = uname();
    const account = await connectAccount(user, "twitter", username);
    await expireSoon(account.id);
    const before = await rawAccountRow(account.id);
    await sandboxControl("twitter", { fail: "500", on: "token", account: username });
    const err = await caught(getPublishingCredentials(db(), env, user.projectId, "twitter"));
    expect((err as PlatformError).kind).toBe("retryable");
    const mid = await rawAccountRow(account.id);
    expect(mid.refresh_lock_until).toBeNull();
    expect(mid.token_status).toBe("active");
    expect(mid.refresh_token_enc).toBe(before.refresh_token_enc);
    const creds = await getPublishingCredentials(db(), env, user.projectId, "twitter");
    expect(creds.accessToken).not.toBe(await decryptToken(env, String(before.access_token_enc)));
  });

  it("a live lease held by someone else makes callers wait for the refreshed token", async () => {
    const user = await signIn();
    const username = uname();
    const account = await connectAccount(user, "twitter", username);
    await expireSoon(account.id);
    await env.DB.prepare("update social_accounts set refresh_lock_until = ? where id = ?")
      .bind(Date.now() + 60_000, account.id)
      .run();
    const waiting = getPublishingCredentials(db(), env, user.projectId, "twitter");
    await new Promise((r) => setTimeout(r, 300));
    // The lease holder finishes: new token stored, lease released.
    await env.DB.prepare("update social_accounts set expires_at = ?, refresh_lock_until = null where id = ?")
      .bind(Date.now() + 7_200_000, account.id)
      .run();
    const creds = await waiting;
    expect(creds.accountId).toBe(account.id);
    const row = await rawAccountRow(account.id);
    expect((await sandboxState("twitter", username)).refreshes[String(row.twitter_user_id)] ?? 0).toBe(0);
  });

  it("Instagram long-lived tokens are refreshed a week before they lapse (not when younger than 24 h)", async () => {
    const user = await signIn();
    const username = uname();
    const account = await connectAccount(user, "instagram", username);
    const before = await rawAccountRow(account.id);
    const igId = String(before.instagram_user_id);
    await env.DB.prepare("update social_accounts set expires_at = ? where id = ?")
      .bind(Date.now() + 3 * 86_400_000, account.id)
      .run();
    // Issued just now: Instagram would refuse, so no refresh yet.
    await getPublishingCredentials(db(), env, user.projectId, "instagram");
    expect((await sandboxState("instagram", username)).refreshes[igId] ?? 0).toBe(0);
    await env.DB.prepare("update social_accounts set last_refresh = ?, created_at = ? where id = ?")
      .bind(Date.now() - 2 * 86_400_000, Date.now() - 2 * 86_400_000, account.id)
      .run();
    const creds = await getPublishingCredentials(db(), env, user.projectId, "instagram");
    expect((await sandboxState("instagram", username)).refreshes[igId]).toBe(1);
    const after = await rawAccountRow(account.id);
    expect((Number(after.expires_at) - Date.now()) / 86_400_000).toBeGreaterThan(59);
    expect(after.refresh_token_enc).toBeNull(); // never replaced by an empty value, still none
    expect(creds.accessToken).not.toBe(await decryptToken(env, String(before.access_token_enc)));
  });

  it("no account -> No connected {network name} account found", async () => {
    const user = await signIn();
    const err = await caught(getPublishingCredentials(db(), env, user.projectId, "instagram"));
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(400);
    expect((err as ApiError).message).toBe("No connected Instagram account found");
  });

  it("markReconnectNeeded flags the account and stops credentials", async () => {
    const user = await signIn();
    const account = await connectAccount(user, "twitter", uname());
    await markReconnectNeeded(db(), account.id, env);
    expect((await rawAccountRow(account.id)).token_status).toBe("reconnect_needed");
    const err = await caught(getPublishingCredentials(db(), env, user.projectId, "twitter"));
    expect((err as PlatformError).kind).toBe("auth");
  });

  it("refreshDueTokens (cron) refreshes an idle Instagram token before it lapses and leaves fresh ones alone", async () => {
    const user = await signIn();
    const dueName = uname();
    const due = await connectAccount(user, "instagram", dueName);
    const other = await signIn();
    const freshName = uname();
    const fresh = await connectAccount(other, "instagram", freshName);
    const old = Date.now() - 50 * 86_400_000;
    await env.DB.prepare("update social_accounts set expires_at = ?, last_refresh = ?, created_at = ? where id = ?")
      .bind(Date.now() + 2 * 86_400_000, old, old, due.id)
      .run();
    const result = await refreshDueTokens(db(), env);
    expect(result.refreshed).toBeGreaterThanOrEqual(1);
    const dueRow = await rawAccountRow(due.id);
    expect((await sandboxState("instagram", dueName)).refreshes[String(dueRow.instagram_user_id)]).toBe(1);
    expect((Number(dueRow.expires_at) - Date.now()) / 86_400_000).toBeGreaterThan(59);
    const freshRow = await rawAccountRow(fresh.id);
    expect((await sandboxState("instagram", freshName)).refreshes[String(freshRow.instagram_user_id)] ?? 0).toBe(0);
  });
});
