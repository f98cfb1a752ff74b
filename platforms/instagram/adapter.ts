// Instagram API with Instagram Login (professional accounts). The code gives a 1-hour token that
// is exchanged at once for a 60-day long-lived one; long-lived tokens are refreshed before they
// lapse (no refresh token exists). Publishing is two-step: a media container made from an image
// at a public URL (ours: /media/...), polled until FINISHED, then media_publish. Only
// media_publish makes a post visible, so only its timeout is "unknown_outcome".
// Configuration: INSTAGRAM_CLIENT_ID, INSTAGRAM_CLIENT_SECRET, INSTAGRAM_API_BASE
// (https://api.instagram.com), INSTAGRAM_GRAPH_BASE (https://graph.instagram.com),
// INSTAGRAM_AUTHORIZE_URL (https://www.instagram.com/oauth/authorize); without a client id the
// sandbox's /instagram routes are used when PLATFORM_SANDBOX_URL is set.
import { appOrSandbox, PlatformError, SANDBOX_POLL, type AdapterModule, type PlatformAdapter } from "../shared/adapter.ts";
import { classifyGraphResponse, graphAppFromEnv, graphClient, type GraphAppConfig, type GraphErrorRules } from "../shared/graph-api.ts";
import { bearerHeaders as bearer, readJson, str } from "../shared/http.ts";
import { INSTAGRAM_IMAGE_REQUIRED, INSTAGRAM_SANDBOX_CLIENT, instagramMeta } from "./meta.ts";

const INSTAGRAM_SCOPES = [
  "instagram_business_basic",
  "instagram_business_manage_messages",
  "instagram_business_manage_comments",
  "instagram_business_content_publish",
  "instagram_business_manage_insights",
];
// Graph API versions are shared with Facebook: the current one (decision 264).
export const INSTAGRAM_GRAPH_VERSION = "v26.0";
export { INSTAGRAM_IMAGE_REQUIRED };

/** A Graph API app whose code is redeemed on a host of its own. */
type InstagramConfig = GraphAppConfig & {
  /** e.g. https://api.instagram.com (POST /oauth/access_token) */
  apiBase: string;
};

// Named in messages as the registry names it (decision 291).
const label = instagramMeta.displayName;
const ERRORS: GraphErrorRules = {
  label,
  // Graph API error codes: 190 = invalid/expired token; 4, 17, 32, 613 = rate limits.
  rateLimitCodes: new Set([4, 17, 32, 613, 80002]),
  authCodes: new Set([190]),
  reconnect: "your Instagram account",
  // Code 9, subcode 2207042: the account's API-published posts per rolling 24 hours are used up.
  special: (error) =>
    Number(error.code) === 9 && Number(error.error_subcode) === 2207042
      ? new PlatformError("retryable", "Instagram's limit of posts in 24 hours is reached for this account. The post will be retried.", 3600_000, "daily_cap")
      : undefined,
};

export const classifyInstagramResponse = (res: Response, context: "token" | "api"): Promise<PlatformError> => classifyGraphResponse(res, context, ERRORS);

/** A caption as compared: NFC, line endings and runs of spaces collapsed, trimmed. */
function normalizeCaption(text: string): string {
  return text
    .normalize("NFC")
    .replace(/\r\n?/g, "\n")
    .replace(/[ \t]+/g, " ")
    .replace(/ *\n */g, "\n")
    .trim();
}

