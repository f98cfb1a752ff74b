// Chooses where each platform adapter points: the real APIs when a client id is configured, the
// local platform sandbox (test/fakes/platform-sandbox.ts) when none is and PLATFORM_SANDBOX_URL is
// set (npm start, tests). Base URLs are configuration so staging/proxies need no code change.
import type { Env } from "../../env";
import { instagramAdapter } from "./instagram";
import { PlatformError, type PlatformAdapter, type SocialPlatform } from "./types";
import { xAdapter } from "./x";

export const SANDBOX_CLIENTS = {
  twitter: { clientId: "sandbox-x-client" },
  instagram: { clientId: "sandbox-instagram-client", clientSecret: "sandbox-instagram-secret" },
} as const;

const DEFAULT_TIMEOUT_MS = 15_000;

function timeoutMs(env: Env): number {
  const v = Number(env.PLATFORM_TIMEOUT_MS);
  return Number.isFinite(v) && v > 0 ? v : DEFAULT_TIMEOUT_MS;
}

const trim = (url: string) => url.replace(/\/+$/, "");

export function isPlatformConfigured(env: Env, platform: SocialPlatform): boolean {
  const id = platform === "twitter" ? env.X_CLIENT_ID : env.INSTAGRAM_CLIENT_ID;
  return Boolean(id || env.PLATFORM_SANDBOX_URL);
}

/** True when this platform talks to the local sandbox rather than the real API. */
export function usesSandbox(env: Env, platform: SocialPlatform): boolean {
  const id = platform === "twitter" ? env.X_CLIENT_ID : env.INSTAGRAM_CLIENT_ID;
  return !id && Boolean(env.PLATFORM_SANDBOX_URL);
}

/** The real X / Instagram adapter, pointed at the real APIs or at the local platform sandbox. */
export function platformFor(env: Env, platform: SocialPlatform): PlatformAdapter {
  const sandbox = env.PLATFORM_SANDBOX_URL ? trim(env.PLATFORM_SANDBOX_URL) : null;
  const timeout = timeoutMs(env);
  if (platform === "twitter") {
    if (env.X_CLIENT_ID) {
      return xAdapter({
        clientId: env.X_CLIENT_ID,
        clientSecret: env.X_CLIENT_SECRET || undefined,
        apiBase: trim(env.X_API_BASE ?? "https://api.x.com"),
        authorizeUrl: env.X_AUTHORIZE_URL ?? "https://x.com/i/oauth2/authorize",
        timeoutMs: timeout,
      });
    }
    if (sandbox) {
      return xAdapter({
        clientId: SANDBOX_CLIENTS.twitter.clientId,
        apiBase: `${sandbox}/x`,
        authorizeUrl: `${sandbox}/x/i/oauth2/authorize`,
        timeoutMs: timeout,
      });
    }
  } else if (platform === "instagram") {
    if (env.INSTAGRAM_CLIENT_ID) {
      return instagramAdapter({
        clientId: env.INSTAGRAM_CLIENT_ID,
        clientSecret: env.INSTAGRAM_CLIENT_SECRET ?? "",
        apiBase: trim(env.INSTAGRAM_API_BASE ?? "https://api.instagram.com"),
        graphBase: trim(env.INSTAGRAM_GRAPH_BASE ?? "https://graph.instagram.com"),
        authorizeUrl: env.INSTAGRAM_AUTHORIZE_URL ?? "https://www.instagram.com/oauth/authorize",
        timeoutMs: timeout,
      });
    }
    if (sandbox) {
      return instagramAdapter({
        ...SANDBOX_CLIENTS.instagram,
        apiBase: `${sandbox}/instagram`,
        graphBase: `${sandbox}/instagram/graph`,
        authorizeUrl: `${sandbox}/instagram/oauth/authorize`,
        timeoutMs: timeout,
        pollIntervalMs: 150,
        pollTimeoutMs: 10_000,
      });
    }
  }
  const name = platform === "twitter" ? "Twitter" : platform === "instagram" ? "Instagram" : String(platform);
  throw new PlatformError("rejected", `${name} is not configured on this server`);
}
