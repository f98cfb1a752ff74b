// Mastodon: every instance is its own server. The user names an instance; the first time anyone
// connects to it the app registers itself there (POST /api/v1/apps) and the client credentials
// are kept per instance (secret encrypted) for everyone after. OAuth authorization code with PKCE
// S256 (Mastodon >= 4.3; older servers ignore it), scopes "read write:statuses write:media".
// Tokens do not expire and there is no refresh token. Images: POST /api/v2/media (202 while
// processing -> poll GET /api/v1/media/:id), then POST /api/v1/statuses with an Idempotency-Key
// header: the server answers a repeat within an hour with the first status (exactly-once).
// Rules (length, media count, types, size) come from the instance's GET /api/v2/instance.
// See docs/decisions/140.
import { bearerHeaders as bearer, form, loadPostImage, metricsOneByOne, platformFetch, readJson, retryAfterMs, sleep, str } from "../shared/http.ts";
import { envString, metricCount, PlatformError, type AdapterModule, type ClientConfig, type PlatformAdapter, pkceConsentUrl } from "../shared/adapter.ts";
import { MASTODON_DEFAULT_LIMITS, type MastodonLimits, mastodonMeta } from "./meta.ts";

const MASTODON_SCOPES = "read write:statuses write:media";
// Named in messages as the registry names it (decision 291).
const label = mastodonMeta.displayName;

type MastodonConfig = ClientConfig & {
  /** https://mastodon.social (no trailing slash) */
  instanceUrl: string;
};

/** "mastodon.social", "@me@fosstodon.org", "https://x.y/" -> "https://x.y"; null when not a host. */
function normaliseInstance(input: string): string | null {
  let s = input.trim();
  const at = s.match(/^@?[^@\s/]+@([^@\s/]+)$/);
  if (at) s = at[1]!;
  if (!/^https?:\/\//i.test(s)) s = `https://${s}`;
  try {
    const u = new URL(s);
    if (!u.hostname.includes(".") && u.hostname !== "localhost" && !/^\d+\.\d+\.\d+\.\d+$/.test(u.hostname)) return null;
    return `${u.protocol}//${u.host}`;
  } catch {
    return null;
  }
}

async function classifyMastodonResponse(res: Response, context: "token" | "api"): Promise<PlatformError> {
  const body = await readJson(res);
  const detail = str(body.error_description) ?? str(body.error) ?? str(body.raw) ?? "unknown error";
  if (res.status === 429) {
    const reset = Date.parse(res.headers.get("x-ratelimit-reset") ?? "");
    const ms = Number.isNaN(reset) ? retryAfterMs(res.headers) : Math.min(Math.max(reset - Date.now(), 1000), 15 * 60_000);
    return new PlatformError("retryable", `${label} rate limit reached. The post will be retried.`, ms);
  }
  if (res.status >= 500) return new PlatformError("retryable", `${label} is unavailable (HTTP ${res.status}). Please try again.`);
  if (context === "token" && (res.status === 400 || res.status === 401)) return new PlatformError("auth", detail);
  if (res.status === 401 || (res.status === 403 && /scope|token/i.test(detail))) {
    return new PlatformError("auth", `Mastodon access was revoked or expired. Please reconnect your Mastodon account. (${detail})`);
  }
  return new PlatformError("rejected", `Mastodon rejected the post: ${detail}`);
}

const call = (url: string, init: RequestInit, timeoutMs: number, publishes = false) => platformFetch(url, init, { label, timeoutMs, publishes });

/** POST /api/v1/apps on the instance: the client credentials every later connect reuses. */
async function registerMastodonApp(
  instanceUrl: string,
  input: { clientName: string; redirectUri: string; website?: string; timeoutMs: number },
): Promise<{ clientId: string; clientSecret: string }> {
  const res = await call(
    `${instanceUrl}/api/v1/apps`,
    {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form({ client_name: input.clientName, redirect_uris: input.redirectUri, scopes: MASTODON_SCOPES, website: input.website }),
    },
    input.timeoutMs,
  );
  if (!res.ok) {
    const err = await classifyMastodonResponse(res, "api");
    throw new PlatformError(
      err.kind === "retryable" ? "retryable" : "rejected",
      `Could not register Brandpilot on this Mastodon server: ${err.message.replace(/^Mastodon rejected the post: /, "")}`,
    );
  }
  const body = await readJson(res);
  const clientId = str(body.client_id);
  const clientSecret = str(body.client_secret);
  if (!clientId || !clientSecret) throw new PlatformError("retryable", "This Mastodon server did not return client credentials");
  return { clientId, clientSecret };
}

/** The instance's own limits from GET /api/v2/instance (defaults where a field is missing). */
async function fetchInstanceRules(instanceUrl: string, timeoutMs: number): Promise<MastodonLimits> {
  const res = await call(`${instanceUrl}/api/v2/instance`, {}, timeoutMs);
  if (!res.ok) throw await classifyMastodonResponse(res, "api");
  const body = await readJson(res);
  const conf = (body.configuration ?? {}) as Record<string, Record<string, unknown>>;
  const st = conf.statuses ?? {};
  const ma = conf.media_attachments ?? {};
  const num = (v: unknown, d: number) => (typeof v === "number" && v > 0 ? v : d);
  return {
    maxCharacters: num(st.max_characters, MASTODON_DEFAULT_LIMITS.maxCharacters),
    maxMediaAttachments: num(st.max_media_attachments, MASTODON_DEFAULT_LIMITS.maxMediaAttachments),
    charactersReservedPerUrl: num(st.characters_reserved_per_url, MASTODON_DEFAULT_LIMITS.charactersReservedPerUrl),
    supportedMimeTypes: Array.isArray(ma.supported_mime_types)
      ? (ma.supported_mime_types as string[]).filter((t) => typeof t === "string")
      : MASTODON_DEFAULT_LIMITS.supportedMimeTypes,
    imageSizeLimit: num(ma.image_size_limit, MASTODON_DEFAULT_LIMITS.imageSizeLimit),
  };
}

/** Status HTML -> plain text for comparing with what we sent. */
function statusText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/p>\s*<p>/gi, "\n\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, "&")
    .trim();
}

