// Worker registry of network adapters, one line per network. Chooses where each adapter points:
// the real API when its client id is configured, the local platform sandbox (test/fakes) when none
// is and PLATFORM_SANDBOX_URL is set (npm start, tests). Base URLs are configuration so
// staging/proxies need no code change (see each network's adapter.ts for its env vars).
import { instagramAdapterModule } from "./instagram/adapter.ts";
import type { PlatformId } from "./registry.ts";
import { platformLabel } from "./registry.ts";
import { envString, PlatformError, trimSlash, type AdapterModule, type PlatformAdapter, type PlatformEnv } from "./shared/adapter.ts";
import { xAdapterModule } from "./x/adapter.ts";

export const ADAPTERS = {
  twitter: xAdapterModule,
  instagram: instagramAdapterModule,
} satisfies Partial<Record<PlatformId, AdapterModule>>;

/** The networks the Worker can connect and publish to. */
export type SocialPlatform = keyof typeof ADAPTERS;

export const isSocialPlatform = (platform: string): platform is SocialPlatform => Object.hasOwn(ADAPTERS, platform);

const DEFAULT_TIMEOUT_MS = 15_000;

function context(env: PlatformEnv) {
  const v = Number(envString(env, "PLATFORM_TIMEOUT_MS"));
  const sandbox = envString(env, "PLATFORM_SANDBOX_URL");
  return { sandboxUrl: sandbox ? trimSlash(sandbox) : null, timeoutMs: Number.isFinite(v) && v > 0 ? v : DEFAULT_TIMEOUT_MS };
}

export function isPlatformConfigured(env: PlatformEnv, platform: SocialPlatform): boolean {
  return ADAPTERS[platform].hasCredentials(env) || Boolean(envString(env, "PLATFORM_SANDBOX_URL"));
}

/** True when this platform talks to the local sandbox rather than the real API. */
export function usesSandbox(env: PlatformEnv, platform: SocialPlatform): boolean {
  return !ADAPTERS[platform].hasCredentials(env) && Boolean(envString(env, "PLATFORM_SANDBOX_URL"));
}

/** The network's adapter, pointed at the real API or at the local platform sandbox. */
export function platformFor(env: PlatformEnv, platform: SocialPlatform): PlatformAdapter {
  const adapter = ADAPTERS[platform]?.create(env, context(env));
  if (adapter) return adapter;
  throw new PlatformError("rejected", `${platformLabel(platform)} is not configured on this server`);
}
