// The connect flows that are not a plain OAuth redirect, generic over each network's `connect`
// capability (platforms/<id>/adapter.ts; decisions 140 and 233). No network is named here:
// - "app-password": handle + app password -> session; the password is used once and dropped, the
//   tokens are stored encrypted like every token.
// - "instance": the user names their server; the app registers itself there once per server and
//   redirect URI (client secret stored encrypted in instanceApps), then OAuth with PKCE; what the
//   server says about itself (its limits) is stored on the account.
// - "oauth2" with `choose`: after the consent the user picks which account (a Page); the options
//   and their tokens wait encrypted in pending_account_choices (one-time, 10 minutes, the user's).
// Same rules as social-oauth.ts: state one-time and bound to the user, exact redirect URIs,
// nothing saved on a failure, another user's project or state answers like a missing one.
import { and, eq, lt } from "drizzle-orm";
import { instanceApps, oauthStates, pendingAccountChoices, socialAccounts } from "../../../schema/db/social";
import { SOCIAL_TEXTS, type AccountChoice, type OAuthCallbackInput, type SocialAccount } from "../../../schema/api/social";
import type { Db } from "../../lib/db";
import type { ServiceContext } from "../context";
import type { Env } from "../../env";
import { apiError, badRequest, notFound } from "../../lib/errors";
import { base64url, newId, randomToken } from "../../lib/ids";
import { ownedProject } from "../../lib/ownership";
import { checkUrl, SafeFetchError } from "../../lib/safe-fetch";
import { decryptToken, encryptToken } from "../../lib/token-crypto";
import { adapterContext, ADAPTERS, isSocialPlatform, platformFor, type SocialPlatform } from "../../../platforms/adapters";
import { PlatformError, type ConnectCapability, type ConnectedAccount } from "../../../platforms/shared/adapter";
import { networkShortName } from "../../../platforms/registry";
import { toAccountView } from "./accounts";

const STATE_TTL_MS = 10 * 60_000;

const CONNECT_TEXTS = {
  choiceExpired: "This choice has expired. Please connect again.",
} as const;

type Capability<K extends ConnectCapability["kind"]> = Extract<ConnectCapability, { kind: K }>;

/** The network's connect capability, or null for an id without an adapter (social-oauth.ts answers it). */
function connectOf(platform: string): { platform: SocialPlatform; connect: ConnectCapability } | null {
  return isSocialPlatform(platform) ? { platform, connect: ADAPTERS[platform].connect } : null;
}

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
async function saveAccount(db: Db, env: Env, projectId: string, platform: SocialPlatform, connected: ConnectedAccount): Promise<SocialAccount> {
  const now = Date.now();
  const { tokens, account } = connected;
  const values: typeof socialAccounts.$inferInsert = {
    id: newId(),
    projectId,
    platform,
    accountName: connected.name || account.username || `user_${account.id}`,
    accessTokenEnc: await encryptToken(env, tokens.accessToken),
    refreshTokenEnc: tokens.refreshToken ? await encryptToken(env, tokens.refreshToken) : null,
    platformUserId: account.id,
    platformUsername: account.username || null,
    expiresAt: tokens.expiresAt,
    tokenStatus: "active",
    lastRefresh: now,
    refreshLockUntil: null,
    createdAt: now,
    accountMeta: connected.meta,
  };
  await db.batch([
    db.delete(socialAccounts).where(and(eq(socialAccounts.projectId, projectId), eq(socialAccounts.platform, platform))),
    db.insert(socialAccounts).values(values),
  ]);
  const row = await db.select().from(socialAccounts).where(eq(socialAccounts.id, values.id)).get();
  return toAccountView(row!);
}

// ---------- "app-password": handle + app password ----------

async function connectAppPassword(
  db: Db,
  env: Env,
  platform: SocialPlatform,
  connect: Capability<"app-password">,
  input: { userId: string; projectId: string; identifier: string; password: string },
): Promise<SocialAccount> {
  await ownedProject(db, input.userId, input.projectId, "networks");
  let connected;
  try {
    connected = await connect.signIn(env, adapterContext(env), { identifier: input.identifier, password: input.password });
  } catch (err) {
    // A refused handle or password is the user's to fix: the network's own words, a 400.
    if (err instanceof PlatformError && err.kind === "auth") throw badRequest(err.message);
    refusal(err, `Failed to connect ${networkShortName(platform)}: `);
  }
  return saveAccount(db, env, input.projectId, platform, connected);
}

