// What the Worker's Meta Graph API adapters (Instagram, Threads, Facebook) share, as Meta
// documents it for all three: the error body {"error":{"code","error_subcode","is_transient",
// "error_user_msg","message"}} and its classification, the long-lived token answer, the
// container-then-publish flow (Instagram's media + media_publish, Threads' threads +
// threads_publish: create a container, poll its status until FINISHED, publish it) and per-media
// insights (metricsOneByOne in http.ts reads them). Each network's adapter.ts says what is its
// own: endpoints, rate-limit and auth codes, status field names, messages, metric names
// (docs/decisions/125).
import { PlatformError, metricCount, type TokenSet } from "./adapter.ts";
import { bearerHeaders, form, readJson, readTokenResponse, sleep, str } from "./http.ts";

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

/** GET <url> answering {access_token, expires_in}: a token without a refresh token (the Graph API has none). */
export const graphToken = async (call: Call, classify: Classify, url: string, missing: string): Promise<TokenSet> =>
  readTokenResponse(await call(url), classify, missing);

export type ContainerPublish = {
  call: Call;
  classify: Classify;
  label: string;
  accessToken: string;
  /** POST: makes the container, answers {id}. */
  createUrl: string;
  createBody: Record<string, string | undefined>;
  /** GET with the container id: its status. */
  statusUrl: (containerId: string) => string;
  /** The status and why it failed, from the status answer (field names differ per network). */
  readStatus: (body: Record<string, unknown>) => { status: string | undefined; detail: string | undefined };
  /** POST {creation_id}: the call that makes the post visible. */
  publishUrl: string;
  pollIntervalMs: number;
  pollTimeoutMs: number;
  /** The nouns of the messages: what is processed ("the image"), what id is returned ("published media id"). */
  processing: string;
  publishedId: string;
};

/**
 * Container, poll, publish. Only the publish call makes a post visible, so only its timeout is
 * "unknown_outcome"; a container that is still processing at the deadline is "retryable", one in
 * ERROR or EXPIRED "rejected".
 */
export async function publishViaContainer(o: ContainerPublish): Promise<{ platformPostId: string }> {
  const formHeaders = bearerHeaders(o.accessToken, { "content-type": "application/x-www-form-urlencoded" });
  const created = await o.call(o.createUrl, { method: "POST", headers: formHeaders, body: form(o.createBody) });
  if (!created.ok) throw await o.classify(created, "api");
  const containerId = str((await readJson(created)).id);
  if (!containerId) throw new PlatformError("retryable", `${o.label} did not create the media container`);

  const deadline = Date.now() + o.pollTimeoutMs;
  for (;;) {
    const res = await o.call(o.statusUrl(containerId), { headers: bearerHeaders(o.accessToken) });
    if (!res.ok) throw await o.classify(res, "api");
    const { status, detail } = o.readStatus(await readJson(res));
    if (status === "FINISHED" || status === "PUBLISHED") break;
    if (status === "ERROR" || status === "EXPIRED") throw new PlatformError("rejected", `${o.label} could not process ${o.processing}: ${detail ?? status}`);
    if (Date.now() >= deadline) throw new PlatformError("retryable", `${o.label} is still processing ${o.processing}. Please try again.`);
    await sleep(o.pollIntervalMs);
  }

  const published = await o.call(o.publishUrl, { method: "POST", headers: formHeaders, body: form({ creation_id: containerId }) }, true);
  if (!published.ok) throw await o.classify(published, "api");
  const id = str((await readJson(published)).id);
  if (!id) throw new PlatformError("unknown_outcome", `${o.label} did not return the ${o.publishedId}`);
  return { platformPostId: id };
}

/** The values of an insights answer {data: [{name, values: [{value}]} or {name, total_value: {value}}]}, by metric name. */
export function insightValues(json: Record<string, unknown>): Map<string, number> {
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
export async function findOwnGraphPost(opts: {
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
