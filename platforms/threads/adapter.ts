// Threads API (graph.threads.com), shaped like Instagram's: OAuth code -> 1-hour token ->
// 60-day long-lived token (th_exchange_token), refreshed with th_refresh_token once it is at
// least 24 hours old. Publishing is two-step: a container (media_type TEXT, or IMAGE with an
// image_url Threads fetches itself), polled until FINISHED, then threads_publish. Only
// threads_publish makes a post visible, so only its timeout is "unknown_outcome".
// See docs/decisions/140.
import { bearerHeaders as bearer, checkAppToken, form, metricsOneByOne, platformFetch, readJson, str } from "../shared/http.ts";
import { THREADS_SANDBOX_CLIENT, threadsMeta } from "./meta.ts";
import {
  envString,
  PlatformError,
  trimSlash,
  type AdapterModule,
  type PlatformAdapter,
  type PostMetrics,
  type TokenSet,
  type RecentPostQuery,
} from "../shared/adapter.ts";
import { classifyGraphResponse, findOwnGraphPost, graphToken, insightValues, publishViaContainer, type GraphErrorRules } from "../shared/graph-api.ts";

// threads_manage_insights: the media insights the analytics cron reads (decision 144).
const THREADS_SCOPES = ["threads_basic", "threads_content_publish", "threads_manage_insights"];
export const THREADS_API_VERSION = "v1.0";
// Named in messages as the registry names it (decision 291).
const label = threadsMeta.displayName;
const ERRORS: GraphErrorRules = { label, rateLimitCodes: new Set([4, 17, 32, 613, 80002]), authCodes: new Set([190]), reconnect: "your Threads account" };

type ThreadsConfig = {
  clientId: string;
  clientSecret: string;
  /** https://graph.threads.com */
  graphBase: string;
  /** https://threads.com/oauth/authorize */
  authorizeUrl: string;
  timeoutMs: number;
  pollIntervalMs?: number;
  pollTimeoutMs?: number;
};

const classifyThreadsResponse = (res: Response, context: "token" | "api"): Promise<PlatformError> => classifyGraphResponse(res, context, ERRORS);

