// LinkedIn as the sandbox serves it under /linkedin: oauth/v2/authorization, oauth/v2/accessToken
// (code and refresh_token grants; the refresh token keeps its first expiry), v2/userinfo, and the
// versioned REST APIs rest/images (initializeUpload, status), the upload URL, rest/posts (create
// and the author finder). It refuses what LinkedIn refuses: a missing or inactive LinkedIn-Version
// (versions live 12 months), a missing X-Restli-Protocol-Version 2.0.0, a token without
// w_member_social, an author other than the member, missing required post fields, commentary
// over 3,000 characters, reserved little-text characters left unescaped (LinkedIn would cut the
// post there), an image that is not the member's or not yet AVAILABLE, images that are not
// JPG/PNG/GIF or have 36,152,320 pixels or more (one it cannot read fails processing), and content identical to an earlier post ("Content is a duplicate of urn:...").
// Plain erasable TypeScript (Node 22 runs it without a build).
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  answerFailure,
  bearer,
  bump,
  handleAuthorize,
  jsonBody,
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
import { mediaKind, type MediaKind } from "../shared/sandbox-media.ts";
import { imageSize } from "../shared/image-size.ts";
import { LINKEDIN_MAX_PIXELS, LINKEDIN_SANDBOX_CLIENT, LINKEDIN_SANDBOX_PARTNER } from "./meta.ts";

const ACCESS_TTL_S = 5_184_000;
const REFRESH_TTL_S = 31_536_000;
const PROCESSING_MS = 300;
// What each sandbox app may be granted (decision 196): a standard app gets the scopes of its
// products (Sign In with LinkedIn using OpenID Connect, Share on LinkedIn) and no refresh tokens;
// r_member_social ("restricted") and programmatic refresh tokens are for approved partners only.
const APPS: Record<string, { secret: string; scopes: readonly string[]; refreshTokens: boolean }> = {
  [LINKEDIN_SANDBOX_CLIENT.clientId]: {
    secret: LINKEDIN_SANDBOX_CLIENT.clientSecret,
    scopes: ["openid", "profile", "email", "w_member_social"],
    refreshTokens: false,
  },
  [LINKEDIN_SANDBOX_PARTNER.clientId]: {
    secret: LINKEDIN_SANDBOX_PARTNER.clientSecret,
    scopes: ["openid", "profile", "email", "w_member_social", "r_member_social"],
    refreshTokens: true,
  },
};

type Tok = { accountId: string; scopes: string[] };
type Refresh = { accountId: string; scopes: string[]; expiresAt: number };
type Image = {
  urn: string;
  owner: string;
  status: "WAITING_UPLOAD" | "PROCESSING" | "AVAILABLE" | "PROCESSING_FAILED";
  readyAt: number;
  type: string;
  bytes: Buffer | null;
};
type Post = { id: string; author: string; commentary: string; media: string | null; createdAt: number };

const tokens = new Map<string, Tok>();
const refreshTokens = new Map<string, Refresh>();
const images = new Map<string, Image>();
/** Authorization code -> the scopes requested with it. */
const grantScopes = new Map<string, string[]>();
const posts: Post[] = [];

const liErr = (res: ServerResponse, status: number, message: string, extra: Record<string, unknown> = {}) => send(res, status, { status, message, ...extra });

/** LinkedIn-Version must name one of the last 12 monthly versions (YYYYMM or YYYYMM.RR). */
function versionProblem(v: string | undefined): string | null {
  if (!v) return "A version must be present. Please specify a version by adding the LinkedIn-Version header.";
  const m = v.match(/^(\d{4})(\d{2})(?:\.\d{2})?$/);
  if (!m) return `Requested version ${v} is not a valid version`;
  const now = new Date();
  const months = (now.getUTCFullYear() - Number(m[1])) * 12 + (now.getUTCMonth() + 1 - Number(m[2]));
  if (months < 0 || months >= 12) return `Requested version ${v} is not active`;
  return null;
}