type MastodonPublishInput = Parameters<PlatformAdapter["publish"]>[0] & { idempotencyKey?: string };

function mastodonAdapter(config: MastodonConfig): PlatformAdapter & { platform: "mastodon" } {
  const api = (path: string, init: RequestInit = {}, publishes = false) => call(`${config.instanceUrl}${path}`, init, config.timeoutMs, publishes);
  const pollInterval = config.pollIntervalMs ?? 1000;
  const pollTimeout = config.pollTimeoutMs ?? 60_000;

  return {
    platform: "mastodon" as const,

    authorizeUrl: ({ state, redirectUri, codeChallenge }) =>
      pkceConsentUrl(`${config.instanceUrl}/oauth/authorize`, { clientId: config.clientId, redirectUri, scope: MASTODON_SCOPES, state, codeChallenge }),

    async exchangeCode({ code, redirectUri, codeVerifier }) {
      const res = await api("/oauth/token", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: form({
          grant_type: "authorization_code",
          code,
          redirect_uri: redirectUri,
          client_id: config.clientId,
          client_secret: config.clientSecret,
          code_verifier: codeVerifier,
          scope: MASTODON_SCOPES,
        }),
      });
      if (!res.ok) throw await classifyMastodonResponse(res, "token");
      const accessToken = str((await readJson(res)).access_token);
      if (!accessToken) throw new PlatformError("retryable", "Mastodon did not return an access token");
      const me = await api("/api/v1/accounts/verify_credentials", { headers: bearer(accessToken) });
      if (!me.ok) throw await classifyMastodonResponse(me, "api");
      const acc = await readJson(me);
      const id = str(acc.id);
      if (!id) throw new PlatformError("retryable", "Mastodon account not found");
      const host = new URL(config.instanceUrl).host;
      return { accessToken, refreshToken: null, expiresAt: null, account: { id, username: `${str(acc.username) ?? id}@${host}` } };
    },

    async refresh() {
      // Mastodon tokens do not expire; a revoked one can only be replaced by reconnecting.
      throw new PlatformError("auth", "Mastodon access was revoked. Please reconnect your Mastodon account.");
    },

    async publish(input: MastodonPublishInput): Promise<{ platformPostId: string }> {
      const mediaIds: string[] = [];
      const img = await loadPostImage(input, config.timeoutMs);
      if (img) {
        const blob = new Blob([img.data], { type: img.type });
        const body = new FormData();
        body.set("file", blob, "image");
        // The media's `description` is its alt text (docs.joinmastodon.org/methods/media/#v2).
        if (input.altText) body.set("description", input.altText);
        const up = await api("/api/v2/media", { method: "POST", headers: bearer(input.accessToken), body });
        if (!up.ok) {
          const err = await classifyMastodonResponse(up, "api");
          throw err.kind === "rejected"
            ? new PlatformError("rejected", `Failed to upload media: ${err.message.replace(/^Mastodon rejected the post: /, "")}`)
            : err;
        }
        const att = await readJson(up);
        const id = str(att.id);
        if (!id) throw new PlatformError("retryable", "Failed to upload media");
        if (up.status === 202 || att.url == null) {
          // Processed in the background: the status refuses the id until it is ready.
          const deadline = Date.now() + pollTimeout;
          for (;;) {
            await sleep(pollInterval);
            const st = await api(`/api/v1/media/${encodeURIComponent(id)}`, { headers: bearer(input.accessToken) });
            if (st.status === 200) break;
            if (st.status !== 206) throw await classifyMastodonResponse(st, "api");
            if (Date.now() >= deadline) throw new PlatformError("retryable", "Mastodon is still processing the image. Please try again.");
          }
        }
        mediaIds.push(id);
      }
      const headers: Record<string, string> = bearer(input.accessToken, { "content-type": "application/json" });
      if (input.idempotencyKey) headers["idempotency-key"] = input.idempotencyKey;
      const res = await api(
        "/api/v1/statuses",
        { method: "POST", headers, body: JSON.stringify({ status: input.text, media_ids: mediaIds, visibility: "public" }) },
        true,
      );
      if (!res.ok) throw await classifyMastodonResponse(res, "api");
      const id = str((await readJson(res)).id);
      if (!id) throw new PlatformError("unknown_outcome", "Mastodon did not return the status id");
      return { platformPostId: id };
    },

    // Analytics (decision 144): GET /api/v1/statuses/:id per status (favourites_count,
    // reblogs_count, replies_count; Mastodon has no view counts, so impressions stay 0). The
    // multi-get GET /api/v1/statuses?id[]= only exists from Mastodon 4.3, and instances run many
    // versions, so one call per status; 20 per run keeps far inside the default 300 requests per
    // 5 minutes per account. A deleted status (404) is left out; auth and rate limits stop the run.
    metricsBatch: 20,
    fetchMetrics: ({ accessToken, postIds }) =>
      metricsOneByOne(
        postIds,
        20,
        (id) => api(`/api/v1/statuses/${encodeURIComponent(id)}`, { headers: bearer(accessToken) }),
        classifyMastodonResponse,
        (s) => ({ likes: metricCount(s.favourites_count), reposts: metricCount(s.reblogs_count), replies: metricCount(s.replies_count), impressions: 0 }),
      ),

    /** Pages back through the account's statuses (newest first) until before `sinceMs`. */
    async findRecentPost({ accessToken, accountId, text, sinceMs }) {
      const want = text.trim();
      let maxId: string | undefined;
      for (let page = 0; page < 50; page++) {
        const qs = new URLSearchParams({ limit: "40", exclude_replies: "true", exclude_reblogs: "true" });
        if (maxId) qs.set("max_id", maxId);
        const res = await api(`/api/v1/accounts/${encodeURIComponent(accountId)}/statuses?${qs}`, { headers: bearer(accessToken) });
        if (!res.ok) throw await classifyMastodonResponse(res, "api");
        const list = (await res.json().catch(() => [])) as { id?: string; content?: string; created_at?: string }[];
        if (!Array.isArray(list) || !list.length) return null;
        let older = false;
        for (const s of list) {
          const at = Date.parse(s.created_at ?? "");
          if (!Number.isNaN(at) && at < sinceMs - 60_000) {
            older = true;
            continue;
          }
          if (statusText(s.content ?? "") === want && s.id) return s.id;
        }
        if (older) return null;
        maxId = list.at(-1)?.id;
        if (!maxId) return null;
      }
      return null;
    },
  };
}

