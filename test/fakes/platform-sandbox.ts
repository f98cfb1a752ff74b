// The platform sandbox: a local stand-in for X (API v2, OAuth 2.0 + PKCE) and Instagram (API with
// Instagram Login) that speaks their protocols closely enough for our real adapter code. Used by
// the worker tests (FAKES_URL) and by `npm start` so Connect and publishing work offline.
//   /x/...          authorize page, /2/oauth2/token, /2/users/me, /2/tweets, /2/media/upload, /2/users/:id/tweets
//   /instagram/...  oauth/authorize, oauth/access_token, graph/access_token, graph/refresh_access_token,
//                   graph/v*/me, graph/v*/{ig-user-id}/media, graph/v*/{container-id}, graph/v*/{ig-user-id}/media_publish, graph/v*/me/media
//   POST {prefix}/_control  {"fail":"500"|"429"|"timeout"|"revoke"|"reject","times":n,"account":"<id or username>",
//                            "on":"publish"|"post"|"token"|"any","retryAfter":seconds,"commit":true} or {"reset":true}
//   GET  {prefix}/_state    counters (refreshes, posts, token exchanges per account id) and everything posted
//   GET  /                  a page listing everything posted (text, image, account, time)
// Plain erasable TypeScript: this file also runs under Node 22 without a build step.
import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { registerFake } from "./server.ts";

type Platform = "x" | "instagram";
type Account = { platform: Platform; id: string; username: string; revoked: boolean };
type Grant = {
  platform: Platform;
  accountId: string;
  clientId: string;
  redirectUri: string;
  challenge: string | null;
  challengeMethod: string | null;
  expiresAt: number;
  used: boolean;
};
type AccessToken = { platform: Platform; accountId: string; expiresAt: number; kind: "access" | "short" | "long" };
type RefreshToken = { accountId: string; used: boolean };
type Posted = {
  platform: Platform;
  id: string;
  accountId: string;
  username: string;
  text: string;
  imageUrl: string | null;
  createdAt: number;
};
type Failure = {
  platform: Platform;
  fail: "500" | "429" | "timeout" | "reject";
  remaining: number;
  account: string | null;
  on: "publish" | "post" | "token" | "any";
  retryAfter: number;
  commit: boolean;
};
type Container = { id: string; accountId: string; imageUrl: string; caption: string; readyAt: number; status: string };
type UploadedMedia = { id: string; accountId: string; type: string; bytes: Buffer };

export const SANDBOX_X_CLIENT_ID = "sandbox-x-client";
export const SANDBOX_INSTAGRAM_CLIENT_ID = "sandbox-instagram-client";
export const SANDBOX_INSTAGRAM_CLIENT_SECRET = "sandbox-instagram-secret";
const X_ACCESS_TTL_S = 7200;
const IG_SHORT_TTL_S = 3600;
const IG_LONG_TTL_S = 5_184_000;
const CONTAINER_DELAY_MS = 300;
const HANG_MS = 120_000;

const state = {
  accounts: new Map<string, Account>(),
  grants: new Map<string, Grant>(),
  access: new Map<string, AccessToken>(),
  refresh: new Map<string, RefreshToken>(),
  posts: [] as Posted[],
  failures: [] as Failure[],
  containers: new Map<string, Container>(),
  media: new Map<string, UploadedMedia>(),
  refreshes: new Map<string, number>(),
  exchanges: new Map<string, number>(),
};
let seq = 0;

const token = (prefix: string) => `${prefix}${randomBytes(24).toString("base64url")}`;
const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
const nextId = (base: string) => `${base}${Date.now()}${String(++seq).padStart(4, "0")}`;

function accountFor(platform: Platform, username: string): Account {
  const digest = createHash("sha256").update(`${platform}:${username}`).digest();
  const num = digest.readBigUInt64BE(0) % 10n ** 15n;
  const id = (platform === "x" ? "1" : "17841") + num.toString().padStart(15, "0");
  let acc = state.accounts.get(id);
  if (!acc) {
    acc = { platform, id, username, revoked: false };
    state.accounts.set(id, acc);
  }
  return acc;
}

