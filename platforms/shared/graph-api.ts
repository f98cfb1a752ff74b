// What the Worker's Meta Graph API adapters (Instagram, Threads, Facebook) share, as Meta
// documents it for all three: the error body {"error":{"code","error_subcode","is_transient",
// "error_user_msg","message"}} and its classification, the long-lived token answer, the
// container-then-publish flow (Instagram's media + media_publish, Threads' threads +
// threads_publish: create a container, poll its status until FINISHED, publish it) and per-media
// insights (metricsOneByOne in http.ts reads them). Each network's adapter.ts says what is its
// own: endpoints, rate-limit and auth codes, status field names, messages, metric names
// (docs/decisions/125).
import {
  envString,
  metricCount,
  PlatformError,
  trimSlash,
  type AdapterModule,
  type AppEnv,
  type ClientConfig,
  type PostMetrics,
  type RecentPostQuery,
  type TokenSet,
} from "./adapter.ts";
import { bearerHeaders, checkAppToken, form, metricsOneByOne, platformFetch, readJson, readTokenResponse, sleep, str } from "./http.ts";

type Call = (url: string, init?: RequestInit, publishes?: boolean) => Promise<Response>;
type Classify = (res: Response, context: "token" | "api") => Promise<PlatformError>;

export type GraphErrorRules = {
  /** The network's name in messages ("Instagram"). */
  label: string;
  /** Error codes that mean "slow down" (Graph API: 4, 17, 32, 613 and the network's own). */
  rateLimitCodes: ReadonlySet<number>;
  /** Error codes that mean the token no longer works (190; Facebook adds 200). */
  authCodes: ReadonlySet<number>;
  /** What to reconnect, in "Please reconnect <it>." ("your Instagram account"). */
  reconnect: string;
  /** A network's own answer to an error, checked first (Instagram's daily cap). */
  special?: (error: Record<string, unknown>) => PlatformError | undefined;
};

/** A Graph API error response as a typed PlatformError. */
export async function classifyGraphResponse(res: Response, context: "token" | "api", rules: GraphErrorRules): Promise<PlatformError> {
  const body = await readJson(res);
  const error = (body.error ?? {}) as Record<string, unknown>;
  const code = Number(error.code);
  const detail = str(error.error_user_msg) ?? str(error.message) ?? str(body.error_message) ?? str(body.error_description) ?? str(body.raw) ?? "unknown error";
  const special = rules.special?.(error);
  if (special) return special;
  if (res.status === 429 || rules.rateLimitCodes.has(code)) {
    const ra = Number(res.headers.get("retry-after"));
    return new PlatformError(
      "retryable",
      `${rules.label} rate limit reached. The post will be retried.`,
      Number.isFinite(ra) && ra > 0 ? ra * 1000 : undefined,
    );
  }
  if (res.status >= 500 || error.is_transient === true)
    return new PlatformError("retryable", `${rules.label} is unavailable (HTTP ${res.status}). Please try again.`);
  if (context === "token" && (res.status === 400 || res.status === 401)) return new PlatformError("auth", detail);
  if (rules.authCodes.has(code) || res.status === 401) {
    return new PlatformError("auth", `${rules.label} access was revoked or expired. Please reconnect ${rules.reconnect}. (${detail})`);
  }
  return new PlatformError("rejected", `${rules.label} rejected the post: ${detail}`);
}

/** A Graph API app as the adapter module configures it: the real API's (graphAppFromEnv) or the sandbox's. */
export type GraphAppConfig = ClientConfig & {
  /** The Graph host, e.g. https://graph.threads.com */
  graphBase: string;
  /** The consent page, e.g. https://threads.com/oauth/authorize */
  authorizeUrl: string;
};

/** `<PREFIX>_CLIENT_ID`, `_CLIENT_SECRET`, `_GRAPH_BASE` and `_AUTHORIZE_URL` (else the network's documented hosts). */
export const graphAppFromEnv = (app: AppEnv, defaults: { graphBase: string; authorizeUrl: string }): GraphAppConfig => ({
  clientId: app.clientId,
  clientSecret: app.clientSecret ?? "",
  graphBase: app.base("GRAPH_BASE", defaults.graphBase),
  authorizeUrl: app.url("AUTHORIZE_URL", defaults.authorizeUrl),
  timeoutMs: app.timeoutMs,
});

/**
 * `npm run doctor`'s check of a Graph API app (decision 234): GET <graph base><version>/oauth/access_token?
 * grant_type=client_credentials with `<PREFIX>_CLIENT_ID` and `_CLIENT_SECRET` must issue an app token.
 */
