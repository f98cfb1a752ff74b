// LinkedIn member posting: OAuth 2.0 three-legged code flow (scopes openid profile
// w_member_social), the versioned REST APIs (every call carries LinkedIn-Version: YYYYMM and
// X-Restli-Protocol-Version: 2.0.0), images through the Images API (initializeUpload -> PUT the
// bytes -> wait until AVAILABLE), then POST /rest/posts whose 201 carries the post URN in
// x-restli-id. Access tokens live 60 days; a refresh token exists only for apps LinkedIn approved
// for programmatic refresh, otherwise a lapsed token means "reconnect". The commentary is
// "little text": reserved characters are escaped and hashtags written as {hashtag|\#|tag}, or
// LinkedIn cuts the post. A duplicate refusal carries reason "duplicate": the publisher looks
// for its own earlier attempt before calling the post failed. See docs/decisions/140.
import { checkAppToken, form, loadPostImage, metricsOneByOne, platformFetch, readJson, readTokenResponse, sleep, str } from "../shared/http.ts";
import { LINKEDIN_SANDBOX_CLIENT, LINKEDIN_SANDBOX_PARTNER, linkedinMeta } from "./meta.ts";
import {
  appOrSandbox,
  SANDBOX_POLL,
  envString,
  metricCount,
  PlatformError,
  trimSlash,
  type AdapterModule,
  type ClientConfig,
  type PlatformAdapter,
  type PostMetrics,
  type TokenSet,
  type RecentPostQuery,
} from "../shared/adapter.ts";

const LINKEDIN_SCOPES = ["openid", "profile", "w_member_social"];
/** The Marketing/Community Management API version (YYYYMM); each is supported for a year. */
export const LINKEDIN_DEFAULT_VERSION = "202610";
// Named in messages as the registry names it (decision 291).
const label = linkedinMeta.displayName;

type LinkedInConfig = ClientConfig & {
  /** https://www.linkedin.com (authorization + token) */
  authBase: string;
  /** https://api.linkedin.com */
  apiBase: string;
  version: string;
  /**
   * The app was granted r_member_social (restricted: "select developers only"); then it is
   * requested and post metrics are read (decision 144). Set with LINKEDIN_MEMBER_SOCIAL_READ=true.
   */
  readSocial?: boolean;
};

/** Where a member sees their own recent posts (LinkedIn redirects /in/me to the signed-in member). */
const LINKEDIN_CHECK_URL = "https://www.linkedin.com/in/me/recent-activity/all/";
/** The outcome of a post we cannot confirm without r_member_social: the user looks, we never retry blindly. */
const LINKEDIN_UNCONFIRMED = `Check LinkedIn: we could not confirm this post. Look for it at ${LINKEDIN_CHECK_URL} and publish it again only if it is not there.`;

/** Read member posts' likes and comments (socialActions); LinkedIn grants it to selected apps only. */
const LINKEDIN_READ_SCOPE = "r_member_social";

