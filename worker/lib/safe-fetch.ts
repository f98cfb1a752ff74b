// Fetching a user-supplied URL from the Worker (brain "scrape"). A URL the user types must not
// let them reach our own network (SSRF): only http(s); no loopback, private, link-local, CGNAT,
// multicast, unspecified or cloud-metadata addresses in any spelling the URL parser accepts
// (decimal/hex IPv4, IPv4-mapped or NAT64 IPv6), no "localhost" or metadata host names, and no
// names that embed such an IP (nip.io style). Redirects are followed by hand so every hop is
// checked again (at most 5). Size (2 MB) and time (10 s) are capped, and only text is kept.
// A hostname is resolved (DNS over HTTPS, lib/dns-resolve.ts) before every hop and refused when
// any of its addresses is special, so a public-looking name pointing at 127.0.0.1 is refused too;
// the app's own host is refused whatever it resolves to (its /dev and API are not scrape targets).
// SCRAPE_ALLOW_HOSTS (comma-separated host:port) lets the offline demo and the tests reach the
// local sample-page server; it is empty by default and ignored in production.
import { dohResolver, ResolveError, type Resolver } from "./dns-resolve";

const SCRAPE_LIMITS = { maxBytes: 2 * 1024 * 1024, timeoutMs: 10_000, maxRedirects: 5 } as const;

export class SafeFetchError extends Error {}

export const SAFE_FETCH_MESSAGES = {
  invalid: "Please enter a valid URL",
  scheme: "Only http and https URLs can be added",
  blocked: "This address cannot be fetched",
  unresolved: "This address could not be found",
  credentials: "URLs with a user name or password cannot be fetched",
  tooManyRedirects: "The page redirected too many times",
  tooLarge: "The page is too large (max 2 MB)",
  timeout: "The page took too long to respond",
  notText: "The page is not HTML or text",
  unreachable: "The page could not be fetched",
  status: (s: number) => `The page could not be fetched (HTTP ${s})`,
} as const;

const BLOCKED_HOSTNAMES = new Set(["localhost", "metadata.google.internal", "metadata", "instance-data", "metadata.azure.internal"]);

export function parseAllowHosts(config: string | undefined): Set<string> {
  return new Set(
    (config ?? "")
      .split(",")
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );
}

function ipv4Octets(host: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!m) return null;
  const o = m.slice(1).map(Number);
  return o.every((n) => n <= 255) ? o : null;
}

/** True for addresses that are not public unicast (RFC 6890 special-purpose ranges we care about). */
function isBlockedIPv4(o: number[]): boolean {
  const [a, b] = o as [number, number, number, number];
  return (
    a === 0 || // "this network", 0.0.0.0
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) || // CGNAT
    (a === 169 && b === 254) || // link-local, incl. 169.254.169.254 metadata
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0 && o[2] === 0) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224 // multicast, reserved, broadcast
  );
}

function parseIPv6(host: string): number[] | null {
  let h = host.replace(/^\[|\]$/g, "").toLowerCase();
  const zone = h.indexOf("%");
  if (zone >= 0) h = h.slice(0, zone);
  // A trailing dotted IPv4 becomes two groups.
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(h);
  if (v4) {
    const o = ipv4Octets(v4[1]!);
    if (!o) return null;
    h = h.slice(0, -v4[1]!.length) + ((o[0]! << 8) | o[1]!).toString(16) + ":" + ((o[2]! << 8) | o[3]!).toString(16);
  }
  const halves = h.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail].map((g) =>
    /^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN,
  );
  return groups.length === 8 && groups.every((g) => !Number.isNaN(g)) ? groups : null;
}

function isBlockedIPv6(g: number[]): boolean {
  const v4 = (hi: number, lo: number) => [hi >> 8, hi & 255, lo >> 8, lo & 255];
  if (g.slice(0, 7).every((x) => x === 0) && (g[7] === 0 || g[7] === 1)) return true; // :: and ::1
  if ((g[0]! & 0xfe00) === 0xfc00) return true; // fc00::/7 unique local
  if ((g[0]! & 0xffc0) === 0xfe80) return true; // fe80::/10 link-local
  if ((g[0]! & 0xff00) === 0xff00) return true; // multicast
  if ((g[0]! & 0xffc0) === 0xfec0) return true; // deprecated site-local
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::a.b.c.d): check the IPv4 inside.
  if (g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || g[5] === 0)) return isBlockedIPv4(v4(g[6]!, g[7]!));
  if (g[0] === 0x64 && g[1] === 0xff9b) return isBlockedIPv4(v4(g[6]!, g[7]!));
  if (g[0] === 0x2002) return isBlockedIPv4(v4(g[1]!, g[2]!)); // 6to4 embeds an IPv4
  return false;
}

