// Threads API (graph.threads.com), shaped like Instagram's: OAuth code -> 1-hour token ->
// 60-day long-lived token (th_exchange_token), refreshed with th_refresh_token once it is at
// least 24 hours old. Publishing is two-step: a container (media_type TEXT, or IMAGE with an
// image_url Threads fetches itself), polled until FINISHED, then threads_publish. Only
// threads_publish makes a post visible, so only its timeout is "unknown_outcome".
// See docs/decisions/140.
import { appOrSandbox, PlatformError, SANDBOX_POLL, type AdapterModule, type PlatformAdapter } from "../shared/adapter.ts";
import { graphAppCheck, graphAppFromEnv, graphClient, type GraphAppConfig, type GraphErrorRules } from "../shared/graph-api.ts";
import { bearerHeaders as bearer, readJson, str } from "../shared/http.ts";
import { THREADS_SANDBOX_CLIENT, threadsMeta } from "./meta.ts";

// threads_manage_insights: the media insights the analytics cron reads (decision 144).
const THREADS_SCOPES = ["threads_basic", "threads_content_publish", "threads_manage_insights"];
export const THREADS_API_VERSION = "v1.0";
// Named in messages as the registry names it (decision 291).
const label = threadsMeta.displayName;
const ERRORS: GraphErrorRules = { label, rateLimitCodes: new Set([4, 17, 32, 613, 80002]), authCodes: new Set([190]), reconnect: "your Threads account" };

function threadsAdapter(config: GraphAppConfig): PlatformAdapter {
  const api = graphClient(config, THREADS_API_VERSION, ERRORS, 60_000);
  const { graph, call, classify } = api;

  return {
    platform: "threads",

    authorizeUrl({ state, redirectUri }) {
      const url = new URL(config.authorizeUrl);
      url.searchParams.set("client_id", config.clientId);
      url.searchParams.set("redirect_uri", redirectUri);
      url.searchParams.set("scope", THREADS_SCOPES.join(","));
      url.searchParams.set("response_type", "code");
      url.searchParams.set("state", state);
      return url.toString();
    },

    async exchangeCode({ code, redirectUri }) {
      const first = await api.redeemCode(`${config.graphBase}/oauth/access_token`, redirectUri, code);
      const shortToken = str(first.access_token);
      if (!shortToken) throw new PlatformError("retryable", "Failed to connect Threads account");
      const tokens = await api.longLived(shortToken, "th_exchange_token");
      const me = await call(graph(`/me?fields=id,username`), { headers: bearer(tokens.accessToken) });
      if (!me.ok) throw await classify(me, "api");
      const profile = await readJson(me);
      const id = str(profile.id) ?? str(first.user_id);
      if (!id) throw new PlatformError("retryable", "Failed to connect Threads account");
      return { ...tokens, account: { id, username: str(profile.username) ?? "" } };
    },

    refresh: ({ accessToken }) => api.refreshLongLived(accessToken, "th_refresh_token"),

    async publish({ accessToken, accountId, text, imageUrl, image, altText }) {
      // Threads fetches images itself: without a public address the post cannot carry its image.
      if (image && !imageUrl) throw new PlatformError("rejected", "Threads needs the image at a public address (set APP_ORIGIN)");
      return api.publishViaContainer({
        accessToken,
        accountId,
        edges: { create: "threads", publish: "threads_publish" },
        // alt_text: images only (developers.facebook.com/docs/threads/posts/accessibility).
        createBody: imageUrl ? { media_type: "IMAGE", image_url: imageUrl, text, ...(altText ? { alt_text: altText } : {}) } : { media_type: "TEXT", text },
        statusFields: { status: "status", detail: "error_message" },
        processing: "the post",
        publishedId: "published post id",
      });
    },

    // Analytics (decision 144): GET /{threads-media-id}/insights?metric=views,likes,replies,reposts,quotes,
    // one media per call (Threads Insights API, needs threads_manage_insights). The app's call
    // budget is per user, so a cron run reads at most `metricsBatch` media per account. A deleted
    // media is skipped; auth and rate limits stop the run.
    metricsBatch: 25,
    fetchMetrics: ({ accessToken, postIds }) =>
      api.insights(accessToken, postIds, "views,likes,replies,reposts,quotes", (v) => ({
        likes: v.get("likes") ?? 0,
        reposts: (v.get("reposts") ?? 0) + (v.get("quotes") ?? 0),
        replies: v.get("replies") ?? 0,
        impressions: v.get("views") ?? 0,
      })),

    /** Pages through the profile's threads published since `sinceMs` (time-bounded, not a fixed count). */
    findRecentPost: (q) => api.findOwnPost(q, `/${encodeURIComponent(q.accountId)}/threads`, { text: "text", time: "timestamp" }, (t) => t.trim()),
  };
}

/**
 * Configuration: THREADS_CLIENT_ID, THREADS_CLIENT_SECRET, THREADS_GRAPH_BASE
 * (https://graph.threads.com; graph.threads.net answers too), THREADS_AUTHORIZE_URL
 * (https://threads.com/oauth/authorize: the hosts Meta's Threads docs name since 2025, decision 234);
 * without a client id the sandbox's /threads routes are used when PLATFORM_SANDBOX_URL is set.
 */
export const threadsAdapterModule: AdapterModule = {
  ...appOrSandbox(
    "THREADS",
    (app) => threadsAdapter(graphAppFromEnv(app, { graphBase: "https://graph.threads.com", authorizeUrl: "https://threads.com/oauth/authorize" })),
    (sandbox, ctx) =>
      threadsAdapter({
        ...THREADS_SANDBOX_CLIENT,
        graphBase: `${sandbox}/threads`,
        authorizeUrl: `${sandbox}/threads/oauth/authorize`,
        timeoutMs: ctx.timeoutMs,
        ...SANDBOX_POLL,
      }),
  ),
  sandboxKey: "threads",
  // App access token: GET /oauth/access_token?grant_type=client_credentials with the Threads app id and secret.
  appCheck: graphAppCheck({
    source: "https://developers.facebook.com/documentation/threads/get-started/app-access-tokens",
    prefix: "THREADS",
    label,
    graphBase: "https://graph.threads.com",
    versionPath: "",
  }),
  renewal: "access-token",
  connect: { kind: "oauth2", pkce: false },
  // Long-lived tokens last 60 days: refresh a week ahead; Threads refuses tokens younger than 24 h.
  refreshWindowMs: 7 * 86_400_000,
  minRefreshAgeMs: 86_400_000,
};
