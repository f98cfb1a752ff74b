// The platform sandbox's shared core: one in-memory state for every network (accounts, OAuth
// grants, tokens, posts, injected failures), the authorize page, the fault switches and the
// /_control and /_state routes. Each network's sandbox.ts adds the routes of its own API on top
// and platforms/sandboxes.ts lists them; test/fakes/platform-sandbox.ts serves them. The sandbox
// must REFUSE what the real API refuses (docs/decisions/120 lists each rule and its source).
// Fault switches, per network prefix:
//   POST {prefix}/_control  {"fail":"500"|"429"|"timeout"|"revoke"|"reject","times":n,"account":"<id or username>",
//                            "on":"publish"|"post"|"token"|"any","retryAfter":seconds,"commit":true} or {"reset":true}
//                           or {"cap":n,"account":...} (posts per rolling 24 hours for that account)
//                           or {"burst":n,"account":...} (the account publishes n posts elsewhere: a busy account)
//                           "commit" with a timeout: the platform did the work but the reply is lost
//   POST {prefix}/_control  {"ageSeconds":n,"account":"<id or username>"} makes posts older (their metrics grow)
//   GET  {prefix}/_state    counters (refreshes, posts, token exchanges per account id) and everything posted
// Plain erasable TypeScript (runs under Node 22 without a build step): imports carry `.ts`, no enums.
import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

export type Account = { network: string; id: string; username: string; revoked: boolean };
export type Grant = {
  network: string;
  accountId: string;
  clientId: string;
  redirectUri: string;
  challenge: string | null;
  challengeMethod: string | null;
  expiresAt: number;
  used: boolean;
};
export type AccessToken = { network: string; accountId: string; expiresAt: number; kind: "access" | "short" | "long"; issuedAt: number };
export type RefreshToken = { accountId: string; used: boolean };
export type Posted = {
  network: string;
  id: string;
  accountId: string;
  username: string;
  text: string;
  imageUrl: string | null;
  /** The image's alt text as the network received it (null: none). */
  altText?: string | null;
  createdAt: number;
};
type FailureKind = "500" | "429" | "timeout" | "reject";
export type Failure = {
  network: string;
  fail: FailureKind;
  remaining: number;
  account: string | null;
  on: "publish" | "post" | "token" | "any";
  retryAfter: number;
  commit: boolean;
};
/** Which call a failure may hit: "upload" = media upload / container, "post" = the call that makes a post visible. */
export type CallKind = "upload" | "post" | "token";

/** What a network's sandbox.ts exports; platforms/sandboxes.ts lists them. */
export type SandboxNetwork = {
  /** Path prefix without slash ("x" serves /x/...), also the network key in the state. */
  key: string;
  /** Name on the authorize page and the home page ("X (Twitter)"). */
  name: string;
  /** Account ids of this network start with this (X: "1", Instagram: "17841"). */
  idPrefix: string;
  /** Post ids of this network start with this. */
  postIdPrefix: string;
  /** Answers an injected 500 / 429 / reject the way this network does (timeouts are the core's). */
  answerInjected: (res: ServerResponse, f: Failure) => void;
  /** This network's own API routes; `path` is the URL path without the prefix. Returns true when handled. */
  handle: (req: IncomingMessage, res: ServerResponse, body: Buffer, url: URL, path: string) => boolean | Promise<boolean>;
};

const HANG_MS = 120_000;

export const state = {
  accounts: new Map<string, Account>(),
  grants: new Map<string, Grant>(),
  access: new Map<string, AccessToken>(),
  refresh: new Map<string, RefreshToken>(),
  posts: [] as Posted[],
  failures: [] as Failure[],
  refreshes: new Map<string, number>(),
  exchanges: new Map<string, number>(),
  /** Posts per rolling 24 hours, per account id, where a test lowered the network's cap. */
  caps: new Map<string, number>(),
};
let seq = 0;

export const token = (prefix: string) => `${prefix}${randomBytes(24).toString("base64url")}`;
export const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
export const nextId = (base: string) => `${base}${Date.now()}${String(++seq).padStart(4, "0")}`;
export const s256 = (verifier: string): string => createHash("sha256").update(verifier).digest("base64url");

export function accountFor(net: SandboxNetwork, username: string): Account {
  const digest = createHash("sha256").update(`${net.key}:${username}`).digest();
  const num = digest.readBigUInt64BE(0) % 10n ** 15n;
  const id = net.idPrefix + num.toString().padStart(15, "0");
  let acc = state.accounts.get(id);
  if (!acc) {
    acc = { network: net.key, id, username, revoked: false };
    state.accounts.set(id, acc);
  }
  return acc;
}

function matchesAccount(f: Failure, acc: Account | undefined): boolean {
  return f.account === null || (!!acc && (f.account === acc.id || f.account === acc.username));
}