export function graphAppCheck(opts: {
  source: string;
  prefix: string;
  label: string;
  graphBase: string;
  versionPath: string;
}): NonNullable<AdapterModule["appCheck"]> {
  const { prefix, label } = opts;
  return {
    source: opts.source,
    run: (env, ctx) =>
      checkAppToken(
        `${trimSlash(envString(env, `${prefix}_GRAPH_BASE`) ?? opts.graphBase)}${opts.versionPath}/oauth/access_token?${new URLSearchParams({ client_id: envString(env, `${prefix}_CLIENT_ID`) ?? "", client_secret: envString(env, `${prefix}_CLIENT_SECRET`) ?? "", grant_type: "client_credentials" })}`,
        {},
        { label, timeoutMs: ctx.timeoutMs },
      ),
  };
}

/** A container publish: what differs per network (edges, body, status fields, nouns of the messages). */
export type ContainerPublish = {
  accessToken: string;
  accountId: string;
  /** The account's edges: the one that makes the container (answers {id}) and the one that publishes it. */
  edges: { create: string; publish: string };
  createBody: Record<string, string | undefined>;
  /** The container's status field and the field saying why it failed (names differ per network). */
  statusFields: { status: string; detail: string };
  /** The nouns of the messages: what is processed ("the image"), what id is returned ("published media id"). */
  processing: string;
  publishedId: string;
};

const LONG_LIVED_MISSING = "Invalid token refresh response";

/**
 * One Graph API app's calls: versioned URLs, timed fetches naming the network, its error rules,
 * and the flows the three networks share. `defaultPollTimeoutMs`: how long a container may process
 * (the publish flows only).
 */