function restAuth(req: IncomingMessage, res: ServerResponse, scope = "w_member_social", resource = "partnerApiPostsExternal.CREATE.20240501"): Account | null {
  const problem = versionProblem(req.headers["linkedin-version"] as string | undefined);
  if (problem) {
    liErr(res, 426, problem, { code: "NONEXISTENT_VERSION" });
    return null;
  }
  if (req.headers["x-restli-protocol-version"] !== "2.0.0") {
    liErr(res, 400, "X-Restli-Protocol-Version 2.0.0 is required by this API", { code: "ILLEGAL_ARGUMENT" });
    return null;
  }
  const t = bearer(req);
  const tok = t ? tokens.get(t) : undefined;
  const acc = tok ? state.accounts.get(tok.accountId) : undefined;
  const rec = t ? state.access.get(t) : undefined;
  if (!tok || !acc || acc.revoked || !rec || rec.expiresAt < Date.now()) {
    liErr(res, 401, "Invalid access token", { serviceErrorCode: 65600, code: "REVOKED_ACCESS_TOKEN" });
    return null;
  }
  if (!tok.scopes.includes(scope)) {
    liErr(res, 403, `Not enough permissions to access: ${resource}`, { serviceErrorCode: 100, code: "ACCESS_DENIED" });
    return null;
  }
  return acc;
}

function issue(acc: Account, scopes: string[], withRefresh: boolean, refresh?: Refresh) {
  const t = token("AQV");
  tokens.set(t, { accountId: acc.id, scopes });
  state.access.set(t, { network: "linkedin", accountId: acc.id, expiresAt: Date.now() + ACCESS_TTL_S * 1000, kind: "access", issuedAt: Date.now() });
  // Only apps approved for programmatic refresh get a refresh token (it keeps its first expiry).
  if (!withRefresh) return { access_token: t, expires_in: ACCESS_TTL_S, scope: scopes.join(","), token_type: "Bearer" };
  const rt = refresh ? null : token("AQX");
  const r = refresh ?? { accountId: acc.id, scopes, expiresAt: Date.now() + REFRESH_TTL_S * 1000 };
  if (rt) refreshTokens.set(rt, r);
  return {
    access_token: t,
    expires_in: ACCESS_TTL_S,
    ...(rt ? { refresh_token: rt } : {}),
    refresh_token_expires_in: Math.floor((r.expiresAt - Date.now()) / 1000),
    scope: scopes.join(","),
    token_type: "Bearer",
  };
}

