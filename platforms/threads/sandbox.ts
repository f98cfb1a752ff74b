// Threads as the sandbox serves it under /threads: oauth/authorize, oauth/access_token,
// access_token (th_exchange_token), refresh_access_token (th_refresh_token, only for long-lived
// tokens at least 24 hours old), v1.0/me, v1.0/{user}/threads (container: TEXT or IMAGE),
// v1.0/{container} (status), v1.0/{user}/threads_publish, v1.0/{user}/threads (list) and
// v1.0/{user}/threads_publishing_limit. It refuses what Threads refuses: text over 500 as
// Threads counts it (an emoji by its UTF-8 bytes), an image container without image_url, a
// container not yet FINISHED or already published, more than 250 posts in 24 hours.
// Plain erasable TypeScript (Node 22 runs it without a build).
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  answerFailure,
  bearer,
  bump,
  handleAuthorize,
  nextId,
  params,
  recordPost,
  sandboxMetrics,
  send,
  state,
  takeFailure,
  token,
  type AccessToken,
  type Account,
  type AuthorizeOptions,
  type Failure,
  type SandboxNetwork,
} from "../shared/sandbox-core.ts";
import { fetchMedia } from "../shared/sandbox-media.ts";
import { THREADS_SANDBOX_CLIENT, threadsLength } from "./meta.ts";

type Container = { id: string; accountId: string; mediaType: string; imageUrl: string | null; text: string; readyAt: number; status: string };

const SHORT_TTL_S = 3600;
const LONG_TTL_S = 5_184_000;
const MIN_REFRESH_AGE_MS = 86_400_000;
const CONTAINER_DELAY_MS = 300;
const DAILY_CAP = 250;
const containers = new Map<string, Container>();
const AUTHORIZE: AuthorizeOptions = {
  clientId: THREADS_SANDBOX_CLIENT.clientId,
  pkce: false,
  codePrefix: "thcode_",
  defaultUsername: "sandbox_threads_user",
  fragment: "#_",
  denied: { error_reason: "user_denied", error_description: "Permissions error" },
};

function thError(res: ServerResponse, status: number, message: string, code: number, extra: Record<string, unknown> = {}) {
  send(res, status, { error: { message, type: "OAuthException", code, fbtrace_id: randomBytes(8).toString("hex"), ...extra } });
}

function thAuth(req: IncomingMessage, res: ServerResponse, p: URLSearchParams, kinds: AccessToken["kind"][] = ["long", "short"]): { acc: Account; rec: AccessToken } | null {
  const t = bearer(req, p);
  const rec = t ? state.access.get(t) : undefined;
  const acc = rec ? state.accounts.get(rec.accountId) : undefined;
  if (!rec || rec.network !== "threads" || !kinds.includes(rec.kind) || rec.expiresAt < Date.now() || !acc || acc.revoked) {
    thError(res, 400, "Error validating access token: Session has expired or the user has changed the password.", 190, { error_subcode: 463 });
    return null;
  }
  return { acc, rec };
}

function issue(acc: Account, kind: "short" | "long") {
  const t = token(kind === "short" ? "THst_" : "THAA");
  const ttl = kind === "short" ? SHORT_TTL_S : LONG_TTL_S;
  state.access.set(t, { network: "threads", accountId: acc.id, expiresAt: Date.now() + ttl * 1000, kind, issuedAt: Date.now() });
  return { access_token: t, token_type: "bearer", expires_in: ttl };
}

const postsToday = (acc: Account) => state.posts.filter((p) => p.network === "threads" && p.accountId === acc.id && p.createdAt > Date.now() - 86_400_000).length;

function publish(acc: Account, c: Container) {
  c.status = "PUBLISHED";
  return recordPost(acc, c.text, c.imageUrl, "1810");
}