/** True when an IP address (v4 or v6, as a resolver returns it) is special and must not be fetched. */
export function isBlockedAddress(ip: string): boolean {
  const v4 = ipv4Octets(ip);
  if (v4) return isBlockedIPv4(v4);
  const v6 = parseIPv6(ip);
  return !v6 || isBlockedIPv6(v6); // unparsable: refuse
}

const hostOf = (url: URL) => url.hostname.toLowerCase().replace(/\.$/, "");
const isIpLiteral = (host: string) => host.startsWith("[") || ipv4Octets(host) !== null;
const isAllowlisted = (url: URL, allowHosts: Set<string>) => allowHosts.has(`${hostOf(url)}:${url.port || (url.protocol === "https:" ? "443" : "80")}`);

/** Refuses a hostname that resolves to any special address (IP literals were checked by checkUrl). */
export async function checkResolved(url: URL, resolver: Resolver, allowHosts: Set<string> = new Set()): Promise<void> {
  const host = hostOf(url);
  if (isIpLiteral(host) || isAllowlisted(url, allowHosts)) return;
  let addresses: string[];
  try {
    addresses = await resolver(host);
  } catch (err) {
    if (err instanceof ResolveError) throw new SafeFetchError(SAFE_FETCH_MESSAGES.unresolved);
    throw err;
  }
  if (addresses.some(isBlockedAddress)) throw new SafeFetchError(SAFE_FETCH_MESSAGES.blocked);
}

/**
 * Checks one URL (every redirect hop is checked again). Returns the parsed URL or throws.
 * `selfHosts` are the app's own host names ("host", any port) or origins ("host:port"): refused
 * even when allowlisted.
 */
export function checkUrl(raw: string | URL, allowHosts: Set<string> = new Set(), selfHosts: Set<string> = new Set()): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SafeFetchError(SAFE_FETCH_MESSAGES.invalid);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new SafeFetchError(SAFE_FETCH_MESSAGES.scheme);
  if (url.username || url.password) throw new SafeFetchError(SAFE_FETCH_MESSAGES.credentials);
  const host = hostOf(url);
  if (selfHosts.has(host) || selfHosts.has(`${host}:${url.port || (url.protocol === "https:" ? "443" : "80")}`)) {
    throw new SafeFetchError(SAFE_FETCH_MESSAGES.blocked);
  }
  if (isAllowlisted(url, allowHosts)) return url;
  if (!host) throw new SafeFetchError(SAFE_FETCH_MESSAGES.invalid);
  if (host.startsWith("[")) {
    const g = parseIPv6(host);
    if (!g || isBlockedIPv6(g)) throw new SafeFetchError(SAFE_FETCH_MESSAGES.blocked);
    return url;
  }
  const v4 = ipv4Octets(host);
  if (v4) {
    if (isBlockedIPv4(v4)) throw new SafeFetchError(SAFE_FETCH_MESSAGES.blocked);
    return url;
  }
  if (BLOCKED_HOSTNAMES.has(host) || host.endsWith(".localhost") || host.endsWith(".internal") || host.endsWith(".local")) {
    throw new SafeFetchError(SAFE_FETCH_MESSAGES.blocked);
  }
  if (!host.includes(".")) throw new SafeFetchError(SAFE_FETCH_MESSAGES.blocked); // bare intranet names
  // Names that resolve to the IP they spell (10.0.0.1.nip.io, 127-0-0-1.sslip.io, 7f000001.nip.io style).
  for (const m of host.matchAll(/(?:^|[.-])(\d{1,3})[.-](\d{1,3})[.-](\d{1,3})[.-](\d{1,3})(?=$|[.-])/g)) {
    const o = [m[1], m[2], m[3], m[4]].map(Number);
    if (o.every((n) => n <= 255) && isBlockedIPv4(o)) throw new SafeFetchError(SAFE_FETCH_MESSAGES.blocked);
  }
  if (/(^|\.)(nip|sslip|xip)\.io$/.test(host)) {
    const hex = /(?:^|[.-])([0-9a-f]{8})\.(?:nip|sslip|xip)\.io$/.exec(host)?.[1];
    const n = hex ? parseInt(hex, 16) : NaN;
    if (!Number.isNaN(n) && isBlockedIPv4([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255])) {
      throw new SafeFetchError(SAFE_FETCH_MESSAGES.blocked);
    }
  }
  return url;
}

/**
 * The scraper's configuration for this deployment: the allowlist only outside production, the
 * app's own host refused (by name in production, by host:port locally where the sample-page
 * server shares 127.0.0.1), the DoH resolver from SCRAPE_DNS_URL or Cloudflare's.
 */
