// Instagram API with Instagram Login (professional accounts). The code gives a 1-hour token that
// is exchanged at once for a 60-day long-lived one; long-lived tokens are refreshed before they
// lapse (no refresh token exists). Publishing is two-step: a media container made from an image
// at a public URL (ours: /media/...), polled until FINISHED, then media_publish. Only
// media_publish makes a post visible, so only its timeout is "unknown_outcome".
// Configuration: INSTAGRAM_CLIENT_ID, INSTAGRAM_CLIENT_SECRET, INSTAGRAM_API_BASE
// (https://api.instagram.com), INSTAGRAM_GRAPH_BASE (https://graph.instagram.com),
// INSTAGRAM_AUTHORIZE_URL (https://www.instagram.com/oauth/authorize); without a client id the
// sandbox's /instagram routes are used when PLATFORM_SANDBOX_URL is set.
import { envString, PlatformError, trimSlash, type AdapterModule, type PlatformAdapter, type TokenSet } from "../shared/adapter.ts";
import { form, platformFetch, readJson, sleep, str } from "../shared/http.ts";
import { INSTAGRAM_IMAGE_REQUIRED, INSTAGRAM_SANDBOX_CLIENT } from "./meta.ts";

export const INSTAGRAM_SCOPES = [
  "instagram_business_basic",
  "instagram_business_manage_messages",
  "instagram_business_manage_comments",
  "instagram_business_content_publish",
  "instagram_business_manage_insights",
];
export const INSTAGRAM_GRAPH_VERSION = "v22.0";
export { INSTAGRAM_IMAGE_REQUIRED };

export type InstagramConfig = {
  clientId: string;
  clientSecret: string;
  /** e.g. https://api.instagram.com (POST /oauth/access_token) */
  apiBase: string;
  /** e.g. https://graph.instagram.com */
  graphBase: string;
  /** e.g. https://www.instagram.com/oauth/authorize */
  authorizeUrl: string;
  timeoutMs: number;
  /** Container status polling: interval and overall bound. */
  pollIntervalMs?: number;
  pollTimeoutMs?: number;
};

const label = "Instagram" as const;
// Graph API error codes: 190 = invalid/expired token; 4, 17, 32, 613 = rate limits.
const RATE_LIMIT_CODES = new Set([4, 17, 32, 613, 80002]);

export async function classifyInstagramResponse(res: Response, context: "token" | "api"): Promise<PlatformError> {
  const body = await readJson(res);
  const error = (body.error ?? {}) as Record<string, unknown>;
  const code = Number(error.code);
  const detail =
    str(error.error_user_msg) ?? str(error.message) ?? str(body.error_message) ?? str(body.error_description) ?? str(body.raw) ?? "unknown error";
  if (code === 9 && Number(error.error_subcode) === 2207042) {
    return new PlatformError("retryable", "Instagram's limit of posts in 24 hours is reached for this account. The post will be retried.", 3600_000, "daily_cap");
  }
  if (res.status === 429 || RATE_LIMIT_CODES.has(code)) {
    const ra = Number(res.headers.get("retry-after"));
    return new PlatformError("retryable", "Instagram rate limit reached. The post will be retried.", Number.isFinite(ra) && ra > 0 ? ra * 1000 : undefined);
  }
  if (res.status >= 500 || error.is_transient === true) {
    return new PlatformError("retryable", `Instagram is unavailable (HTTP ${res.status}). Please try again.`);
  }
  if (context === "token" && (res.status === 400 || res.status === 401)) return new PlatformError("auth", detail);
  if (code === 190 || res.status === 401) {
    return new PlatformError("auth", `Instagram access was revoked or expired. Please reconnect your Instagram account. (${detail})`);
  }
  return new PlatformError("rejected", `Instagram rejected the post: ${detail}`);
}

/** Reconciliation pages through the account's media at most this deep (100 a page). */
const MAX_MEDIA_PAGES = 50;

/** A caption as compared: NFC, line endings and runs of spaces collapsed, trimmed. */
export function normalizeCaption(text: string): string {
  return text.normalize("NFC").replace(/\r\n?/g, "\n").replace(/[ \t]+/g, " ").replace(/ *\n */g, "\n").trim();
}

