// The connect flows that are not a plain OAuth redirect (decision 140), next to social-oauth.ts:
// - Bluesky: handle + app password -> session; the password is used once and dropped, the two
//   JWTs are stored encrypted like every token.
// - Mastodon: the user names an instance; the app registers itself there once per instance and
//   redirect URI (client secret stored encrypted in mastodon_apps), then OAuth with PKCE; the
//   instance's own limits are stored on the account.
// - Facebook: after Facebook Login the user picks which Page; the Pages and their tokens wait
//   encrypted in pending_account_choices (one-time, 10 minutes, bound to the user).
// Same rules as social-oauth.ts: state one-time and bound to the user, exact redirect URIs,
// nothing saved on a failure, another user's project or state answers like a missing one.
import { and, eq, lt } from "drizzle-orm";
import { mastodonApps, oauthStates, pendingAccountChoices, socialAccounts } from "../../schema/db/social";
import { SOCIAL_TEXTS, type AccountChoice, type OAuthCallbackInput, type SocialAccount } from "../../schema/api/social";
import type { Db } from "../lib/db";
import type { Env } from "../env";
import { apiError, badRequest, notFound } from "../lib/errors";
import { base64url, newId, randomToken } from "../lib/ids";
import { ownedProject } from "../lib/ownership";
import { checkUrl, SafeFetchError } from "../lib/safe-fetch";
import { decryptToken, encryptToken } from "../lib/token-crypto";
import { adapterContext } from "../../platforms/adapters";
import { blueskyAdapter, blueskyService } from "../../platforms/bluesky/adapter";
import { facebookAdapterModule, type facebookAdapter, type FacebookPage } from "../../platforms/facebook/adapter";
import { fetchInstanceRules, mastodonAdapter, mastodonApiBase, normaliseInstance, registerMastodonApp } from "../../platforms/mastodon/adapter";
import { PlatformError, type PlatformAccount, type TokenSet } from "../../platforms/shared/adapter";
import type { PlatformId } from "../../platforms/registry";
import { toAccountView } from "./social-accounts";

const STATE_TTL_MS = 10 * 60_000;

export const CONNECT_TEXTS = {
  blueskyInvalid: "Invalid handle or app password",
  instanceInvalid: "Enter your Mastodon server's address, for example mastodon.social",
  noPages: "No Facebook Page found. Create a Page or ask its admin to give you access, then connect again.",
  choiceExpired: "This choice has expired. Please connect again.",
  appPasswordOnly: "Bluesky connects with your handle and an app password",
} as const;

/** A network refusal as the API answers it: its words with a 400, a 502 when it is unreachable. */
function refusal(err: unknown, prefix: string): never {
  if (err instanceof PlatformError) {
    // Unreachable (502) and refused (400) are two codes of the closed set (decision 210).
    const unreachable = err.kind === "retryable" || err.kind === "unknown_outcome";
    throw apiError(unreachable ? "network_unavailable" : "connect_failed", `${prefix}${err.message}`);
  }
  throw err;
}

/** Stores the project's account of this network (replacing the previous one) and returns its view. */
async function saveAccount(
  db: Db,
  env: Env,
  input: { projectId: string; platform: PlatformId; tokens: TokenSet; account: PlatformAccount; name?: string; meta: Record<string, unknown> },
): Promise<SocialAccount> {
  const now = Date.now();
  const values: typeof socialAccounts.$inferInsert = {
    id: newId(),
    projectId: input.projectId,
    platform: input.platform,
    accountName: input.name || input.account.username || `user_${input.account.id}`,
    accessTokenEnc: await encryptToken(env, input.tokens.accessToken),
    refreshTokenEnc: input.tokens.refreshToken ? await encryptToken(env, input.tokens.refreshToken) : null,
    platformUserId: input.account.id,
    platformUsername: input.account.username || null,
    expiresAt: input.tokens.expiresAt,
    tokenStatus: "active",
    lastRefresh: now,
    refreshLockUntil: null,
    createdAt: now,
    accountMeta: input.meta,
  };
  await db.batch([
    db.delete(socialAccounts).where(and(eq(socialAccounts.projectId, input.projectId), eq(socialAccounts.platform, input.platform))),
    db.insert(socialAccounts).values(values),
  ]);
  const row = await db.select().from(socialAccounts).where(eq(socialAccounts.id, values.id)).get();
  return toAccountView(row!);
}

// ---------- Bluesky: handle + app password ----------

export async function connectBluesky(db: Db, env: Env, input: { userId: string; projectId: string; identifier: string; password: string }): Promise<SocialAccount> {
  await ownedProject(db, input.userId, input.projectId, "networks");
  const ctx = adapterContext(env);
  const service = blueskyService(env, ctx.sandboxUrl);
  let session;
  try {
    session = await blueskyAdapter({ service, timeoutMs: ctx.timeoutMs }).signIn({ identifier: input.identifier, password: input.password });
  } catch (err) {
    if (err instanceof PlatformError && err.kind === "auth") throw badRequest(err.message === "Invalid handle or app password" ? CONNECT_TEXTS.blueskyInvalid : err.message);
    refusal(err, "Failed to connect Bluesky: ");
  }
  return saveAccount(db, env, {
    projectId: input.projectId,
    platform: "bluesky",
    tokens: session,
    account: session.account,
    name: `@${session.account.username}`,
    meta: { service, did: session.account.id, handle: session.account.username },
  });
}

