// X's API v2 as the sandbox serves it under /x: OAuth 2.0 authorization code + PKCE
// (/i/oauth2/authorize, /2/oauth2/token with single-use refresh tokens), /2/users/me,
// /2/media/upload, /2/tweets and the user timeline /2/users/:id/tweets. It refuses what X refuses
// (docs/decisions/120 lists each rule with its source).
// Plain erasable TypeScript (runs under Node 22 without a build step): imports carry `.ts`.
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import twitterText from "twitter-text";
import {
  answerFailure,
  bearer,
  bump,
  formBody,
  handleAuthorize,
  jsonBody,
  nextId,
  params,
  postsInDay,
  recordPost,
  s256,
  sandboxMetrics,
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

type UploadedMedia = { id: string; accountId: string; type: string; bytes: Buffer; ready: boolean; total?: number; chunks?: Buffer[]; altText?: string };

const X_ACCESS_TTL_S = 7200;
/** X's posting limit per user per 24 hours (docs/decisions/122). */
const X_DAILY_CAP = 2400;
const media = new Map<string, UploadedMedia>();
const AUTHORIZE: AuthorizeOptions = { clientId: X_SANDBOX_CLIENT.clientId, pkce: true, codePrefix: "xcode_", defaultUsername: "sandbox_x_user" };

/** Posts an account may publish per rolling 24 hours (X's user limit; lowered per account with {"cap": n}). */
const dailyCapOf = (acc: Account) => state.caps.get(acc.id) ?? X_DAILY_CAP;
const xHeaders = () => ({
  "x-rate-limit-limit": "100",
  "x-rate-limit-remaining": "99",
  "x-rate-limit-reset": String(Math.floor(Date.now() / 1000) + 900),
});

/** X's answer to a request its schema does not allow. */
const invalidRequest = (messages: string[]) => ({
  title: "Invalid Request",
  status: 400,
  type: "https://api.twitter.com/2/problems/invalid-request",
  detail: "One or more parameters to your request was invalid.",
  errors: messages.map((message) => ({ message })),
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
  return {
    token_type: "bearer",
    expires_in: X_ACCESS_TTL_S,
    access_token: access,
    scope: "tweet.read tweet.write users.read media.write offline.access",
    refresh_token: refresh,
  };
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
      // "Reply lost": X used the refresh token and issued new ones, but the answer never arrives.
      if (failure?.fail === "timeout" && failure.commit && rt && acc && !rt.used) {
        rt.used = true;
        bump(state.refreshes, acc.id);
        issueX(acc);
      }
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

  if (path === "/2/media/upload" && req.method === "GET") {
    const acc = xAuth(req, res);
    if (!acc) return true;
    const m = media.get(url.searchParams.get("media_id") ?? "");
    if (url.searchParams.get("command") !== "STATUS" || !m || m.accountId !== acc.id) {
      send(res, 400, { title: "Invalid Request", status: 400, detail: "Invalid media_id or command" });
      return true;
    }
    // Processing takes one STATUS round.
    const state_ = m.ready ? "succeeded" : "in_progress";
    m.ready = true;
    send(
      res,
      200,
      {
        data: {
          id: m.id,
          processing_info:
            state_ === "succeeded" ? { state: "succeeded", progress_percent: 100 } : { state: "in_progress", check_after_secs: 1, progress_percent: 50 },
        },
      },
      xHeaders(),
    );
    return true;
  }

  if (path === "/2/media/upload" && req.method === "POST") {
    const acc = xAuth(req, res);
    if (!acc) return true;
    const form = await formBody(req, body);
    const field = (k: string) => (typeof form?.get(k) === "string" ? (form!.get(k) as string) : "");
    const file = form?.get("media");
    const blob = file instanceof Blob ? file : null;
    // openapi.json (MediaUploadRequest, v2.167): media and media_category, nothing else. The
    // retired command=INIT|APPEND|FINALIZE protocol and a media_type field are refused as X does.
    const extra = form ? [...new Set(form.keys())].filter((k) => !["media", "media_category", "additional_owners"].includes(k)) : [];
    if (extra.length) {
      send(res, 400, invalidRequest(extra.map((k) => `[${k}] is not a valid parameter`)));
      return true;
    }
    if (!["tweet_image", "tweet_gif", "tweet_video", "dm_image", "dm_gif", "dm_video", "subtitles"].includes(field("media_category"))) {
      send(res, 400, invalidRequest(["media_category is required"]));
      return true;
    }
    const failure = takeFailure("x", "upload", acc);
    if (failure && answerFailure(xSandbox, res, failure)) return true;
    if (!blob || blob.size === 0) {
      send(res, 400, {
        title: "Invalid Request",
        status: 400,
        detail: "One or more parameters to your request was invalid.",
        errors: [{ message: "media is required" }],
      });
      return true;
    }
    // The one-shot upload takes images; an animated GIF needs the chunked upload (tweet_gif).
    if (blob.type === "image/gif" || field("media_category") === "tweet_gif") {
      send(res, 400, {
        title: "Invalid Request",
        status: 400,
        detail: "GIF media must be uploaded with the chunked upload (/2/media/upload/initialize, append, finalize) and media_category tweet_gif.",
      });
      return true;
    }
    if (blob.size > 5 * 1024 * 1024) {
      send(res, 400, { title: "Invalid Request", status: 400, detail: "File size exceeds 5242880 bytes." });
      return true;
    }
    const id = nextId("9");
    media.set(id, { id, accountId: acc.id, type: blob.type || "application/octet-stream", bytes: Buffer.from(await blob.arrayBuffer()), ready: true });
    send(res, 200, { data: { id, media_key: `3_${id}`, size: blob.size, expires_after_secs: 86400, image: { image_type: blob.type } } }, xHeaders());
    return true;
  }

  // The chunked upload (2025): initialize (JSON), {id}/append (multipart), {id}/finalize.
  // Alt text of an uploaded image (docs.x.com "Create Media metadata"): the owner's own media only.
  if (path === "/2/media/metadata" && req.method === "POST") {
    const acc = xAuth(req, res);
    if (!acc) return true;
    const input = jsonBody(body);
    const m = media.get(typeof input.id === "string" ? input.id : "");
    const alt = ((input.metadata ?? {}) as { alt_text?: { text?: unknown } }).alt_text?.text;
    if (!String(req.headers["content-type"] ?? "").startsWith("application/json") || typeof alt !== "string" || alt.length > 1000) {
      send(res, 400, invalidRequest(["metadata.alt_text.text is required (at most 1000 characters)"]));
      return true;
    }
    if (!m || m.accountId !== acc.id) {
      send(res, 400, invalidRequest(["media id not found"]));
      return true;
    }
    m.altText = alt;
    send(res, 200, { data: { id: m.id, associated_metadata: { alt_text: { text: alt } } } }, xHeaders());
    return true;
  }

  if (path === "/2/media/upload/initialize" && req.method === "POST") {
    const acc = xAuth(req, res);
    if (!acc) return true;
    const failure = takeFailure("x", "upload", acc);
    if (failure && answerFailure(xSandbox, res, failure)) return true;
    const input = jsonBody(body);
    const total = Number(input.total_bytes);
    const type = typeof input.media_type === "string" ? input.media_type : "";
    const extra = Object.keys(input).filter((k) => !["media_category", "media_type", "total_bytes", "additional_owners", "shared"].includes(k));
    if (!String(req.headers["content-type"] ?? "").startsWith("application/json") || extra.length || !Number.isInteger(total) || total <= 0 || !type) {
      send(res, 400, invalidRequest([extra.length ? `[${extra.join(", ")}] not valid parameters` : "total_bytes and media_type are required (JSON body)"]));
      return true;
    }
    // GIFs up to 15 MB with media_category tweet_gif; images up to 5 MB.
    const limit = input.media_category === "tweet_gif" ? 15 * 1024 * 1024 : 5 * 1024 * 1024;
    if (total > limit) {
      send(res, 400, { title: "Invalid Request", status: 400, detail: `File size exceeds ${limit} bytes.` });
      return true;
    }
    const id = nextId("9");
    media.set(id, { id, accountId: acc.id, type, bytes: Buffer.alloc(0), ready: false, total, chunks: [] });
    send(res, 200, { data: { id, media_key: `7_${id}`, expires_after_secs: 86400 } }, xHeaders());
    return true;
  }
  const chunked = path.match(/^\/2\/media\/upload\/(\d{1,19})\/(append|finalize)$/);
  if (chunked && req.method === "POST") {
    const acc = xAuth(req, res);
    if (!acc) return true;
    const m = media.get(chunked[1]!);
    if (!m || m.accountId !== acc.id || !m.chunks) {
      send(res, 400, invalidRequest(["Invalid media id"]));
      return true;
    }
    if (chunked[2] === "append") {
      const form = await formBody(req, body);
      const chunk = form?.get("media");
      const index = Number(form?.get("segment_index"));
      if (!(chunk instanceof Blob) || !Number.isInteger(index) || index < 0 || index > 999) {
        send(res, 400, invalidRequest(["media and segment_index are required"]));
        return true;
      }
      m.chunks[index] = Buffer.from(await chunk.arrayBuffer());
      send(res, 200, { data: { expires_at: Math.floor(Date.now() / 1000) + 86400 } }, xHeaders());
      return true;
    }
    m.bytes = Buffer.concat(m.chunks.filter(Boolean));
    if (m.bytes.length !== m.total) {
      send(res, 400, { title: "Invalid Request", status: 400, detail: "Segments do not add up to total_bytes." });
      return true;
    }
    send(
      res,
      200,
      {
        data: { id: m.id, media_key: `7_${m.id}`, size: m.bytes.length, expires_after_secs: 86400, processing_info: { state: "pending", check_after_secs: 1 } },
      },
      xHeaders(),
    );
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
      // The reply is lost, but X did the work only if it would have accepted the post.
      const duplicate = state.posts.some((p) => p.network === "x" && p.accountId === acc.id && p.text === text);
      if (failure.fail === "timeout" && failure.commit && !duplicate) recordTweet(acc, text, mediaIds);
      answerFailure(xSandbox, res, failure);
      return true;
    }
    // The account's 24-hour cap: 429 with the x-user-limit-24hour-* headers and no Retry-After.
    const today = postsInDay(acc);
    if (today.length >= dailyCapOf(acc)) {
      const reset = Math.floor((today[0]!.createdAt + 86_400_000) / 1000);
      send(
        res,
        429,
        { title: "Too Many Requests", status: 429, detail: "Too Many Requests", type: "about:blank" },
        {
          ...xHeaders(),
          "x-user-limit-24hour-limit": String(dailyCapOf(acc)),
          "x-user-limit-24hour-remaining": "0",
          "x-user-limit-24hour-reset": String(reset),
        },
      );
      return true;
    }
    if (!text.trim() && mediaIds.length === 0) {
      send(res, 400, {
        title: "Invalid Request",
        status: 400,
        detail: "One or more parameters to your request was invalid.",
        errors: [{ message: "text or media is required" }],
      });
      return true;
    }
    // X counts weighted characters (URLs 23, emoji and CJK 2): twitter-text is X's own counter.
    if (!twitterText.parseTweet(text).valid && text.trim()) {
      send(res, 400, {
        title: "Invalid Request",
        status: 400,
        detail: "Your Tweet text is too long (over 280 characters).",
        errors: [{ message: "text is too long" }],
      });
      return true;
    }
    // X refuses a text the account already published (403, type about:blank, this detail).
    if (state.posts.some((p) => p.network === "x" && p.accountId === acc.id && p.text === text)) {
      send(res, 403, { title: "Forbidden", status: 403, type: "about:blank", detail: "You are not allowed to create a Tweet with duplicate content." });
      return true;
    }
    for (const id of mediaIds) {
      const m = media.get(String(id));
      if (!m || m.accountId !== acc.id || !m.ready) {
        send(res, 400, { title: "Invalid Request", status: 400, detail: `Your media IDs are invalid: ${String(id)}` });
        return true;
      }
    }
    const post = recordTweet(acc, text, mediaIds);
    send(res, 201, { data: { id: post.id, text: post.text, edit_history_tweet_ids: [post.id] } }, xHeaders());
    return true;
  }

  // Post lookup with public_metrics (analytics): GET /2/tweets?ids=1,2&tweet.fields=public_metrics.
  // X takes 1 to 100 comma-separated ids; unknown ids come back under "errors", not as a failure.
  if (path === "/2/tweets" && req.method === "GET") {
    const acc = xAuth(req, res);
    if (!acc) return true;
    const ids = (url.searchParams.get("ids") ?? "").split(",").filter(Boolean);
    if (ids.length === 0 || ids.length > 100) {
      send(res, 400, {
        title: "Invalid Request",
        status: 400,
        detail: "One or more parameters to your request was invalid.",
        errors: [{ parameters: { ids }, message: "The `ids` query parameter value must have between 1 and 100 items" }],
      });
      return true;
    }
    const withMetrics = (url.searchParams.get("tweet.fields") ?? "").split(",").includes("public_metrics");
    const found = ids.map((id) => state.posts.find((p) => p.network === "x" && p.id === id));
    const data = found
      .filter((p): p is Posted => !!p)
      .map((p) => {
        const m = sandboxMetrics(p);
        return {
          id: p.id,
          text: p.text,
          edit_history_tweet_ids: [p.id],
          ...(withMetrics
            ? {
                public_metrics: {
                  retweet_count: m.reposts,
                  reply_count: m.replies,
                  like_count: m.likes,
                  quote_count: 0,
                  bookmark_count: 0,
                  impression_count: m.impressions,
                },
              }
            : {}),
        };
      });
    const errors = ids
      .filter((_, i) => !found[i])
      .map((id) => ({
        value: id,
        detail: `Could not find tweet with ids: [${id}].`,
        title: "Not Found Error",
        resource_type: "tweet",
        parameter: "ids",
        resource_id: id,
        type: "https://api.twitter.com/2/problems/resource-not-found",
      }));
    send(res, 200, { ...(data.length ? { data } : {}), ...(errors.length ? { errors } : {}) }, xHeaders());
    return true;
  }

  const timeline = path.match(/^\/2\/users\/([^/]+)\/tweets$/);
  if (timeline && req.method === "GET") {
    const acc = xAuth(req, res);
    if (!acc) return true;
    const since = Date.parse(url.searchParams.get("start_time") ?? "") || 0;
    const max = Number(url.searchParams.get("max_results") ?? 10);
    if (!Number.isInteger(max) || max < 5 || max > 100) {
      send(res, 400, {
        title: "Invalid Request",
        status: 400,
        detail: "The `max_results` query parameter value is not between 5 and 100",
        errors: [{ parameters: { max_results: [String(max)] } }],
      });
      return true;
    }
    const all = state.posts.filter((p) => p.network === "x" && p.accountId === timeline[1] && p.createdAt >= since).reverse();
    const offset = Number(url.searchParams.get("pagination_token")?.replace(/^page_/, "") ?? 0) || 0;
    const page = all.slice(offset, offset + max);
    const items = page.map((p) => ({ id: p.id, created_at: new Date(p.createdAt).toISOString(), edit_history_tweet_ids: [p.id], ...asReturned(p) }));
    const meta: Record<string, unknown> = { result_count: items.length };
    if (items.length) Object.assign(meta, { newest_id: items[0]!.id, oldest_id: items.at(-1)!.id });
    if (offset + max < all.length) meta.next_token = `page_${offset + max}`;
    send(res, 200, items.length ? { data: items, meta } : { meta }, xHeaders());
    return true;
  }

  return false;
}

/**
 * A tweet as X returns it: `&`, `<`, `>` as HTML entities, every link replaced by a t.co link
 * (with its expanded URL in entities.urls) and, for attached media, a trailing t.co link whose
 * entity carries the media_key.
 */
function asReturned(p: Posted): { text: string; entities?: { urls: Record<string, unknown>[] } } {
  const escape = (t: string) => t.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const urls: Record<string, unknown>[] = [];
  let out = "";
  let last = 0;
  const tco = (seed: string) => `https://t.co/${createHash("sha256").update(seed).digest("base64url").slice(0, 10)}`;
  for (const m of p.text.matchAll(/https?:\/\/\S+/g)) {
    out += escape(p.text.slice(last, m.index));
    const short = tco(`${p.id}:${m[0]}`);
    urls.push({
      start: [...out].length,
      end: [...out].length + short.length,
      url: short,
      expanded_url: m[0],
      display_url: m[0].replace(/^https?:\/\//, "").slice(0, 26),
    });
    out += short;
    last = m.index + m[0].length;
  }
  out += escape(p.text.slice(last));
  if (p.imageUrl) {
    const short = tco(`${p.id}:media`);
    out = `${out} ${short}`;
    urls.push({
      start: [...out].length - short.length,
      end: [...out].length,
      url: short,
      expanded_url: `https://x.com/${p.username}/status/${p.id}/photo/1`,
      media_key: `3_${p.id}`,
    });
  }
  return urls.length ? { text: out, entities: { urls } } : { text: out };
}

function recordTweet(acc: Account, text: string, mediaIds: unknown[]): Posted {
  const first = mediaIds.length ? media.get(String(mediaIds[0])) : undefined;
  return recordPost(acc, text, mediaIds.length ? `/x/_media/${String(mediaIds[0])}` : null, "18", first?.altText ?? null);
}

function answerInjected(res: ServerResponse, f: Failure) {
  if (f.fail === "500") {
    send(res, 500, { title: "Internal Server Error", status: 500, detail: "Sandbox injected failure" });
  } else if (f.fail === "429") {
    const reset = Math.floor(Date.now() / 1000) + f.retryAfter;
    // X sends no Retry-After: the reset instant is in x-rate-limit-reset (epoch seconds).
    send(
      res,
      429,
      { title: "Too Many Requests", status: 429, detail: "Too Many Requests" },
      {
        "x-rate-limit-limit": "100",
        "x-rate-limit-remaining": "0",
        "x-rate-limit-reset": String(reset),
      },
    );
  } else {
    send(res, 403, { title: "Forbidden", status: 403, type: "about:blank", detail: "You are not allowed to create a Tweet with duplicate content." });
  }
}

export const xSandbox: SandboxNetwork = { key: "x", name: "X (Twitter)", idPrefix: "1", postIdPrefix: "18", answerInjected, handle: handleX };