export function graphClient(config: GraphAppConfig, version: string, rules: GraphErrorRules, defaultPollTimeoutMs = 30_000) {
  const { label } = rules;
  const graph = (path: string) => `${config.graphBase}/${version}${path}`;
  const call: Call = (url, init = {}, publishes = false) => platformFetch(url, init, { label, timeoutMs: config.timeoutMs, publishes });
  const classify: Classify = (res, context) => classifyGraphResponse(res, context, rules);
  const pollIntervalMs = config.pollIntervalMs ?? 1000;
  const pollTimeoutMs = config.pollTimeoutMs ?? defaultPollTimeoutMs;
  const edge = (id: string, name: string) => graph(`/${encodeURIComponent(id)}/${name}`);
  const token = async (url: string, missing: string): Promise<TokenSet> => readTokenResponse(await call(url), classify, missing);

  return {
    graph,
    call,
    classify,

    /** GET <url> answering {access_token, expires_in}: a token without a refresh token (the Graph API has none). */
    token,

    /**
     * The OAuth code's first answer (Instagram, Threads): POST <url> with the code as a form. The
     * network appends "#_" to the redirect; a pasted code may still carry it.
     */
    async redeemCode(url: string, redirectUri: string, code: string): Promise<Record<string, unknown>> {
      const res = await call(url, {
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
      if (!res.ok) throw await classify(res, "token");
      return readJson(res);
    },

    /** A short-lived token for a 60-day one (Instagram's ig_exchange_token, Threads' th_exchange_token). */
    longLived: (shortToken: string, grantType: string) =>
      token(
        `${config.graphBase}/access_token?${new URLSearchParams({ grant_type: grantType, client_secret: config.clientSecret, access_token: shortToken })}`,
        LONG_LIVED_MISSING,
      ),

    /** A long-lived token renewed (ig_refresh_token, th_refresh_token). */
    refreshLongLived: (accessToken: string, grantType: string) =>
      token(`${config.graphBase}/refresh_access_token?${new URLSearchParams({ grant_type: grantType, access_token: accessToken })}`, LONG_LIVED_MISSING),

    /**
     * Container, poll, publish. Only the publish call makes a post visible, so only its timeout is
     * "unknown_outcome"; a container that is still processing at the deadline is "retryable", one in
     * ERROR or EXPIRED "rejected".
     */
    async publishViaContainer(o: ContainerPublish): Promise<{ platformPostId: string }> {
      const formHeaders = bearerHeaders(o.accessToken, { "content-type": "application/x-www-form-urlencoded" });
      const created = await call(edge(o.accountId, o.edges.create), { method: "POST", headers: formHeaders, body: form(o.createBody) });
      if (!created.ok) throw await classify(created, "api");
      const containerId = str((await readJson(created)).id);
      if (!containerId) throw new PlatformError("retryable", `${label} did not create the media container`);

      const deadline = Date.now() + pollTimeoutMs;
      const statusUrl = graph(`/${encodeURIComponent(containerId)}?fields=${o.statusFields.status},${o.statusFields.detail}`);
      for (;;) {
        const res = await call(statusUrl, { headers: bearerHeaders(o.accessToken) });
        if (!res.ok) throw await classify(res, "api");
        const body = await readJson(res);
        const status = str(body[o.statusFields.status]);
        if (status === "FINISHED" || status === "PUBLISHED") break;
        if (status === "ERROR" || status === "EXPIRED")
          throw new PlatformError("rejected", `${label} could not process ${o.processing}: ${str(body[o.statusFields.detail]) ?? status}`);
        if (Date.now() >= deadline) throw new PlatformError("retryable", `${label} is still processing ${o.processing}. Please try again.`);
        await sleep(pollIntervalMs);
      }

      const published = await call(
        edge(o.accountId, o.edges.publish),
        { method: "POST", headers: formHeaders, body: form({ creation_id: containerId }) },
        true,
      );
      if (!published.ok) throw await classify(published, "api");
      const id = str((await readJson(published)).id);
      if (!id) throw new PlatformError("unknown_outcome", `${label} did not return the ${o.publishedId}`);
      return { platformPostId: id };
    },

    /**
     * Per-media insights, GET /{media-id}/insights?metric=..., one media per call (the app's call
     * budget is per user: a cron run reads at most 25 media per account, decision 144).
     */
    insights: (accessToken: string, postIds: string[], metric: string, toMetrics: (values: Map<string, number>) => PostMetrics) =>
      metricsOneByOne(
        postIds,
        25,
        (id) => call(edge(id, `insights?${new URLSearchParams({ metric })}`), { headers: bearerHeaders(accessToken) }),
        classify,
        (json) => toMetrics(insightValues(json)),
      ),

    /**
     * findRecentPost over one of the account's edges (path from the API version on): its posts
     * whose text, through `normalize`, is the published text's (decision 121).
     */
    findOwnPost: (q: RecentPostQuery, edgePath: string, fields: { text: string; time: string }, normalize: (text: string) => string) => {
      const want = normalize(q.text);
      return findOwnGraphPost({
        call,
        classify,
        accessToken: q.accessToken,
        edgeUrl: (qs) => graph(`${edgePath}?${qs}`),
        textField: fields.text,
        timeField: fields.time,
        sinceMs: q.sinceMs,
        sameText: (t) => normalize(t) === want,
      });
    },
  };
}

/** The values of an insights answer {data: [{name, values: [{value}]} or {name, total_value: {value}}]}, by metric name. */
function insightValues(json: Record<string, unknown>): Map<string, number> {
  const values = new Map<string, number>();
  for (const d of Array.isArray(json.data) ? (json.data as Record<string, unknown>[]) : []) {
    const v = Array.isArray(d.values)
      ? (d.values[0] as Record<string, unknown> | undefined)?.value
      : (d.total_value as Record<string, unknown> | undefined)?.value;
    values.set(String(d.name), metricCount(v));
  }
  return values;
}

/** Pages of an account's own posts kept in memory at most: a busy account's since-window is bounded (decision 121). */
const MAX_OWN_POST_PAGES = 50;

/**
 * The id of the account's own post with this text created since the first publish attempt began
 * (less a minute of clock skew), or null (decision 121: the reconciliation before a retry). Reads a
 * Graph edge newest first, 100 a page, following the `after` cursor Meta documents for all three
 * APIs, until a page is empty, a post older than the window shows, or there is no cursor.
 */
async function findOwnGraphPost(opts: {
  call: Call;
  classify: Classify;
  accessToken: string;
  /** The edge's URL for a query string, e.g. (qs) => graph(`/${id}/threads?${qs}`). */
  edgeUrl: (qs: URLSearchParams) => string;
  /** The post fields holding its text and its creation time ("message", "created_time"). */
  textField: string;
  timeField: string;
  sinceMs: number;
  /** Whether a post's text is the one published (each network normalizes differently). */
  sameText: (text: string) => boolean;
}): Promise<string | null> {
  const since = opts.sinceMs - 60_000;
  let after: string | undefined;
  for (let page = 0; page < MAX_OWN_POST_PAGES; page++) {
    const qs = new URLSearchParams({ fields: `id,${opts.textField},${opts.timeField}`, since: String(Math.floor(since / 1000)), limit: "100" });
    if (after) qs.set("after", after);
    const res = await opts.call(opts.edgeUrl(qs), { headers: bearerHeaders(opts.accessToken) });
    if (!res.ok) throw await opts.classify(res, "api");
    const body = await readJson(res);
    const items = Array.isArray(body.data) ? (body.data as Record<string, unknown>[]) : [];
    let older = false;
    for (const item of items) {
      const created = Date.parse(str(item[opts.timeField]) ?? "");
      if (!Number.isNaN(created) && created < since) older = true;
      else if (opts.sameText(str(item[opts.textField]) ?? "")) return str(item.id) ?? null;
    }
    after = str(((body.paging ?? {}) as { cursors?: { after?: unknown } }).cursors?.after);
    if (older || !after || items.length === 0) return null;
  }
  return null;
}