/** Takes the first armed failure that applies to this call, if any. */
export function takeFailure(network: string, kind: CallKind, acc: Account | undefined): Failure | null {
  // "publish" = media upload / container and the post itself; "post" = only the call that makes it visible.
  const applies = (on: Failure["on"]) => on === "any" || on === kind || (on === "publish" && (kind === "upload" || kind === "post"));
  const f = state.failures.find((x) => x.network === network && x.remaining > 0 && matchesAccount(x, acc) && applies(x.on));
  if (!f) return null;
  f.remaining -= 1;
  state.failures = state.failures.filter((x) => x.remaining > 0);
  return f;
}

// ---------- HTTP helpers ----------
export function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
}
export function html(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8" }).end(body);
}
function redirect(res: ServerResponse, location: string) {
  res.writeHead(302, { location }).end();
}
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function params(req: IncomingMessage, body: Buffer, url: URL): URLSearchParams {
  const out = new URLSearchParams(url.search);
  const type = req.headers["content-type"] ?? "";
  if (type.includes("application/x-www-form-urlencoded")) {
    for (const [k, v] of new URLSearchParams(body.toString("utf8"))) out.set(k, v);
  }
  return out;
}
export function jsonBody(body: Buffer): Record<string, unknown> {
  try {
    return JSON.parse(body.toString("utf8") || "{}") as Record<string, unknown>;
  } catch {
    return {};
  }
}
/** A multipart/form-data body as the platform's server parses it, or null when it is not one. */
export async function formBody(req: IncomingMessage, body: Buffer): Promise<FormData | null> {
  try {
    return await new Request("http://sandbox/upload", {
      method: "POST",
      headers: { "content-type": String(req.headers["content-type"] ?? "") },
      body: new Uint8Array(body),
    }).formData();
  } catch {
    return null;
  }
}
export function bearer(req: IncomingMessage, p?: URLSearchParams): string | null {
  const h = req.headers.authorization ?? "";
  if (h.startsWith("Bearer ")) return h.slice(7);
  return p?.get("access_token") ?? null;
}

/** Answers an injected failure; a timeout hangs longer than the adapter's timeout. */
export function answerFailure(net: SandboxNetwork, res: ServerResponse, f: Failure): true {
  if (f.fail === "timeout") {
    const timer = setTimeout(() => {
      if (!res.writableEnded) send(res, 504, { title: "Gateway Timeout" });
    }, HANG_MS);
    res.on("close", () => clearTimeout(timer));
    return true;
  }
  net.answerInjected(res, f);
  return true;
}

/**
 * Engagement of a sandbox post that grows with its age (decision 150): a steady climb per 10 seconds
 * plus a per-post offset from its id, so the analytics cron sees numbers change between reads and
 * posts differ from each other. Deterministic: the same post at the same instant reads the same.
 */
export function sandboxMetrics(post: Posted, nowMs = Date.now()): { likes: number; reposts: number; replies: number; impressions: number } {
  let h = 0;
  for (const c of post.id) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  const ticks = Math.max(0, Math.floor((nowMs - post.createdAt) / 10_000));
  const likes = 1 + (h % 7) + ticks;
  return { likes, reposts: Math.floor(likes / 3), replies: Math.floor(likes / 5), impressions: likes * 12 + (h % 50) };
}

/** The account's posts on its network in the last 24 hours, oldest first (daily caps are a rolling day). */
export const postsInDay = (acc: Account): Posted[] =>
  state.posts.filter((x) => x.network === acc.network && x.accountId === acc.id && x.createdAt > Date.now() - 86_400_000);

export function recordPost(acc: Account, text: string, imageUrl: string | null, idBase: string, altText: string | null = null): Posted {
  const post: Posted = { network: acc.network, id: nextId(idBase), accountId: acc.id, username: acc.username, text, imageUrl, altText, createdAt: Date.now() };
  state.posts.push(post);
  return post;
}

/**
 * Redeems an authorization code, once: a code that is unknown, already used, expired, of another
 * network, issued for another redirect URI or failing `also` (the client it was issued to) is
 * refused, and a refused code is burnt too (RFC 6749 4.1.2: a code used twice must be denied).
 */
export function redeemGrant(network: string, code: string, redirectUri: unknown, also: (g: Grant) => boolean = () => true): Grant | null {
  const grant = state.grants.get(code);
  if (!grant) return null;
  const ok = grant.network === network && !grant.used && grant.expiresAt >= Date.now() && grant.redirectUri === redirectUri && also(grant);
  grant.used = true;
  return ok ? grant : null;
}

// ---------- authorize page (every OAuth network) ----------
export type AuthorizeOptions = {
  clientId: string;
  /** PKCE S256 required on the authorize request (X). */
  pkce: boolean;
  codePrefix: string;
  /** Prefilled on the approve page. */
  defaultUsername: string;
  /** Appended to the redirect (Instagram adds "#_"). */
  fragment?: string;
  /** Extra query parameters on a denied redirect. */
  denied?: Record<string, string>;
};

