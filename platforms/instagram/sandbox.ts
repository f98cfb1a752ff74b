// Instagram (API with Instagram Login) as the sandbox serves it under /instagram: oauth/authorize,
// oauth/access_token, graph/access_token (long-lived exchange), graph/refresh_access_token,
// graph/v*/me, graph/v*/{ig-user-id}/media (container), graph/v*/{container-id} (status),
// graph/v*/{ig-user-id}/media_publish and graph/v*/me/media. It refuses what Instagram refuses
// (docs/decisions/120 lists each rule with its source).
// Plain erasable TypeScript (runs under Node 22 without a build step): imports carry `.ts`.
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
  type Posted,
  type SandboxNetwork,
} from "../shared/sandbox-core.ts";
import { fetchMedia } from "../shared/sandbox-media.ts";
import { INSTAGRAM_SANDBOX_CLIENT } from "./meta.ts";

type Container = { id: string; accountId: string; imageUrl: string; caption: string; readyAt: number; status: string };

const IG_SHORT_TTL_S = 3600;
const IG_LONG_TTL_S = 5_184_000;
const CONTAINER_DELAY_MS = 300;
const containers = new Map<string, Container>();
/** API-published posts per rolling 24 hours (the media_publish reference; lowered per account with {"cap": n}). */
const INSTAGRAM_DAILY_CAP = 50;
const capOf = (acc: Account) => state.caps.get(acc.id) ?? INSTAGRAM_DAILY_CAP;
const publishedInDay = (acc: Account) => state.posts.filter((x) => x.network === "instagram" && x.accountId === acc.id && x.createdAt > Date.now() - 86_400_000);
const AUTHORIZE: AuthorizeOptions = {
  clientId: INSTAGRAM_SANDBOX_CLIENT.clientId,
  pkce: false,
  codePrefix: "igcode_",
  defaultUsername: "sandbox_ig_user",
  fragment: "#_",
  denied: { error_reason: "user_denied", error_description: "Permissions error" },
};

function igError(res: ServerResponse, status: number, message: string, code: number, extra: Record<string, unknown> = {}) {
  send(res, status, { error: { message, type: "OAuthException", code, fbtrace_id: randomBytes(8).toString("hex"), ...extra } });
}

function igAuth(req: IncomingMessage, res: ServerResponse, p: URLSearchParams, kinds: AccessToken["kind"][] = ["long", "short"]): { acc: Account; rec: AccessToken; token: string } | null {
  const t = bearer(req, p);
  const rec = t ? state.access.get(t) : undefined;
  const acc = rec ? state.accounts.get(rec.accountId) : undefined;
  if (!t || !rec || rec.network !== "instagram" || !kinds.includes(rec.kind) || rec.expiresAt < Date.now() || !acc || acc.revoked) {
    igError(res, 400, "Error validating access token: The session has been invalidated.", 190, { error_subcode: 460 });
    return null;
  }
  return { acc, rec, token: t };
}

function issueIg(acc: Account, kind: "short" | "long"): { token: string; ttl: number } {
  const t = token(kind === "short" ? "igst_" : "IGAA");
  const ttl = kind === "short" ? IG_SHORT_TTL_S : IG_LONG_TTL_S;
  state.access.set(t, { network: "instagram", accountId: acc.id, expiresAt: Date.now() + ttl * 1000, kind, issuedAt: Date.now() });
  return { token: t, ttl };
}