function matchesAccount(f: Failure, acc: Account | undefined): boolean {
  return f.account === null || (!!acc && (f.account === acc.id || f.account === acc.username));
}

/** Takes the first armed failure that applies to this call, if any. */
function takeFailure(platform: Platform, kind: "upload" | "post" | "token", acc: Account | undefined): Failure | null {
  // "publish" = media upload / container and the post itself; "post" = only the call that makes it visible.
  const applies = (on: Failure["on"]) => on === "any" || on === kind || (on === "publish" && (kind === "upload" || kind === "post"));
  const f = state.failures.find((x) => x.platform === platform && x.remaining > 0 && matchesAccount(x, acc) && applies(x.on));
  if (!f) return null;
  f.remaining -= 1;
  state.failures = state.failures.filter((x) => x.remaining > 0);
  return f;
}

// ---------- HTTP helpers ----------
function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
}
function html(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8" }).end(body);
}
function redirect(res: ServerResponse, location: string) {
  res.writeHead(302, { location }).end();
}
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function params(req: IncomingMessage, body: Buffer, url: URL): URLSearchParams {
  const out = new URLSearchParams(url.search);
  const type = req.headers["content-type"] ?? "";
  if (type.includes("application/x-www-form-urlencoded")) {
    for (const [k, v] of new URLSearchParams(body.toString("utf8"))) out.set(k, v);
  }
  return out;
}
function jsonBody(body: Buffer): Record<string, unknown> {
  try {
    return JSON.parse(body.toString("utf8") || "{}") as Record<string, unknown>;
  } catch {
    return {};
  }
}
function bearer(req: IncomingMessage, p?: URLSearchParams): string | null {
  const h = req.headers.authorization ?? "";
  if (h.startsWith("Bearer ")) return h.slice(7);
  return p?.get("access_token") ?? null;
}

/** Answers an injected failure; true when it answered (or is hanging). */
function answerFailure(res: ServerResponse, f: Failure, platform: Platform): boolean {
  if (f.fail === "timeout") {
    // Hang longer than the adapter's timeout; the client gives up first.
    const timer = setTimeout(() => {
      if (!res.writableEnded) send(res, 504, { title: "Gateway Timeout" });
    }, HANG_MS);
    res.on("close", () => clearTimeout(timer));
    return true;
  }
  if (f.fail === "500") {
    send(res, 500, platform === "x" ? { title: "Internal Server Error", status: 500, detail: "Sandbox injected failure" } : { error: { message: "An unexpected error has occurred.", type: "OAuthException", code: 2, is_transient: true } });
    return true;
  }
  if (f.fail === "429") {
    const reset = Math.floor(Date.now() / 1000) + f.retryAfter;
    send(
      res,
      429,
      platform === "x" ? { title: "Too Many Requests", status: 429, detail: "Too Many Requests" } : { error: { message: "Application request limit reached", type: "OAuthException", code: 4 } },
      { "retry-after": String(f.retryAfter), "x-rate-limit-limit": "100", "x-rate-limit-remaining": "0", "x-rate-limit-reset": String(reset) },
    );
    return true;
  }
  // reject
  if (platform === "x") {
    send(res, 403, { title: "Forbidden", status: 403, type: "about:blank", detail: "You are not allowed to create a Tweet with duplicate content." });
  } else {
    send(res, 400, { error: { message: "Invalid parameter", type: "OAuthException", code: 100, error_subcode: 2207052, error_user_msg: "The media could not be fetched from this URI." } });
  }
  return true;
}

function s256(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url");
}

// ---------- authorize pages (both platforms) ----------
function authorizePage(platform: Platform, url: URL, action: string): string {
  const name = platform === "x" ? "X (Twitter)" : "Instagram";
  const hidden = [...url.searchParams].map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`).join("");
  const scopes = (url.searchParams.get("scope") ?? "").split(/[ ,]+/).filter(Boolean);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Authorize app - ${name} sandbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px}button{font-size:16px;padding:8px 16px;margin-right:8px}label{display:block;margin:12px 0}</style></head>
<body><h1>Authorize app</h1><p>Brandpilot wants to access your ${name} sandbox account.</p>
<ul>${scopes.map((s) => `<li>${esc(s)}</li>`).join("")}</ul>
<form method="post" action="${esc(action)}">${hidden}
<label>Username <input name="username" value="sandbox_${platform === "x" ? "x" : "ig"}_user" autocomplete="off"></label>
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny">Deny</button></form>
<p><small>This is the local platform sandbox, not the real ${name}.</small></p></body></html>`;
}

