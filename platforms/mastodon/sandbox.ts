// The Mastodon part of the platform sandbox: any number of instances at /mastodon/i/<host>/...,
// each with its own registered apps and its own limits (GET /api/v2/instance: 500 characters,
// or N for a host named "<N>chars.<...>", 4 media, images of the supported types under 16 MB or
// the size a host label "<N>mb" / "<N>kb" names).
// It refuses what Mastodon refuses: an unknown client or a redirect URI the app did not register,
// a wrong client secret or PKCE verifier, scopes the token lacks, text over the instance's limit
// as Mastodon counts it (URLs 23, remote mentions by their local part), media still processing
// or not the poster's, more media than allowed, an image not under the server's image_size_limit.
// An Idempotency-Key seen in the last hour returns the first status instead of posting again, as
// PostStatusService does.
// Plain erasable TypeScript (Node 22 runs it without a build).
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  answerFailure,
  bearer,
  bump,
  formBody,
  handleAuthorize,
  jsonBody,
  params,
  redeemGrant,
  s256,
  sandboxMetrics,
  send,
  state as core,
  takeFailure,
  token,
  type Account,
  type Failure,
  type SandboxNetwork,
} from "../shared/sandbox-core.ts";
import { MASTODON_DEFAULT_LIMITS, mastodonLength } from "./meta.ts";

type App = { host: string; clientId: string; clientSecret: string; redirectUris: string[]; scopes: string[] };
type Token = { host: string; accountId: string; scopes: string[] };
type Media = { id: string; accountId: string; type: string; bytes: Buffer; readyAt: number; attached: boolean; description: string | null };
type Status = { id: string; host: string; accountId: string; text: string; mediaIds: string[]; createdAt: number };

const PROCESSING_MS = 300;
const IDEMPOTENCY_TTL_MS = 3600_000;
const SUPPORTED = ["image/jpeg", "image/png", "image/gif", "image/webp", "image/avif", "image/heic"];

const apps = new Map<string, App>();
const tokens = new Map<string, Token>();
const media = new Map<string, Media>();
const statuses: Status[] = [];
const idempotency = new Map<string, { statusId: string; at: number }>();
let seq = 0;
const snowflake = () => `${Date.now()}${String(++seq % 100000).padStart(5, "0")}`;

/**
 * The instance's own limits: a host "<N>chars.example" allows N characters; a host with a label
 * "<N>mb" or "<N>kb" ("2mb.example", "400chars.750kb.example") takes images under N MB / KB
 * (image_size_limit), else 16 MB as Mastodon 4.x.
 */
function instanceLimits(host: string) {
  const m = host.match(/^(\d{2,6})chars\./);
  const img = host.match(/(?:^|\.)(\d{1,5})(mb|kb)\./);
  const imageSizeLimit = img ? Number(img[1]) * (img[2] === "mb" ? 1024 * 1024 : 1024) : MASTODON_DEFAULT_LIMITS.imageSizeLimit;
  return { maxCharacters: m ? Number(m[1]) : 500, maxMedia: 4, reservedPerUrl: 23, imageSizeLimit };
}

/** Paperclip's size in its validation message: "16 MB", "750 KB". */
const humanSize = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round((bytes / 1048576) * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`);

const merr = (res: ServerResponse, status: number, error: string) => send(res, status, { error });

function answerInjected(res: ServerResponse, f: Failure) {
  if (f.fail === "500") return merr(res, 500, "We're sorry, but something went wrong on our end.");
  if (f.fail === "429") {
    const reset = new Date(Date.now() + f.retryAfter * 1000).toISOString();
    return send(res, 429, { error: "Too many requests" }, { "x-ratelimit-limit": "300", "x-ratelimit-remaining": "0", "x-ratelimit-reset": reset });
  }
  merr(res, 422, "Validation failed: Text character limit of 500 exceeded");
}

export const mastodonSandbox: SandboxNetwork = { key: "mastodon", name: "Mastodon", idPrefix: "1099", postIdPrefix: "1130", answerInjected, handle };

function authed(req: IncomingMessage, res: ServerResponse, host: string, scope?: string): { acc: Account; tok: Token } | null {
  const t = bearer(req);
  const tok = t ? tokens.get(t) : undefined;
  const acc = tok ? core.accounts.get(tok.accountId) : undefined;
  if (!tok || tok.host !== host || !acc || acc.revoked) {
    merr(res, 401, "The access token is invalid");
    return null;
  }
  if (scope && !tok.scopes.some((s) => s === scope || s === scope.split(":")[0])) {
    merr(res, 403, "This action is outside the authorized scopes");
    return null;
  }
  return { acc, tok };
}

function html(text: string): string {
  const esc = text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
  return `<p>${esc
    .split(/\n{2,}/)
    .map((p) => p.replace(/\n/g, "<br />"))
    .join("</p><p>")}</p>`;
}

function statusJson(s: Status, acc: Account) {
  return {
    id: s.id,
    created_at: new Date(s.createdAt).toISOString(),
    content: html(s.text),
    visibility: "public",
    url: `https://${s.host}/@${acc.username}/${s.id}`,
    account: { id: acc.id, username: acc.username, acct: acc.username },
    media_attachments: s.mediaIds.map((id) => ({ id, type: "image", url: `/mastodon/_media/${id}` })),
  };
}