async function handle(req: IncomingMessage, res: ServerResponse, body: Buffer, url: URL, path: string): Promise<boolean> {
  if (path === "/oauth/authorize") return handleAuthorize(threadsSandbox, AUTHORIZE, req, res, body, url);
  const p = params(req, body, url);

  // Test switch: {"account": id or username, "seconds": n} makes the account's tokens n seconds older
  // (Threads refreshes only tokens at least 24 hours old).
  if (path === "/_age" && req.method === "POST") {
    const input = JSON.parse(body.toString("utf8") || "{}") as { account?: string; seconds?: number };
    let n = 0;
    for (const rec of state.access.values()) {
      const acc = state.accounts.get(rec.accountId);
      if (rec.network === "threads" && acc && (acc.id === input.account || acc.username === input.account)) {
        rec.issuedAt -= (Number(input.seconds) || 0) * 1000;
        n++;
      }
    }
    send(res, 200, { ok: true, aged: n });
    return true;
  }

  if (path === "/oauth/access_token" && req.method === "POST") {
    if (p.get("client_id") !== THREADS_SANDBOX_CLIENT.clientId || p.get("client_secret") !== THREADS_SANDBOX_CLIENT.clientSecret) {
      thError(res, 400, "Error validating client secret.", 1);
      return true;
    }
    const grant = state.grants.get((p.get("code") ?? "").replace(/#_$/, ""));
    if (p.get("grant_type") !== "authorization_code" || !grant || grant.network !== "threads" || grant.used || grant.expiresAt < Date.now() || grant.redirectUri !== p.get("redirect_uri")) {
      if (grant) grant.used = true;
      thError(res, 400, "Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request", 100);
      return true;
    }
    grant.used = true;
    const acc = state.accounts.get(grant.accountId)!;
    bump(state.exchanges, acc.id);
    send(res, 200, { ...issue(acc, "short"), user_id: acc.id });
    return true;
  }

  if (path === "/access_token" && req.method === "GET") {
    if (p.get("grant_type") !== "th_exchange_token" || p.get("client_secret") !== THREADS_SANDBOX_CLIENT.clientSecret) {
      thError(res, 400, "Invalid grant_type or client_secret", 100);
      return true;
    }
    const auth = thAuth(req, res, p, ["short"]);
    if (!auth) return true;
    send(res, 200, issue(auth.acc, "long"));
    return true;
  }

  if (path === "/refresh_access_token" && req.method === "GET") {
    const rec = state.access.get(p.get("access_token") ?? "");
    const acc = rec ? state.accounts.get(rec.accountId) : undefined;
    const failure = takeFailure("threads", "token", acc);
    if (failure) return answerFailure(threadsSandbox, res, failure);
    if (acc) bump(state.refreshes, acc.id);
    if (p.get("grant_type") !== "th_refresh_token") {
      thError(res, 400, "Invalid grant_type", 100);
      return true;
    }
    const auth = thAuth(req, res, p, ["long"]);
    if (!auth) return true;
    if (Date.now() - auth.rec.issuedAt < MIN_REFRESH_AGE_MS) {
      thError(res, 400, "Long-lived tokens can only be refreshed once they are at least 24 hours old.", 100);
      return true;
    }
    send(res, 200, issue(auth.acc, "long"));
    return true;
  }

  const graph = path.match(/^\/v\d+\.\d+\/(.+)$/);
  if (!graph) return false;
  const rest = graph[1]!;

  if (rest === "me" && req.method === "GET") {
    const auth = thAuth(req, res, p);
    if (!auth) return true;
    send(res, 200, { id: auth.acc.id, username: auth.acc.username });
    return true;
  }

  const limit = rest.match(/^([^/]+)\/threads_publishing_limit$/);
  if (limit && req.method === "GET") {
    const auth = thAuth(req, res, p);
    if (!auth) return true;
    send(res, 200, { data: [{ quota_usage: postsToday(auth.acc), config: { quota_total: DAILY_CAP, quota_duration: 86400 } }] });
    return true;
  }

  // Media insights (analytics): GET /{threads-media-id}/insights?metric=views,likes,replies,reposts,quotes.
  // Unknown metrics are a 400 (#100); a media that does not exist or is another user's is the
  // Graph API's "Object does not exist" (#100, subcode 33). Values grow with age (sandboxMetrics).
  const insights = rest.match(/^([^/]+)\/insights$/);
  if (insights && req.method === "GET") {
    const auth = thAuth(req, res, p);
    if (!auth) return true;
    const media = state.posts.find((x) => x.network === "threads" && x.id === insights[1]);
    if (!media || media.accountId !== auth.acc.id) {
      thError(res, 400, "Unsupported get request. Object does not exist or cannot be loaded due to missing permissions.", 100, { error_subcode: 33 });
      return true;
    }
    const known = ["views", "likes", "replies", "reposts", "quotes", "shares"];
    const metrics = (p.get("metric") ?? "").split(",").filter(Boolean);
    const bad = metrics.find((m) => !known.includes(m));
    if (metrics.length === 0 || bad) {
      thError(res, 400, `(#100) metric[${Math.max(0, metrics.indexOf(bad ?? ""))}] must be one of the following values: ${known.join(", ")}`, 100);
      return true;
    }
    const m = sandboxMetrics(media);
    const value: Record<string, number> = { views: m.impressions, likes: m.likes, replies: m.replies, reposts: m.reposts, quotes: 0, shares: 0 };
    send(res, 200, { data: metrics.map((name) => ({ name, period: "lifetime", values: [{ value: value[name] }], title: name, description: name, id: `${media.id}/insights/${name}/lifetime` })) });
    return true;
  }

  const list = rest.match(/^([^/]+)\/threads$/);
  if (list && req.method === "GET") {
    const auth = thAuth(req, res, p);
    if (!auth) return true;
    const since = Number(p.get("since") ?? 0) * 1000;
    const max = Math.min(Number(p.get("limit") ?? 25) || 25, 100);
    const after = Number(p.get("after") ?? 0);
    const mine = state.posts.filter((x) => x.network === "threads" && x.accountId === auth.acc.id && x.createdAt >= since).reverse();
    const page = mine.slice(after, after + max);
    send(res, 200, {
      data: page.map((x) => ({ id: x.id, text: x.text, media_type: x.imageUrl ? "IMAGE" : "TEXT_POST", timestamp: new Date(x.createdAt).toISOString().replace(/\.\d{3}Z$/, "+0000") })),
      paging: { cursors: { before: String(after), after: after + max < mine.length ? String(after + max) : "" } },
    });
    return true;
  }

  const post = rest.match(/^([^/]+)\/(threads|threads_publish)$/);
  if (post && req.method === "POST") {
    const auth = thAuth(req, res, p);
    if (!auth) return true;
    if (post[1] !== auth.acc.id && post[1] !== "me") {
      thError(res, 400, "Unsupported post request. Object does not exist or cannot be loaded due to missing permissions.", 100, { error_subcode: 33 });
      return true;
    }
    if (post[2] === "threads") {
      const failure = takeFailure("threads", "upload", auth.acc);
      if (failure) return answerFailure(threadsSandbox, res, failure);
      const mediaType = p.get("media_type") ?? "";
      const text = p.get("text") ?? "";
      const imageUrl = p.get("image_url");
      if (mediaType !== "TEXT" && mediaType !== "IMAGE") {
        thError(res, 400, "The parameter media_type is required and must be TEXT, IMAGE or VIDEO.", 100);
        return true;
      }
      if (mediaType === "IMAGE" && !/^https?:\/\//.test(imageUrl ?? "")) {
        thError(res, 400, "The parameter image_url is required.", 100);
        return true;
      }
      if (mediaType === "TEXT" && !text.trim()) {
        thError(res, 400, "The parameter text is required.", 100);
        return true;
      }
      if (threadsLength(text) > 500) {
        thError(res, 400, "Invalid parameter", 100, { error_subcode: 4279009, error_user_msg: "The post text is too long. The limit is 500 characters." });
        return true;
      }
      if (mediaType === "IMAGE") {
        // Container creation downloads image_url; Threads takes JPEG and PNG up to 8 MB
        // (docs/decisions/124).
        const fetched = await fetchMedia(imageUrl!);
        if (!fetched.ok) {
          thError(res, 400, `Media download has failed.: The media could not be fetched from this URI: ${imageUrl}`, 9004, {
            error_subcode: 2207052,
            is_transient: false,
            error_user_title: "Media download has failed",
            error_user_msg: `The media could not be fetched from this URI: ${imageUrl} (${fetched.reason}).`,
          });
          return true;
        }
        if (fetched.kind !== "jpeg" && fetched.kind !== "png") {
          thError(res, 400, "The image format is not supported.", 36001, { error_subcode: 2207005, is_transient: false, error_user_msg: "The image format is not supported. Use a JPEG or PNG image." });
          return true;
        }
        if (fetched.bytes.length > 8 * 1024 * 1024) {
          thError(res, 400, "The image size is too large.", 36000, { error_subcode: 2207004, is_transient: false, error_user_msg: "The image is too large. It should be at most 8 MB." });
          return true;
        }
      }
      const id = nextId("1790");
      containers.set(id, { id, accountId: auth.acc.id, mediaType, imageUrl: mediaType === "IMAGE" ? imageUrl : null, text, readyAt: Date.now() + CONTAINER_DELAY_MS, status: "IN_PROGRESS" });
      send(res, 200, { id });
      return true;
    }
    const failure = takeFailure("threads", "post", auth.acc);
    const container = containers.get(p.get("creation_id") ?? "");
    if (failure) {
      if (failure.fail === "timeout" && failure.commit && container && container.status !== "PUBLISHED") publish(auth.acc, container);
      return answerFailure(threadsSandbox, res, failure);
    }
    if (!container || container.accountId !== auth.acc.id) {
      thError(res, 400, "Invalid parameter", 100, { error_user_msg: "The media container does not exist." });
      return true;
    }
    if (container.status === "PUBLISHED") {
      thError(res, 400, "Media already published", 9007, { error_subcode: 2207008 });
      return true;
    }
    if (container.readyAt > Date.now()) {
      thError(res, 400, "Media ID is not available", 9007, { error_subcode: 4279001, error_user_msg: "The media is not ready for publishing, please wait for a moment" });
      return true;
    }
    if (postsToday(auth.acc) >= DAILY_CAP) {
      thError(res, 400, "Application request limit reached", 4, { error_user_msg: "This profile has reached its limit of 250 API-published posts in 24 hours." });
      return true;
    }
    send(res, 200, { id: publish(auth.acc, container).id });
    return true;
  }

  if (!rest.includes("/") && req.method === "GET") {
    const container = containers.get(rest);
    if (!container) return false;
    const auth = thAuth(req, res, p);
    if (!auth) return true;
    const status = container.status === "PUBLISHED" ? "PUBLISHED" : container.readyAt > Date.now() ? "IN_PROGRESS" : "FINISHED";
    send(res, 200, { status, id: container.id });
    return true;
  }
  return false;
}

function answerInjected(res: ServerResponse, f: Failure) {
  if (f.fail === "500") send(res, 500, { error: { message: "An unexpected error has occurred. Please retry your request later.", type: "OAuthException", code: 2, is_transient: true } });
  else if (f.fail === "429") send(res, 429, { error: { message: "Application request limit reached", type: "OAuthException", code: 4 } }, { "retry-after": String(f.retryAfter) });
  else thError(res, 400, "Invalid parameter", 100, { error_user_msg: "The post text is too long. The limit is 500 characters." });
}

export const threadsSandbox: SandboxNetwork = { key: "threads", name: "Threads", idPrefix: "2587", postIdPrefix: "1810", answerInjected, handle };