function handleAuthorize(platform: Platform, req: IncomingMessage, res: ServerResponse, body: Buffer, url: URL, action: string): boolean {
  const expectedClient = platform === "x" ? SANDBOX_X_CLIENT_ID : SANDBOX_INSTAGRAM_CLIENT_ID;
  const p = params(req, body, url);
  const redirectUri = p.get("redirect_uri");
  if (!redirectUri || p.get("client_id") !== expectedClient || p.get("response_type") !== "code") {
    html(res, 400, "<h1>Invalid authorization request</h1><p>client_id, redirect_uri and response_type=code are required.</p>");
    return true;
  }
  if (platform === "x" && (!p.get("code_challenge") || p.get("code_challenge_method") !== "S256")) {
    html(res, 400, "<h1>Invalid authorization request</h1><p>PKCE with code_challenge_method=S256 is required.</p>");
    return true;
  }
  if (req.method === "GET") {
    html(res, 200, authorizePage(platform, url, action));
    return true;
  }
  const target = new URL(redirectUri);
  const st = p.get("state");
  if (p.get("decision") !== "approve") {
    target.searchParams.set("error", "access_denied");
    if (platform === "instagram") {
      target.searchParams.set("error_reason", "user_denied");
      target.searchParams.set("error_description", "Permissions error");
    }
    if (st) target.searchParams.set("state", st);
    redirect(res, target.toString());
    return true;
  }
  const username = (p.get("username") || `sandbox_${platform}_user`).trim().slice(0, 30);
  const acc = accountFor(platform, username);
  acc.revoked = false;
  const code = token(platform === "x" ? "xcode_" : "igcode_");
  state.grants.set(code, {
    platform,
    accountId: acc.id,
    clientId: p.get("client_id")!,
    redirectUri,
    challenge: p.get("code_challenge"),
    challengeMethod: p.get("code_challenge_method"),
    expiresAt: Date.now() + 10 * 60_000,
    used: false,
  });
  target.searchParams.set("code", code);
  if (st) target.searchParams.set("state", st);
  redirect(res, platform === "instagram" ? `${target.toString()}#_` : target.toString());
  return true;
}

// ---------- X ----------
const xHeaders = () => ({
  "x-rate-limit-limit": "100",
  "x-rate-limit-remaining": "99",
  "x-rate-limit-reset": String(Math.floor(Date.now() / 1000) + 900),
});

function xAuth(req: IncomingMessage, res: ServerResponse): Account | null {
  const t = bearer(req);
  const rec = t ? state.access.get(t) : undefined;
  const acc = rec ? state.accounts.get(rec.accountId) : undefined;
  if (!rec || rec.platform !== "x" || rec.expiresAt < Date.now() || !acc || acc.revoked) {
    send(res, 401, { title: "Unauthorized", type: "about:blank", status: 401, detail: "Unauthorized" });
    return null;
  }
  return acc;
}

function issueX(acc: Account) {
  const access = token("xat_");
  const refresh = token("xrt_");
  state.access.set(access, { platform: "x", accountId: acc.id, expiresAt: Date.now() + X_ACCESS_TTL_S * 1000, kind: "access" });
  state.refresh.set(refresh, { accountId: acc.id, used: false });
  return { token_type: "bearer", expires_in: X_ACCESS_TTL_S, access_token: access, scope: "tweet.read tweet.write users.read media.write offline.access", refresh_token: refresh };
}

