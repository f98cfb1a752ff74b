// One place that turns transport failures into typed PlatformErrors. The distinction matters for
// exactly-once publishing: a request that timed out AFTER it was sent may have created the post,
// so for publishing calls a timeout is "unknown_outcome" (the pipeline reconciles before trying
// again), while a connection that never got through is safely "retryable".
import { PlatformError, type PostMetrics, type TokenSet } from "./adapter.ts";

export type CallOptions = {
  /** The network's name in messages ("Twitter"). */
  label: string;
  timeoutMs: number;
  /** true for calls that make a post visible (POST /2/tweets, media_publish). */
  publishes?: boolean;
};

export async function platformFetch(url: string, init: RequestInit, opts: CallOptions): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(opts.timeoutMs) });
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
    if (timedOut && opts.publishes) {
      throw new PlatformError("unknown_outcome", `${opts.label} did not answer in time; the post may or may not have been published`);
    }
    if (timedOut) throw new PlatformError("retryable", `${opts.label} did not answer in time. Please try again.`);
    throw new PlatformError("retryable", `Could not reach ${opts.label}. Please try again.`);
  }
}

/**
 * Delay asked for by a 429, in ms: Retry-After (seconds or HTTP date) where the platform sends it;
 * X sends none but `x-user-limit-24hour-reset` when the account's 24-hour cap is used up
 * (`x-user-limit-24hour-remaining: 0`), else `x-rate-limit-reset` (epoch seconds).
 */
export function retryAfterMs(headers: Headers, nowMs = Date.now()): number | undefined {
  const clamp = (ms: number) => Math.min(Math.max(ms, 1000), 24 * 3600_000);
  const ra = headers.get("retry-after");
  if (ra) {
    const secs = Number(ra);
    if (Number.isFinite(secs)) return clamp(secs * 1000);
    const date = Date.parse(ra);
    if (!Number.isNaN(date)) return clamp(date - nowMs);
  }
  const epoch = (name: string) => {
    const v = headers.get(name);
    return v && Number.isFinite(Number(v)) ? Number(v) * 1000 : null;
  };
  const daily = epoch("x-user-limit-24hour-reset");
  if (daily !== null && headers.get("x-user-limit-24hour-remaining") === "0") return clamp(daily - nowMs);
  const reset = epoch("x-rate-limit-reset");
  if (reset !== null) return clamp(reset - nowMs);
  return undefined;
}

export async function readJson(res: Response): Promise<Record<string, unknown>> {
  const text = await res.text().catch(() => "");
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : { value: parsed };
  } catch {
    return { raw: text.slice(0, 300) };
  }
}

export function form(values: Record<string, string | undefined>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== undefined) body.set(k, v);
  return body;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function str(v: unknown): string | undefined {
  return typeof v === "string" && v ? v : typeof v === "number" ? String(v) : undefined;
}

/**
 * An OAuth token answer ({access_token, refresh_token?, expires_in? seconds}) as a TokenSet; a
 * refused one is classified as a "token" error, one without an access token is `missing`.
 */
export async function readTokenResponse(
  res: Response,
  classify: (res: Response, context: "token") => Promise<PlatformError>,
  missing: string,
): Promise<TokenSet> {
  if (!res.ok) throw await classify(res, "token");
  const body = await readJson(res);
  const accessToken = str(body.access_token);
  if (!accessToken) throw new PlatformError("retryable", missing);
  const expiresIn = Number(body.expires_in);
  return {
    accessToken,
    refreshToken: str(body.refresh_token) ?? null,
    expiresAt: Number.isFinite(expiresIn) && expiresIn > 0 ? Date.now() + expiresIn * 1000 : null,
  };
}

export const bearerHeaders = (token: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, ...extra });

/**
 * Metrics read one post per call: `fetchOne` asks, `read` turns the answer into figures. A post
 * the network refuses ("rejected": deleted, no insights) is left out; auth errors and rate limits
 * stop the run.
 */
export async function metricsOneByOne(
  postIds: string[],
  batch: number,
  fetchOne: (id: string) => Promise<Response>,
  classify: (res: Response, context: "api") => Promise<PlatformError>,
  read: (json: Record<string, unknown>) => PostMetrics,
): Promise<Map<string, PostMetrics>> {
  const out = new Map<string, PostMetrics>();
  for (const id of postIds.slice(0, batch)) {
    const res = await fetchOne(id);
    if (!res.ok) {
      const err = await classify(res, "api");
      if (err.kind === "rejected") continue;
      throw err;
    }
    out.set(id, read(await readJson(res)));
  }
  return out;
}

/**
 * The post's image for a network that is sent the bytes (X, LinkedIn, Bluesky, Mastodon): the
 * bytes the caller already has (from R2), else downloaded from `imageUrl`; null without either.
 * An image that is gone (404, 410) is "rejected", one that cannot be loaded now "retryable".
 */
export async function loadPostImage(
  input: { imageUrl?: string; image?: { data: ArrayBuffer | Uint8Array; contentType: string } },
  timeoutMs: number,
): Promise<{ data: Uint8Array<ArrayBuffer>; type: string } | null> {
  if (input.image) return { data: new Uint8Array(input.image.data).slice(), type: input.image.contentType };
  if (!input.imageUrl) return null;
  let res: Response;
  try {
    res = await fetch(input.imageUrl, { signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    throw new PlatformError("retryable", "Failed to upload media: the image could not be loaded");
  }
  if (res.status === 404 || res.status === 410) throw new PlatformError("rejected", "Failed to upload media: the image no longer exists");
  if (!res.ok) throw new PlatformError("retryable", `Failed to upload media: the image could not be loaded (HTTP ${res.status})`);
  return { data: new Uint8Array(await res.arrayBuffer()), type: res.headers.get("content-type")?.split(";")[0] ?? "application/octet-stream" };
}

/**
 * Asks the network's app-token endpoint for an app token with the configured client credentials
 * (decision 234): an access token back, or an answer `accepted` says proves the credentials
 * (LinkedIn: the app is known but not allowed app tokens), is OK; any other answer is the
 * network's refusal in its own words. A network that cannot be reached throws (platformFetch).
 */
export async function checkAppToken(
  url: string,
  init: RequestInit,
  opts: CallOptions & { accepted?: (status: number, body: Record<string, unknown>) => string | null },
): Promise<{ ok: boolean; detail: string }> {
  const res = await platformFetch(url, init, opts);
  const body = await readJson(res);
  if (res.ok && str(body.access_token)) return { ok: true, detail: "the app token endpoint issued a token" };
  const accepted = opts.accepted?.(res.status, body);
  if (accepted) return { ok: true, detail: accepted };
  const graph = body.error && typeof body.error === "object" ? str((body.error as Record<string, unknown>).message) : undefined;
  const said = graph ?? str(body.error_description) ?? str(body.error) ?? `HTTP ${res.status}`;
  return { ok: false, detail: `${opts.label} refused the app credentials (HTTP ${res.status}): ${said}` };
}