export function instagramAdapter(config: InstagramConfig): PlatformAdapter {
  const graph = (path: string) => `${config.graphBase}/${INSTAGRAM_GRAPH_VERSION}${path}`;
  const call = (url: string, init: RequestInit = {}, publishes = false) =>
    platformFetch(url, init, { label, timeoutMs: config.timeoutMs, publishes });
  const pollInterval = config.pollIntervalMs ?? 1000;
  const pollTimeout = config.pollTimeoutMs ?? 30_000;

  async function longLived(url: string): Promise<TokenSet> {
    const res = await call(url);
    if (!res.ok) throw await classifyInstagramResponse(res, "token");
    const body = await readJson(res);
    const accessToken = str(body.access_token);
    if (!accessToken) throw new PlatformError("retryable", "Invalid token refresh response");
    const expiresIn = Number(body.expires_in);
    return { accessToken, refreshToken: null, expiresAt: Number.isFinite(expiresIn) && expiresIn > 0 ? Date.now() + expiresIn * 1000 : null };
  }

  const bearer = (token: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, ...extra });

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
      // Instagram appends "#_" to the redirect; a pasted code may still carry it.
      const cleanCode = code.replace(/#_$/, "");
      const res = await call(`${config.apiBase}/oauth/access_token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: form({
          client_id: config.clientId,
          client_secret: config.clientSecret,
          grant_type: "authorization_code",
          redirect_uri: redirectUri,
          code: cleanCode,
        }),
      });
      if (!res.ok) throw await classifyInstagramResponse(res, "token");
      const body = await readJson(res);
      // Answered either flat or as { data: [ { access_token, user_id, permissions } ] }.
      const first = Array.isArray(body.data) ? ((body.data[0] ?? {}) as Record<string, unknown>) : body;
      const shortToken = str(first.access_token);
      if (!shortToken) throw new PlatformError("retryable", "Failed to connect Instagram account");
      const qs = new URLSearchParams({ grant_type: "ig_exchange_token", client_secret: config.clientSecret, access_token: shortToken });
      const tokens = await longLived(`${config.graphBase}/access_token?${qs}`);
      const me = await call(graph(`/me?${new URLSearchParams({ fields: "user_id,username", access_token: tokens.accessToken })}`));
      if (!me.ok) throw await classifyInstagramResponse(me, "api");
      const profile = await readJson(me);
      const id = str(profile.user_id) ?? str(first.user_id) ?? str(profile.id);
      if (!id) throw new PlatformError("retryable", "Failed to connect Instagram account");
      return { ...tokens, account: { id, username: str(profile.username) ?? "" } };
    },

    async refresh({ accessToken }) {
      const qs = new URLSearchParams({ grant_type: "ig_refresh_token", access_token: accessToken });
      return longLived(`${config.graphBase}/refresh_access_token?${qs}`);
    },

    async publish({ accessToken, accountId, text, imageUrl }) {
      if (!imageUrl) throw new PlatformError("rejected", INSTAGRAM_IMAGE_REQUIRED);
      // The daily publishing quota (a rolling 24 hours) is checked before anything is created.
      const limit = await call(graph(`/${encodeURIComponent(accountId)}/content_publishing_limit?fields=quota_usage,config`), { headers: bearer(accessToken) });
      if (limit.ok) {
        const data = ((await readJson(limit)).data ?? []) as Record<string, unknown>[];
        const usage = Number(data[0]?.quota_usage);
        const total = Number(((data[0]?.config ?? {}) as Record<string, unknown>).quota_total);
        if (Number.isFinite(usage) && Number.isFinite(total) && total > 0 && usage >= total) {
          throw new PlatformError("retryable", `Instagram's limit of ${total} posts in 24 hours is reached for this account. The post will be retried.`, 3600_000, "daily_cap");
        }
      } else if (limit.status === 401 || limit.status === 400) {
        throw await classifyInstagramResponse(limit, "api");
      }
      const created = await call(graph(`/${encodeURIComponent(accountId)}/media`), {
        method: "POST",
        headers: bearer(accessToken, { "content-type": "application/x-www-form-urlencoded" }),
        body: form({ image_url: imageUrl, caption: text }),
      });
      if (!created.ok) throw await classifyInstagramResponse(created, "api");
      const containerId = str((await readJson(created)).id);
      if (!containerId) throw new PlatformError("retryable", "Instagram did not create the media container");

      const deadline = Date.now() + pollTimeout;
      for (;;) {
        const res = await call(graph(`/${encodeURIComponent(containerId)}?fields=status_code,status`), { headers: bearer(accessToken) });
        if (!res.ok) throw await classifyInstagramResponse(res, "api");
        const body = await readJson(res);
        const status = str(body.status_code);
        if (status === "FINISHED") break;
        if (status === "ERROR" || status === "EXPIRED") {
          throw new PlatformError("rejected", `Instagram could not process the image: ${str(body.status) ?? status}`);
        }
        if (status === "PUBLISHED") break;
        if (Date.now() >= deadline) throw new PlatformError("retryable", "Instagram is still processing the image. Please try again.");
        await sleep(pollInterval);
      }

      const published = await call(
        graph(`/${encodeURIComponent(accountId)}/media_publish`),
        { method: "POST", headers: bearer(accessToken, { "content-type": "application/x-www-form-urlencoded" }), body: form({ creation_id: containerId }) },
        true,
      );
      if (!published.ok) throw await classifyInstagramResponse(published, "api");
      const id = str((await readJson(published)).id);
      if (!id) throw new PlatformError("unknown_outcome", "Instagram did not return the published media id");
      return { platformPostId: id };
    },

    async findRecentPost({ accessToken, text, sinceMs }) {
      // Everything the account published since the first attempt began, newest first, page by
      // page with the `after` cursor until a post older than that shows up (decision 121).
      const want = normalizeCaption(text);
      const since = sinceMs - 60_000;
      let after: string | undefined;
      for (let page = 0; page < MAX_MEDIA_PAGES; page++) {
        const qs = new URLSearchParams({ fields: "id,caption,timestamp", limit: "100", since: String(Math.floor(since / 1000)) });
        if (after) qs.set("after", after);
        const res = await call(graph(`/me/media?${qs}`), { headers: bearer(accessToken) });
        if (!res.ok) throw await classifyInstagramResponse(res, "api");
        const json = await readJson(res);
        const items = Array.isArray(json.data) ? (json.data as Record<string, unknown>[]) : [];
        let older = false;
        for (const m of items) {
          const ts = Date.parse(str(m.timestamp) ?? "");
          if (!Number.isNaN(ts) && ts < since) {
            older = true;
            continue;
          }
          if (normalizeCaption(str(m.caption) ?? "") === want) return str(m.id) ?? null;
        }
        const paging = (json.paging ?? {}) as Record<string, unknown>;
        after = str(((paging.cursors ?? {}) as Record<string, unknown>).after);
        if (older || !after || !paging.next || items.length === 0) return null;
      }
      return null;
    },
  };
}