/**
 * Where an instance's API is reached: the instance itself, or in development (no
 * MASTODON_REAL_INSTANCES, PLATFORM_SANDBOX_URL set) the sandbox's stand-in for that instance.
 */
function mastodonApiBase(env: Parameters<AdapterModule["create"]>[0], sandboxUrl: string | null, instanceUrl: string): string {
  if (!sandboxUrl || envString(env, "MASTODON_REAL_INSTANCES")) return instanceUrl;
  return `${sandboxUrl}/mastodon/i/${new URL(instanceUrl).host}`;
}

/**
 * Configuration: none needed (the app registers itself on each instance). In development the
 * sandbox stands in for every instance unless MASTODON_REAL_INSTANCES is set. An adapter is
 * always bound to one instance: built per account from its stored instance and client id.
 */
export const mastodonAdapterModule: AdapterModule = {
  hasCredentials: (env) => Boolean(envString(env, "MASTODON_REAL_INSTANCES")) || !envString(env, "PLATFORM_SANDBOX_URL"),
  create: () => null,
  forAccount(env, ctx, meta) {
    const instanceUrl = typeof meta.instanceUrl === "string" ? meta.instanceUrl : null;
    if (!instanceUrl) return null;
    return mastodonAdapter({
      instanceUrl: mastodonApiBase(env, ctx.sandboxUrl, instanceUrl),
      clientId: typeof meta.clientId === "string" ? meta.clientId : "",
      clientSecret: typeof meta.clientSecret === "string" ? meta.clientSecret : "",
      timeoutMs: ctx.timeoutMs,
      ...(ctx.sandboxUrl ? { pollIntervalMs: 150, pollTimeoutMs: 10_000 } : {}),
    });
  },
  sandboxKey: "mastodon",
  renewal: "none",
  // The user names their server; the app registers there once, then OAuth 2 with PKCE (decision 140).
  connect: {
    kind: "instance",
    normalise: normaliseInstance,
    invalidMessage: "Enter your Mastodon server's address, for example mastodon.social",
    registerApp: (env, ctx, input) => registerMastodonApp(mastodonApiBase(env, ctx.sandboxUrl, input.instanceUrl), { ...input, timeoutMs: ctx.timeoutMs }),
    adapterFor: (env, ctx, app) =>
      mastodonAdapter({
        instanceUrl: mastodonApiBase(env, ctx.sandboxUrl, app.instanceUrl),
        clientId: app.clientId,
        clientSecret: app.clientSecret,
        timeoutMs: ctx.timeoutMs,
      }),
    accountMeta: async (env, ctx, app) => ({
      instanceUrl: app.instanceUrl,
      clientId: app.clientId,
      ...(await fetchInstanceRules(mastodonApiBase(env, ctx.sandboxUrl, app.instanceUrl), ctx.timeoutMs)),
    }),
  },
  // Mastodon tokens do not expire.
  refreshWindowMs: 0,
};
