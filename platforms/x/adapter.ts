// X (Twitter) API v2 with OAuth 2.0 authorization code + PKCE. Access tokens live 2 hours and the
// refresh token is single-use (every refresh returns a new one), which is why the credentials
// service allows one refresh per account at a time. Errors are classified for the publisher:
// 401/invalid_grant -> auth, 429 -> retryable with the rate-limit reset, 5xx/network ->
// retryable, other 4xx (duplicate, too long) -> rejected, timeout after POST /2/tweets -> unknown.
// Configuration: X_CLIENT_ID (+ X_CLIENT_SECRET for a confidential client), X_API_BASE
// (https://api.x.com), X_AUTHORIZE_URL (https://x.com/i/oauth2/authorize); without X_CLIENT_ID the
// sandbox's /x routes are used when PLATFORM_SANDBOX_URL is set.
import {
  appOrSandbox,
  metricCount,
  pkceConsentUrl,
  PlatformError,
  type AdapterModule,
  type PlatformAdapter,
  type PostMetrics,
  type TokenSet,
} from "../shared/adapter.ts";
import { bearerHeaders as authed, form, loadPostImage, platformFetch, readJson, readTokenResponse, retryAfterMs, sleep, str } from "../shared/http.ts";
import { X_SANDBOX_CLIENT, xMeta } from "./meta.ts";

const X_SCOPES = ["tweet.read", "tweet.write", "users.read", "media.write", "offline.access"];

export type XConfig = {
  clientId: string;
  clientSecret?: string;
  /** e.g. https://api.x.com */
  apiBase: string;
  /** e.g. https://x.com/i/oauth2/authorize */
  authorizeUrl: string;
  timeoutMs: number;
};

// Its messages name the network as the registry does: in full first, short after (decision 291).
const label = xMeta.displayName;
const short = xMeta.shortName ?? xMeta.brand;
const REJECTED = `${label} rejected the post: `;

function problemText(body: Record<string, unknown>): string {
  const errors = Array.isArray(body.errors) ? (body.errors as Record<string, unknown>[]) : [];
  return str(body.error_description) ?? str(body.detail) ?? str(errors[0]?.message) ?? str(body.title) ?? str(body.error) ?? str(body.raw) ?? "unknown error";
}

// X's 403s mean different things: the problem `type` (v2) or the v1.1 error `code` says which.
// POST /2/tweets answers a duplicate with `type: "about:blank"` and only its detail text, so for
// that one case the documented detail is the signal (docs/decisions/122).
const SUSPENDED_CODES = new Set([64, 326]);
const NOT_PERMITTED_CODES = new Set([261, 220, 453]);
function forbiddenReason(body: Record<string, unknown>, detail: string): PlatformError["reason"] {
  const errors = Array.isArray(body.errors) ? (body.errors as Record<string, unknown>[]) : [];
  const codes = errors.map((e) => Number(e.code)).filter(Number.isFinite);
  const type = (str(body.type) ?? "").split("/").pop() ?? "";
  if (codes.includes(187) || type === "duplicate-content" || (type === "about:blank" && /duplicate content/i.test(detail))) return "duplicate";
  if (codes.some((c) => SUSPENDED_CODES.has(c)) || type === "account-suspended" || type === "account-locked") return "suspended";
  if (
    codes.some((c) => NOT_PERMITTED_CODES.has(c)) ||
    ["client-forbidden", "not-authorized-for-resource", "usage-capped", "unsupported-authentication"].includes(type)
  )
    return "not_permitted";
  return undefined;
}

