// X (Twitter) API v2 with OAuth 2.0 authorization code + PKCE. Access tokens live 2 hours and the
// refresh token is single-use (every refresh returns a new one), which is why the credentials
// service allows one refresh per account at a time. Errors are classified for the publisher:
// 401/invalid_grant -> auth, 429 -> retryable with the rate-limit reset, 5xx/network ->
// retryable, other 4xx (duplicate, too long) -> rejected, timeout after POST /2/tweets -> unknown.
// Configuration: X_CLIENT_ID (+ X_CLIENT_SECRET for a confidential client), X_API_BASE
// (https://api.x.com), X_AUTHORIZE_URL (https://x.com/i/oauth2/authorize); without X_CLIENT_ID the
// sandbox's /x routes are used when PLATFORM_SANDBOX_URL is set.
import { envString, PlatformError, trimSlash, type AdapterModule, type PlatformAdapter, type TokenSet } from "../shared/adapter.ts";
import { form, platformFetch, readJson, retryAfterMs, str } from "../shared/http.ts";
import { X_SANDBOX_CLIENT } from "./meta.ts";

export const X_SCOPES = ["tweet.read", "tweet.write", "users.read", "media.write", "offline.access"];

export type XConfig = {
  clientId: string;
  clientSecret?: string;
  /** e.g. https://api.x.com */
  apiBase: string;
  /** e.g. https://x.com/i/oauth2/authorize */
  authorizeUrl: string;
  timeoutMs: number;
};

const label = "Twitter" as const;

function problemText(body: Record<string, unknown>): string {
  const errors = Array.isArray(body.errors) ? (body.errors as Record<string, unknown>[]) : [];
  return (
    str(body.error_description) ??
    str(body.detail) ??
    str(errors[0]?.message) ??
    str(body.title) ??
    str(body.error) ??
    str(body.raw) ??
    "unknown error"
  );
}

/** Maps a non-OK X response to a typed error. */
export async function classifyXResponse(res: Response, context: "token" | "api"): Promise<PlatformError> {
  const body = await readJson(res);
  const detail = problemText(body);
  if (res.status === 429) {
    return new PlatformError("retryable", "Twitter rate limit reached. The post will be retried.", retryAfterMs(res.headers));
  }
  if (res.status >= 500) return new PlatformError("retryable", `Twitter is unavailable (HTTP ${res.status}). Please try again.`);
  // Token endpoint refusals keep X's own words: callers add the context ("Failed to exchange code: ...").
  if (context === "token" && (res.status === 400 || res.status === 401)) return new PlatformError("auth", detail);
  if (res.status === 401 || body.error === "invalid_grant") {
    return new PlatformError("auth", `Twitter access was revoked or expired. Please reconnect your Twitter account. (${detail})`);
  }
  if (res.status === 403 && /not permitted|suspended|forbidden to perform/i.test(detail) && !/duplicate/i.test(detail)) {
    return new PlatformError("auth", `Twitter refused access: ${detail}. Please reconnect your Twitter account.`);
  }
  return new PlatformError("rejected", `Twitter rejected the post: ${detail}`);
}