async function handleX(req: IncomingMessage, res: ServerResponse, body: Buffer, url: URL): Promise<boolean> {
  const path = url.pathname.slice("/x".length) || "/";
  if (path === "/i/oauth2/authorize") return handleAuthorize("x", req, res, body, url, "/x/i/oauth2/authorize");

  if (path === "/2/oauth2/token" && req.method === "POST") {
    const p = params(req, body, url);
    let clientId = p.get("client_id");
    const basic = req.headers.authorization;
    if (basic?.startsWith("Basic ")) clientId = Buffer.from(basic.slice(6), "base64").toString("utf8").split(":")[0] ?? null;
    if (clientId !== SANDBOX_X_CLIENT_ID) {
      send(res, 401, { error: "unauthorized_client", error_description: "Missing valid authorization header" });
      return true;
    }
    const grantType = p.get("grant_type");
    if (grantType === "authorization_code") {
      const grant = state.grants.get(p.get("code") ?? "");
      if (!grant || grant.platform !== "x" || grant.used || grant.expiresAt < Date.now()) {
        send(res, 400, { error: "invalid_grant", error_description: "Value passed for the authorization code was invalid." });
        return true;
      }
      grant.used = true;
      if (grant.redirectUri !== p.get("redirect_uri")) {
        send(res, 400, { error: "invalid_grant", error_description: "Value passed for the redirect uri did not match the uri of the authorization code." });
        return true;
      }
      const verifier = p.get("code_verifier") ?? "";
      if (!verifier || s256(verifier) !== grant.challenge) {
        send(res, 400, { error: "invalid_grant", error_description: "Value passed for the code verifier did not match the code challenge." });
        return true;
      }
      const acc = state.accounts.get(grant.accountId)!;
      bump(state.exchanges, acc.id);
      send(res, 200, issueX(acc));
      return true;
    }
    if (grantType === "refresh_token") {
      const rt = state.refresh.get(p.get("refresh_token") ?? "");
      const acc = rt ? state.accounts.get(rt.accountId) : undefined;
      const failure = takeFailure("x", "token", acc);
      if (failure && answerFailure(res, failure, "x")) return true;
      if (!rt || !acc) {
        send(res, 400, { error: "invalid_request", error_description: "Value passed for the token was invalid." });
        return true;
      }
      bump(state.refreshes, acc.id);
      // Refresh tokens are single-use; reusing one (or a revoked grant) is invalid_grant.
      if (rt.used || acc.revoked) {
        send(res, 400, { error: "invalid_grant", error_description: "Value passed for the token was invalid." });
        return true;
      }
      rt.used = true;
      send(res, 200, issueX(acc));
      return true;
    }
    send(res, 400, { error: "unsupported_grant_type" });
    return true;
  }

  if (path === "/2/users/me" && req.method === "GET") {
    const acc = xAuth(req, res);
    if (!acc) return true;
    send(res, 200, { data: { id: acc.id, name: acc.username, username: acc.username } }, xHeaders());
    return true;
  }

  if (path === "/2/media/upload" && req.method === "POST") {
    const acc = xAuth(req, res);
    if (!acc) return true;
    const failure = takeFailure("x", "upload", acc);
    if (failure && answerFailure(res, failure, "x")) return true;
    let file: Blob | null = null;
    try {
      const form = await new Request("http://sandbox/upload", {
        method: "POST",
        headers: { "content-type": String(req.headers["content-type"] ?? "") },
        body: new Uint8Array(body),
      }).formData();
      const media = form.get("media");
      file = media instanceof Blob ? media : null;
    } catch {
      file = null;
    }
    if (!file || file.size === 0) {
      send(res, 400, { title: "Invalid Request", status: 400, detail: "One or more parameters to your request was invalid.", errors: [{ message: "media is required" }] });
      return true;
    }
    if (file.size > 5 * 1024 * 1024) {
      send(res, 400, { title: "Invalid Request", status: 400, detail: "File size exceeds 5242880 bytes." });
      return true;
    }
    const id = nextId("9");
    state.media.set(id, { id, accountId: acc.id, type: file.type || "application/octet-stream", bytes: Buffer.from(await file.arrayBuffer()) });
    send(res, 200, { data: { id, media_key: `3_${id}`, size: file.size, expires_after_secs: 86400, image: { image_type: file.type } } }, xHeaders());
    return true;
  }

  if (path.startsWith("/_media/") && req.method === "GET") {
    const m = state.media.get(path.slice("/_media/".length));
    if (!m) return false;
    res.writeHead(200, { "content-type": m.type }).end(m.bytes);
    return true;
  }

  if (path === "/2/tweets" && req.method === "POST") {
    const acc = xAuth(req, res);
    if (!acc) return true;
    const input = jsonBody(body);
    const text = typeof input.text === "string" ? input.text : "";
    const mediaIds = ((input.media as { media_ids?: unknown } | undefined)?.media_ids ?? []) as unknown[];
    const failure = takeFailure("x", "post", acc);
    if (failure) {
      if (failure.fail === "timeout" && failure.commit) recordTweet(acc, text, mediaIds);
      answerFailure(res, failure, "x");
      return true;
    }
    if (!text.trim() && mediaIds.length === 0) {
      send(res, 400, { title: "Invalid Request", status: 400, detail: "One or more parameters to your request was invalid.", errors: [{ message: "text or media is required" }] });
      return true;
    }
    if ([...text].length > 280) {
      send(res, 400, { title: "Invalid Request", status: 400, detail: "Your Tweet text is too long (over 280 characters).", errors: [{ message: "text is too long" }] });
      return true;
    }
    for (const id of mediaIds) {
      const m = state.media.get(String(id));
      if (!m || m.accountId !== acc.id) {
        send(res, 400, { title: "Invalid Request", status: 400, detail: `Your media IDs are invalid: ${String(id)}` });
        return true;
      }
    }
    const post = recordTweet(acc, text, mediaIds);
    send(res, 201, { data: { id: post.id, text: post.text, edit_history_tweet_ids: [post.id] } }, xHeaders());
    return true;
  }

  const timeline = path.match(/^\/2\/users\/([^/]+)\/tweets$/);
  if (timeline && req.method === "GET") {
    const acc = xAuth(req, res);
    if (!acc) return true;
    const since = Date.parse(url.searchParams.get("start_time") ?? "") || 0;
    const max = Math.min(Number(url.searchParams.get("max_results") ?? 10) || 10, 100);
    const items = state.posts
      .filter((p) => p.platform === "x" && p.accountId === timeline[1] && p.createdAt >= since)
      .reverse()
      .slice(0, max)
      .map((p) => ({ id: p.id, text: p.text, created_at: new Date(p.createdAt).toISOString(), edit_history_tweet_ids: [p.id] }));
    send(res, 200, items.length ? { data: items, meta: { result_count: items.length, newest_id: items[0]!.id, oldest_id: items.at(-1)!.id } } : { meta: { result_count: 0 } }, xHeaders());
    return true;
  }

  return false;
}

