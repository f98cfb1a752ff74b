// Facebook Pages as the sandbox serves it under /facebook: v*/dialog/oauth (Facebook Login),
// v*/oauth/access_token (code, then fb_exchange_token for a long-lived user token), v*/me,
// v*/me/accounts (the user's Pages, each with a Page token), v*/{page-id}/feed and
// v*/{page-id}/photos (publish), v*/{page-id}/published_posts (reconciliation, paged). Every
// sandbox user manages two Pages ("<name> Page" and "<name> Shop"). It refuses what the Graph
// API refuses: a user token where a Page token is needed (#200), another Page's token, a message
// over 63,206 characters, a photo without a public URL, an expired or revoked token (#190).
// Plain erasable TypeScript (Node 22 runs it without a build).
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  answerFailure,
  bearer,
  bump,
  formBody,
  handleAuthorize,
  nextId,
  params,
  redeemGrant,
  sandboxMetrics,
  send,
  state,
  takeFailure,
  token,
  type Account,
  type Failure,
  type SandboxNetwork,
} from "../shared/sandbox-core.ts";
import { answerGraphFault, graphError as fbError } from "../shared/sandbox-graph.ts";
import { FACEBOOK_SANDBOX_CLIENT } from "./meta.ts";

type Tok = { kind: "user-short" | "user-long" | "page"; accountId: string; expiresAt: number };
const tokens = new Map<string, Tok>();
/** user id -> its Pages (Page accounts live in the shared state with network "facebook"). */
const pagesOf = new Map<string, string[]>();

function auth(req: IncomingMessage, res: ServerResponse, p: URLSearchParams): { acc: Account; tok: Tok } | null {
  const t = bearer(req, p);
  const tok = t ? tokens.get(t) : undefined;
  const acc = tok ? state.accounts.get(tok.accountId) : undefined;
  if (!tok || !acc || acc.revoked || tok.expiresAt < Date.now()) {
    fbError(
      res,
      400,
      "Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.",
      190,
      { error_subcode: 460 },
    );
    return null;
  }
  return { acc, tok };
}

function issue(kind: Tok["kind"], accountId: string, ttlS: number) {
  const t = token(kind === "page" ? "EAAP" : "EAAU");
  tokens.set(t, { kind, accountId, expiresAt: Date.now() + ttlS * 1000 });
  return t;
}

function pages(user: Account): Account[] {
  let ids = pagesOf.get(user.id);
  if (!ids) {
    ids = ["Page", "Shop"].map((suffix) => {
      const name = `${user.username} ${suffix}`;
      const id = `10${BigInt(`0x${createHash("sha256").update(`fbpage:${name}`).digest("hex").slice(0, 12)}`) % 10n ** 14n}`;
      const acc: Account = state.accounts.get(id) ?? { network: "facebook", id, username: name, revoked: false };
      state.accounts.set(id, acc);
      return id;
    });
    pagesOf.set(user.id, ids);
  }
  return ids.map((id) => state.accounts.get(id)!);
}

function record(page: Account, text: string, imageUrl: string | null) {
  const id = `${page.id}_${nextId("1220")}`;
  state.posts.push({ network: "facebook", id, accountId: page.id, username: page.username, text, imageUrl, createdAt: Date.now() });
  return id;
}

const photos = new Map<string, { type: string; bytes: Buffer }>();
const PHOTO_TYPES = ["image/jpeg", "image/png", "image/gif", "image/bmp", "image/tiff"];
const PHOTO_MAX = 4 * 1024 * 1024;

/** The multipart "source" upload of POST /{page-id}/photos: its caption and the stored photo's URL, or why it is refused. */
async function uploadedPhoto(req: IncomingMessage, body: Buffer): Promise<{ caption: string; imageUrl: string } | { error: string }> {
  const fd = await formBody(req, body);
  if (!fd) return { error: "(#324) Requires upload file" };
  const source = fd.get("source");
  if (!(source instanceof Blob) || source.size === 0) return { error: "(#324) Requires upload file" };
  if (!PHOTO_TYPES.includes(source.type)) return { error: "(#324) The photo file is missing or not a supported image type" };
  if (source.size > PHOTO_MAX) return { error: "(#100) Photos must be smaller than 4 MB" };
  const id = nextId("1240");
  photos.set(id, { type: source.type, bytes: Buffer.from(await source.arrayBuffer()) });
  return { caption: String(fd.get("caption") ?? ""), imageUrl: `/facebook/_photo/${id}` };
}