export function scrapeOptions(
  env: { APP_ENV?: string; APP_ORIGIN?: string; SCRAPE_ALLOW_HOSTS?: string; SCRAPE_DNS_URL?: string },
  requestUrl?: string,
): { allowHosts: Set<string>; selfHosts: Set<string>; resolver: Resolver } {
  const production = env.APP_ENV !== "development" && env.APP_ENV !== "test";
  const selfHosts = new Set<string>();
  for (const origin of [env.APP_ORIGIN, requestUrl]) {
    if (!origin) continue;
    try {
      const u = new URL(origin);
      const host = hostOf(u);
      selfHosts.add(production ? host : `${host}:${u.port || (u.protocol === "https:" ? "443" : "80")}`);
    } catch {
      /* not a URL: nothing to add */
    }
  }
  return {
    allowHosts: production ? new Set() : parseAllowHosts(env.SCRAPE_ALLOW_HOSTS),
    selfHosts,
    resolver: dohResolver(env.SCRAPE_DNS_URL || undefined),
  };
}

export type FetchedPage = { url: string; contentType: string; body: string };

async function readCapped(res: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(res.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel();
    throw new SafeFetchError(SAFE_FETCH_MESSAGES.tooLarge);
  }
  if (!res.body) return new Uint8Array();
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new SafeFetchError(SAFE_FETCH_MESSAGES.tooLarge);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

function charsetOf(contentType: string): string {
  const m = /charset=["']?([\w-]+)/i.exec(contentType);
  try {
    return m ? new TextDecoder(m[1]!).encoding : "utf-8";
  } catch {
    return "utf-8";
  }
}

type SafeFetchOptions = {
  allowHosts?: Set<string>;
  selfHosts?: Set<string>;
  resolver?: Resolver;
  fetcher?: typeof fetch;
  limits?: Partial<{ maxBytes: number; timeoutMs: number; maxRedirects: number }>;
};

/** One safe GET: every hop checked, redirects by hand, size and time capped, type checked. */
async function safeGet(
  raw: string,
  opts: SafeFetchOptions,
  accept: string,
  typeOk: RegExp,
  wrongTypeMessage: string,
  defaultType: string,
): Promise<{ url: string; contentType: string; bytes: Uint8Array }> {
  const limits = { ...SCRAPE_LIMITS, ...opts.limits };
  const doFetch = opts.fetcher ?? fetch;
  const allow = opts.allowHosts ?? new Set<string>();
  const self = opts.selfHosts ?? new Set<string>();
  const resolver = opts.resolver ?? dohResolver();
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let url = checkUrl(raw, allow, self);
  try {
    for (let hop = 0; ; hop++) {
      await checkResolved(url, resolver, allow);
      let res: Response;
      try {
        res = await doFetch(url.toString(), {
          method: "GET",
          redirect: "manual",
          signal,
          headers: { accept, "user-agent": "BrandpilotBot/1.0 (+brain scraper)" },
        });
      } catch (err) {
        if (signal.aborted) throw new SafeFetchError(SAFE_FETCH_MESSAGES.timeout);
        void err;
        throw new SafeFetchError(SAFE_FETCH_MESSAGES.unreachable);
      }
      if (res.status >= 300 && res.status < 400 && res.headers.get("location")) {
        await res.body?.cancel();
        if (hop >= limits.maxRedirects) throw new SafeFetchError(SAFE_FETCH_MESSAGES.tooManyRedirects);
        url = checkUrl(new URL(res.headers.get("location")!, url), allow, self);
        continue;
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw new SafeFetchError(SAFE_FETCH_MESSAGES.status(res.status));
      }
      const contentType = (res.headers.get("content-type") ?? defaultType).toLowerCase();
      if (!typeOk.test(contentType)) {
        await res.body?.cancel();
        throw new SafeFetchError(wrongTypeMessage);
      }
      const bytes = await readCapped(res, limits.maxBytes);
      return { url: url.toString(), contentType, bytes };
    }
  } catch (err) {
    if (err instanceof SafeFetchError) throw err;
    if (signal.aborted) throw new SafeFetchError(SAFE_FETCH_MESSAGES.timeout);
    throw new SafeFetchError(SAFE_FETCH_MESSAGES.unreachable);
  }
}

/** GETs a page safely: every hop checked, redirects by hand, size and time capped, text only. */
export async function safeFetchText(raw: string, opts: SafeFetchOptions = {}): Promise<FetchedPage> {
  const { url, contentType, bytes } = await safeGet(
    raw,
    opts,
    "text/html,application/xhtml+xml,text/plain;q=0.9",
    /^(text\/html|application\/xhtml\+xml|text\/plain)/,
    SAFE_FETCH_MESSAGES.notText,
    "text/html",
  );
  return { url, contentType, body: new TextDecoder(charsetOf(contentType)).decode(bytes) };
}

/**
 * GETs an image safely (CSV import's image URLs) with the same address rules; the caller still
 * checks the bytes by content, exactly like an upload. Any declared type is accepted here
 * because servers often send application/octet-stream; the magic bytes decide.
 */
export async function safeFetchBytes(raw: string, opts: SafeFetchOptions = {}): Promise<{ url: string; contentType: string; bytes: Uint8Array }> {
  return safeGet(
    raw,
    opts,
    "image/jpeg,image/png,image/gif;q=0.9,*/*;q=0.1",
    /^(image\/|application\/octet-stream|binary\/)/,
    "The link is not an image",
    "application/octet-stream",
  );
}

/** A feed is at most 1 MB (decision 284): a real feed's last 50 items are far less. */
const FEED_MAX_BYTES = 1024 * 1024;

/**
 * GETs an RSS or Atom feed safely (RSS to drafts, decision 284): the same address rules, redirects
 * and time cap as the scraper, at most 1 MB, and only the types feeds are served with.
 */
export async function safeFetchFeed(raw: string, opts: SafeFetchOptions = {}): Promise<FetchedPage> {
  const got = await safeGet(
    raw,
    { ...opts, limits: { maxBytes: FEED_MAX_BYTES, ...opts.limits } },
    "application/rss+xml,application/atom+xml,application/xml;q=0.9,text/xml;q=0.9",
    /^(application\/(rss\+xml|atom\+xml|xml)|text\/xml)/,
    "The address is not an RSS or Atom feed",
    "application/xml",
  ).catch((err: unknown) => {
    throw err instanceof SafeFetchError && err.message === SAFE_FETCH_MESSAGES.tooLarge ? new SafeFetchError("The feed is too large (max 1 MB)") : err;
  });
  return { url: got.url, contentType: got.contentType, body: new TextDecoder(charsetOf(got.contentType)).decode(got.bytes) };
}

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  mdash: "—",
  ndash: "–",
  hellip: "…",
  rsquo: "’",
  lsquo: "‘",
  rdquo: "”",
  ldquo: "“",
  copy: "©",
  reg: "®",
  trade: "™",
  middot: "·",
  bull: "•",
};

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/gi, (m, e: string) => {
    if (e[0] === "#") {
      const code = e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

// Elements whose whole content is dropped (code, styling and page chrome), and block elements
// that end a line of text.
const DROP = new Set(["script", "style", "noscript", "template", "svg", "canvas", "iframe", "object", "nav", "footer", "aside", "form", "button", "select"]);
const RAW_TEXT = new Set(["script", "style", "textarea", "title"]);
const BLOCK = new Set([
  "p",
  "div",
  "section",
  "article",
  "main",
  "header",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "li",
  "ul",
  "ol",
  "dl",
  "dt",
  "dd",
  "blockquote",
  "pre",
  "table",
  "tr",
  "td",
  "th",
  "br",
  "hr",
  "figcaption",
  "address",
  "summary",
  "details",
]);
const VOID = new Set(["br", "hr", "img", "input", "meta", "link", "area", "base", "col", "embed", "source", "track", "wbr"]);

/** Readable text of an HTML page: title plus headings, paragraphs, list items; no scripts or chrome. */
export function htmlToText(html: string): { title: string; text: string } {
  let title = "";
  const lines: string[] = [];
  let line = "";
  let drop = 0;
  const flush = () => {
    const t = line.replace(/\s+/g, " ").trim();
    if (t) lines.push(t);
    line = "";
  };
  const re = /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<![^>]*>|<\?[^>]*>|<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
  let last = 0;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    if (drop === 0) line += decodeEntities(html.slice(last, m.index));
    last = re.lastIndex;
    const name = m[2]?.toLowerCase();
    if (!name) continue;
    const closing = m[1] === "/";
    const selfClosing = /\/\s*$/.test(m[3] ?? "");
    if (!closing && RAW_TEXT.has(name)) {
      // Raw text runs to the matching end tag; <title> is kept as the page title.
      const end = html.toLowerCase().indexOf(`</${name}`, last);
      const inner = html.slice(last, end < 0 ? html.length : end);
      if (name === "title" && !title) title = decodeEntities(inner).replace(/\s+/g, " ").trim();
      else if (name === "textarea" && drop === 0) line += decodeEntities(inner);
      const close = end < 0 ? html.length : html.indexOf(">", end);
      last = re.lastIndex = close < 0 ? html.length : close + 1;
      continue;
    }
    if (DROP.has(name) && !VOID.has(name) && !selfClosing) {
      if (!closing) drop++;
      else if (drop > 0) drop--;
      continue;
    }
    if (drop === 0 && BLOCK.has(name)) flush();
  }
  if (drop === 0) line += decodeEntities(html.slice(last));
  flush();
  return { title, text: lines.join("\n") };
}
