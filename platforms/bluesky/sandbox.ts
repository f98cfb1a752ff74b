// The Bluesky part of the platform sandbox: an XRPC stand-in at /bluesky/xrpc/... that refuses
// what a PDS refuses. Sign-in needs an APP password (xxxx-xxxx-xxxx-xxxx; a main password is
// refused as the real service refuses it for third-party apps that must use app passwords),
// access JWTs expire, refresh JWTs are single-use, text over 300 graphemes or 3,000 bytes is
// refused, facet byte ranges must lie on the text, at most 4 images, blobs at most 1,000,000
// bytes and owned by the poster, and a record key that exists already is refused (with a 500, as
// the reference PDS does).
// Plain erasable TypeScript (Node 22 runs it without a build).
import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  accountFor,
  answerFailure,
  bearer,
  bump,
  jsonBody,
  send,
  sandboxMetrics,
  state as core,
  takeFailure,
  type Account,
  type Failure,
  type SandboxNetwork,
} from "../shared/sandbox-core.ts";

const ACCESS_TTL_S = 7200;
const REFRESH_TTL_S = 90 * 86400;
const MAX_BLOB = 1_000_000;
const APP_PASSWORD_RE = /^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/;
const TID_RE = /^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$/;

type Jwt = { accountId: string; scope: "access" | "refresh"; exp: number; used: boolean };
type Blob = { cid: string; accountId: string; mimeType: string; bytes: Buffer };
type Rec = { uri: string; cid: string; accountId: string; rkey: string; record: Record<string, unknown>; createdAt: number };

const state = { jwts: new Map<string, Jwt>(), blobs: new Map<string, Blob>(), records: new Map<string, Rec>() };

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
const graphemes = (s: string) => [...segmenter.segment(s)].length;

function b64(obj: unknown) {
  return Buffer.from(JSON.stringify(obj)).toString("base64url");
}
function issueJwt(acc: Account, scope: "access" | "refresh") {
  const exp = Math.floor(Date.now() / 1000) + (scope === "access" ? ACCESS_TTL_S : REFRESH_TTL_S);
  const jwt = `${b64({ typ: scope === "access" ? "at+jwt" : "refresh+jwt", alg: "ES256K" })}.${b64({ scope: scope === "access" ? "com.atproto.appPass" : "com.atproto.refresh", sub: acc.id, exp, jti: randomBytes(8).toString("hex") })}.${randomBytes(32).toString("base64url")}`;
  state.jwts.set(jwt, { accountId: acc.id, scope, exp: exp * 1000, used: false });
  return jwt;
}
function session(acc: Account) {
  return { did: acc.id, handle: acc.username, accessJwt: issueJwt(acc, "access"), refreshJwt: issueJwt(acc, "refresh"), active: true };
}
const xerr = (res: ServerResponse, status: number, error: string, message: string) => send(res, status, { error, message });

const account = (id: string): Account | undefined => {
  const a = core.accounts.get(id);
  return a?.network === "bluesky" ? a : undefined;
};
/** By DID or handle. */
const findAccount = (who: string): Account | undefined =>
  [...core.accounts.values()].find((a) => a.network === "bluesky" && (a.id === who || a.username === who.toLowerCase()));

const TID_CHARS = "234567abcdefghijklmnopqrstuvwxyz";
let tidClock = 0;
function tid(): string {
  let n = (BigInt(Date.now()) * 1000n + BigInt(tidClock++ % 1000)) << 10n;
  let out = "";
  for (let i = 0; i < 13; i++) {
    out = TID_CHARS[Number(n & 31n)] + out;
    n >>= 5n;
  }
  return out;
}

function auth(req: IncomingMessage, res: ServerResponse, scope: "access" | "refresh" = "access"): Account | null {
  const t = bearer(req);
  const rec = t ? state.jwts.get(t) : undefined;
  const acc = rec ? account(rec.accountId) : undefined;
  if (!rec || rec.scope !== scope) {
    xerr(res, 400, "InvalidToken", "Token could not be verified");
    return null;
  }
  if (rec.exp < Date.now()) {
    xerr(res, 400, "ExpiredToken", "Token has expired");
    return null;
  }
  if (!acc || acc.revoked) {
    xerr(res, 401, "AuthenticationRequired", "Token has been revoked");
    return null;
  }
  return acc;
}