function instagramAdapter(config: InstagramConfig): PlatformAdapter {
  const api = graphClient(config, INSTAGRAM_GRAPH_VERSION, ERRORS, 30_000);
  const { graph, call } = api;

  return {
    platform: "instagram",

    authorizeUrl({ state, redirectUri }) {
      const url = new URL(config.authorizeUrl);
      url.searchParams.set("enable_fb_login", "0");
      url.searchParams.set("force_authentication", "1");
      url.searchParams.set("client_id", config.clientId);
      url.searchParams.set("redirect_uri", redirectUri);
      url.searchParams.set("response_type", "code");
      url.searchParams.set("scope", INSTAGRAM_SCOPES.join(","));
      url.searchParams.set("state", state);
      return url.toString();
    },

    async exchangeCode({ code, redirectUri }) {
      const body = await api.redeemCode(`${config.apiBase}/oauth/access_token`, redirectUri, code);
      // Answered either flat or as { data: [ { access_token, user_id, permissions } ] }.
      const first = Array.isArray(body.data) ? ((body.data[0] ?? {}) as Record<string, unknown>) : body;
      const shortToken = str(first.access_token);
      if (!shortToken) throw new PlatformError("retryable", "Failed to connect Instagram account");
      const tokens = await api.longLived(shortToken, "ig_exchange_token");
      const me = await call(graph(`/me?${new URLSearchParams({ fields: "user_id,username", access_token: tokens.accessToken })}`));
      if (!me.ok) throw await classifyInstagramResponse(me, "api");
      const profile = await readJson(me);
      const id = str(profile.user_id) ?? str(first.user_id) ?? str(profile.id);
      if (!id) throw new PlatformError("retryable", "Failed to connect Instagram account");
      return { ...tokens, account: { id, username: str(profile.username) ?? "" } };
    },

    refresh: ({ accessToken }) => api.refreshLongLived(accessToken, "ig_refresh_token"),

    async publish({ accessToken, accountId, text, imageUrl, altText }) {
      if (!imageUrl) throw new PlatformError("rejected", INSTAGRAM_IMAGE_REQUIRED);
      // The daily publishing quota (a rolling 24 hours) is checked before anything is created.
      const limit = await call(graph(`/${encodeURIComponent(accountId)}/content_publishing_limit?fields=quota_usage,config`), { headers: bearer(accessToken) });
      if (limit.ok) {
        const data = ((await readJson(limit)).data ?? []) as Record<string, unknown>[];
        const usage = Number(data[0]?.quota_usage);
        const total = Number(((data[0]?.config ?? {}) as Record<string, unknown>).quota_total);
        if (Number.isFinite(usage) && Number.isFinite(total) && total > 0 && usage >= total) {
          throw new PlatformError(
            "retryable",
            `Instagram's limit of ${total} posts in 24 hours is reached for this account. The post will be retried.`,
            3600_000,
            "daily_cap",
          );
        }
      } else if (limit.status === 401 || limit.status === 400) {
        throw await api.classify(limit, "api");
      }
      return api.publishViaContainer({
        accessToken,
        accountId,
        edges: { create: "media", publish: "media_publish" },
        // alt_text: the image container's accessibility text (test/contracts/meta-graph/contract.ts).
        createBody: { image_url: imageUrl, caption: text, ...(altText ? { alt_text: altText } : {}) },
        statusFields: { status: "status_code", detail: "status" },
        processing: "the image",
        publishedId: "published media id",
      });
    },

    // Media insights: GET /<media-id>/insights?metric=likes,comments,shares,reach, one media per
    // call (developers.facebook.com, "Instagram Media Insights"); the Graph API's per-user call
    // budget is why a cron run reads at most `metricsBatch` media per account.
    metricsBatch: 25,
    fetchMetrics: ({ accessToken, postIds }) =>
      api.insights(accessToken, postIds, "likes,comments,shares,reach", (values) => ({
        likes: values.get("likes") ?? 0,
        reposts: values.get("shares") ?? 0,
        replies: values.get("comments") ?? 0,
        impressions: values.get("reach") ?? 0,
      })),

    // Everything the account published since the first attempt began, newest first (decision 121).
    findRecentPost: (q) => api.findOwnPost(q, "/me/media", { text: "caption", time: "timestamp" }, normalizeCaption),
  };
}

export const instagramAdapterModule: AdapterModule = {
  ...appOrSandbox(
    "INSTAGRAM",
    (app) =>
      instagramAdapter({
        ...graphAppFromEnv(app, { graphBase: "https://graph.instagram.com", authorizeUrl: "https://www.instagram.com/oauth/authorize" }),
        apiBase: app.base("API_BASE", "https://api.instagram.com"),
      }),
    (sandbox, ctx) =>
      instagramAdapter({
        ...INSTAGRAM_SANDBOX_CLIENT,
        apiBase: `${sandbox}/instagram`,
        graphBase: `${sandbox}/instagram/graph`,
        authorizeUrl: `${sandbox}/instagram/oauth/authorize`,
        timeoutMs: ctx.timeoutMs,
        ...SANDBOX_POLL,
      }),
  ),
  sandboxKey: "instagram",
  legacyColumns: { userId: "instagramUserId", username: "instagramUsername" },
  renewal: "access-token",
  connect: { kind: "oauth2", pkce: false },
  // Long-lived tokens last 60 days: refresh a week ahead; Instagram refuses tokens younger than 24 h.
  refreshWindowMs: 7 * 86_400_000,
  minRefreshAgeMs: 86_400_000,
};