export const instagramAdapterModule: AdapterModule = {
  hasCredentials: (env) => Boolean(envString(env, "INSTAGRAM_CLIENT_ID")),
  create(env, ctx) {
    const clientId = envString(env, "INSTAGRAM_CLIENT_ID");
    if (clientId) {
      return instagramAdapter({
        clientId,
        clientSecret: envString(env, "INSTAGRAM_CLIENT_SECRET") ?? "",
        apiBase: trimSlash(envString(env, "INSTAGRAM_API_BASE") ?? "https://api.instagram.com"),
        graphBase: trimSlash(envString(env, "INSTAGRAM_GRAPH_BASE") ?? "https://graph.instagram.com"),
        authorizeUrl: envString(env, "INSTAGRAM_AUTHORIZE_URL") ?? "https://www.instagram.com/oauth/authorize",
        timeoutMs: ctx.timeoutMs,
      });
    }
    if (!ctx.sandboxUrl) return null;
    return instagramAdapter({
      ...INSTAGRAM_SANDBOX_CLIENT,
      apiBase: `${ctx.sandboxUrl}/instagram`,
      graphBase: `${ctx.sandboxUrl}/instagram/graph`,
      authorizeUrl: `${ctx.sandboxUrl}/instagram/oauth/authorize`,
      timeoutMs: ctx.timeoutMs,
      pollIntervalMs: 150,
      pollTimeoutMs: 10_000,
    });
  },
  pkce: false,
  // Long-lived tokens last 60 days: refresh a week ahead; Instagram refuses tokens younger than 24 h.
  refreshWindowMs: 7 * 86_400_000,
  minRefreshAgeMs: 86_400_000,
};