async function handle(req: IncomingMessage, res: ServerResponse, body: Buffer, url: URL, path: string): Promise<boolean> {
  if (path.startsWith("/_photo/") && req.method === "GET") {
    const photo = photos.get(path.slice("/_photo/".length));
    if (!photo) return false;
    res.writeHead(200, { "content-type": photo.type }).end(photo.bytes);
    return true;
  }
  if (/^\/v\d+\.\d+\/dialog\/oauth$/.test(path)) {
    return handleAuthorize(
      facebookSandbox,
      {
        clientId: FACEBOOK_SANDBOX_CLIENT.clientId,
        pkce: false,
        codePrefix: "AQD",
        defaultUsername: "Sandbox Brand",
        denied: { error_reason: "user_denied", error_description: "Permissions error" },
      },
      req,
      res,
      body,
      url,
    );
  }
  const g = path.match(/^\/v\d+\.\d+\/(.+)$/);
  if (!g) return false;
  const rest = g[1]!;
  const p = params(req, body, url);

  if (rest === "oauth/access_token" && req.method === "GET") {
    if (p.get("client_id") !== FACEBOOK_SANDBOX_CLIENT.clientId || p.get("client_secret") !== FACEBOOK_SANDBOX_CLIENT.clientSecret) {
      fbError(res, 400, "Error validating client secret.", 1);
      return true;
    }
    if (p.get("grant_type") === "client_credentials") {
      // The app access token: "<app id>|<secret-derived part>", never expiring.
      send(res, 200, { access_token: `${FACEBOOK_SANDBOX_CLIENT.clientId}|sandbox-app-token`, token_type: "bearer" });
      return true;
    }
    if (p.get("grant_type") === "fb_exchange_token") {
      const short = tokens.get(p.get("fb_exchange_token") ?? "");
      if (!short || short.kind !== "user-short" || short.expiresAt < Date.now()) {
        fbError(res, 400, "Error validating access token", 190);
        return true;
      }
      send(res, 200, { access_token: issue("user-long", short.accountId, 5_184_000), token_type: "bearer", expires_in: 5_184_000 });
      return true;
    }
    const grant = redeemGrant("facebook", p.get("code") ?? "", p.get("redirect_uri"));
    if (!grant) {
      fbError(
        res,
        400,
        "Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request",
        100,
        { error_subcode: 36008 },
      );
      return true;
    }
    bump(state.exchanges, grant.accountId);
    send(res, 200, { access_token: issue("user-short", grant.accountId, 3600), token_type: "bearer", expires_in: 3600 });
    return true;
  }

  if (rest.startsWith("me") && req.method === "GET" && (rest === "me" || rest === "me/accounts")) {
    const a = auth(req, res, p);
    if (!a) return true;
    if (rest === "me") {
      send(res, 200, { id: a.acc.id, name: a.acc.username });
      return true;
    }
    if (a.tok.kind === "page") {
      fbError(res, 400, "(#100) Tried accessing nonexisting field (accounts) on node type (Page)", 100);
      return true;
    }
    // A Page token obtained from a long-lived user token does not expire.
    const ttl = a.tok.kind === "user-long" ? 10 * 365 * 86400 : 3600;
    send(res, 200, {
      data: pages(a.acc).map((pg) => ({
        id: pg.id,
        name: pg.username,
        category: "Brand",
        access_token: issue("page", pg.id, ttl),
        tasks: ["ANALYZE", "ADVERTISE", "MODERATE", "CREATE_CONTENT", "MANAGE"],
      })),
      paging: { cursors: { before: "0", after: "0" } },
    });
    return true;
  }

  const publish = rest.match(/^([0-9]+)\/(feed|photos)$/);
  if (publish && req.method === "POST") {
    const a = auth(req, res, p);
    if (!a) return true;
    if (a.tok.kind !== "page") {
      fbError(
        res,
        403,
        "(#200) If posting to a page, requires both pages_read_engagement and pages_manage_posts as an admin with sufficient administrative permission",
        200,
      );
      return true;
    }
    if (a.acc.id !== publish[1]) {
      fbError(res, 403, "(#200) The Page access token does not belong to this Page", 200);
      return true;
    }
    const multipart = String(req.headers["content-type"] ?? "").includes("multipart/form-data");
    const upload = publish[2] === "photos" && multipart ? await uploadedPhoto(req, body) : null;
    if (upload && "error" in upload) {
      fbError(res, 400, upload.error, 324);
      return true;
    }
    const text = upload ? upload.caption : (p.get(publish[2] === "feed" ? "message" : "caption") ?? "");
    const imageUrl = upload ? upload.imageUrl : publish[2] === "photos" ? p.get("url") : null;
    const failure = takeFailure("facebook", "post", a.acc);
    if (failure) {
      if (failure.fail === "timeout" && failure.commit) record(a.acc, text, imageUrl);
      return answerFailure(facebookSandbox, res, failure);
    }
    if ([...text].length > 63206) {
      fbError(res, 400, "(#100) The message is too long", 100);
      return true;
    }
    if (publish[2] === "feed" && !text.trim()) {
      fbError(res, 400, "(#100) The parameter message or link is required", 100);
      return true;
    }
    if (publish[2] === "photos" && !upload && !/^https?:\/\//.test(imageUrl ?? "")) {
      fbError(res, 400, "(#324) Requires upload file", 324);
      return true;
    }
    const id = record(a.acc, text, imageUrl);
    send(res, 200, publish[2] === "photos" ? { id: nextId("1230"), post_id: id } : { id });
    return true;
  }

  // A Page post with its engagement (analytics): GET /{page-id}_{post-id}?fields=reactions.summary(total_count).limit(0),
  // comments.summary(total_count).limit(0),shares. Needs the Page's own token (a user token is
  // #210 "A page access token is required"); an unknown field is #100; a missing post or another
  // Page's is "Object does not exist" (#100, subcode 33). Counts grow with age (sandboxMetrics).
  const pagePost = rest.match(/^([0-9]+_[0-9]+)$/);
  if (pagePost && req.method === "GET") {
    const a = auth(req, res, p);
    if (!a) return true;
    if (a.tok.kind !== "page") {
      fbError(res, 400, "(#210) A page access token is required to request this resource.", 210);
      return true;
    }
    const post = state.posts.find((x) => x.network === "facebook" && x.id === pagePost[1]);
    if (!post || post.accountId !== a.acc.id) {
      fbError(
        res,
        400,
        `Unsupported get request. Object with ID '${pagePost[1]}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        100,
        { error_subcode: 33 },
      );
      return true;
    }
    const fields = (p.get("fields") ?? "id")
      .split(/,(?![^(]*\))/)
      .map((f) => f.split(".")[0]!.trim())
      .filter(Boolean);
    const bad = fields.find((f) => !["id", "message", "created_time", "reactions", "comments", "shares"].includes(f));
    if (bad) {
      fbError(res, 400, `(#100) Tried accessing nonexisting field (${bad}) on node type (PagePost)`, 100);
      return true;
    }
    const m = sandboxMetrics(post);
    const out: Record<string, unknown> = { id: post.id };
    if (fields.includes("message")) out.message = post.text;
    if (fields.includes("created_time")) out.created_time = new Date(post.createdAt).toISOString().replace(/\.\d{3}Z$/, "+0000");
    if (fields.includes("reactions")) out.reactions = { data: [], summary: { total_count: m.likes, viewer_reaction: "NONE" } };
    if (fields.includes("comments")) out.comments = { data: [], summary: { order: "ranked", total_count: m.replies, can_comment: true } };
    if (fields.includes("shares") && m.reposts > 0) out.shares = { count: m.reposts };
    send(res, 200, out);
    return true;
  }

  const listing = rest.match(/^([0-9]+)\/(published_posts|posts|feed)$/);
  if (listing && req.method === "GET") {
    const a = auth(req, res, p);
    if (!a) return true;
    if (a.acc.id !== listing[1]) {
      fbError(res, 403, "(#200) The Page access token does not belong to this Page", 200);
      return true;
    }
    const since = Number(p.get("since") ?? 0) * 1000;
    const limit = Math.min(Number(p.get("limit") ?? 25) || 25, 100);
    const after = Number(p.get("after") ?? 0) || 0;
    const mine = state.posts.filter((x) => x.network === "facebook" && x.accountId === a.acc.id && x.createdAt >= since).reverse();
    const page = mine.slice(after, after + limit);
    const next = after + limit < mine.length ? new URL(url.toString()) : null;
    if (next) {
      next.host = String(req.headers.host);
      next.searchParams.set("after", String(after + limit));
    }
    send(res, 200, {
      data: page.map((x) => ({ id: x.id, message: x.text, created_time: new Date(x.createdAt).toISOString().replace(/\.\d{3}Z$/, "+0000") })),
      paging: { cursors: { before: String(after), after: String(after + page.length) }, ...(next ? { next: next.toString() } : {}) },
    });
    return true;
  }
  return false;
}

const answerInjected = (res: ServerResponse, f: Failure) =>
  answerGraphFault(res, f, {
    unexpected: "An unexpected error has occurred. Please retry your request later.",
    rateLimit: { message: "(#32) Page request limit reached", code: 32 },
    refuse: (r) => fbError(r, 400, "(#100) The message is too long", 100),
  });

export const facebookSandbox: SandboxNetwork = { key: "facebook", name: "Facebook", idPrefix: "10", postIdPrefix: "1220", answerInjected, handle };