function recordTweet(acc: Account, text: string, mediaIds: unknown[]): Posted {
  const first = mediaIds.length ? `/x/_media/${String(mediaIds[0])}` : null;
  const post: Posted = { platform: "x", id: nextId("18"), accountId: acc.id, username: acc.username, text, imageUrl: first, createdAt: Date.now() };
  state.posts.push(post);
  return post;
}

// ---------- Instagram ----------
function igError(res: ServerResponse, status: number, message: string, code: number, extra: Record<string, unknown> = {}) {
  send(res, status, { error: { message, type: "OAuthException", code, fbtrace_id: randomBytes(8).toString("hex"), ...extra } });
}

function igAuth(req: IncomingMessage, res: ServerResponse, p: URLSearchParams, kinds: AccessToken["kind"][] = ["long", "short"]): { acc: Account; rec: AccessToken; token: string } | null {
  const t = bearer(req, p);
  const rec = t ? state.access.get(t) : undefined;
  const acc = rec ? state.accounts.get(rec.accountId) : undefined;
  if (!t || !rec || rec.platform !== "instagram" || !kinds.includes(rec.kind) || rec.expiresAt < Date.now() || !acc || acc.revoked) {
    igError(res, 400, "Error validating access token: The session has been invalidated.", 190, { error_subcode: 460 });
    return null;
  }
  return { acc, rec, token: t };
}

