// OAuth connect ("oauth2" networks, decision 233), entirely in the Worker (no secret reaches the browser).
// Security rules: PKCE S256 with the verifier kept server-side; a one-time `state` row that
// expires after 10 minutes, is bound to the user who started the flow and is deleted on first
// use (a reused, foreign or expired state is refused); the exact redirect URI given at start is
// the one used for the exchange.
import { and, eq, lt } from "drizzle-orm";
import { oauthStates, socialAccounts } from "../../../schema/db/social";
import { SOCIAL_TEXTS, type OAuthCallbackInput, type SocialAccount } from "../../../schema/api/social";
import type { ServiceContext } from "../context";
import type { Env } from "../../env";
import { apiError, badRequest, notFound } from "../../lib/errors";
import { base64url, newId, randomToken } from "../../lib/ids";
import { ownedProject } from "../../lib/ownership";
import { encryptToken } from "../../lib/token-crypto";
import { ADAPTERS, isPlatformConfigured, isSocialPlatform, platformFor, type SocialPlatform } from "../../../platforms/adapters";
import { isPlatformId, networkName, PLATFORM_METAS } from "../../../platforms/registry";
import { PlatformError } from "../../../platforms/shared/adapter";
import { toAccountView } from "./accounts";

const STATE_TTL_MS = 10 * 60_000;

/** Resolves :platform; a network without an adapter yet answers the spec's placeholder message. */
function oauthPlatform(platform: string): SocialPlatform {
  if (isSocialPlatform(platform)) return platform;
  if (isPlatformId(platform)) throw badRequest(SOCIAL_TEXTS.placeholder(networkName(platform)));
  throw notFound("Unknown platform");
}

/**
 * Which networks this deployment can connect right now (keys set, or the local sandbox). The
 * Social Connect screen sends a marketer straight to a configured network's consent and keeps the
 * setup guide for the deployment's Owner where a network is not (decision 206). No secret, only
 * yes or no per network.
 */
export function networkAvailability(env: Env): { id: string; configured: boolean }[] {
  return PLATFORM_METAS.map((m) => ({ id: m.id, configured: m.connect !== "placeholder" && isSocialPlatform(m.id) && isPlatformConfigured(env, m.id) }));
}

const usesPkce = (platform: SocialPlatform): boolean => {
  const connect = ADAPTERS[platform].connect;
  return connect.kind !== "app-password" && (connect.kind === "instance" || connect.pkce);
};

const callbackPath = (platform: SocialPlatform) => `/auth/${platform}/callback`;

async function pkceChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

export async function startOAuth(ctx: ServiceContext, input: { platform: string; projectId: string; origin: string }): Promise<{ url: string }> {
  const { db, env } = ctx;
  const userId = ctx.caller.id;
  const platform = oauthPlatform(input.platform);
  await ownedProject(db, userId, input.projectId, "networks");
  if (!isPlatformConfigured(env, platform)) throw badRequest(`${networkName(platform)} is not configured on this server`);
  const adapter = platformFor(env, platform);
  const redirectUri = `${input.origin.replace(/\/+$/, "")}${callbackPath(platform)}`;
  const state = `${platform}_${randomToken(24)}`;
  // PKCE: 32 random bytes, URL-safe base64 (43 chars), S256, where the network's connect says so.
  const codeVerifier = usesPkce(platform) ? randomToken(32) : null;
  const now = Date.now();
  await db.batch([
    db.delete(oauthStates).where(lt(oauthStates.expiresAt, now)),
    db.insert(oauthStates).values({
      state,
      userId,
      projectId: input.projectId,
      platform,
      codeVerifier,
      redirectUri,
      expiresAt: now + STATE_TTL_MS,
    }),
  ]);
  const url = adapter.authorizeUrl({ state, redirectUri, codeChallenge: codeVerifier ? await pkceChallenge(codeVerifier) : undefined });
  return { url };
}

export async function completeOAuth(ctx: ServiceContext, input: { platform: string; callback: OAuthCallbackInput }): Promise<SocialAccount> {
  const { db, env } = ctx;
  const userId = ctx.caller.id;
  const platform = oauthPlatform(input.platform);
  const { code, state, error } = input.callback;
  // Consume the state first (one-time, even when the provider reports an error).
  const row = state
    ? await db
        .delete(oauthStates)
        .where(and(eq(oauthStates.state, state), eq(oauthStates.userId, userId)))
        .returning()
        .get()
    : undefined;
  if (error) throw badRequest(SOCIAL_TEXTS.authFailed);
  if (!row || row.platform !== platform || row.expiresAt < Date.now()) throw badRequest(SOCIAL_TEXTS.invalidState);
  if (usesPkce(platform) && (!row.codeVerifier || !row.state.startsWith(`${platform}_`))) throw badRequest(SOCIAL_TEXTS.missingAuthState);
  if (!row.projectId) throw badRequest(SOCIAL_TEXTS.missingProject);
  if (!code) throw badRequest(SOCIAL_TEXTS.authFailed);
  await ownedProject(db, userId, row.projectId, "networks");

  let result;
  try {
    result = await platformFor(env, platform).exchangeCode({ code, redirectUri: row.redirectUri, codeVerifier: row.codeVerifier ?? undefined });
  } catch (err) {
    if (err instanceof PlatformError) {
      const unreachable = err.kind === "retryable" || err.kind === "unknown_outcome";
      throw apiError(unreachable ? "network_unavailable" : "oauth_exchange_failed", `Failed to exchange code: ${err.message}`);
    }
    throw err;
  }

  const now = Date.now();
  const { account } = result;
  const values: typeof socialAccounts.$inferInsert = {
    id: newId(),
    projectId: row.projectId,
    platform,
    accountName: account.username || `user_${account.id}`,
    accessTokenEnc: await encryptToken(env, result.accessToken),
    refreshTokenEnc: result.refreshToken ? await encryptToken(env, result.refreshToken) : null,
    platformUserId: account.id,
    platformUsername: account.username || null,
    // The per-network columns of the first two networks stay filled for rows read by older code
    // (each adapter module names its own, `legacyColumns`).
    ...legacyValues(platform, account),
    expiresAt: result.expiresAt,
    tokenStatus: "active",
    lastRefresh: now,
    refreshLockUntil: null,
    createdAt: now,
  };
  // One account per platform per project: the old rows go, the new one comes, atomically.
  await db.batch([
    db.delete(socialAccounts).where(and(eq(socialAccounts.projectId, row.projectId), eq(socialAccounts.platform, platform))),
    db.insert(socialAccounts).values(values),
  ]);
  const inserted = await db.select().from(socialAccounts).where(eq(socialAccounts.id, values.id)).get();
  return toAccountView(inserted!);
}

/** The network's legacy account columns (its adapter module names them), filled as before; none for most. */
function legacyValues(platform: SocialPlatform, account: { id: string; username: string }): Partial<typeof socialAccounts.$inferInsert> {
  const legacy = ADAPTERS[platform].legacyColumns;
  return legacy ? { [legacy.userId]: account.id, [legacy.username]: account.username || null } : {};
}