/** Little text: a reserved character outside a template must carry a backslash. */
function unescaped(commentary: string): boolean {
  const stripped = commentary.replace(/\{hashtag\|\\#\|(?:\\.|[^}\\])*\}/g, "").replace(/\\./g, "");
  return /[|{}@[\]()<>#*_~\\]/.test(stripped);
}
const plain = (commentary: string) => commentary.replace(/\{hashtag\|\\#\|((?:\\.|[^}])*)\}/g, "#$1").replace(/\\(.)/g, "$1");

/** The image's type by its bytes; LinkedIn's Images API takes JPG, PNG and GIF only. */
const ACCEPTED_TYPES: Partial<Record<MediaKind, string>> = { jpeg: "image/jpeg", png: "image/png", gif: "image/gif" };
const sniff = (b: Buffer): string | null => ACCEPTED_TYPES[mediaKind(b)] ?? null;

function commitPost(acc: Account, author: string, commentary: string, media: string | null, altText: string | null = null): Post {
  const post: Post = { id: `urn:li:share:${nextId("7")}`, author, commentary, media, createdAt: Date.now() };
  posts.push(post);
  state.posts.push({
    network: "linkedin",
    id: post.id,
    accountId: acc.id,
    username: acc.username,
    text: plain(commentary),
    imageUrl: media ? `/linkedin/_image/${encodeURIComponent(media)}` : null,
    altText,
    createdAt: post.createdAt,
  });
  return post;
}

async function handle(req: IncomingMessage, res: ServerResponse, body: Buffer, url: URL, path: string): Promise<boolean> {
  if (path === "/oauth/v2/authorization") {
    const p = params(req, body, url);
    const scopes = (p.get("scope") ?? "").split(/[ ,]+/).filter(Boolean);
    const allowed = APPS[p.get("client_id") ?? ""]?.scopes ?? [];
    // A scope the app was not granted (r_member_social for a standard app) is refused, never handed out.
    if (scopes.some((s) => !allowed.includes(s))) {
      const target = new URL(p.get("redirect_uri") ?? "http://invalid/");
      target.searchParams.set("error", "unauthorized_scope_error");
      target.searchParams.set("error_description", `Scope "${scopes.find((s) => !allowed.includes(s))}" is not authorized for your application`);
      if (p.get("state")) target.searchParams.set("state", p.get("state")!);
      res.writeHead(302, { location: target.toString() }).end();
      return true;
    }
    const before = new Set(state.grants.keys());
    const handled = await handleAuthorize(
      linkedinSandbox,
      {
        clientId: APPS[p.get("client_id") ?? ""] ? p.get("client_id")! : LINKEDIN_SANDBOX_CLIENT.clientId,
        pkce: false,
        codePrefix: "AQT",
        defaultUsername: "Sandbox LinkedIn Member",
        denied: { error_description: "The user cancelled the authorization" },
      },
      req,
      res,
      body,
      url,
    );
    // The token carries the scopes the member approved (r_member_social only when asked for).
    for (const code of state.grants.keys()) if (!before.has(code) && scopes.length) grantScopes.set(code, scopes);
    return handled;
  }

  if (path === "/oauth/v2/accessToken" && req.method === "POST") {
    const p = params(req, body, url);
    const app = APPS[p.get("client_id") ?? ""];
    if (!app || p.get("client_secret") !== app.secret) {
      send(res, 401, { error: "invalid_client", error_description: "Client authentication failed" });
      return true;
    }
    if (p.get("grant_type") === "client_credentials") {
      // What a standard app gets: LinkedIn knows it, but 2-legged tokens need LinkedIn's approval.
      send(res, 403, { error: "access_denied", error_description: "This application is not allowed to create application tokens" });
      return true;
    }
    if (p.get("grant_type") === "authorization_code") {
      const grant = redeemGrant("linkedin", p.get("code") ?? "", p.get("redirect_uri"), (g) => g.clientId === p.get("client_id"));
      if (!grant) {
        send(res, 400, {
          error: "invalid_request",
          error_description:
            "Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired.",
        });
        return true;
      }
      const acc = state.accounts.get(grant.accountId)!;
      bump(state.exchanges, acc.id);
      send(res, 200, issue(acc, grantScopes.get(p.get("code") ?? "") ?? ["openid", "profile", "w_member_social"], app.refreshTokens));
      return true;
    }
    if (p.get("grant_type") === "refresh_token") {
      if (!app.refreshTokens) {
        send(res, 400, { error: "unauthorized_client", error_description: "The client is not authorized to use programmatic refresh tokens" });
        return true;
      }
      const r = refreshTokens.get(p.get("refresh_token") ?? "");
      const acc = r ? state.accounts.get(r.accountId) : undefined;
      const failure = takeFailure("linkedin", "token", acc);
      if (failure) return answerFailure(linkedinSandbox, res, failure);
      if (acc) bump(state.refreshes, acc.id);
      if (!r || !acc || acc.revoked || r.expiresAt < Date.now()) {
        send(res, 400, { error: "invalid_grant", error_description: "The provided authorization grant or refresh token is invalid, expired or revoked." });
        return true;
      }
      send(res, 200, issue(acc, r.scopes, true, r));
      return true;
    }
    send(res, 400, { error: "unsupported_grant_type", error_description: "grant_type must be authorization_code or refresh_token" });
    return true;
  }

  if (path === "/v2/userinfo" && req.method === "GET") {
    const t = bearer(req);
    const tok = t ? tokens.get(t) : undefined;
    const acc = tok ? state.accounts.get(tok.accountId) : undefined;
    if (!tok || !acc || acc.revoked) return (liErr(res, 401, "Invalid access token", { serviceErrorCode: 65600 }), true);
    send(res, 200, { sub: acc.id, name: acc.username, given_name: acc.username.split(" ")[0], locale: { country: "US", language: "en" } });
    return true;
  }

  if (path.startsWith("/_upload/") && req.method === "PUT") {
    const img = images.get(decodeURIComponent(path.slice("/_upload/".length)));
    if (!img || img.status !== "WAITING_UPLOAD") return (liErr(res, 404, "Upload URL not found or already used"), true);
    const type = sniff(body);
    if (!type) return (liErr(res, 400, "Unsupported image format: only JPG, PNG and GIF are accepted"), true);
    // The Images API takes images of fewer than 36,152,320 pixels (width × height), whatever their bytes.
    const dims = imageSize(new Uint8Array(body.buffer, body.byteOffset, body.byteLength));
    if (dims && dims.width * dims.height >= LINKEDIN_MAX_PIXELS)
      return (liErr(res, 400, `Image exceeds the maximum of ${LINKEDIN_MAX_PIXELS.toLocaleString("en-US")} pixels`), true);
    // A file that only starts like an image is taken, and fails in processing: the Images API's
    // status PROCESSING_FAILED ("Images API", Microsoft Learn, image status values).
    Object.assign(img, { status: dims ? "PROCESSING" : "PROCESSING_FAILED", readyAt: Date.now() + PROCESSING_MS, type, bytes: Buffer.from(body) });
    res.writeHead(201).end();
    return true;
  }
  if (path.startsWith("/_image/") && req.method === "GET") {
    const img = images.get(decodeURIComponent(path.slice("/_image/".length)));
    if (!img?.bytes) return false;
    res.writeHead(200, { "content-type": img.type }).end(img.bytes);
    return true;
  }

  if (!path.startsWith("/rest/")) return false;
  // Likes and comments summary of a member's own post (analytics): GET /rest/socialActions/{urn}.
  // Needs r_member_social (403 ACCESS_DENIED without it) plus the version headers; an unknown
  // or malformed urn is 404. Counts grow with age (sandboxMetrics).
  const social = path.match(/^\/rest\/socialActions\/([^/]+)$/);
  if (social && req.method === "GET") {
    const reader = restAuth(req, res, "r_member_social", "socialActions.GET.20240501");
    if (!reader) return true;
    const urn = decodeURIComponent(social[1]!);
    const post = state.posts.find((x) => x.network === "linkedin" && x.id === urn);
    if (!/^urn:li:(share|ugcPost):\d+$/.test(urn) || !post || post.accountId !== reader.id) {
      liErr(res, 404, `Not Found: ${urn}`, { code: "NOT_FOUND" });
      return true;
    }
    const m = sandboxMetrics(post);
    send(res, 200, {
      target: urn,
      likesSummary: { totalLikes: m.likes, likedByCurrentUser: false, aggregatedTotalLikes: m.likes },
      commentsSummary: { totalFirstLevelComments: m.replies, aggregatedTotalComments: m.replies },
    });
    return true;
  }

  const acc = restAuth(req, res);
  if (!acc) return true;
  const member = `urn:li:person:${acc.id}`;

  if (path === "/rest/images" && req.method === "POST" && url.searchParams.get("action") === "initializeUpload") {
    const failure = takeFailure("linkedin", "upload", acc);
    if (failure) return answerFailure(linkedinSandbox, res, failure);
    const owner = ((jsonBody(body).initializeUploadRequest ?? {}) as Record<string, unknown>).owner;
    if (owner !== member) return (liErr(res, 403, `Not enough permissions to act as ${String(owner)}`, { code: "ACCESS_DENIED" }), true);
    const urn = `urn:li:image:${nextId("D4E")}`;
    images.set(urn, { urn, owner: member, status: "WAITING_UPLOAD", readyAt: 0, type: "", bytes: null });
    send(res, 200, {
      value: { uploadUrlExpiresAt: Date.now() + 3600_000, uploadUrl: `http://${req.headers.host}/linkedin/_upload/${encodeURIComponent(urn)}`, image: urn },
    });
    return true;
  }

  const imageGet = path.match(/^\/rest\/images\/(.+)$/);
  if (imageGet && req.method === "GET") {
    const img = images.get(decodeURIComponent(imageGet[1]!));
    if (!img || img.owner !== member) return (liErr(res, 404, "Image not found"), true);
    if (img.status === "PROCESSING" && img.readyAt <= Date.now()) img.status = "AVAILABLE";
    send(res, 200, { id: img.urn, owner: img.owner, status: img.status });
    return true;
  }

  if (path === "/rest/posts" && req.method === "POST") {
    const input = jsonBody(body);
    const commentary = typeof input.commentary === "string" ? input.commentary : "";
    const media = ((input.content as { media?: { id?: string } } | undefined)?.media?.id ?? null) as string | null;
    const altText = ((input.content as { media?: { altText?: string } } | undefined)?.media?.altText ?? null) as string | null;
    const failure = takeFailure("linkedin", "post", acc);
    if (failure) {
      if (failure.fail === "timeout" && failure.commit) commitPost(acc, member, commentary, media, altText);
      return answerFailure(linkedinSandbox, res, failure);
    }
    const missing = ["author", "commentary", "visibility", "distribution", "lifecycleState"].filter((k) => input[k] === undefined);
    if (missing.length)
      return (liErr(res, 422, missing.map((k) => `ERROR :: /${k} :: field is required but not found and has no default value`).join("\n")), true);
    if (input.author !== member) return (liErr(res, 403, `Not enough permissions to post as ${String(input.author)}`, { code: "ACCESS_DENIED" }), true);
    if ([...plain(commentary)].length > 3000)
      return (liErr(res, 422, "ERROR :: /commentary :: length of commentary exceeds the maximum of 3000 characters"), true);
    if (unescaped(commentary)) return (liErr(res, 422, "ERROR :: /commentary :: reserved characters must be escaped (little text format)"), true);
    if (media) {
      const img = images.get(media);
      if (img?.status === "PROCESSING" && img.readyAt <= Date.now()) img.status = "AVAILABLE";
      if (!img || img.owner !== member) return (liErr(res, 422, `ERROR :: /content/media/id :: ${media} does not exist or is not owned by the author`), true);
      if (img.status !== "AVAILABLE") return (liErr(res, 422, `ERROR :: /content/media/id :: ${media} is not AVAILABLE (status ${img.status})`), true);
    }
    const dup = posts.find((x) => x.author === member && x.commentary === commentary && x.media === media);
    if (dup) return (liErr(res, 422, `Content is a duplicate of ${dup.id}`, { code: "DUPLICATE_POST" }), true);
    const post = commitPost(acc, member, commentary, media, altText);
    res.writeHead(201, { "x-restli-id": post.id, "content-type": "application/json" }).end("");
    return true;
  }

  if (path === "/rest/posts" && req.method === "GET" && url.searchParams.get("q") === "author") {
    // Find Posts by Authors reads member posts: r_member_social (restricted) is required.
    if (!tokens.get(bearer(req) ?? "")?.scopes.includes("r_member_social")) {
      return (
        liErr(res, 403, "Not enough permissions to access: partnerApiPostsExternal.FINDER-author.20240501", { serviceErrorCode: 100, code: "ACCESS_DENIED" }),
        true
      );
    }
    if (url.searchParams.get("author") !== member) return (liErr(res, 403, "Not enough permissions to read these posts", { code: "ACCESS_DENIED" }), true);
    const start = Number(url.searchParams.get("start") ?? 0) || 0;
    const count = Math.min(Number(url.searchParams.get("count") ?? 10) || 10, 100);
    // Ours and posted elsewhere (the shared "burst" switch), newest first.
    const byId = new Map(posts.map((x) => [x.id, x]));
    const mine = state.posts
      .filter((x) => x.network === "linkedin" && x.accountId === acc.id)
      .map(
        (x) =>
          byId.get(x.id) ?? {
            id: x.id,
            author: member,
            commentary: x.text.replace(/[|{}@[\]()<>#*_~\\]/g, (c) => `\\${c}`),
            media: null,
            createdAt: x.createdAt,
          },
      )
      .sort((a, b) => b.createdAt - a.createdAt);
    send(res, 200, {
      elements: mine.slice(start, start + count).map((x) => ({
        id: x.id,
        author: x.author,
        commentary: x.commentary,
        createdAt: x.createdAt,
        lastModifiedAt: x.createdAt,
        lifecycleState: "PUBLISHED",
        visibility: "PUBLIC",
      })),
      paging: { start, count, total: mine.length },
    });
    return true;
  }
  return false;
}

function answerInjected(res: ServerResponse, f: Failure) {
  if (f.fail === "500") liErr(res, 500, "Internal Server Error");
  else if (f.fail === "429")
    liErr(res, 429, "Resource level throttle APPLICATION DAY limit for calls to this resource is reached.", { code: "TOO_MANY_REQUESTS" });
  else liErr(res, 422, "ERROR :: /commentary :: length of commentary exceeds the maximum of 3000 characters");
}

export const linkedinSandbox: SandboxNetwork = { key: "linkedin", name: "LinkedIn", idPrefix: "li", postIdPrefix: "7", answerInjected, handle };