// ---------- Mastodon: instance -> registered app -> OAuth ----------

async function pkceChallenge(verifier: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))));
}

/** The user's instance as an https origin, refused when it names a private or local address. */
export function instanceOrigin(raw: string): string {
  const origin = normaliseInstance(raw);
  if (!origin) throw badRequest(CONNECT_TEXTS.instanceInvalid, { instance: CONNECT_TEXTS.instanceInvalid });
  try {
    checkUrl(origin);
  } catch (err) {
    if (err instanceof SafeFetchError) throw badRequest(CONNECT_TEXTS.instanceInvalid, { instance: CONNECT_TEXTS.instanceInvalid });
    throw err;
  }
  return origin.replace(/^http:/, "https:");
}

export async function startMastodon(db: Db, env: Env, input: { userId: string; projectId: string; instance: string; origin: string }): Promise<{ url: string }> {
  await ownedProject(db, input.userId, input.projectId, "networks");
  const instanceUrl = instanceOrigin(input.instance);
  const ctx = adapterContext(env);
  const apiBase = mastodonApiBase(env, ctx.sandboxUrl, instanceUrl);
  const redirectUri = `${input.origin.replace(/\/+$/, "")}/auth/mastodon/callback`;
  const appId = `${instanceUrl} ${redirectUri}`;
  let app = await db.select().from(mastodonApps).where(eq(mastodonApps.id, appId)).get();
  if (!app) {
    let registered;
    try {
      registered = await registerMastodonApp(apiBase, { clientName: "Brandpilot", redirectUri, website: env.APP_ORIGIN || undefined, timeoutMs: ctx.timeoutMs });
    } catch (err) {
      refusal(err, "");
    }
    app = { id: appId, instanceUrl, redirectUri, clientId: registered.clientId, clientSecretEnc: await encryptToken(env, registered.clientSecret), createdAt: Date.now() };
    // Two first connects at once: the first registration wins, the second reads it back.
    await db.insert(mastodonApps).values(app).onConflictDoNothing().run();
    app = (await db.select().from(mastodonApps).where(eq(mastodonApps.id, appId)).get())!;
  }
  const state = `mastodon_${randomToken(24)}`;
  const codeVerifier = randomToken(32);
  const now = Date.now();
  await db.batch([
    db.delete(oauthStates).where(lt(oauthStates.expiresAt, now)),
    db.insert(oauthStates).values({ state, userId: input.userId, projectId: input.projectId, platform: "mastodon", codeVerifier, redirectUri, expiresAt: now + STATE_TTL_MS, meta: { appId } }),
  ]);
  const adapter = mastodonAdapter({ instanceUrl: apiBase, clientId: app.clientId, clientSecret: "", timeoutMs: ctx.timeoutMs });
  return { url: adapter.authorizeUrl({ state, redirectUri, codeChallenge: await pkceChallenge(codeVerifier) }) };
}

/** Takes the one-time state of this user and network (deleted even when the network reports an error). */
async function consumeState(db: Db, userId: string, platform: string, callback: OAuthCallbackInput) {
  const row = callback.state
    ? await db
        .delete(oauthStates)
        .where(and(eq(oauthStates.state, callback.state), eq(oauthStates.userId, userId)))
        .returning()
        .get()
    : undefined;
  if (callback.error) throw badRequest(SOCIAL_TEXTS.authFailed);
  if (!row || row.platform !== platform || row.expiresAt < Date.now()) throw badRequest(SOCIAL_TEXTS.invalidState);
  if (!callback.code) throw badRequest(SOCIAL_TEXTS.authFailed);
  await ownedProject(db, userId, row.projectId, "networks");
  return { ...row, code: callback.code };
}

export async function completeMastodon(db: Db, env: Env, input: { userId: string; callback: OAuthCallbackInput }): Promise<SocialAccount> {
  const row = await consumeState(db, input.userId, "mastodon", input.callback);
  const appId = typeof row.meta?.appId === "string" ? row.meta.appId : "";
  const app = await db.select().from(mastodonApps).where(eq(mastodonApps.id, appId)).get();
  if (!app || !row.codeVerifier) throw badRequest(SOCIAL_TEXTS.missingAuthState);
  const ctx = adapterContext(env);
  const apiBase = mastodonApiBase(env, ctx.sandboxUrl, app.instanceUrl);
  const adapter = mastodonAdapter({ instanceUrl: apiBase, clientId: app.clientId, clientSecret: await decryptToken(env, app.clientSecretEnc), timeoutMs: ctx.timeoutMs });
  let result;
  let limits;
  try {
    result = await adapter.exchangeCode({ code: row.code, redirectUri: row.redirectUri, codeVerifier: row.codeVerifier });
    limits = await fetchInstanceRules(apiBase, ctx.timeoutMs);
  } catch (err) {
    refusal(err, "Failed to exchange code: ");
  }
  return saveAccount(db, env, {
    projectId: row.projectId,
    platform: "mastodon",
    tokens: result,
    account: result.account,
    name: `@${result.account.username}`,
    meta: { instanceUrl: app.instanceUrl, clientId: app.clientId, ...limits },
  });
}

