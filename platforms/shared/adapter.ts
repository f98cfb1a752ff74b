// The Worker's interface to a social network. Everything that holds a secret (code exchange,
// refresh, publishing) runs in the Worker, never in the browser. Each network's adapter.ts exports
// one AdapterModule; platforms/adapters.ts lists them (one line per network).
import type { PlatformId } from "../registry.ts";

export type TokenSet = {
  accessToken: string;
  /** null when the platform has none (Instagram); a refresh never overwrites a stored one with empty. */
  refreshToken: string | null;
  /** Epoch ms, or null when the token does not expire. */
  expiresAt: number | null;
};

type PlatformAccount = { id: string; username: string };

/**
 * Typed publishing errors decide what the pipeline does:
 * - retryable: 5xx, 429 (retryAfterMs from the platform's reset headers), network -> retry with backoff, then failed
 * - auth: token revoked/invalid -> failed, account marked reconnect_needed
 * - rejected: bad content, too long -> failed at once
 * - unknown_outcome: timed out after sending -> reconcile before trying again
 */
export class PlatformError extends Error {
  readonly kind: "retryable" | "auth" | "rejected" | "unknown_outcome";
  readonly retryAfterMs?: number;
  /**
   * Why, where the platform says it in a machine-readable way: "duplicate" (the platform already
   * has this text: the publisher looks for our own earlier attempt before calling it failed),
   * "not_permitted", "suspended", "daily_cap"; "unverifiable": the granted scopes cannot read the
   * account's posts, so whether a post got through cannot be checked (the user is asked to look).
   */
  readonly reason?: "duplicate" | "not_permitted" | "suspended" | "daily_cap" | "unverifiable";
  constructor(kind: PlatformError["kind"], message: string, retryAfterMs?: number, reason?: PlatformError["reason"]) {
    super(message);
    this.kind = kind;
    this.retryAfterMs = retryAfterMs;
    this.reason = reason;
  }
}

export type PublishInput = {
  accessToken: string;
  accountId: string;
  text: string;
  imageUrl?: string;
  /** The image's bytes when the caller already has them (from R2); otherwise imageUrl is fetched. */
  image?: { data: ArrayBuffer | Uint8Array; contentType: string };
  /** What the image shows, for people who cannot see it; sent where the network carries it (`rules.images.altText`). */
  altText?: string;
  /**
   * The same for every attempt of one post (derived from its id). A network that offers an
   * idempotency key sends it (Mastodon: the Idempotency-Key header; Bluesky derives its record key from it), so a repeat attempt after a
   * lost reply returns the first post instead of a second one. X and Instagram document none.
   */
  idempotencyKey?: string;
};

/** What findRecentPost looks for: the account's own post with this text, created since `sinceMs`. */
export type RecentPostQuery = { accessToken: string; accountId: string; text: string; sinceMs: number };

export interface PlatformAdapter {
  readonly platform: PlatformId;
  authorizeUrl(input: { state: string; redirectUri: string; codeChallenge?: string }): string;
  exchangeCode(input: { code: string; redirectUri: string; codeVerifier?: string }): Promise<TokenSet & { account: PlatformAccount }>;
  refresh(input: { accessToken: string; refreshToken: string | null }): Promise<TokenSet>;
  /** false when the granted scopes cannot read the account's own posts (LinkedIn without r_member_social). */
  readonly confirmsPosts?: boolean;
  /** Where the user can look for a post we could not confirm (their recent activity on the network). */
  readonly checkUrl?: string;
  /** Publishes text with an optional image; returns the platform's post id. */
  publish(input: PublishInput): Promise<{ platformPostId: string }>;
  /**
   * Reconciliation: the id of a post of this account with this text published since sinceMs, if
   * it exists. Where the granted scopes cannot read the account's posts (`confirmsPosts: false`)
   * it throws PlatformError("unknown_outcome", ..., "unverifiable") instead of guessing.
   */
  findRecentPost(input: RecentPostQuery): Promise<string | null>;
  /**
   * Optional capability (decision 153): the current cumulative metrics of published
   * posts of this account, by platform post id; posts the network no longer returns are left
   * out. At most `metricsBatch` ids per call. Networks without it are skipped by the metrics cron.
   */
  fetchMetrics?(input: { accessToken: string; accountId: string; postIds: string[] }): Promise<Map<string, PostMetrics>>;
  /** How many post ids one fetchMetrics call may take (the network's own limit or rate budget). */
  readonly metricsBatch?: number;
}