/** Maps a non-OK X response to a typed error. */
export async function classifyXResponse(res: Response, context: "token" | "api"): Promise<PlatformError> {
  const body = await readJson(res);
  const detail = problemText(body);
  if (res.status === 429) {
    const daily = res.headers.get("x-user-limit-24hour-remaining") === "0";
    return new PlatformError(
      "retryable",
      daily
        ? `${label}'s 24-hour posting limit for this account is reached. The post will be retried when it resets.`
        : `${label} rate limit reached. The post will be retried.`,
      retryAfterMs(res.headers),
      daily ? "daily_cap" : undefined,
    );
  }
  if (res.status >= 500) return new PlatformError("retryable", `${label} is unavailable (HTTP ${res.status}). Please try again.`);
  // Token endpoint refusals keep X's own words: callers add the context ("Failed to exchange code: ...").
  if (context === "token" && (res.status === 400 || res.status === 401)) return new PlatformError("auth", detail);
  if (res.status === 401 || body.error === "invalid_grant") {
    return new PlatformError("auth", `${label} access was revoked or expired. Please reconnect your ${short} account. (${detail})`);
  }
  if (res.status === 403) {
    const reason = forbiddenReason(body, detail);
    if (reason === "duplicate")
      return new PlatformError("rejected", `${label} refused the post as a duplicate of one already on the account: ${detail}`, undefined, "duplicate");
    if (reason === "suspended")
      return new PlatformError(
        "auth",
        `${label} says this account is suspended or locked: ${detail}. Please check the account on ${short}, then reconnect it.`,
        undefined,
        "suspended",
      );
    if (reason === "not_permitted")
      return new PlatformError("auth", `${label} refused access: ${detail}. Please reconnect your ${short} account.`, undefined, "not_permitted");
  }
  return new PlatformError("rejected", `${REJECTED}${detail}`);
}

const decodeEntities = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");

/** A URL as compared: lower-case scheme and host, no trailing slash. */
function normalUrl(raw: string): string {
  try {
    const u = new URL(raw);
    return `${u.protocol}//${u.host.toLowerCase()}${u.pathname.replace(/\/+$/, "")}${u.search}${u.hash}`;
  } catch {
    return raw;
  }
}

type UrlEntity = { start?: number; end?: number; url?: string; expanded_url?: string; media_key?: string };

/**
 * A tweet's text as we sent it: X returns `&`, `<`, `>` as HTML entities, every link as a t.co
 * link (its `entities.urls` give the expanded URL) and a trailing t.co link for attached media
 * (an entity with a `media_key`). Links are normalised on both sides before comparing.
 */
export function normalizeTweetText(text: string, entities?: { urls?: UrlEntity[] }): string {
  let out = text;
  for (const e of entities?.urls ?? []) {
    if (!e.url) continue;
    out = out.split(e.url).join(e.media_key ? "" : (e.expanded_url ?? e.url));
  }
  if (!entities?.urls) out = out.replace(/\s*https:\/\/t\.co\/\w+\s*$/, ""); // media link without entities
  return normalizeOwnText(decodeEntities(out));
}

/** Our text as X would keep it: NFC, links normalised, whitespace collapsed. */
export function normalizeOwnText(text: string): string {
  return text
    .normalize("NFC")
    .replace(/https?:\/\/\S+/g, (u) => normalUrl(u))
    .replace(/\s+/g, " ")
    .trim();
}

/** Reconciliation pages through the timeline at most this deep (100 tweets a page). */
const MAX_TIMELINE_PAGES = 50;
/** GIF processing: poll STATUS at most this long. */
const GIF_PROCESSING_LIMIT_MS = 60_000;
const CHUNK_BYTES = 1024 * 1024;

