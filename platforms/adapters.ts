// Worker registry of network adapters, one line per network. Chooses where each adapter points:
// the real API when its client id is configured, the local platform sandbox (test/fakes) when none
// is and PLATFORM_SANDBOX_URL is set (npm start, tests). Base URLs are configuration so
// staging/proxies need no code change (see each network's adapter.ts for its env vars).
import { blueskyAdapterModule } from "./bluesky/adapter.ts";
import { facebookAdapterModule } from "./facebook/adapter.ts";
import { instagramAdapterModule } from "./instagram/adapter.ts";
import { linkedinAdapterModule } from "./linkedin/adapter.ts";
import { mastodonAdapterModule } from "./mastodon/adapter.ts";
import type { PlatformId } from "./registry.ts";
import { networkName } from "./registry.ts";
import { envString, PlatformError, trimSlash, type AdapterModule, type PlatformAdapter, type PlatformEnv } from "./shared/adapter.ts";
import { threadsAdapterModule } from "./threads/adapter.ts";
import { xAdapterModule } from "./x/adapter.ts";

export const ADAPTERS = {
  twitter: xAdapterModule,
  instagram: instagramAdapterModule,
  facebook: facebookAdapterModule,
  linkedin: linkedinAdapterModule,
  bluesky: blueskyAdapterModule,
  mastodon: mastodonAdapterModule,
  threads: threadsAdapterModule,
} satisfies Partial<Record<PlatformId, AdapterModule>>;

/** The networks the Worker can connect and publish to. */
export type SocialPlatform = keyof typeof ADAPTERS;

export const isSocialPlatform = (platform: string): platform is SocialPlatform => Object.hasOwn(ADAPTERS, platform);

const DEFAULT_TIMEOUT_MS = 15_000;

/** Where adapters point (the sandbox or not) and their per-request timeout. */
export function adapterContext(env: PlatformEnv) {
  const v = Number(envString(env, "PLATFORM_TIMEOUT_MS"));
  const sandbox = envString(env, "PLATFORM_SANDBOX_URL");
  return { sandboxUrl: sandbox ? trimSlash(sandbox) : null, timeoutMs: Number.isFinite(v) && v > 0 ? v : DEFAULT_TIMEOUT_MS };
}

export function isPlatformConfigured(env: PlatformEnv, platform: SocialPlatform): boolean {
  return ADAPTERS[platform].hasCredentials(env) || Boolean(envString(env, "PLATFORM_SANDBOX_URL"));
}

/**
 * The network's adapter, pointed at the real API or at the local platform sandbox. `accountMeta`
 * (social_accounts.account_meta) binds it to one account where the network needs that
 * (Mastodon: the account's instance).
 */
export function platformFor(env: PlatformEnv, platform: SocialPlatform, accountMeta?: Record<string, unknown> | null): PlatformAdapter {
  const module: AdapterModule = ADAPTERS[platform];
  const ctx = adapterContext(env);
  const adapter = (accountMeta && module.forAccount?.(env, ctx, accountMeta)) || module.create(env, ctx);
  if (adapter) return adapter;
  throw new PlatformError("rejected", `${networkName(platform)} is not configured on this server`);
}