// ---------- "instance": server -> registered app -> OAuth ----------

async function pkceChallenge(verifier: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))));
}

/** The user's server as an https origin, refused when it names a private or local address. */
function instanceOrigin(connect: Capability<"instance">, raw: string): string {
  const invalid = () => badRequest(connect.invalidMessage, { instance: connect.invalidMessage });
  const origin = connect.normalise(raw);
  if (!origin) throw invalid();
  try {
    checkUrl(origin);
  } catch (err) {
    if (err instanceof SafeFetchError) throw invalid();
    throw err;
  }
  return origin.replace(/^http:/, "https:");
}

async function startInstance(
  db: Db,
  env: Env,
  platform: SocialPlatform,
  connect: Capability<"instance">,
  input: { userId: string; projectId: string; instance?: string; origin: string },
): Promise<{ url: string }> {
  await ownedProject(db, input.userId, input.projectId, "networks");
  const instanceUrl = instanceOrigin(connect, input.instance ?? "");
  const ctx = adapterContext(env);
  const redirectUri = `${input.origin.replace(/\/+$/, "")}/auth/${platform}/callback`;
  // The redirect URI names the network, so one server's registrations of two networks never mix.
  const appId = `${instanceUrl} ${redirectUri}`;
  let app = await db.select().from(instanceApps).where(eq(instanceApps.id, appId)).get();
  if (!app) {
    let registered;
    try {
      registered = await connect.registerApp(env, ctx, { instanceUrl, clientName: "Brandpilot", redirectUri, website: env.APP_ORIGIN || undefined });
    } catch (err) {
      refusal(err, "");
    }
    app = {
      id: appId,
      instanceUrl,
      redirectUri,
      clientId: registered.clientId,
      clientSecretEnc: await encryptToken(env, registered.clientSecret),
      createdAt: Date.now(),
    };
    // Two first connects at once: the first registration wins, the second reads it back.
    await db.insert(instanceApps).values(app).onConflictDoNothing().run();
    app = (await db.select().from(instanceApps).where(eq(instanceApps.id, appId)).get())!;
  }
  const state = `${platform}_${randomToken(24)}`;
  const codeVerifier = randomToken(32);
  const now = Date.now();
  await db.batch([
    db.delete(oauthStates).where(lt(oauthStates.expiresAt, now)),
    db
      .insert(oauthStates)
      .values({ state, userId: input.userId, projectId: input.projectId, platform, codeVerifier, redirectUri, expiresAt: now + STATE_TTL_MS, meta: { appId } }),
  ]);
  const adapter = connect.adapterFor(env, ctx, { instanceUrl: app.instanceUrl, clientId: app.clientId, clientSecret: "" });
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

async function completeInstance(
  db: Db,
  env: Env,
  platform: SocialPlatform,
  connect: Capability<"instance">,
  input: { userId: string; callback: OAuthCallbackInput },
): Promise<SocialAccount> {
  const row = await consumeState(db, input.userId, platform, input.callback);
  const appId = typeof row.meta?.appId === "string" ? row.meta.appId : "";
  const app = await db.select().from(instanceApps).where(eq(instanceApps.id, appId)).get();
  if (!app || !row.codeVerifier) throw badRequest(SOCIAL_TEXTS.missingAuthState);
  const ctx = adapterContext(env);
  const registered = { instanceUrl: app.instanceUrl, clientId: app.clientId, clientSecret: await decryptToken(env, app.clientSecretEnc) };
  let result;
  let meta;
  try {
    result = await connect.adapterFor(env, ctx, registered).exchangeCode({ code: row.code, redirectUri: row.redirectUri, codeVerifier: row.codeVerifier });
    meta = await connect.accountMeta(env, ctx, registered);
  } catch (err) {
    refusal(err, "Failed to exchange code: ");
  }
  return saveAccount(db, env, row.projectId, platform, { tokens: result, account: result.account, name: `@${result.account.username}`, meta });
}

// ---------- "oauth2" with a choice: consent, then pick the account ----------

type ChoiceOption = { id: string; name: string; account: ConnectedAccount };

async function completeWithChoice(
  db: Db,
  env: Env,
  platform: SocialPlatform,
  choose: NonNullable<Capability<"oauth2">["choose"]>,
  input: { userId: string; callback: OAuthCallbackInput },
): Promise<SocialAccount | AccountChoice> {
  const row = await consumeState(db, input.userId, platform, input.callback);
  let options;
  try {
    options = await choose.options(platformFor(env, platform), { code: row.code, redirectUri: row.redirectUri });
  } catch (err) {
    refusal(err, "Failed to exchange code: ");
  }
  if (!options.length) throw badRequest(choose.noneMessage);
  if (options.length === 1) return saveAccount(db, env, row.projectId, platform, options[0]!.account);
  const choice = randomToken(24);
  const now = Date.now();
  await db.batch([
    db.delete(pendingAccountChoices).where(lt(pendingAccountChoices.expiresAt, now)),
    db.insert(pendingAccountChoices).values({
      id: choice,
      userId: input.userId,
      projectId: row.projectId,
      platform,
      payloadEnc: await encryptToken(env, JSON.stringify(options)),
      expiresAt: now + STATE_TTL_MS,
    }),
  ]);
  return { choice, options: options.map((o) => ({ id: o.id, name: o.name })) };
}

/** The user's pick among the options of a pending choice (one-time). */
export async function chooseAccount(ctx: ServiceContext, input: { platform: string; choice: string; optionId: string }): Promise<SocialAccount> {
  const { db, env } = ctx;
  const userId = ctx.caller.id;
  const found = connectOf(input.platform);
  const choose = found?.connect.kind === "oauth2" ? found.connect.choose : undefined;
  const mine = and(eq(pendingAccountChoices.id, input.choice), eq(pendingAccountChoices.userId, userId));
  const row = await db.select().from(pendingAccountChoices).where(mine).get();
  if (!found || !choose || !row || row.platform !== input.platform) throw notFound(CONNECT_TEXTS.choiceExpired);
  if (row.expiresAt < Date.now()) throw badRequest(CONNECT_TEXTS.choiceExpired);
  await ownedProject(db, userId, row.projectId, "networks");
  const options = JSON.parse(await decryptToken(env, row.payloadEnc)) as ChoiceOption[];
  const picked = options.find((o) => o.id === input.optionId && o.account);
  // A wrong pick changes nothing: the choice stays open for a right one.
  if (!picked) throw badRequest(choose.pickMessage, { optionId: choose.pickMessage });
  // One-time: whoever deletes the row saves the account.
  const taken = await db.delete(pendingAccountChoices).where(mine).returning({ id: pendingAccountChoices.id }).get();
  if (!taken) throw notFound(CONNECT_TEXTS.choiceExpired);
  return saveAccount(db, env, row.projectId, found.platform, picked.account);
}

// ---------- dispatch on the network's connect kind ----------

/** Starts the flows above; null for a network that takes the plain OAuth start (social-oauth.ts). */
export async function startConnect(
  ctx: ServiceContext,
  input: { platform: string; projectId: string; origin: string; instance?: string },
): Promise<{ url: string } | null> {
  const found = connectOf(input.platform);
  if (found?.connect.kind === "app-password") throw badRequest(found.connect.notOAuthMessage);
  if (found?.connect.kind === "instance") return startInstance(ctx.db, ctx.env, found.platform, found.connect, { ...input, userId: ctx.caller.id });
  return null;
}

/** Finishes the flows above; null for a network that takes the plain OAuth callback. */
export async function completeConnect(
  ctx: ServiceContext,
  input: { platform: string; callback: OAuthCallbackInput },
): Promise<SocialAccount | AccountChoice | null> {
  const { db, env } = ctx;
  const mine = { userId: ctx.caller.id, callback: input.callback };
  const found = connectOf(input.platform);
  if (!found) return null;
  const { platform, connect } = found;
  if (connect.kind === "app-password") throw badRequest(connect.notOAuthMessage);
  if (connect.kind === "instance") return completeInstance(db, env, platform, connect, mine);
  if (connect.choose) return completeWithChoice(db, env, platform, connect.choose, mine);
  return null;
}

/** Handle + app password sign-in; a network that does not connect this way answers like an unknown one. */
export async function connectWithAppPassword(
  ctx: ServiceContext,
  input: { projectId: string; platform: string; identifier: string; password: string },
): Promise<SocialAccount> {
  const found = connectOf(input.platform);
  if (found?.connect.kind !== "app-password") throw notFound("Unknown platform");
  return connectAppPassword(ctx.db, ctx.env, found.platform, found.connect, { ...input, userId: ctx.caller.id });
}