export function xAdapter(config: XConfig): PlatformAdapter {
  const call = (path: string, init: RequestInit, publishes = false) =>
    platformFetch(`${config.apiBase}${path}`, init, { label, timeoutMs: config.timeoutMs, publishes });

  const tokenRequest = async (params: Record<string, string | undefined>): Promise<TokenSet> => {
    const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
    // Confidential clients authenticate with Basic auth; public clients send client_id in the body.
    if (config.clientSecret) headers.authorization = `Basic ${btoa(`${config.clientId}:${config.clientSecret}`)}`;
    const res = await call("/2/oauth2/token", { method: "POST", headers, body: form({ ...params, client_id: config.clientId }) });
    return readTokenResponse(res, classifyXResponse, "Invalid token refresh response");
  };

  const uploadError = async (res: Response) => {
    const err = await classifyXResponse(res, "api");
    return err.kind === "rejected"
      ? new PlatformError("rejected", `Failed to upload media: ${err.message.startsWith(REJECTED) ? err.message.slice(REJECTED.length) : err.message}`)
      : err;
  };

  /**
   * Images: one multipart request with `media` and `media_category` only: X's openapi.json
   * (MediaUploadRequest, v2.167) allows no other field, so no `media_type` (docs/decisions/195).
   */
  async function simpleUpload(accessToken: string, blob: Blob): Promise<string> {
    const body = new FormData();
    body.set("media", blob, "image");
    body.set("media_category", "tweet_image");
    const res = await call("/2/media/upload", { method: "POST", headers: authed(accessToken), body });
    if (!res.ok) throw await uploadError(res);
    const json = await readJson(res);
    const mediaId = str(((json.data ?? {}) as Record<string, unknown>).id) ?? str(json.media_id_string);
    if (!mediaId) throw new PlatformError("retryable", "Failed to upload media");
    return mediaId;
  }

  /**
   * GIFs: the chunked upload that replaced `command=INIT|APPEND|FINALIZE` in 2025:
   * POST /2/media/upload/initialize (JSON), POST /2/media/upload/{id}/append per 1 MB
   * (multipart: media, segment_index), POST /2/media/upload/{id}/finalize, then
   * GET /2/media/upload?command=STATUS until succeeded; media_category tweet_gif.
   */
  async function chunkedUpload(accessToken: string, blob: Blob, type: string): Promise<string> {
    const send = async (path: string, init: RequestInit) => {
      const res = await call(path, { method: "POST", ...init, headers: authed(accessToken, (init.headers ?? {}) as Record<string, string>) });
      if (!res.ok) throw await uploadError(res);
      return res.status === 204 ? {} : readJson(res);
    };
    const data = (json: Record<string, unknown>) => (json.data ?? json) as Record<string, unknown>;
    const init = data(
      await send("/2/media/upload/initialize", {
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ media_category: "tweet_gif", media_type: type, total_bytes: blob.size }),
      }),
    );
    const mediaId = str(init.id);
    if (!mediaId) throw new PlatformError("retryable", "Failed to upload media");
    const at = `/2/media/upload/${encodeURIComponent(mediaId)}`;
    for (let i = 0, segment = 0; i < blob.size; i += CHUNK_BYTES, segment++) {
      const body = new FormData();
      body.set("segment_index", String(segment));
      body.set("media", blob.slice(i, i + CHUNK_BYTES), "chunk");
      await send(`${at}/append`, { body });
    }
    let info = (data(await send(`${at}/finalize`, {})).processing_info ?? null) as Record<string, unknown> | null;
    const deadline = Date.now() + GIF_PROCESSING_LIMIT_MS;
    while (info && info.state !== "succeeded") {
      if (info.state === "failed") {
        const error = (info.error ?? {}) as Record<string, unknown>;
        throw new PlatformError("rejected", `Failed to upload media: ${str(error.message) ?? "X could not process the GIF"}`);
      }
      if (Date.now() >= deadline) throw new PlatformError("retryable", "Failed to upload media: X is still processing the GIF. Please try again.");
      await sleep(Math.min(Math.max(Number(info.check_after_secs) || 1, 1), 10) * 1000);
      const res = await call(`/2/media/upload?${new URLSearchParams({ command: "STATUS", media_id: mediaId })}`, { headers: authed(accessToken) });
      if (!res.ok) throw await uploadError(res);
      info = (data(await readJson(res)).processing_info ?? null) as Record<string, unknown> | null;
    }
    return mediaId;
  }

  return {
    platform: "twitter",

    authorizeUrl: ({ state, redirectUri, codeChallenge }) =>
      pkceConsentUrl(config.authorizeUrl, { clientId: config.clientId, redirectUri, scope: X_SCOPES.join(" "), state, codeChallenge }),

    async exchangeCode({ code, redirectUri, codeVerifier }) {
      const tokens = await tokenRequest({ grant_type: "authorization_code", code, redirect_uri: redirectUri, code_verifier: codeVerifier });
      const res = await call("/2/users/me", { headers: authed(tokens.accessToken) });
      if (!res.ok) throw await classifyXResponse(res, "api");
      const body = await readJson(res);
      const data = (body.data ?? {}) as Record<string, unknown>;
      const id = str(data.id);
      if (!id) throw new PlatformError("retryable", `${label} account not found`);
      return { ...tokens, account: { id, username: str(data.username) ?? "" } };
    },

    async refresh({ refreshToken }) {
      if (!refreshToken) throw new PlatformError("auth", `Failed to refresh ${label} access token: no refresh token. Please reconnect your ${short} account.`);
      return tokenRequest({ grant_type: "refresh_token", refresh_token: refreshToken });
    },

    async publish(input) {
      const mediaIds: string[] = [];
      const img = await loadPostImage(input, config.timeoutMs);
      if (img) {
        const { type } = img;
        const blob = new Blob([img.data], { type });
        const mediaId = type === "image/gif" ? await chunkedUpload(input.accessToken, blob, type) : await simpleUpload(input.accessToken, blob);
        // Alt text is set on the uploaded media before the post (POST /2/media/metadata,
        // docs.x.com/x-api/media/create-media-metadata; at most 1,000 characters).
        if (input.altText) {
          const meta = await call("/2/media/metadata", {
            method: "POST",
            headers: authed(input.accessToken, { "content-type": "application/json" }),
            body: JSON.stringify({ id: mediaId, metadata: { alt_text: { text: input.altText } } }),
          });
          if (!meta.ok) throw await uploadError(meta);
        }
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

    // Post lookup with public_metrics: GET /2/tweets?ids=...&tweet.fields=public_metrics, 1 to 100
    // ids per request (docs.x.com, "Fields": public_metrics = retweet, reply, like, quote,
    // bookmark and impression counts). Deleted posts come back under "errors" and are left out.
    metricsBatch: 100,
    async fetchMetrics({ accessToken, postIds }) {
      const out = new Map<string, PostMetrics>();
      if (postIds.length === 0) return out;
      const qs = new URLSearchParams({ ids: postIds.slice(0, 100).join(","), "tweet.fields": "public_metrics" });
      const res = await call(`/2/tweets?${qs}`, { headers: authed(accessToken) });
      if (!res.ok) throw await classifyXResponse(res, "api");
      const json = await readJson(res);
      for (const t of Array.isArray(json.data) ? (json.data as Record<string, unknown>[]) : []) {
        const id = str(t.id);
        const m = (t.public_metrics ?? {}) as Record<string, unknown>;
        if (!id) continue;
        out.set(id, {
          likes: metricCount(m.like_count),
          reposts: metricCount(m.retweet_count) + metricCount(m.quote_count),
          replies: metricCount(m.reply_count),
          impressions: metricCount(m.impression_count),
        });
      }
      return out;
    },

    async findRecentPost({ accessToken, accountId, text, sinceMs }) {
      // Everything the account published since the first attempt began, newest first, page by
      // page (a busy account may have posted far more than one page since), decision 121.
      const want = normalizeOwnText(text);
      let next: string | undefined;
      for (let page = 0; page < MAX_TIMELINE_PAGES; page++) {
        const qs = new URLSearchParams({
          max_results: "100",
          "tweet.fields": "created_at,entities",
          start_time: new Date(sinceMs - 60_000).toISOString().replace(/\.\d{3}Z$/, "Z"),
        });
        if (next) qs.set("pagination_token", next);
        const res = await call(`/2/users/${encodeURIComponent(accountId)}/tweets?${qs}`, { headers: authed(accessToken) });
        if (!res.ok) throw await classifyXResponse(res, "api");
        const json = await readJson(res);
        const tweets = Array.isArray(json.data) ? (json.data as Record<string, unknown>[]) : [];
        const hit = tweets.find((t) => normalizeTweetText(str(t.text) ?? "", t.entities as { urls?: UrlEntity[] } | undefined) === want);
        if (hit) return str(hit.id) ?? null;
        next = str((json.meta as Record<string, unknown> | undefined)?.next_token);
        if (!next || tweets.length === 0) return null;
      }
      return null;
    },
  };
}

export const xAdapterModule: AdapterModule = {
  ...appOrSandbox(
    "X",
    (app) =>
      xAdapter({
        clientId: app.clientId,
        clientSecret: app.clientSecret,
        apiBase: app.base("API_BASE", "https://api.x.com"),
        authorizeUrl: app.url("AUTHORIZE_URL", "https://x.com/i/oauth2/authorize"),
        timeoutMs: app.timeoutMs,
      }),
    (sandbox, ctx) =>
      xAdapter({ clientId: X_SANDBOX_CLIENT.clientId, apiBase: `${sandbox}/x`, authorizeUrl: `${sandbox}/x/i/oauth2/authorize`, timeoutMs: ctx.timeoutMs }),
  ),
  sandboxKey: "x",
  legacyColumns: { userId: "twitterUserId", username: "twitterUsername" },
  renewal: "refresh-token",
  connect: { kind: "oauth2", pkce: true },
  // X access tokens live 2 hours: refresh within 5 minutes of expiry (spec).
  refreshWindowMs: 5 * 60_000,
};