/** Cumulative engagement of one post; a network without a figure reports 0 for it. */
export type PostMetrics = { likes: number; reposts: number; replies: number; impressions: number };

const count = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? Math.floor(v) : 0);
export { count as metricCount };

/** The Worker's env as adapters read it: string vars and secrets by name (see envString). */
export type PlatformEnv = object;

/** Shared settings every adapter gets from platforms/adapters.ts. */
type AdapterContext = {
  /** Base URL of the local platform sandbox (test/fakes), or null when none is configured. */
  sandboxUrl: string | null;
  /** Per-request timeout in ms. */
  timeoutMs: number;
};

export type AdapterModule = {
  /** True when the real API's credentials are configured (then the sandbox is never used). */
  hasCredentials(env: PlatformEnv): boolean;
  /** The adapter pointed at the real API (credentials set) or at ctx.sandboxUrl; null when neither. */
  create(env: PlatformEnv, ctx: AdapterContext): PlatformAdapter | null;
  /**
   * The adapter bound to one account, for networks where that matters (Mastodon: every account
   * lives on its own instance); `meta` is the account's social_accounts.account_meta.
   */
  forAccount?(env: PlatformEnv, ctx: AdapterContext, meta: Record<string, unknown>): PlatformAdapter | null;
  /**
   * The network's own account columns from before platform_user_id existed (the first two
   * networks): still written for old readers and read when platform_user_id is empty.
   */
  legacyColumns?: { userId: "twitterUserId" | "instagramUserId"; username: "twitterUsername" | "instagramUsername" };
  /** The path under PLATFORM_SANDBOX_URL where the local sandbox serves this network (`x` for X). */
  sandboxKey: string;
  /** How a user connects an account of this network: data the generic connect service reads (decision 233). */
  connect: ConnectCapability;
  /**
   * How a token is renewed before it expires: "refresh-token" (only with a stored refresh token;
   * without one the user is reminded to reconnect, never "refreshed"), "access-token" (the
   * token renews itself: Instagram, Threads), "none" (tokens do not expire: reconnect if revoked).
   */
  renewal: "refresh-token" | "access-token" | "none";
  /**
   * The network's own check of the app's credentials without a user (its app-token endpoint),
   * for `npm run doctor` (decision 234). Only networks that publish one have it.
   */
  appCheck?: { source: string; run(env: PlatformEnv, ctx: AdapterContext): Promise<AppCheckResult> };
  /** Refresh a token this long before it expires. */
  refreshWindowMs: number;
  /** The platform refuses to refresh a token younger than this (Instagram: 24 hours). */
  minRefreshAgeMs?: number;
};

/** What a network said about the app's credentials: accepted (ok) or not, in its words. */
type AppCheckResult = { ok: boolean; detail: string };

/** What a finished connect stores: the tokens, the account, its name on screen and what the adapter needs later. */
export type ConnectedAccount = { tokens: TokenSet; account: PlatformAccount; name?: string; meta: Record<string, unknown> };

/** An app registered on one server of a network made of many (a Mastodon instance). */
type InstanceApp = { instanceUrl: string; clientId: string; clientSecret: string };

/**
 * How an account is connected (decision 233). worker/services/social/connect.ts runs each kind the
 * same way for every network; what differs per network is here, in its own folder.
 * - "oauth2": a redirect to the network's consent page and back with a code (`pkce`: S256 on the
 *   pair). `choose`: the code gives several accounts and the user picks one (Facebook's Pages).
 * - "app-password": the user types a handle and an app password; no redirect (Bluesky).
 * - "instance": the user names their server; the app registers itself there once per server and
 *   redirect URI, then OAuth 2 with PKCE on that server (Mastodon).
 */