export function xAdapter(config: XConfig): PlatformAdapter {
  const call = (path: string, init: RequestInit, publishes = false) =>
    platformFetch(`${config.apiBase}${path}`, init, { label, timeoutMs: config.timeoutMs, publishes });

  const tokenRequest = async (params: Record<string, string | undefined>): Promise<TokenSet> => {
    const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
    // Confidential clients authenticate with Basic auth; public clients send client_id in the body.
    if (config.clientSecret) headers.authorization = `Basic ${btoa(`${config.clientId}:${config.clientSecret}`)}`;
    const res = await call("/2/oauth2/token", { method: "POST", headers, body: form({ ...params, client_id: config.clientId }) });
    if (!res.ok) throw await classifyXResponse(res, "token");
    const body = await readJson(res);
    const accessToken = str(body.access_token);
    if (!accessToken) throw new PlatformError("retryable", "Invalid token refresh response");
    const expiresIn = Number(body.expires_in);
    return {
      accessToken,
      refreshToken: str(body.refresh_token) ?? null,
      expiresAt: Number.isFinite(expiresIn) && expiresIn > 0 ? Date.now() + expiresIn * 1000 : null,
    };
  };

  const authed = (accessToken: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${accessToken}`, ...extra });

  async function loadImage(input: { imageUrl?: string; image?: { data: ArrayBuffer | Uint8Array; contentType: string } }) {
    if (input.image) return { blob: new Blob([input.image.data instanceof Uint8Array ? input.image.data.slice() : input.image.data], { type: input.image.contentType }), type: input.image.contentType };
    let res: Response;
    try {
      res = await fetch(input.imageUrl!, { signal: AbortSignal.timeout(config.timeoutMs) });
    } catch {
      throw new PlatformError("retryable", "Failed to upload media: the image could not be loaded");
    }
    if (res.status === 404 || res.status === 410) throw new PlatformError("rejected", "Failed to upload media: the image no longer exists");
    if (!res.ok) throw new PlatformError("retryable", `Failed to upload media: the image could not be loaded (HTTP ${res.status})`);
    const type = res.headers.get("content-type")?.split(";")[0] ?? "application/octet-stream";
    return { blob: new Blob([await res.arrayBuffer()], { type }), type };
  }

  return {
    platform: "twitter",

    authorizeUrl({ state, redirectUri, codeChallenge }) {
      const url = new URL(config.authorizeUrl);
      url.searchParams.set("response_type", "code");
      url.searchParams.set("client_id", config.clientId);
      url.searchParams.set("redirect_uri", redirectUri);
      url.searchParams.set("scope", X_SCOPES.join(" "));
      url.searchParams.set("state", state);
      if (codeChallenge) {
        url.searchParams.set("code_challenge", codeChallenge);
        url.searchParams.set("code_challenge_method", "S256");
      }
      return url.toString();
    },

    async exchangeCode({ code, redirectUri, codeVerifier }) {
      const tokens = await tokenRequest({ grant_type: "authorization_code", code, redirect_uri: redirectUri, code_verifier: codeVerifier });
      const res = await call("/2/users/me", { headers: authed(tokens.accessToken) });
      if (!res.ok) throw await classifyXResponse(res, "api");
      const body = await readJson(res);
      const data = (body.data ?? {}) as Record<string, unknown>;
      const id = str(data.id);
      if (!id) throw new PlatformError("retryable", "Twitter account not found");
      return { ...tokens, account: { id, username: str(data.username) ?? "" } };
    },

    async refresh({ refreshToken }) {
      if (!refreshToken) throw new PlatformError("auth", "Failed to refresh Twitter access token: no refresh token. Please reconnect your Twitter account.");
      return tokenRequest({ grant_type: "refresh_token", refresh_token: refreshToken });
    },

    async publish(input) {
      const mediaIds: string[] = [];
      if (input.image || input.imageUrl) {
        const { blob, type } = await loadImage(input);
        const body = new FormData();
        body.set("media", blob, "image");
        body.set("media_category", "tweet_image");
        body.set("media_type", type);
        const res = await call("/2/media/upload", { method: "POST", headers: authed(input.accessToken), body });
        if (!res.ok) {
          const err = await classifyXResponse(res, "api");
          throw err.kind === "rejected" ? new PlatformError("rejected", `Failed to upload media: ${err.message.replace(/^Twitter rejected the post: /, "")}`) : err;
        }
        const json = await readJson(res);
        const data = (json.data ?? {}) as Record<string, unknown>;
        const mediaId = str(data.id) ?? str(json.media_id_string);
        if (!mediaId) throw new PlatformError("retryable", "Failed to upload media");
        mediaIds.push(mediaId);
      }
      const payload: Record<string, unknown> = { text: input.text };
      if (mediaIds.length) payload.media = { media_ids: mediaIds };
      const res = await call(
        "/2/tweets",
        { method: "POST", headers: authed(input.accessToken, { "content-type": "application/json" }), body: JSON.stringify(payload) },
        true,
      );
      if (!res.ok) throw await classifyXResponse(res, "api");
      const json = await readJson(res);
      const id = str((json.data as Record<string, unknown> | undefined)?.id);
      if (!id) throw new PlatformError("unknown_outcome", "Failed to post tweet: no id in the response");
      return { platformPostId: id };
    },

    async findRecentPost({ accessToken, accountId, text, sinceMs }) {
      const qs = new URLSearchParams({
        max_results: "20",
        "tweet.fields": "created_at",
        start_time: new Date(sinceMs - 60_000).toISOString().replace(/\.\d{3}Z$/, "Z"),
      });
      const res = await call(`/2/users/${encodeURIComponent(accountId)}/tweets?${qs}`, { headers: authed(accessToken) });
      if (!res.ok) throw await classifyXResponse(res, "api");
      const json = await readJson(res);
      const tweets = Array.isArray(json.data) ? (json.data as Record<string, unknown>[]) : [];
      // X rewrites links to t.co, so links are compared as placeholders.
      const norm = (v: string) => v.replace(/https?:\/\/\S+/g, "<url>").replace(/\s+/g, " ").trim();
      const want = norm(text);
      const hit = tweets.find((t) => norm(str(t.text) ?? "") === want);
      return hit ? (str(hit.id) ?? null) : null;
    },
  };
}

export const xAdapterModule: AdapterModule = {
  hasCredentials: (env) => Boolean(envString(env, "X_CLIENT_ID")),
  create(env, ctx) {
    const clientId = envString(env, "X_CLIENT_ID");
    if (clientId) {
      return xAdapter({
        clientId,
        clientSecret: envString(env, "X_CLIENT_SECRET"),
        apiBase: trimSlash(envString(env, "X_API_BASE") ?? "https://api.x.com"),
        authorizeUrl: envString(env, "X_AUTHORIZE_URL") ?? "https://x.com/i/oauth2/authorize",
        timeoutMs: ctx.timeoutMs,
      });
    }
    if (!ctx.sandboxUrl) return null;
    return xAdapter({
      clientId: X_SANDBOX_CLIENT.clientId,
      apiBase: `${ctx.sandboxUrl}/x`,
      authorizeUrl: `${ctx.sandboxUrl}/x/i/oauth2/authorize`,
      timeoutMs: ctx.timeoutMs,
    });
  },
  pkce: true,
  // X access tokens live 2 hours: refresh within 5 minutes of expiry (spec).
  refreshWindowMs: 5 * 60_000,
};