function authorizePage(net: SandboxNetwork, opts: AuthorizeOptions, url: URL, action: string): string {
  const hidden = [...url.searchParams].map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`).join("");
  const scopes = (url.searchParams.get("scope") ?? "").split(/[ ,]+/).filter(Boolean);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Authorize app - ${net.name} sandbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px}button{font-size:16px;padding:8px 16px;margin-right:8px}label{display:block;margin:12px 0}</style></head>
<body><h1>Authorize app</h1><p>Brandpilot wants to access your ${net.name} sandbox account.</p>
<ul>${scopes.map((s) => `<li>${esc(s)}</li>`).join("")}</ul>
<form method="post" action="${esc(action)}">${hidden}
<label>Username <input name="username" value="${esc(opts.defaultUsername)}" autocomplete="off"></label>
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny">Deny</button></form>
<p><small>This is the local platform sandbox, not the real ${net.name}.</small></p></body></html>`;
}

/** The authorize endpoint: GET shows the approve page, POST approves or denies and redirects back. */
export function handleAuthorize(net: SandboxNetwork, opts: AuthorizeOptions, req: IncomingMessage, res: ServerResponse, body: Buffer, url: URL): boolean {
  const action = url.pathname;
  const p = params(req, body, url);
  const redirectUri = p.get("redirect_uri");
  if (!redirectUri || p.get("client_id") !== opts.clientId || p.get("response_type") !== "code") {
    html(res, 400, "<h1>Invalid authorization request</h1><p>client_id, redirect_uri and response_type=code are required.</p>");
    return true;
  }
  if (opts.pkce && (!p.get("code_challenge") || p.get("code_challenge_method") !== "S256")) {
    html(res, 400, "<h1>Invalid authorization request</h1><p>PKCE with code_challenge_method=S256 is required.</p>");
    return true;
  }
  if (req.method === "GET") {
    html(res, 200, authorizePage(net, opts, url, action));
    return true;
  }
  const target = new URL(redirectUri);
  const st = p.get("state");
  if (p.get("decision") !== "approve") {
    target.searchParams.set("error", "access_denied");
    for (const [k, v] of Object.entries(opts.denied ?? {})) target.searchParams.set(k, v);
    if (st) target.searchParams.set("state", st);
    redirect(res, target.toString());
    return true;
  }
  const username = (p.get("username") || `sandbox_${net.key}_user`).trim().slice(0, 30);
  const acc = accountFor(net, username);
  acc.revoked = false;
  const code = token(opts.codePrefix);
  state.grants.set(code, {
    network: net.key,
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
  redirect(res, `${target.toString()}${opts.fragment ?? ""}`);
  return true;
}

// ---------- control and state ----------
function handleControl(net: SandboxNetwork, res: ServerResponse, body: Buffer): boolean {
  const network = net.key;
  const input = jsonBody(body);
  if (input.reset === true) {
    state.failures = state.failures.filter((f) => f.network !== network);
    send(res, 200, { ok: true });
    return true;
  }
  const account = typeof input.account === "string" && input.account ? input.account : null;
  if (typeof input.burst === "number") {
    // {"burst": n, "account": ...}: the account publishes n posts elsewhere (another app, the phone).
    const acc = [...state.accounts.values()].find((a) => a.network === network && (a.id === account || a.username === account));
    if (!acc) {
      send(res, 404, { error: "unknown account" });
      return true;
    }
    for (let i = 0; i < Math.min(input.burst, 1000); i++)
      recordPost(acc, `Posted elsewhere ${i + 1} by @${acc.username} ${randomBytes(4).toString("hex")}`, null, net.postIdPrefix);
    send(res, 200, { ok: true });
    return true;
  }
  if (typeof input.cap === "number") {
    // {"cap": n, "account": ...}: the account may publish n posts per rolling 24 hours.
    for (const acc of state.accounts.values()) {
      if (acc.network === network && (acc.id === account || acc.username === account)) state.caps.set(acc.id, input.cap);
    }
    send(res, 200, { ok: true });
    return true;
  }
  // {"ageTokensSeconds": n, "account": ...}: the account's access tokens were issued n seconds
  // earlier (networks that refuse to refresh a young token: Instagram, Threads).
  if (typeof input.ageTokensSeconds === "number" && input.ageTokensSeconds > 0) {
    let n = 0;
    for (const rec of state.access.values()) {
      const acc = state.accounts.get(rec.accountId);
      if (rec.network === network && acc && (account === null || acc.id === account || acc.username === account)) {
        rec.issuedAt -= input.ageTokensSeconds * 1000;
        n++;
      }
    }
    send(res, 200, { ok: true, aged: n });
    return true;
  }
  // {"ageSeconds": n}: the network's posts (of one account if given) become n seconds older, so
  // their metrics grow (sandboxMetrics) without a test or a demo having to wait.
  if (typeof input.ageSeconds === "number" && input.ageSeconds > 0) {
    let n = 0;
    for (const p of state.posts) {
      const acc = state.accounts.get(p.accountId);
      if (p.network === network && (account === null || p.accountId === account || acc?.username === account)) {
        p.createdAt -= input.ageSeconds * 1000;
        n++;
      }
    }
    send(res, 200, { ok: true, aged: n });
    return true;
  }
  const fail = String(input.fail ?? "");
  if (fail === "revoke") {
    let n = 0;
    for (const acc of state.accounts.values()) {
      if (acc.network === network && (account === null || acc.id === account || acc.username === account)) {
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
    network,
    fail: fail as FailureKind,
    remaining: Math.max(1, Number(input.times ?? 1) || 1),
    account,
    on,
    retryAfter: Math.max(1, Number(input.retryAfter ?? 2) || 2),
    commit: input.commit === true,
  });
  send(res, 200, { ok: true });
  return true;
}

function stateOf(network: string, url: URL) {
  const filter = url.searchParams.get("account");
  const accounts = [...state.accounts.values()].filter((a) => a.network === network && (!filter || a.id === filter || a.username === filter));
  const ids = new Set(accounts.map((a) => a.id));
  const count = (m: Map<string, number>) => Object.fromEntries([...m].filter(([k]) => ids.has(k)));
  const posts = state.posts.filter((p) => p.network === network && ids.has(p.accountId));
  const postsPer: Record<string, number> = {};
  for (const p of posts) postsPer[p.accountId] = (postsPer[p.accountId] ?? 0) + 1;
  return {
    accounts: accounts.map((a) => ({ id: a.id, username: a.username, revoked: a.revoked })),
    refreshes: count(state.refreshes),
    exchanges: count(state.exchanges),
    posts: postsPer,
    items: posts.map((p) => ({
      id: p.id,
      account_id: p.accountId,
      username: p.username,
      text: p.text,
      image_url: p.imageUrl,
      alt_text: p.altText ?? null,
      created_at: new Date(p.createdAt).toISOString(),
    })),
    pendingFailures: state.failures.filter((f) => f.network === network).length,
  };
}

/** The sandbox's home page: everything posted on every network, newest first. */
export function homePage(networks: readonly SandboxNetwork[]): string {
  const nameOf = (key: string) => networks.find((n) => n.key === key)?.name ?? key;
  const rows = [...state.posts]
    .reverse()
    .map((p) => {
      const img = p.imageUrl ? `<img src="${esc(p.imageUrl)}" alt="image of post ${esc(p.id)}" style="max-width:160px;max-height:120px">` : "<em>no image</em>";
      return `<tr data-platform="${esc(p.network)}"><td>${esc(nameOf(p.network))}</td><td>@${esc(p.username)}</td><td class="text">${esc(p.text)}</td><td>${img}</td><td><time datetime="${new Date(p.createdAt).toISOString()}">${new Date(p.createdAt).toISOString()}</time></td><td>${esc(p.id)}</td></tr>`;
    })
    .join("");
  const accounts = [...state.accounts.values()]
    .map((a) => `<li>${esc(nameOf(a.network))} @${esc(a.username)} (${esc(a.id)})${a.revoked ? " - revoked" : ""}</li>`)
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Platform sandbox</title>
<style>body{font-family:system-ui,sans-serif;margin:24px}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ddd;padding:6px;text-align:left;vertical-align:top}</style></head>
<body><h1>Platform sandbox</h1><p>Everything published to the local network stand-ins (newest first). Reload to refresh.</p>
<h2>Posts (${state.posts.length})</h2>
<table><thead><tr><th>Platform</th><th>Account</th><th>Text</th><th>Image</th><th>Time</th><th>Id</th></tr></thead><tbody>${rows || '<tr><td colspan="6">Nothing posted yet</td></tr>'}</tbody></table>
<h2>Accounts</h2><ul>${accounts || "<li>None yet</li>"}</ul></body></html>`;
}

/** The handler of one network's prefix: its fault switches, its state, then its own routes. */
export function sandboxRoute(net: SandboxNetwork) {
  const prefix = `/${net.key}`;
  return async (req: IncomingMessage, res: ServerResponse, body: Buffer, url: URL): Promise<boolean> => {
    if (url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`)) return false;
    const path = url.pathname.slice(prefix.length) || "/";
    if (path === "/_control" && req.method === "POST") return handleControl(net, res, body);
    if (path === "/_state" && req.method === "GET") {
      send(res, 200, stateOf(net.key, url));
      return true;
    }
    return net.handle(req, res, body, url, path);
  };
}