function issueIg(acc: Account, kind: "short" | "long"): { token: string; ttl: number } {
  const t = token(kind === "short" ? "igst_" : "IGAA");
  const ttl = kind === "short" ? IG_SHORT_TTL_S : IG_LONG_TTL_S;
  state.access.set(t, { platform: "instagram", accountId: acc.id, expiresAt: Date.now() + ttl * 1000, kind });
  return { token: t, ttl };
}

function handleInstagram(req: IncomingMessage, res: ServerResponse, body: Buffer, url: URL): boolean {
  const path = url.pathname.slice("/instagram".length) || "/";
  if (path === "/oauth/authorize") return handleAuthorize("instagram", req, res, body, url, "/instagram/oauth/authorize");
  const p = params(req, body, url);

  if (path === "/oauth/access_token" && req.method === "POST") {
    if (p.get("client_id") !== SANDBOX_INSTAGRAM_CLIENT_ID || p.get("client_secret") !== SANDBOX_INSTAGRAM_CLIENT_SECRET) {
      send(res, 400, { error_type: "OAuthException", code: 400, error_message: "Invalid client_id or client_secret" });
      return true;
    }
    if (p.get("grant_type") !== "authorization_code") {
      send(res, 400, { error_type: "OAuthException", code: 400, error_message: "Invalid grant_type" });
      return true;
    }
    const grant = state.grants.get((p.get("code") ?? "").replace(/#_$/, ""));
    if (!grant || grant.platform !== "instagram" || grant.used || grant.expiresAt < Date.now() || grant.redirectUri !== p.get("redirect_uri")) {
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
    if (p.get("grant_type") !== "ig_exchange_token" || p.get("client_secret") !== SANDBOX_INSTAGRAM_CLIENT_SECRET) {
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
    if (failure && answerFailure(res, failure, "instagram")) return true;
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
    const items = state.posts
      .filter((x) => x.platform === "instagram" && x.accountId === auth.acc.id)
      .reverse()
      .slice(0, Number(p.get("limit") ?? 25) || 25)
      .map((x) => ({ id: x.id, caption: x.text, media_type: "IMAGE", media_url: x.imageUrl, timestamp: new Date(x.createdAt).toISOString().replace(/\.\d{3}Z$/, "+0000") }));
    send(res, 200, { data: items });
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
      if (failure && answerFailure(res, failure, "instagram")) return true;
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
      const id = nextId("179");
      state.containers.set(id, { id, accountId: auth.acc.id, imageUrl, caption, readyAt: Date.now() + CONTAINER_DELAY_MS, status: "IN_PROGRESS" });
      send(res, 200, { id });
      return true;
    }
    const failure = takeFailure("instagram", "post", auth.acc);
    const container = state.containers.get(p.get("creation_id") ?? "");
    if (failure) {
      if (failure.fail === "timeout" && failure.commit && container) publishContainer(auth.acc, container);
      answerFailure(res, failure, "instagram");
      return true;
    }
    if (!container || container.accountId !== auth.acc.id) {
      igError(res, 400, "Invalid parameter", 100, { error_user_msg: "The media container does not exist." });
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
    const container = state.containers.get(rest);
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
  const post: Posted = { platform: "instagram", id: nextId("180"), accountId: acc.id, username: acc.username, text: container.caption, imageUrl: container.imageUrl, createdAt: Date.now() };
  state.posts.push(post);
  return post;
}

// ---------- control and state ----------
function handleControl(platform: Platform, res: ServerResponse, body: Buffer): boolean {
  const input = jsonBody(body);
  if (input.reset === true) {
    state.failures = state.failures.filter((f) => f.platform !== platform);
    send(res, 200, { ok: true });
    return true;
  }
  const account = typeof input.account === "string" && input.account ? input.account : null;
  const fail = String(input.fail ?? "");
  if (fail === "revoke") {
    let n = 0;
    for (const acc of state.accounts.values()) {
      if (acc.platform === platform && (account === null || acc.id === account || acc.username === account)) {
        acc.revoked = true;
        n++;
      }
    }
    send(res, 200, { ok: true, revoked: n });
    return true;
  }
  if (!["500", "429", "timeout", "reject"].includes(fail)) {
    send(res, 400, { error: 'fail must be one of "500", "429", "timeout", "revoke", "reject"' });
    return true;
  }
  const on = input.on === "token" || input.on === "any" || input.on === "post" ? input.on : "publish";
  state.failures.push({
    platform,
    fail: fail as Failure["fail"],
    remaining: Math.max(1, Number(input.times ?? 1) || 1),
    account,
    on,
    retryAfter: Math.max(1, Number(input.retryAfter ?? 2) || 2),
    commit: input.commit === true,
  });
  send(res, 200, { ok: true });
  return true;
}

function stateOf(platform: Platform, url: URL) {
  const filter = url.searchParams.get("account");
  const accounts = [...state.accounts.values()].filter(
    (a) => a.platform === platform && (!filter || a.id === filter || a.username === filter),
  );
  const ids = new Set(accounts.map((a) => a.id));
  const count = (m: Map<string, number>) => Object.fromEntries([...m].filter(([k]) => ids.has(k)));
  const posts = state.posts.filter((p) => p.platform === platform && ids.has(p.accountId));
  const postsPer: Record<string, number> = {};
  for (const p of posts) postsPer[p.accountId] = (postsPer[p.accountId] ?? 0) + 1;
  return {
    accounts: accounts.map((a) => ({ id: a.id, username: a.username, revoked: a.revoked })),
    refreshes: count(state.refreshes),
    exchanges: count(state.exchanges),
    posts: postsPer,
    items: posts.map((p) => ({ id: p.id, account_id: p.accountId, username: p.username, text: p.text, image_url: p.imageUrl, created_at: new Date(p.createdAt).toISOString() })),
    pendingFailures: state.failures.filter((f) => f.platform === platform).length,
  };
}

function homePage(): string {
  const rows = [...state.posts]
    .reverse()
    .map((p) => {
      const img = p.imageUrl ? `<img src="${esc(p.imageUrl)}" alt="image of post ${esc(p.id)}" style="max-width:160px;max-height:120px">` : "<em>no image</em>";
      return `<tr data-platform="${p.platform}"><td>${p.platform === "x" ? "X" : "Instagram"}</td><td>@${esc(p.username)}</td><td class="text">${esc(p.text)}</td><td>${img}</td><td><time datetime="${new Date(p.createdAt).toISOString()}">${new Date(p.createdAt).toISOString()}</time></td><td>${esc(p.id)}</td></tr>`;
    })
    .join("");
  const accounts = [...state.accounts.values()]
    .map((a) => `<li>${a.platform === "x" ? "X" : "Instagram"} @${esc(a.username)} (${esc(a.id)})${a.revoked ? " - revoked" : ""}</li>`)
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Platform sandbox</title>
<style>body{font-family:system-ui,sans-serif;margin:24px}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ddd;padding:6px;text-align:left;vertical-align:top}</style></head>
<body><h1>Platform sandbox</h1><p>Everything published to the local X and Instagram stand-ins (newest first). Reload to refresh.</p>
<h2>Posts (${state.posts.length})</h2>
<table><thead><tr><th>Platform</th><th>Account</th><th>Text</th><th>Image</th><th>Time</th><th>Id</th></tr></thead><tbody>${rows || '<tr><td colspan="6">Nothing posted yet</td></tr>'}</tbody></table>
<h2>Accounts</h2><ul>${accounts || "<li>None yet</li>"}</ul></body></html>`;
}

function route(platform: Platform, prefix: string) {
  return async (req: IncomingMessage, res: ServerResponse, body: Buffer, url: URL): Promise<boolean> => {
    if (url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`)) return false;
    const path = url.pathname.slice(prefix.length);
    if (path === "/_control" && req.method === "POST") return handleControl(platform, res, body);
    if (path === "/_state" && req.method === "GET") {
      send(res, 200, stateOf(platform, url));
      return true;
    }
    return platform === "x" ? handleX(req, res, body, url) : handleInstagram(req, res, body, url);
  };
}

registerFake("/x", route("x", "/x"));
registerFake("/instagram", route("instagram", "/instagram"));
registerFake("/", (req, res, _body, url) => {
  if (url.pathname !== "/" || req.method !== "GET") return false;
  html(res, 200, homePage());
  return true;
});