function threadsAdapter(config: ThreadsConfig) {
  const graph = (path: string) => `${config.graphBase}/${THREADS_API_VERSION}${path}`;
  const call = (url: string, init: RequestInit = {}, publishes = false) => platformFetch(url, init, { label, timeoutMs: config.timeoutMs, publishes });
  const pollInterval = config.pollIntervalMs ?? 1000;
  const pollTimeout = config.pollTimeoutMs ?? 60_000;

  const longLived = (url: string): Promise<TokenSet> => graphToken(call, classifyThreadsResponse, url, "Invalid token refresh response");

  return {
    platform: "threads" as const,

    authorizeUrl({ state, redirectUri }: { state: string; redirectUri: string }) {
      const url = new URL(config.authorizeUrl);
      url.searchParams.set("client_id", config.clientId);
      url.searchParams.set("redirect_uri", redirectUri);
      url.searchParams.set("scope", THREADS_SCOPES.join(","));
      url.searchParams.set("response_type", "code");
      url.searchParams.set("state", state);
      return url.toString();
    },

    async exchangeCode({ code, redirectUri }: { code: string; redirectUri: string }): Promise<TokenSet & { account: { id: string; username: string } }> {
      const res = await call(`${config.graphBase}/oauth/access_token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: form({
          client_id: config.clientId,
          client_secret: config.clientSecret,
          grant_type: "authorization_code",
          redirect_uri: redirectUri,
          code: code.replace(/#_$/, ""),
        }),
      });
      if (!res.ok) throw await classifyThreadsResponse(res, "token");
      const first = await readJson(res);
      const shortToken = str(first.access_token);
      if (!shortToken) throw new PlatformError("retryable", "Failed to connect Threads account");
      const qs = new URLSearchParams({ grant_type: "th_exchange_token", client_secret: config.clientSecret, access_token: shortToken });
      const tokens = await longLived(`${config.graphBase}/access_token?${qs}`);
      const me = await call(graph(`/me?fields=id,username`), { headers: bearer(tokens.accessToken) });
      if (!me.ok) throw await classifyThreadsResponse(me, "api");
      const profile = await readJson(me);
      const id = str(profile.id) ?? str(first.user_id);
      if (!id) throw new PlatformError("retryable", "Failed to connect Threads account");
      return { ...tokens, account: { id, username: str(profile.username) ?? "" } };
    },

    async refresh({ accessToken }: { accessToken: string; refreshToken: string | null }): Promise<TokenSet> {
      const qs = new URLSearchParams({ grant_type: "th_refresh_token", access_token: accessToken });
      return longLived(`${config.graphBase}/refresh_access_token?${qs}`);
    },

    async publish({ accessToken, accountId, text, imageUrl, image, altText }: Parameters<PlatformAdapter["publish"]>[0]): Promise<{ platformPostId: string }> {
      // Threads fetches images itself: without a public address the post cannot carry its image.
      if (image && !imageUrl) throw new PlatformError("rejected", "Threads needs the image at a public address (set APP_ORIGIN)");
      return publishViaContainer({
        call,
        classify: classifyThreadsResponse,
        label,
        accessToken,
        createUrl: graph(`/${encodeURIComponent(accountId)}/threads`),
        // alt_text: images only (developers.facebook.com/docs/threads/posts/accessibility).
        createBody: imageUrl ? { media_type: "IMAGE", image_url: imageUrl, text, ...(altText ? { alt_text: altText } : {}) } : { media_type: "TEXT", text },
        statusUrl: (id) => graph(`/${encodeURIComponent(id)}?fields=status,error_message`),
        readStatus: (body) => ({ status: str(body.status), detail: str(body.error_message) }),
        publishUrl: graph(`/${encodeURIComponent(accountId)}/threads_publish`),
        pollIntervalMs: pollInterval,
        pollTimeoutMs: pollTimeout,
        processing: "the post",
        publishedId: "published post id",
      });
    },

    // Analytics (decision 144): GET /{threads-media-id}/insights?metric=views,likes,replies,reposts,quotes,
    // one media per call (Threads Insights API, needs threads_manage_insights). The app's call
    // budget is per user, so a cron run reads at most `metricsBatch` media per account. A deleted
    // media is skipped; auth and rate limits stop the run.
    metricsBatch: 25,
    fetchMetrics: ({ accessToken, postIds }: { accessToken: string; accountId: string; postIds: string[] }): Promise<Map<string, PostMetrics>> =>
      metricsOneByOne(
        postIds,
        25,
        (id) =>
          call(graph(`/${encodeURIComponent(id)}/insights?${new URLSearchParams({ metric: "views,likes,replies,reposts,quotes" })}`), {
            headers: bearer(accessToken),
          }),
        classifyThreadsResponse,
        (json) => {
          const v = insightValues(json);
          return {
            likes: v.get("likes") ?? 0,
            reposts: (v.get("reposts") ?? 0) + (v.get("quotes") ?? 0),
            replies: v.get("replies") ?? 0,
            impressions: v.get("views") ?? 0,
          };
        },
      ),

    /** Pages through the profile's threads published since `sinceMs` (time-bounded, not a fixed count). */
    async findRecentPost({ accessToken, accountId, text, sinceMs }: RecentPostQuery): Promise<string | null> {
      const want = text.trim();
      return findOwnGraphPost({
        call,
        classify: classifyThreadsResponse,
        accessToken,
        edgeUrl: (qs) => graph(`/${encodeURIComponent(accountId)}/threads?${qs}`),
        textField: "text",
        timeField: "timestamp",
        sinceMs,
        sameText: (t) => t.trim() === want,
      });
    },
  };
}

/**
 * Configuration: THREADS_CLIENT_ID, THREADS_CLIENT_SECRET, THREADS_GRAPH_BASE
 * (https://graph.threads.com; graph.threads.net answers too), THREADS_AUTHORIZE_URL
 * (https://threads.com/oauth/authorize: the hosts Meta's Threads docs name since 2025, decision 234);
 * without a client id the sandbox's /threads routes are used when PLATFORM_SANDBOX_URL is set.
 */
export const threadsAdapterModule: AdapterModule = {
  hasCredentials: (env) => Boolean(envString(env, "THREADS_CLIENT_ID")),
  create(env, ctx) {
    const clientId = envString(env, "THREADS_CLIENT_ID");
    if (clientId) {
      return threadsAdapter({
        clientId,
        clientSecret: envString(env, "THREADS_CLIENT_SECRET") ?? "",
        graphBase: trimSlash(envString(env, "THREADS_GRAPH_BASE") ?? "https://graph.threads.com"),
        authorizeUrl: envString(env, "THREADS_AUTHORIZE_URL") ?? "https://threads.com/oauth/authorize",
        timeoutMs: ctx.timeoutMs,
      });
    }
    if (!ctx.sandboxUrl) return null;
    return threadsAdapter({
      ...THREADS_SANDBOX_CLIENT,
      graphBase: `${ctx.sandboxUrl}/threads`,
      authorizeUrl: `${ctx.sandboxUrl}/threads/oauth/authorize`,
      timeoutMs: ctx.timeoutMs,
      pollIntervalMs: 150,
      pollTimeoutMs: 10_000,
    });
  },
  sandboxKey: "threads",
  // App access token: GET /oauth/access_token?grant_type=client_credentials with the Threads app id and secret.
  appCheck: {
    source: "https://developers.facebook.com/documentation/threads/get-started/app-access-tokens",
    run: (env, ctx) =>
      checkAppToken(
        `${trimSlash(envString(env, "THREADS_GRAPH_BASE") ?? "https://graph.threads.com")}/oauth/access_token?${new URLSearchParams({ client_id: envString(env, "THREADS_CLIENT_ID") ?? "", client_secret: envString(env, "THREADS_CLIENT_SECRET") ?? "", grant_type: "client_credentials" })}`,
        {},
        { label, timeoutMs: ctx.timeoutMs },
      ),
  },
  renewal: "access-token",
  connect: { kind: "oauth2", pkce: false },
  // Long-lived tokens last 60 days: refresh a week ahead; Threads refuses tokens younger than 24 h.
  refreshWindowMs: 7 * 86_400_000,
  minRefreshAgeMs: 86_400_000,
};