async function handleInstagram(req: IncomingMessage, res: ServerResponse, body: Buffer, url: URL, path: string): Promise<boolean> {
  if (path === "/oauth/authorize") return handleAuthorize(instagramSandbox, AUTHORIZE, req, res, body, url);
  const p = params(req, body, url);

  if (path === "/oauth/access_token" && req.method === "POST") {
    if (p.get("client_id") !== INSTAGRAM_SANDBOX_CLIENT.clientId || p.get("client_secret") !== INSTAGRAM_SANDBOX_CLIENT.clientSecret) {
      send(res, 400, { error_type: "OAuthException", code: 400, error_message: "Invalid client_id or client_secret" });
      return true;
    }
    if (p.get("grant_type") !== "authorization_code") {
      send(res, 400, { error_type: "OAuthException", code: 400, error_message: "Invalid grant_type" });
      return true;
    }
    const grant = state.grants.get((p.get("code") ?? "").replace(/#_$/, ""));
    if (!grant || grant.network !== "instagram" || grant.used || grant.expiresAt < Date.now() || grant.redirectUri !== p.get("redirect_uri")) {
      if (grant) grant.used = true;
      send(res, 400, { error_type: "OAuthException", code: 400, error_message: "Invalid authorization code" });
      return true;
    }
    grant.used = true;
    const acc = state.accounts.get(grant.accountId)!;
    bump(state.exchanges, acc.id);
    const short = issueIg(acc, "short");
    send(res, 200, { data: [{ access_token: short.token, user_id: acc.id, permissions: "instagram_business_basic,instagram_business_content_publish" }] });
    return true;
  }

  if (path === "/graph/access_token" && req.method === "GET") {
    if (p.get("grant_type") !== "ig_exchange_token" || p.get("client_secret") !== INSTAGRAM_SANDBOX_CLIENT.clientSecret) {
      igError(res, 400, "Invalid grant_type or client_secret", 100);
      return true;
    }
    const auth = igAuth(req, res, p, ["short"]);
    if (!auth) return true;
    const long = issueIg(auth.acc, "long");
    send(res, 200, { access_token: long.token, token_type: "bearer", expires_in: long.ttl });
    return true;
  }

  if (path === "/graph/refresh_access_token" && req.method === "GET") {
    const t = p.get("access_token") ?? "";
    const rec = state.access.get(t);
    const acc = rec ? state.accounts.get(rec.accountId) : undefined;
    const failure = takeFailure("instagram", "token", acc);
    if (failure && answerFailure(instagramSandbox, res, failure)) return true;
    if (acc) bump(state.refreshes, acc.id);
    if (p.get("grant_type") !== "ig_refresh_token") {
      igError(res, 400, "Invalid grant_type", 100);
      return true;
    }
    const auth = igAuth(req, res, p, ["long"]);
    if (!auth) return true;
    const long = issueIg(auth.acc, "long");
    send(res, 200, { access_token: long.token, token_type: "bearer", expires_in: long.ttl });
    return true;
  }

  const graph = path.match(/^\/graph\/(?:v\d+\.\d+\/)?(.+)$/);
  if (!graph) return false;
  const rest = graph[1]!;

  if (rest === "me" && req.method === "GET") {
    const auth = igAuth(req, res, p);
    if (!auth) return true;
    send(res, 200, { user_id: auth.acc.id, username: auth.acc.username, id: `app_${auth.acc.id}` });
    return true;
  }

  if (rest === "me/media" && req.method === "GET") {
    const auth = igAuth(req, res, p);
    if (!auth) return true;
    // Newest first, `limit` per page (at most 100), `since` (unix seconds), cursor `after`.
    const limit = Math.min(Math.max(Number(p.get("limit") ?? 25) || 25, 1), 100);
    const since = Number(p.get("since") ?? 0) * 1000 || 0;
    const all = state.posts.filter((x) => x.network === "instagram" && x.accountId === auth.acc.id && x.createdAt >= since).reverse();
    const offset = Number(Buffer.from(p.get("after") ?? "", "base64url").toString("utf8").replace(/^offset:/, "")) || 0;
    const items = all.slice(offset, offset + limit).map((x) => ({ id: x.id, caption: x.text, media_type: "IMAGE", media_url: x.imageUrl, timestamp: new Date(x.createdAt).toISOString().replace(/\.\d{3}Z$/, "+0000") }));
    const body: Record<string, unknown> = { data: items };
    if (items.length) {
      const cursor = (n: number) => Buffer.from(`offset:${n}`).toString("base64url");
      const paging: Record<string, unknown> = { cursors: { before: cursor(offset), after: cursor(offset + items.length) } };
      if (offset + limit < all.length) paging.next = `${url.origin}${url.pathname}?limit=${limit}&after=${cursor(offset + items.length)}`;
      body.paging = paging;
    }
    send(res, 200, body);
    return true;
  }

  const quota = rest.match(/^([^/]+)\/content_publishing_limit$/);
  if (quota && req.method === "GET") {
    const auth = igAuth(req, res, p);
    if (!auth) return true;
    send(res, 200, { data: [{ quota_usage: publishedInDay(auth.acc).length, config: { quota_total: capOf(auth.acc), quota_duration: 86400 } }] });
    return true;
  }

  // Media insights (analytics): GET /<media-id>/insights?metric=likes,comments,shares,reach.
  // Unknown metrics are a 400 like the Graph API's; a media of another account is code 10.
  const insights = rest.match(/^([^/]+)\/insights$/);
  if (insights && req.method === "GET") {
    const auth = igAuth(req, res, p);
    if (!auth) return true;
    const post = state.posts.find((x) => x.network === "instagram" && x.id === insights[1]);
    if (!post) {
      igError(res, 400, "Unsupported get request. Object does not exist or cannot be loaded due to missing permissions.", 100, { error_subcode: 33 });
      return true;
    }
    if (post.accountId !== auth.acc.id) {
      igError(res, 400, "(#10) Application does not have permission for this action", 10);
      return true;
    }
    const known = ["likes", "comments", "shares", "reach", "saved", "views", "total_interactions"];
    const metrics = (p.get("metric") ?? "").split(",").filter(Boolean);
    const bad = metrics.find((m) => !known.includes(m));
    if (metrics.length === 0 || bad) {
      igError(res, 400, `(#100) metric[${Math.max(0, metrics.indexOf(bad ?? ""))}] must be one of the following values: ${known.join(", ")}`, 100);
      return true;
    }
    const m = sandboxMetrics(post);
    const value: Record<string, number> = { likes: m.likes, comments: m.replies, shares: m.reposts, reach: m.impressions, saved: 0, views: m.impressions, total_interactions: m.likes + m.replies + m.reposts };
    send(res, 200, {
      data: metrics.map((name) => ({ name, period: "lifetime", values: [{ value: value[name] }], title: name, description: name, id: `${post.id}/insights/${name}/lifetime` })),
    });
    return true;
  }

  const media = rest.match(/^([^/]+)\/(media|media_publish)$/);
  if (media && req.method === "POST") {
    const auth = igAuth(req, res, p);
    if (!auth) return true;
    if (media[1] !== auth.acc.id && media[1] !== "me") {
      igError(res, 400, "Unsupported post request. Object does not exist or cannot be loaded due to missing permissions.", 100, { error_subcode: 33 });
      return true;
    }
    if (media[2] === "media") {
      const failure = takeFailure("instagram", "upload", auth.acc);
      if (failure && answerFailure(instagramSandbox, res, failure)) return true;
      const imageUrl = p.get("image_url") ?? "";
      if (!/^https?:\/\//.test(imageUrl)) {
        igError(res, 400, "The parameter image_url is required.", 100, { error_user_msg: "Only photo or video can be accepted as media type." });
        return true;
      }
      const caption = p.get("caption") ?? "";
      if ([...caption].length > 2200) {
        igError(res, 400, "Invalid parameter", 100, { error_subcode: 2207010, error_user_msg: "The caption is too long (over 2,200 characters)." });
        return true;
      }
      // Container creation downloads image_url (Instagram error codes reference: 9004 / 2207052
      // "Media download has failed", 36001 / 2207005 unsupported format, 36000 / 2207004 over 8 MiB).
      const fetched = await fetchMedia(imageUrl);
      if (!fetched.ok) {
        igError(res, 400, `Media download has failed.: The media could not be fetched from this URI: ${imageUrl}`, 9004, {
          error_subcode: 2207052,
          is_transient: false,
          error_user_title: "Media download has failed",
          error_user_msg: `The media could not be fetched from this URI: ${imageUrl} (${fetched.reason}).`,
        });
        return true;
      }
      if (fetched.kind !== "jpeg") {
        igError(res, 400, "The image format is not supported.", 36001, {
          error_subcode: 2207005,
          is_transient: false,
          error_user_title: "Unsupported image format",
          error_user_msg: `The image format is not supported (${fetched.kind === "other" ? "not an image" : fetched.kind.toUpperCase()}). Only JPEG images can be published.`,
        });
        return true;
      }
      if (fetched.bytes.length > 8 * 1024 * 1024) {
        igError(res, 400, "The image size is too large.", 36000, { error_subcode: 2207004, is_transient: false, error_user_title: "Image size too large", error_user_msg: "The image is too large to download. It should be less than 8 MiB." });
        return true;
      }
      const id = nextId("179");
      containers.set(id, { id, accountId: auth.acc.id, imageUrl, caption, readyAt: Date.now() + CONTAINER_DELAY_MS, status: "IN_PROGRESS" });
      send(res, 200, { id });
      return true;
    }
    const failure = takeFailure("instagram", "post", auth.acc);
    const container = containers.get(p.get("creation_id") ?? "");
    if (failure) {
      if (failure.fail === "timeout" && failure.commit && container) publishContainer(auth.acc, container);
      answerFailure(instagramSandbox, res, failure);
      return true;
    }
    if (!container || container.accountId !== auth.acc.id) {
      igError(res, 400, "Invalid parameter", 100, { error_user_msg: "The media container does not exist." });
      return true;
    }
    // At most the daily cap of API-published posts per rolling 24 hours (code 9, subcode 2207042).
    if (publishedInDay(auth.acc).length >= capOf(auth.acc)) {
      igError(res, 400, "Application request limit reached", 9, { error_subcode: 2207042, error_user_msg: "You reached maximum number of posts that is allowed to be published by Media Publish API." });
      return true;
    }
    if (container.status === "PUBLISHED") {
      igError(res, 400, "Media already published", 9007, { error_subcode: 2207008 });
      return true;
    }
    if (container.readyAt > Date.now()) {
      igError(res, 400, "Media ID is not available", 9007, { error_subcode: 2207027, error_user_msg: "The media is not ready for publishing, please wait for a moment" });
      return true;
    }
    const post = publishContainer(auth.acc, container);
    send(res, 200, { id: post.id });
    return true;
  }

  if (!rest.includes("/") && req.method === "GET") {
    const container = containers.get(rest);
    if (!container) return false;
    const auth = igAuth(req, res, p);
    if (!auth) return true;
    const status = container.status === "PUBLISHED" ? "PUBLISHED" : container.readyAt > Date.now() ? "IN_PROGRESS" : "FINISHED";
    send(res, 200, { status_code: status, status: status === "IN_PROGRESS" ? "In Progress" : "Finished", id: container.id });
    return true;
  }
  return false;
}

function publishContainer(acc: Account, container: Container): Posted {
  container.status = "PUBLISHED";
  return recordPost(acc, container.caption, container.imageUrl, "180");
}

function answerInjected(res: ServerResponse, f: Failure) {
  if (f.fail === "500") {
    send(res, 500, { error: { message: "An unexpected error has occurred.", type: "OAuthException", code: 2, is_transient: true } });
  } else if (f.fail === "429") {
    send(res, 429, { error: { message: "Application request limit reached", type: "OAuthException", code: 4 } }, {
      "retry-after": String(f.retryAfter),
    });
  } else {
    send(res, 400, { error: { message: "Invalid parameter", type: "OAuthException", code: 100, error_subcode: 2207052, error_user_msg: "The media could not be fetched from this URI." } });
  }
}

export const instagramSandbox: SandboxNetwork = { key: "instagram", name: "Instagram", idPrefix: "17841", postIdPrefix: "180", answerInjected, handle: handleInstagram };