// ---------- Facebook: Login, then pick the Page ----------


export async function completeFacebook(db: Db, env: Env, input: { userId: string; callback: OAuthCallbackInput }): Promise<SocialAccount | AccountChoice> {
  const row = await consumeState(db, input.userId, "facebook", input.callback);
  const adapter = facebookAdapterModule.create(env, adapterContext(env)) as ReturnType<typeof facebookAdapter> | null;
  if (!adapter) throw badRequest("Facebook is not configured on this server");
  let found;
  try {
    found = await adapter.exchangeForPages({ code: row.code, redirectUri: row.redirectUri });
  } catch (err) {
    refusal(err, "Failed to exchange code: ");
  }
  if (!found.pages.length) throw badRequest(CONNECT_TEXTS.noPages);
  if (found.pages.length === 1) return savePage(db, env, row.projectId, found.pages[0]!);
  const choice = randomToken(24);
  const now = Date.now();
  await db.batch([
    db.delete(pendingAccountChoices).where(lt(pendingAccountChoices.expiresAt, now)),
    db.insert(pendingAccountChoices).values({
      id: choice,
      userId: input.userId,
      projectId: row.projectId,
      platform: "facebook",
      payloadEnc: await encryptToken(env, JSON.stringify(found.pages)),
      expiresAt: now + STATE_TTL_MS,
    }),
  ]);
  return { choice, options: found.pages.map((p) => ({ id: p.id, name: p.name })) };
}

function savePage(db: Db, env: Env, projectId: string, page: FacebookPage): Promise<SocialAccount> {
  return saveAccount(db, env, {
    projectId,
    platform: "facebook",
    // A Page token obtained from a long-lived user token does not expire.
    tokens: { accessToken: page.accessToken, refreshToken: null, expiresAt: null },
    account: { id: page.id, username: page.name },
    name: page.name,
    meta: { pageId: page.id, pageName: page.name },
  });
}

/** The user's pick among the options of a pending choice (one-time). */
export async function chooseAccount(db: Db, env: Env, input: { userId: string; platform: string; choice: string; optionId: string }): Promise<SocialAccount> {
  const mine = and(eq(pendingAccountChoices.id, input.choice), eq(pendingAccountChoices.userId, input.userId));
  const row = await db.select().from(pendingAccountChoices).where(mine).get();
  if (!row || row.platform !== input.platform) throw notFound(CONNECT_TEXTS.choiceExpired);
  if (row.expiresAt < Date.now()) throw badRequest(CONNECT_TEXTS.choiceExpired);
  await ownedProject(db, input.userId, row.projectId, "networks");
  const pages = JSON.parse(await decryptToken(env, row.payloadEnc)) as FacebookPage[];
  const page = pages.find((p) => p.id === input.optionId);
  // A wrong pick changes nothing: the choice stays open for a right one.
  if (!page) throw badRequest("Choose one of the listed Pages", { optionId: "Choose one of the listed Pages" });
  // One-time: whoever deletes the row saves the account.
  const taken = await db.delete(pendingAccountChoices).where(mine).returning({ id: pendingAccountChoices.id }).get();
  if (!taken) throw notFound(CONNECT_TEXTS.choiceExpired);
  return savePage(db, env, row.projectId, page);
}

// ---------- dispatch: which networks take these flows ----------

/** Starts the flows above; null for a network that takes the plain OAuth start (social-oauth.ts). */
export async function startConnect(db: Db, env: Env, input: { userId: string; platform: string; projectId: string; origin: string; instance?: string }): Promise<{ url: string } | null> {
  if (input.platform === "bluesky") throw badRequest(CONNECT_TEXTS.appPasswordOnly);
  if (input.platform !== "mastodon") return null;
  if (!input.instance) throw badRequest(CONNECT_TEXTS.instanceInvalid, { instance: CONNECT_TEXTS.instanceInvalid });
  return startMastodon(db, env, { ...input, instance: input.instance });
}

/** Finishes the flows above; null for a network that takes the plain OAuth callback. */
export async function completeConnect(db: Db, env: Env, input: { userId: string; platform: string; callback: OAuthCallbackInput }): Promise<SocialAccount | AccountChoice | null> {
  if (input.platform === "bluesky") throw badRequest(CONNECT_TEXTS.appPasswordOnly);
  if (input.platform === "mastodon") return completeMastodon(db, env, input);
  if (input.platform === "facebook") return completeFacebook(db, env, input);
  return null;
}

/** Handle + app password sign-in (Bluesky); any other network answers like an unknown one. */
export async function connectWithAppPassword(db: Db, env: Env, input: { userId: string; projectId: string; platform: string; identifier: string; password: string }): Promise<SocialAccount> {
  if (input.platform !== "bluesky") throw notFound("Unknown platform");
  return connectBluesky(db, env, input);
}