/** Injected 500 / 429 / reject, answered the way a PDS answers them (429 carries ratelimit-reset). */
function answerInjected(res: ServerResponse, f: Failure) {
  if (f.fail === "500") return send(res, 500, { error: "InternalServerError", message: "Internal Server Error" });
  if (f.fail === "429") {
    const reset = String(Math.floor(Date.now() / 1000) + f.retryAfter);
    return send(
      res,
      429,
      { error: "RateLimitExceeded", message: "Rate Limit Exceeded" },
      { "ratelimit-limit": "5000", "ratelimit-remaining": "0", "ratelimit-reset": reset, "ratelimit-policy": "5000;w=3600" },
    );
  }
  send(res, 400, { error: "InvalidRequest", message: "Invalid app.bsky.feed.post record: Record/text must not be longer than 300 graphemes" });
}

const answer = (res: ServerResponse, f: Failure) => answerFailure(blueskySandbox, res, f);

function validFacets(text: string, facets: unknown): string | null {
  if (facets === undefined) return null;
  if (!Array.isArray(facets)) return "Record/facets must be an array";
  const bytes = Buffer.byteLength(text, "utf8");
  for (const f of facets as {
    index?: { byteStart?: unknown; byteEnd?: unknown };
    features?: { $type?: string; uri?: string; did?: string; tag?: string }[];
  }[]) {
    const s = f.index?.byteStart;
    const e = f.index?.byteEnd;
    if (typeof s !== "number" || typeof e !== "number" || s < 0 || e <= s || e > bytes) return "Record/facets/index must be a byte range of the text";
    for (const feat of f.features ?? []) {
      if (feat.$type === "app.bsky.richtext.facet#link" && !/^https?:\/\//.test(feat.uri ?? "")) return "Record/facets/features/uri must be a valid uri";
      if (feat.$type === "app.bsky.richtext.facet#mention" && !/^did:/.test(feat.did ?? "")) return "Record/facets/features/did must be a valid did";
      if (feat.$type === "app.bsky.richtext.facet#tag" && (!feat.tag || graphemes(feat.tag) > 64))
        return "Record/facets/features/tag must not be longer than 64 graphemes";
    }
  }
  return null;
}

async function handle(req: IncomingMessage, res: ServerResponse, body: Buffer, url: URL, path: string): Promise<boolean> {
  const m = path.match(/^\/xrpc\/([a-zA-Z.]+)$/);
  if (!m) {
    if (path.startsWith("/_blob/")) {
      const blob = state.blobs.get(path.slice("/_blob/".length));
      if (!blob) return false;
      res.writeHead(200, { "content-type": blob.mimeType }).end(blob.bytes);
      return true;
    }
    return false;
  }
  const method = m[1]!;

  if (method === "com.atproto.server.createSession" && req.method === "POST") {
    const input = jsonBody(body);
    const identifier = String(input.identifier ?? "")
      .trim()
      .toLowerCase();
    const password = String(input.password ?? "");
    if (!/^[a-z0-9][a-z0-9.-]*\.[a-z]{2,}$/.test(identifier) || !APP_PASSWORD_RE.test(password)) {
      xerr(res, 401, "AuthenticationRequired", "Invalid identifier or password");
      return true;
    }
    const acc = accountFor(blueskySandbox, identifier);
    const failure = takeFailure("bluesky", "token", acc);
    if (failure) return (answer(res, failure), true);
    acc.revoked = false;
    bump(core.exchanges, acc.id);
    send(res, 200, session(acc));
    return true;
  }

  if (method === "com.atproto.server.refreshSession" && req.method === "POST") {
    const t = bearer(req);
    const rec = t ? state.jwts.get(t) : undefined;
    const acc = rec ? account(rec.accountId) : undefined;
    const failure = takeFailure("bluesky", "token", acc);
    if (failure) return (answer(res, failure), true);
    if (acc) bump(core.refreshes, acc.id);
    if (!rec || rec.scope !== "refresh" || rec.used) {
      xerr(res, 400, "ExpiredToken", "Token has been revoked");
      return true;
    }
    const who = auth(req, res, "refresh");
    if (!who) return true;
    rec.used = true;
    send(res, 200, session(who));
    return true;
  }

  if (method === "com.atproto.identity.resolveHandle" && req.method === "GET") {
    const handle = (url.searchParams.get("handle") ?? "").toLowerCase();
    const acc = findAccount(handle);
    if (!acc) xerr(res, 400, "InvalidRequest", "Unable to resolve handle");
    else send(res, 200, { did: acc.id });
    return true;
  }

  if (method === "com.atproto.repo.uploadBlob" && req.method === "POST") {
    const acc = auth(req, res);
    if (!acc) return true;
    const failure = takeFailure("bluesky", "upload", acc);
    if (failure) return (answer(res, failure), true);
    const type = String(req.headers["content-type"] ?? "").split(";")[0]!;
    if (body.length > MAX_BLOB) {
      xerr(res, 400, "BlobTooLarge", `This file is too large. It is ${body.length} bytes but the maximum size is ${MAX_BLOB} bytes.`);
      return true;
    }
    if (!body.length || !type.startsWith("image/")) {
      xerr(res, 400, "InvalidMimeType", "Wrong type of file. It is not an image");
      return true;
    }
    const cid = `bafkrei${createHash("sha256").update(body).digest("hex").slice(0, 40)}`;
    state.blobs.set(cid, { cid, accountId: acc.id, mimeType: type, bytes: Buffer.from(body) });
    send(res, 200, { blob: { $type: "blob", ref: { $link: cid }, mimeType: type, size: body.length } });
    return true;
  }

  if (method === "com.atproto.repo.createRecord" && req.method === "POST") {
    const acc = auth(req, res);
    if (!acc) return true;
    const input = jsonBody(body);
    const record = (input.record ?? {}) as Record<string, unknown>;
    const text = typeof record.text === "string" ? record.text : "";
    const rkey = typeof input.rkey === "string" ? input.rkey : tid();
    const commit = (): Rec => {
      const uri = `at://${acc.id}/app.bsky.feed.post/${rkey}`;
      const rec: Rec = { uri, cid: `bafyrei${randomBytes(20).toString("hex")}`, accountId: acc.id, rkey, record, createdAt: Date.now() };
      state.records.set(uri, rec);
      const image = ((record.embed as { images?: { alt?: string; image?: { ref?: { $link?: string } } }[] } | undefined)?.images ?? [])[0];
      const first = image?.image?.ref?.$link;
      core.posts.push({
        network: "bluesky",
        id: uri,
        accountId: acc.id,
        username: acc.username,
        text,
        imageUrl: first ? `/bluesky/_blob/${first}` : null,
        altText: image?.alt || null,
        createdAt: rec.createdAt,
      });
      return rec;
    };
    const failure = takeFailure("bluesky", "post", acc);
    if (failure) {
      if (failure.fail === "timeout" && failure.commit && !state.records.has(`at://${acc.id}/app.bsky.feed.post/${rkey}`)) commit();
      answer(res, failure);
      return true;
    }
    if (input.repo !== acc.id && input.repo !== acc.username) {
      xerr(res, 401, "AuthRequired", "Input/repo must be the authenticated account");
      return true;
    }
    if (input.collection !== "app.bsky.feed.post" || record.$type !== "app.bsky.feed.post" || typeof record.createdAt !== "string") {
      xerr(res, 400, "InvalidRequest", 'Invalid app.bsky.feed.post record: Record must have the property "createdAt"');
      return true;
    }
    if (!TID_RE.test(rkey)) {
      xerr(res, 400, "InvalidRequest", "Invalid record key: must be a TID");
      return true;
    }
    if (graphemes(text) > 300 || Buffer.byteLength(text, "utf8") > 3000) {
      xerr(res, 400, "InvalidRequest", "Invalid app.bsky.feed.post record: Record/text must not be longer than 300 graphemes");
      return true;
    }
    const facetProblem = validFacets(text, record.facets);
    if (facetProblem) {
      xerr(res, 400, "InvalidRequest", `Invalid app.bsky.feed.post record: ${facetProblem}`);
      return true;
    }
    const embed = record.embed as { $type?: string; images?: { image?: { ref?: { $link?: string } } }[] } | undefined;
    if (embed) {
      const images = embed.images ?? [];
      if (embed.$type !== "app.bsky.embed.images" || images.length > 4) {
        xerr(res, 400, "InvalidRequest", "Invalid app.bsky.feed.post record: Record/embed/images must not have more than 4 elements");
        return true;
      }
      for (const img of images) {
        const blob = state.blobs.get(img.image?.ref?.$link ?? "");
        if (!blob || blob.accountId !== acc.id) {
          xerr(res, 400, "InvalidRequest", "Could not find blob: the image must be uploaded by this account first");
          return true;
        }
      }
    }
    // The reference PDS answers a record key that is taken with a bare 500 (bluesky-social/atproto
    // issue #3718; the explicit error of PR #4728 is not released): so does the sandbox (decision 197).
    if (state.records.has(`at://${acc.id}/app.bsky.feed.post/${rkey}`)) {
      xerr(res, 500, "InternalServerError", "Internal Server Error");
      return true;
    }
    const rec = commit();
    send(res, 200, { uri: rec.uri, cid: rec.cid, commit: { cid: rec.cid, rev: tid() }, validationStatus: "valid" });
    return true;
  }

  if (method === "com.atproto.repo.getRecord" && req.method === "GET") {
    const repo = url.searchParams.get("repo") ?? "";
    const acc = findAccount(repo);
    const rec = acc ? state.records.get(`at://${acc.id}/${url.searchParams.get("collection")}/${url.searchParams.get("rkey")}`) : undefined;
    if (!rec) xerr(res, 400, "RecordNotFound", `Could not locate record: at://${repo}/${url.searchParams.get("collection")}/${url.searchParams.get("rkey")}`);
    else send(res, 200, { uri: rec.uri, cid: rec.cid, value: rec.record });
    return true;
  }

  // Post views with counters (analytics): app.bsky.feed.getPosts?uris=..&uris=.. takes 1 to 25
  // AT-URIs (the lexicon's maxLength); a malformed uri is InvalidRequest, unknown ones are
  // simply absent. Counters grow with age (sandboxMetrics).
  if (method === "app.bsky.feed.getPosts" && req.method === "GET") {
    const acc = auth(req, res);
    if (!acc) return true;
    const uris = url.searchParams.getAll("uris");
    if (uris.length === 0) return (xerr(res, 400, "InvalidRequest", 'Error: Params must have the property "uris"'), true);
    if (uris.length > 25) return (xerr(res, 400, "InvalidRequest", "Error: uris must not have more than 25 elements"), true);
    const bad = uris.find((u) => !/^at:\/\/[^/]+\/[a-z0-9.]+\/[^/]+$/i.test(u));
    if (bad) return (xerr(res, 400, "InvalidRequest", "Error: uris/0 must be a valid at-uri"), true);
    const found = uris.map((u) => core.posts.find((p) => p.network === "bluesky" && p.id === u)).filter((p): p is NonNullable<typeof p> => !!p);
    send(res, 200, {
      posts: found.map((p) => {
        const m = sandboxMetrics(p);
        const author = core.accounts.get(p.accountId);
        const rec = state.records.get(p.id);
        return {
          uri: p.id,
          cid: rec?.cid ?? `bafyrei${p.id.slice(-12)}`,
          author: { did: p.accountId, handle: author?.username ?? "handle.invalid" },
          record: rec?.record ?? { $type: "app.bsky.feed.post", text: p.text, createdAt: new Date(p.createdAt).toISOString() },
          likeCount: m.likes,
          repostCount: m.reposts,
          quoteCount: 0,
          replyCount: m.replies,
          indexedAt: new Date(p.createdAt).toISOString(),
        };
      }),
    });
    return true;
  }

  if (method === "app.bsky.feed.getAuthorFeed" && req.method === "GET") {
    const acc = auth(req, res);
    if (!acc) return true;
    const actor = findAccount(url.searchParams.get("actor") ?? "");
    if (!actor) {
      xerr(res, 400, "InvalidRequest", "Profile not found");
      return true;
    }
    const limit = Math.min(Math.max(Number(url.searchParams.get("limit") ?? 50) || 50, 1), 100);
    const cursor = Number(url.searchParams.get("cursor") ?? Infinity);
    // Everything the account has, ours and posted elsewhere (the shared "burst" switch), newest first.
    const mine = core.posts
      .filter((p) => p.network === "bluesky" && p.accountId === actor.id && p.createdAt < cursor)
      .map(
        (p) =>
          state.records.get(p.id) ?? {
            uri: p.id,
            cid: `bafyrei${p.id.slice(-12)}`,
            accountId: p.accountId,
            rkey: p.id,
            record: { $type: "app.bsky.feed.post", text: p.text, createdAt: new Date(p.createdAt).toISOString() },
            createdAt: p.createdAt,
          },
      )
      .sort((a, b) => b.createdAt - a.createdAt);
    const page = mine.slice(0, limit);
    send(res, 200, {
      feed: page.map((r) => ({
        post: { uri: r.uri, cid: r.cid, author: { did: actor.id, handle: actor.username }, record: r.record, indexedAt: new Date(r.createdAt).toISOString() },
      })),
      ...(mine.length > limit ? { cursor: String(page.at(-1)!.createdAt) } : {}),
    });
    return true;
  }
  return false;
}

export const blueskySandbox: SandboxNetwork = { key: "bluesky", name: "Bluesky", idPrefix: "did:plc:", postIdPrefix: "3l", answerInjected, handle };