async function formOrJson(req: IncomingMessage, body: Buffer, url: URL): Promise<Record<string, unknown>> {
  const type = String(req.headers["content-type"] ?? "");
  if (type.includes("application/json")) return jsonBody(body);
  const out: Record<string, unknown> = {};
  for (const [k, v] of params(req, body, url)) out[k] = v;
  return out;
}

async function handle(req: IncomingMessage, res: ServerResponse, body: Buffer, url: URL, path: string): Promise<boolean> {
  if (path.startsWith("/_media/") && req.method === "GET") {
    const m = media.get(path.slice("/_media/".length));
    if (!m) return false;
    res.writeHead(200, { "content-type": m.type }).end(m.bytes);
    return true;
  }
  const im = path.match(/^\/i\/([a-z0-9.-]+(?::\d+)?)(\/.*)$/);
  if (!im) return false;
  const host = im[1]!;
  const route = im[2]!;
  const limits = instanceLimits(host);

  if (route === "/api/v2/instance" && req.method === "GET") {
    send(res, 200, {
      domain: host,
      title: `${host} (sandbox)`,
      version: "4.3.0",
      configuration: {
        urls: { streaming: `wss://${host}` },
        statuses: { max_characters: limits.maxCharacters, max_media_attachments: limits.maxMedia, characters_reserved_per_url: limits.reservedPerUrl },
        media_attachments: { supported_mime_types: SUPPORTED, image_size_limit: limits.imageSizeLimit, image_matrix_limit: 33177600 },
      },
      registrations: { enabled: true },
    });
    return true;
  }

  if (route === "/api/v1/apps" && req.method === "POST") {
    const input = await formOrJson(req, body, url);
    const name = String(input.client_name ?? "").trim();
    const redirects = (Array.isArray(input.redirect_uris) ? input.redirect_uris : String(input.redirect_uris ?? "").split(/\s+/)).map(String).filter(Boolean);
    if (!name || !redirects.length || redirects.some((r) => !/^https?:\/\//.test(r) && r !== "urn:ietf:wg:oauth:2.0:oob")) {
      merr(res, 422, "Validation failed: Redirect URI must be an absolute URI., Application name can't be blank");
      return true;
    }
    const app: App = {
      host,
      clientId: token("mcid_"),
      clientSecret: token("mcs_"),
      redirectUris: redirects,
      scopes: String(input.scopes ?? "read")
        .split(/\s+/)
        .filter(Boolean),
    };
    apps.set(`${host} ${app.clientId}`, app);
    send(res, 200, {
      id: snowflake(),
      name,
      website: input.website ?? null,
      scopes: app.scopes,
      redirect_uri: redirects.join("\n"),
      redirect_uris: redirects,
      client_id: app.clientId,
      client_secret: app.clientSecret,
      client_secret_expires_at: 0,
    });
    return true;
  }

  if (route === "/oauth/authorize") {
    const p = params(req, body, url);
    const app = apps.get(`${host} ${p.get("client_id") ?? ""}`);
    const requested = (p.get("scope") ?? "read").split(/\s+/).filter(Boolean);
    if (!app || !app.redirectUris.includes(p.get("redirect_uri") ?? "") || requested.some((s) => !app.scopes.includes(s))) {
      res
        .writeHead(400, { "content-type": "text/html; charset=utf-8" })
        .end("<h1>The client application is not known, the redirect URI is not registered, or a scope was not granted to the app.</h1>");
      return true;
    }
    return handleAuthorize(
      mastodonSandbox,
      { clientId: app.clientId, pkce: false, codePrefix: "mcode_", defaultUsername: "sandbox_mastodon_user" },
      req,
      res,
      body,
      url,
    );
  }

  if (route === "/oauth/token" && req.method === "POST") {
    const input = await formOrJson(req, body, url);
    const app = apps.get(`${host} ${String(input.client_id ?? "")}`);
    if (!app || input.client_secret !== app.clientSecret) {
      send(res, 401, {
        error: "invalid_client",
        error_description: "Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.",
      });
      return true;
    }
    const grant = core.grants.get(String(input.code ?? ""));
    const acc = grant ? core.accounts.get(grant.accountId) : undefined;
    const failure = takeFailure("mastodon", "token", acc);
    if (failure) return answerFailure(mastodonSandbox, res, failure);
    const redeemed = redeemGrant("mastodon", String(input.code ?? ""), input.redirect_uri, (g) => g.clientId === app.clientId);
    if (input.grant_type !== "authorization_code" || !redeemed) {
      send(res, 400, {
        error: "invalid_grant",
        error_description:
          "The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.",
      });
      return true;
    }
    if (redeemed.challenge && s256(String(input.code_verifier ?? "")) !== redeemed.challenge) {
      send(res, 400, { error: "invalid_grant", error_description: "The code verifier does not match the code challenge." });
      return true;
    }
    bump(core.exchanges, acc!.id);
    const t = token("mat_");
    const scopes = String(input.scope ?? app.scopes.join(" "))
      .split(/\s+/)
      .filter((s) => app.scopes.includes(s));
    tokens.set(t, { host, accountId: acc!.id, scopes });
    send(res, 200, { access_token: t, token_type: "Bearer", scope: scopes.join(" "), created_at: Math.floor(Date.now() / 1000) });
    return true;
  }

  if (route === "/api/v1/accounts/verify_credentials" && req.method === "GET") {
    const a = authed(req, res, host);
    if (!a) return true;
    send(res, 200, { id: a.acc.id, username: a.acc.username, acct: a.acc.username, display_name: a.acc.username, url: `https://${host}/@${a.acc.username}` });
    return true;
  }

  if (route === "/api/v2/media" && req.method === "POST") {
    const a = authed(req, res, host, "write:media");
    if (!a) return true;
    const failure = takeFailure("mastodon", "upload", a.acc);
    if (failure) return answerFailure(mastodonSandbox, res, failure);
    const fd = await formBody(req, body);
    const f = fd?.get("file");
    const file = f instanceof Blob ? f : null;
    const d = fd?.get("description");
    const description = typeof d === "string" && d ? d : null;
    if (!file || file.size === 0) return (merr(res, 422, "Validation failed: File can't be blank"), true);
    if (!SUPPORTED.includes(file.type)) return (merr(res, 422, `Validation failed: File content type is invalid`), true);
    // MediaAttachment validates the size "less than" the server's image_size_limit.
    if (file.size >= limits.imageSizeLimit)
      return (merr(res, 422, `Validation failed: File file size must be less than ${humanSize(limits.imageSizeLimit)}`), true);
    const id = snowflake();
    media.set(id, {
      id,
      accountId: a.acc.id,
      type: file.type,
      bytes: Buffer.from(await file.arrayBuffer()),
      readyAt: Date.now() + PROCESSING_MS,
      attached: false,
      description,
    });
    // Processed in the background: 202 with url null, like Mastodon does for larger files.
    send(res, 202, { id, type: "image", url: null, preview_url: `/mastodon/_media/${id}`, description });
    return true;
  }

  const mediaGet = route.match(/^\/api\/v1\/media\/([0-9]+)$/);
  if (mediaGet && req.method === "GET") {
    const a = authed(req, res, host);
    if (!a) return true;
    const m = media.get(mediaGet[1]!);
    if (!m || m.accountId !== a.acc.id) return (merr(res, 404, "Record not found"), true);
    send(res, m.readyAt > Date.now() ? 206 : 200, { id: m.id, type: "image", url: m.readyAt > Date.now() ? null : `/mastodon/_media/${m.id}` });
    return true;
  }

  if (route === "/api/v1/statuses" && req.method === "POST") {
    const a = authed(req, res, host, "write:statuses");
    if (!a) return true;
    const input = await formOrJson(req, body, url);
    const text = String(input.status ?? "");
    const mediaIds = (Array.isArray(input.media_ids) ? input.media_ids : input["media_ids[]"] ? [input["media_ids[]"]] : []).map(String);
    const key = String(req.headers["idempotency-key"] ?? "");
    const seenKey = key ? idempotency.get(`${a.acc.id} ${key}`) : undefined;
    const commit = (): Status => {
      const s: Status = { id: snowflake(), host, accountId: a.acc.id, text, mediaIds, createdAt: Date.now() };
      statuses.push(s);
      for (const id of mediaIds) media.get(id)!.attached = true;
      if (key) idempotency.set(`${a.acc.id} ${key}`, { statusId: s.id, at: s.createdAt });
      core.posts.push({
        network: "mastodon",
        id: s.id,
        accountId: a.acc.id,
        username: a.acc.username,
        text,
        imageUrl: mediaIds[0] ? `/mastodon/_media/${mediaIds[0]}` : null,
        altText: mediaIds[0] ? (media.get(mediaIds[0])?.description ?? null) : null,
        createdAt: s.createdAt,
      });
      return s;
    };
    if (seenKey && seenKey.at > Date.now() - IDEMPOTENCY_TTL_MS) {
      const first = statuses.find((s) => s.id === seenKey.statusId)!;
      send(res, 200, statusJson(first, a.acc));
      return true;
    }
    const failure = takeFailure("mastodon", "post", a.acc);
    if (failure) {
      if (failure.fail === "timeout" && failure.commit) commit();
      return answerFailure(mastodonSandbox, res, failure);
    }
    if (!text.trim() && !mediaIds.length) return (merr(res, 422, "Validation failed: Text can't be blank"), true);
    if (mastodonLength(text, limits.reservedPerUrl) > limits.maxCharacters)
      return (merr(res, 422, `Validation failed: Text character limit of ${limits.maxCharacters} exceeded`), true);
    if (mediaIds.length > limits.maxMedia) return (merr(res, 422, `Validation failed: Cannot attach more than ${limits.maxMedia} files`), true);
    for (const id of mediaIds) {
      const m = media.get(id);
      if (!m || m.accountId !== a.acc.id) return (merr(res, 422, "Validation failed: Media attachments are invalid"), true);
      if (m.readyAt > Date.now()) return (merr(res, 422, "Cannot attach files that have not finished processing. Try again in a moment!"), true);
    }
    send(res, 200, statusJson(commit(), a.acc));
    return true;
  }

  // A single status with its counters (analytics): GET /api/v1/statuses/:id. Unknown or
  // malformed ids are 404 "Record not found"; counters grow with age (sandboxMetrics).
  const one = route.match(/^\/api\/v1\/statuses\/([^/]+)$/);
  if (one && req.method === "GET") {
    const a = authed(req, res, host, "read:statuses");
    if (!a) return true;
    const p = core.posts.find((x) => x.network === "mastodon" && x.id === one[1]);
    const s = p
      ? (statuses.find((x) => x.id === p.id) ?? { id: p.id, host, accountId: p.accountId, text: p.text, mediaIds: [], createdAt: p.createdAt })
      : undefined;
    const owner = p ? core.accounts.get(p.accountId) : undefined;
    if (!p || !s || !owner || s.host !== host) return (merr(res, 404, "Record not found"), true);
    const m = sandboxMetrics(p);
    send(res, 200, { ...statusJson(s, owner), favourites_count: m.likes, reblogs_count: m.reposts, replies_count: m.replies });
    return true;
  }

  const timeline = route.match(/^\/api\/v1\/accounts\/([0-9]+)\/statuses$/);
  if (timeline && req.method === "GET") {
    const a = authed(req, res, host);
    if (!a) return true;
    const owner = core.accounts.get(timeline[1]!);
    if (!owner || owner.network !== "mastodon") return (merr(res, 404, "Record not found"), true);
    const limit = Math.min(Math.max(Number(url.searchParams.get("limit") ?? 20) || 20, 1), 40);
    const maxId = url.searchParams.get("max_id");
    // Ours and posted elsewhere (the shared "burst" switch), newest first.
    const byId = new Map(statuses.map((s) => [s.id, s]));
    const list = core.posts
      .filter((p) => p.network === "mastodon" && p.accountId === owner.id)
      .map((p) => byId.get(p.id) ?? { id: p.id, host, accountId: p.accountId, text: p.text, mediaIds: [], createdAt: p.createdAt })
      .filter((s) => s.host === host && (!maxId || BigInt(s.id) < BigInt(maxId)))
      .sort((x, y) => (BigInt(y.id) > BigInt(x.id) ? 1 : -1))
      .slice(0, limit);
    send(
      res,
      200,
      list.map((s) => statusJson(s, owner)),
    );
    return true;
  }
  return false;
}