export type ConnectCapability =
  | {
      kind: "oauth2";
      pkce: boolean;
      choose?: {
        /** Exchanges the code for the accounts the user may pick (each with what saving it needs). */
        options(adapter: PlatformAdapter, input: { code: string; redirectUri: string }): Promise<{ id: string; name: string; account: ConnectedAccount }[]>;
        /** Said when the code gives no account to pick. */
        noneMessage: string;
        /** Said when the pick is not one of the options. */
        pickMessage: string;
      };
    }
  | {
      kind: "app-password";
      /** Signs in once (the password is not kept) and returns the session's tokens. */
      signIn(env: PlatformEnv, ctx: AdapterContext, input: { identifier: string; password: string }): Promise<ConnectedAccount>;
      /** Said when an OAuth start or callback is asked of this network. */
      notOAuthMessage: string;
    }
  | {
      kind: "instance";
      /** The user's server as an origin ("https://host"), or null when it is not one. */
      normalise(raw: string): string | null;
      /** Said when the server cannot be used (empty, not a host, a private address). */
      invalidMessage: string;
      /** Registers the app on the server (once per server and redirect URI). */
      registerApp(
        env: PlatformEnv,
        ctx: AdapterContext,
        input: { instanceUrl: string; clientName: string; redirectUri: string; website?: string },
      ): Promise<{ clientId: string; clientSecret: string }>;
      /** The adapter for one registered app on its server (authorize URL, code exchange). */
      adapterFor(env: PlatformEnv, ctx: AdapterContext, app: InstanceApp): PlatformAdapter;
      /** What the account stores beyond the tokens once connected (the server's own limits). */
      accountMeta(env: PlatformEnv, ctx: AdapterContext, app: InstanceApp): Promise<Record<string, unknown>>;
    };

/** A string env var, or undefined when unset or empty. */
export function envString(env: PlatformEnv, name: string): string | undefined {
  const v = (env as Record<string, unknown>)[name];
  return typeof v === "string" && v ? v : undefined;
}

export const trimSlash = (url: string) => url.replace(/\/+$/, "");

/**
 * An OAuth 2.0 consent page's URL in RFC 6749's order (response_type, client_id, redirect_uri,
 * scope, state) and, with a PKCE challenge, code_challenge and code_challenge_method=S256.
 */
export function pkceConsentUrl(base: string, o: { clientId: string; redirectUri: string; scope: string; state: string; codeChallenge?: string }): string {
  const url = new URL(base);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", o.clientId);
  url.searchParams.set("redirect_uri", o.redirectUri);
  url.searchParams.set("scope", o.scope);
  url.searchParams.set("state", o.state);
  if (o.codeChallenge) {
    url.searchParams.set("code_challenge", o.codeChallenge);
    url.searchParams.set("code_challenge_method", "S256");
  }
  return url.toString();
}

/** What an OAuth adapter is built with besides its URLs: its app's client and how long it waits. */
export type ClientConfig = {
  clientId: string;
  clientSecret: string;
  /** Per-request timeout in ms. */
  timeoutMs: number;
  /** Media or container status polling: interval and overall bound (the network's defaults when unset). */
  pollIntervalMs?: number;
  pollTimeoutMs?: number;
};

/** The sandbox answers container and media status fast: adapters pointed at it poll briefly. */
export const SANDBOX_POLL = { pollIntervalMs: 150, pollTimeoutMs: 10_000 };

/** A network app's settings in the env, each `<PREFIX>_<NAME>` (X_CLIENT_ID, X_API_BASE). */
export type AppEnv = {
  clientId: string;
  /** `<PREFIX>_CLIENT_SECRET`, undefined when unset (a public client has none). */
  clientSecret: string | undefined;
  /** A base URL: `<PREFIX>_<name>` without trailing slashes, else the documented default. */
  base(name: string, fallback: string): string;
  /** A full URL (a consent page): `<PREFIX>_<name>` as set, else the documented default. */
  url(name: string, fallback: string): string;
  /** Any other `<PREFIX>_<name>`, undefined when unset or empty. */
  get(name: string): string | undefined;
  timeoutMs: number;
};

/**
 * hasCredentials and create for a network whose app is set by `<PREFIX>_CLIENT_ID`: with it, the
 * real API (`real`); without it, the local sandbox under PLATFORM_SANDBOX_URL (`sandbox`, handed
 * that URL); with neither, no adapter.
 */
export function appOrSandbox(
  prefix: string,
  real: (app: AppEnv) => PlatformAdapter,
  sandbox: (sandboxUrl: string, ctx: AdapterContext, env: PlatformEnv) => PlatformAdapter,
): Pick<AdapterModule, "hasCredentials" | "create"> {
  return {
    hasCredentials: (env) => Boolean(envString(env, `${prefix}_CLIENT_ID`)),
    create(env, ctx) {
      const get = (name: string) => envString(env, `${prefix}_${name}`);
      const clientId = get("CLIENT_ID");
      if (clientId) {
        return real({
          clientId,
          clientSecret: get("CLIENT_SECRET"),
          base: (name, fallback) => trimSlash(get(name) ?? fallback),
          url: (name, fallback) => get(name) ?? fallback,
          get,
          timeoutMs: ctx.timeoutMs,
        });
      }
      return ctx.sandboxUrl ? sandbox(ctx.sandboxUrl, ctx, env) : null;
    },
  };
}
