// X's API v2 as the sandbox serves it under /x: OAuth 2.0 authorization code + PKCE
// (/i/oauth2/authorize, /2/oauth2/token with single-use refresh tokens), /2/users/me,
// /2/media/upload, /2/tweets and the user timeline /2/users/:id/tweets. It refuses what X refuses
// (docs/decisions/120 lists each rule with its source).
// Plain erasable TypeScript (runs under Node 22 without a build step): imports carry `.ts`.
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  answerFailure,
  bearer,
  bump,
  handleAuthorize,
  jsonBody,
  nextId,
  params,
  recordPost,
  s256,
  send,
  state,
  takeFailure,
  token,
  type Account,
  type AuthorizeOptions,
  type Failure,
  type Posted,
  type SandboxNetwork,
} from "../shared/sandbox-core.ts";
import { X_SANDBOX_CLIENT } from "./meta.ts";

type UploadedMedia = { id: string; accountId: string; type: string; bytes: Buffer };

const X_ACCESS_TTL_S = 7200;
const media = new Map<string, UploadedMedia>();
const AUTHORIZE: AuthorizeOptions = { clientId: X_SANDBOX_CLIENT.clientId, pkce: true, codePrefix: "xcode_", defaultUsername: "sandbox_x_user" };

const xHeaders = () => ({
  "x-rate-limit-limit": "100",
  "x-rate-limit-remaining": "99",
  "x-rate-limit-reset": String(Math.floor(Date.now() / 1000) + 900),
});

function xAuth(req: IncomingMessage, res: ServerResponse): Account | null {
  const t = bearer(req);
  const rec = t ? state.access.get(t) : undefined;
  const acc = rec ? state.accounts.get(rec.accountId) : undefined;
  if (!rec || rec.network !== "x" || rec.expiresAt < Date.now() || !acc || acc.revoked) {
    send(res, 401, { title: "Unauthorized", type: "about:blank", status: 401, detail: "Unauthorized" });
    return null;
  }
  return acc;
}

function issueX(acc: Account) {
  const access = token("xat_");
  const refresh = token("xrt_");
  state.access.set(access, { network: "x", accountId: acc.id, expiresAt: Date.now() + X_ACCESS_TTL_S * 1000, kind: "access", issuedAt: Date.now() });
  state.refresh.set(refresh, { accountId: acc.id, used: false });
  return { token_type: "bearer", expires_in: X_ACCESS_TTL_S, access_token: access, scope: "tweet.read tweet.write users.read media.write offline.access", refresh_token: refresh };
}

async function handleX(req: IncomingMessage, res: ServerResponse, body: Buffer, url: URL, path: string): Promise<boolean> {
  if (path === "/i/oauth2/authorize") return handleAuthorize(xSandbox, AUTHORIZE, req, res, body, url);

  if (path === "/2/oauth2/token" && req.method === "POST") {
    const p = params(req, body, url);
    let clientId = p.get("client_id");
    const basic = req.headers.authorization;
    if (basic?.startsWith("Basic ")) clientId = Buffer.from(basic.slice(6), "base64").toString("utf8").split(":")[0] ?? null;
    if (clientId !== X_SANDBOX_CLIENT.clientId) {
      send(res, 401, { error: "unauthorized_client", error_description: "Missing valid authorization header" });
      return true;
    }
    const grantType = p.get("grant_type");
    if (grantType === "authorization_code") {
      const grant = state.grants.get(p.get("code") ?? "");
      if (!grant || grant.network !== "x" || grant.used || grant.expiresAt < Date.now()) {
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
      if (failure && answerFailure(xSandbox, res, failure)) return true;
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
    if (failure && answerFailure(xSandbox, res, failure)) return true;
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
    media.set(id, { id, accountId: acc.id, type: file.type || "application/octet-stream", bytes: Buffer.from(await file.arrayBuffer()) });
    send(res, 200, { data: { id, media_key: `3_${id}`, size: file.size, expires_after_secs: 86400, image: { image_type: file.type } } }, xHeaders());
    return true;
  }

  if (path.startsWith("/_media/") && req.method === "GET") {
    const m = media.get(path.slice("/_media/".length));
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
      answerFailure(xSandbox, res, failure);
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
      const m = media.get(String(id));
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
      .filter((p) => p.network === "x" && p.accountId === timeline[1] && p.createdAt >= since)
      .reverse()
      .slice(0, max)
      .map((p) => ({ id: p.id, text: p.text, created_at: new Date(p.createdAt).toISOString(), edit_history_tweet_ids: [p.id] }));
    send(res, 200, items.length ? { data: items, meta: { result_count: items.length, newest_id: items[0]!.id, oldest_id: items.at(-1)!.id } } : { meta: { result_count: 0 } }, xHeaders());
    return true;
  }

  return false;
}

function recordTweet(acc: Account, text: string, mediaIds: unknown[]): Posted {
  return recordPost(acc, text, mediaIds.length ? `/x/_media/${String(mediaIds[0])}` : null, "18");
}

function answerInjected(res: ServerResponse, f: Failure) {
  if (f.fail === "500") {
    send(res, 500, { title: "Internal Server Error", status: 500, detail: "Sandbox injected failure" });
  } else if (f.fail === "429") {
    const reset = Math.floor(Date.now() / 1000) + f.retryAfter;
    send(res, 429, { title: "Too Many Requests", status: 429, detail: "Too Many Requests" }, {
      "retry-after": String(f.retryAfter),
      "x-rate-limit-limit": "100",
      "x-rate-limit-remaining": "0",
      "x-rate-limit-reset": String(reset),
    });
  } else {
    send(res, 403, { title: "Forbidden", status: 403, type: "about:blank", detail: "You are not allowed to create a Tweet with duplicate content." });
  }
}

export const xSandbox: SandboxNetwork = { key: "x", name: "X (Twitter)", idPrefix: "1", answerInjected, handle: handleX };