const RESERVED = /[\\|{}@[\]()<>#*_~]/g;

/** Post text -> little text: hashtags become hashtag templates, every other reserved char is escaped. */
function toLittleText(text: string): string {
  const parts: string[] = [];
  let last = 0;
  for (const m of text.matchAll(/(^|[^\p{L}\p{N}_&])#([\p{L}\p{N}_]+)/gu)) {
    const start = m.index! + m[1]!.length;
    parts.push(text.slice(last, start).replace(RESERVED, (c) => `\\${c}`));
    parts.push(`{hashtag|\\#|${m[2]!.replace(RESERVED, (c) => `\\${c}`)}}`);
    last = start + 1 + m[2]!.length;
  }
  parts.push(text.slice(last).replace(RESERVED, (c) => `\\${c}`));
  return parts.join("");
}

/** Little text -> the plain text a reader sees (for reconciliation). */
function fromLittleText(text: string): string {
  return text.replace(/\{hashtag\|\\#\|((?:\\.|[^}])*)\}/g, "#$1").replace(/\\(.)/g, "$1");
}

async function classifyLinkedInResponse(res: Response, context: "token" | "api"): Promise<PlatformError> {
  const body = await readJson(res);
  const detail = str(body.error_description) ?? str(body.message) ?? str(body.error) ?? str(body.raw) ?? "unknown error";
  const code = str(body.serviceErrorCode) ?? str(body.code) ?? "";
  if (res.status === 429) {
    const ra = Number(res.headers.get("retry-after"));
    return new PlatformError("retryable", `${label} rate limit reached. The post will be retried.`, Number.isFinite(ra) && ra > 0 ? ra * 1000 : undefined);
  }
  if (res.status >= 500) return new PlatformError("retryable", `${label} is unavailable (HTTP ${res.status}). Please try again.`);
  if (context === "token" && (res.status === 400 || res.status === 401)) return new PlatformError("auth", detail);
  if (res.status === 401 || /EXPIRED_ACCESS_TOKEN|REVOKED_ACCESS_TOKEN|INVALID_ACCESS_TOKEN/.test(code + detail)) {
    return new PlatformError("auth", `LinkedIn access was revoked or expired. Please reconnect your LinkedIn account. (${detail})`);
  }
  if (res.status === 403) return new PlatformError("auth", `LinkedIn refused access: ${detail}. Please reconnect your LinkedIn account.`);
  // "Content is a duplicate of urn:li:share:…": the publisher looks for its own earlier attempt.
  if (code === "DUPLICATE_POST" || /duplicate of urn:li:/i.test(detail))
    return new PlatformError("rejected", `LinkedIn rejected the post: ${detail}`, undefined, "duplicate");
  return new PlatformError("rejected", `LinkedIn rejected the post: ${detail}`);
}

function linkedinAdapter(config: LinkedInConfig) {
  const call = (url: string, init: RequestInit = {}, publishes = false) => platformFetch(url, init, { label, timeoutMs: config.timeoutMs, publishes });
  const rest = (token: string, extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${token}`,
    "linkedin-version": config.version,
    "x-restli-protocol-version": "2.0.0",
    ...extra,
  });
  const pollInterval = config.pollIntervalMs ?? 1000;
  const pollTimeout = config.pollTimeoutMs ?? 60_000;

  const tokenRequest = async (params: Record<string, string | undefined>): Promise<TokenSet> => {
    const res = await call(`${config.authBase}/oauth/v2/accessToken`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form({ ...params, client_id: config.clientId, client_secret: config.clientSecret }),
    });
    return readTokenResponse(res, classifyLinkedInResponse, "Invalid token response");
  };

  const asMedia = (err: PlatformError) =>
    err.kind === "rejected" ? new PlatformError("rejected", `Failed to upload media: ${err.message.replace(/^LinkedIn rejected the post: /, "")}`) : err;

  return {
    platform: "linkedin" as const,
    // Reading the member's posts (the author finder) needs r_member_social, which LinkedIn grants
    // to approved partners only: without it no post can be confirmed (decision 196).
    confirmsPosts: Boolean(config.readSocial),
    checkUrl: LINKEDIN_CHECK_URL,

    authorizeUrl({ state, redirectUri }: { state: string; redirectUri: string }) {
      const url = new URL(`${config.authBase}/oauth/v2/authorization`);
      url.searchParams.set("response_type", "code");
      url.searchParams.set("client_id", config.clientId);
      url.searchParams.set("redirect_uri", redirectUri);
      url.searchParams.set("state", state);
      url.searchParams.set("scope", [...LINKEDIN_SCOPES, ...(config.readSocial ? [LINKEDIN_READ_SCOPE] : [])].join(" "));
      return url.toString();
    },

    async exchangeCode({ code, redirectUri }: { code: string; redirectUri: string }): Promise<TokenSet & { account: { id: string; username: string } }> {
      const tokens = await tokenRequest({ grant_type: "authorization_code", code, redirect_uri: redirectUri });
      const res = await call(`${config.apiBase}/v2/userinfo`, { headers: { authorization: `Bearer ${tokens.accessToken}` } });
      if (!res.ok) throw await classifyLinkedInResponse(res, "api");
      const me = await readJson(res);
      const sub = str(me.sub);
      if (!sub) throw new PlatformError("retryable", "LinkedIn account not found");
      return { ...tokens, account: { id: sub, username: str(me.name) ?? sub } };
    },

    async refresh({ refreshToken }: { accessToken: string; refreshToken: string | null }): Promise<TokenSet> {
      if (!refreshToken) throw new PlatformError("auth", "LinkedIn access expired. Please reconnect your LinkedIn account.");
      return tokenRequest({ grant_type: "refresh_token", refresh_token: refreshToken });
    },

    async publish(input: Parameters<PlatformAdapter["publish"]>[0]): Promise<{ platformPostId: string }> {
      const author = `urn:li:person:${input.accountId}`;
      const post: Record<string, unknown> = {
        author,
        commentary: toLittleText(input.text),
        visibility: "PUBLIC",
        distribution: { feedDistribution: "MAIN_FEED", targetEntities: [], thirdPartyDistributionChannels: [] },
        lifecycleState: "PUBLISHED",
        isReshareDisabledByAuthor: false,
      };
      const img = await loadPostImage(input, config.timeoutMs);
      if (img) {
        const init = await call(`${config.apiBase}/rest/images?action=initializeUpload`, {
          method: "POST",
          headers: rest(input.accessToken, { "content-type": "application/json" }),
          body: JSON.stringify({ initializeUploadRequest: { owner: author } }),
        });
        if (!init.ok) throw asMedia(await classifyLinkedInResponse(init, "api"));
        const value = ((await readJson(init)).value ?? {}) as Record<string, unknown>;
        const uploadUrl = str(value.uploadUrl);
        const image = str(value.image);
        if (!uploadUrl || !image) throw new PlatformError("retryable", "Failed to upload media");
        const put = await call(uploadUrl, {
          method: "PUT",
          headers: { authorization: `Bearer ${input.accessToken}`, "content-type": img.type },
          body: img.data,
        });
        if (!put.ok) throw asMedia(await classifyLinkedInResponse(put, "api"));
        const deadline = Date.now() + pollTimeout;
        for (;;) {
          const st = await call(`${config.apiBase}/rest/images/${encodeURIComponent(image)}`, { headers: rest(input.accessToken) });
          if (!st.ok) throw asMedia(await classifyLinkedInResponse(st, "api"));
          const status = str((await readJson(st)).status);
          if (status === "AVAILABLE") break;
          if (status === "PROCESSING_FAILED") throw new PlatformError("rejected", "Failed to upload media: LinkedIn could not process the image");
          if (Date.now() >= deadline) throw new PlatformError("retryable", "LinkedIn is still processing the image. Please try again.");
          await sleep(pollInterval);
        }
        // altText: the Posts API's media content (test/contracts/linkedin/contract.ts, up to 4,086 characters).
        post.content = { media: { id: image, ...(input.altText ? { altText: input.altText } : {}) } };
      }
      const res = await call(
        `${config.apiBase}/rest/posts`,
        { method: "POST", headers: rest(input.accessToken, { "content-type": "application/json" }), body: JSON.stringify(post) },
        true,
      );
      if (!res.ok) {
        throw await classifyLinkedInResponse(res, "api");
      }
      const id = res.headers.get("x-restli-id") ?? str((await readJson(res)).id);
      if (!id) throw new PlatformError("unknown_outcome", "LinkedIn did not return the post id");
      return { platformPostId: id };
    },

    /** The member's posts, newest first, paged until before `sinceMs`. */
    // Analytics (decision 144): GET /rest/socialActions/{post urn} gives likesSummary.totalLikes
    // and commentsSummary.aggregatedTotalComments; it needs r_member_social, so without that
    // grant the adapter offers no fetchMetrics and the cron skips LinkedIn. LinkedIn documents no
    // reshare count or reach/impressions for member posts under these scopes: both stay 0. One
    // call per post; 20 per run keeps inside the member's daily application quota.
    ...(config.readSocial
      ? {
          metricsBatch: 20,
          fetchMetrics: ({ accessToken, postIds }: { accessToken: string; accountId: string; postIds: string[] }): Promise<Map<string, PostMetrics>> =>
            metricsOneByOne(
              postIds,
              20,
              (id) => call(`${config.apiBase}/rest/socialActions/${encodeURIComponent(id)}`, { headers: rest(accessToken) }),
              classifyLinkedInResponse,
              (body) => {
                const likes = (body.likesSummary ?? {}) as Record<string, unknown>;
                const comments = (body.commentsSummary ?? {}) as Record<string, unknown>;
                return {
                  likes: metricCount(likes.totalLikes),
                  reposts: 0,
                  replies: metricCount(comments.aggregatedTotalComments ?? comments.totalFirstLevelComments),
                  impressions: 0,
                };
              },
            ),
        }
      : {}),

    async findRecentPost({ accessToken, accountId, text, sinceMs }: RecentPostQuery): Promise<string | null> {
      // Without r_member_social GET /rest/posts?q=author answers 403: never ask, say so.
      if (!config.readSocial) throw new PlatformError("unknown_outcome", LINKEDIN_UNCONFIRMED, undefined, "unverifiable");
      const want = text.trim();
      const author = encodeURIComponent(`urn:li:person:${accountId}`);
      for (let start = 0, page = 0; page < 50; page++, start += 50) {
        const res = await call(`${config.apiBase}/rest/posts?author=${author}&q=author&count=50&start=${start}&sortBy=CREATED`, {
          headers: rest(accessToken, { "x-restli-method": "FINDER" }),
        });
        if (!res.ok) throw await classifyLinkedInResponse(res, "api");
        const body = await readJson(res);
        const items = Array.isArray(body.elements) ? (body.elements as Record<string, unknown>[]) : [];
        let older = false;
        for (const p of items) {
          const at = Number(p.createdAt);
          if (Number.isFinite(at) && at < sinceMs - 60_000) {
            older = true;
            continue;
          }
          if (fromLittleText(str(p.commentary) ?? "").trim() === want) return str(p.id) ?? null;
        }
        if (older || items.length < 50) return null;
      }
      return null;
    },
  };
}

/**
 * Configuration: LINKEDIN_CLIENT_ID, LINKEDIN_CLIENT_SECRET, LINKEDIN_API_VERSION (YYYYMM),
 * LINKEDIN_AUTH_BASE (https://www.linkedin.com), LINKEDIN_API_BASE (https://api.linkedin.com);
 * without a client id the sandbox's /linkedin routes are used when PLATFORM_SANDBOX_URL is set.
 */
export const linkedinAdapterModule: AdapterModule = {
  ...appOrSandbox(
    "LINKEDIN",
    (app) =>
      linkedinAdapter({
        clientId: app.clientId,
        clientSecret: app.clientSecret ?? "",
        authBase: app.base("AUTH_BASE", "https://www.linkedin.com"),
        apiBase: app.base("API_BASE", "https://api.linkedin.com"),
        version: app.get("API_VERSION") ?? LINKEDIN_DEFAULT_VERSION,
        timeoutMs: app.timeoutMs,
        readSocial: app.get("MEMBER_SOCIAL_READ") === "true",
      }),
    (sandbox, ctx, env) => {
      // The sandbox's standard app has what a fresh LinkedIn app gets (no r_member_social, no
      // refresh tokens); LINKEDIN_MEMBER_SOCIAL_READ=true uses its approved-partner app instead.
      const partner = envString(env, "LINKEDIN_MEMBER_SOCIAL_READ") === "true";
      return linkedinAdapter({
        ...(partner ? LINKEDIN_SANDBOX_PARTNER : LINKEDIN_SANDBOX_CLIENT),
        authBase: `${sandbox}/linkedin`,
        apiBase: `${sandbox}/linkedin`,
        version: envString(env, "LINKEDIN_API_VERSION") ?? LINKEDIN_DEFAULT_VERSION,
        timeoutMs: ctx.timeoutMs,
        ...SANDBOX_POLL,
        readSocial: partner,
      });
    },
  ),
  sandboxKey: "linkedin",
  // Client credentials (2-legged): a standard app is refused app tokens with access_denied, which
  // still proves LinkedIn knows the id and secret (a wrong pair is invalid_client). Brandpilot
  // needs no app token, only that the pair is right.
  appCheck: {
    source: "https://learn.microsoft.com/en-us/linkedin/shared/authentication/client-credentials-flow",
    run: (env, ctx) =>
      checkAppToken(
        `${trimSlash(envString(env, "LINKEDIN_AUTH_BASE") ?? "https://www.linkedin.com")}/oauth/v2/accessToken`,
        {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: form({
            grant_type: "client_credentials",
            client_id: envString(env, "LINKEDIN_CLIENT_ID"),
            client_secret: envString(env, "LINKEDIN_CLIENT_SECRET"),
          }),
        },
        {
          label,
          timeoutMs: ctx.timeoutMs,
          accepted: (_status, body) =>
            body.error === "access_denied" ? "LinkedIn knows the app (it is not allowed app tokens, which Brandpilot does not need)" : null,
        },
      ),
  },
  renewal: "refresh-token",
  connect: { kind: "oauth2", pkce: false },
  // 60-day access tokens: refresh a week ahead, only with a refresh token (approved partners);
  // without one the owner is reminded to reconnect a week ahead instead (decision 196).
  refreshWindowMs: 7 * 86_400_000,
};
