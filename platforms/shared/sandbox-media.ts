// The sandbox fetches `image_url` when a container is created, as Instagram and Threads do
// (docs/decisions/124): a URL the real service could not download fails there and then. A host
// that resolves to a loopback, private or link-local address is refused without a request, since
// Meta's servers could never reach it, EXCEPT the origins the sandbox is told to treat as public
// (SANDBOX_PUBLIC_ORIGINS, comma-separated: `npm start` and the journeys pass the app's own
// origin, whose /media/... the sandbox must fetch offline). Redirects are not followed (a redirect
// could lead to a private host). In the worker tests the app runs inside workerd and is not
// reachable over TCP: with SANDBOX_MEDIA_STORE=1 the test fakes keep bytes a test PUT at
// /_media?url=<url> and serve them for that URL, but only on a public origin, so every other
// check (reachable, status, format, size) still applies.
// Plain erasable TypeScript (runs under Node 22 without a build step).
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";

export type MediaKind = "jpeg" | "png" | "gif" | "webp" | "other";
export type FetchedMedia = { ok: true; bytes: Buffer; kind: MediaKind } | { ok: false; reason: string };

const FETCH_TIMEOUT_MS = 5_000;
const MAX_FETCH_BYTES = 20 * 1024 * 1024;
const stored = new Map<string, Buffer>();

function publicOrigins(): Set<string> {
  const raw = process.env.SANDBOX_PUBLIC_ORIGINS ?? "";
  const out = new Set<string>();
  for (const o of raw.split(",")) {
    try {
      if (o.trim()) out.add(new URL(o.trim()).origin);
    } catch {
      /* not an origin */
    }
  }
  return out;
}

/** True for addresses the public internet cannot route to: loopback, private, link-local, CGNAT, unspecified. */
function isPrivateAddress(ip: string): boolean {
  const v4 = ip.startsWith("::ffff:") ? ip.slice(7) : ip;
  if (isIP(v4) === 4) {
    const [a, b] = v4.split(".").map(Number) as [number, number];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127) ||
      a >= 224
    );
  }
  const v6 = ip.toLowerCase();
  return v6 === "::" || v6 === "::1" || /^f[cd]/.test(v6) || /^fe[89ab]/.test(v6);
}

export function mediaKind(bytes: Buffer): MediaKind {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.subarray(0, 6).toString("latin1"))) return "gif";
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString("latin1") === "RIFF" && bytes.subarray(8, 12).toString("latin1") === "WEBP") return "webp";
  return "other";
}

async function reachableHost(url: URL): Promise<string | null> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (host === "localhost" || host.endsWith(".localhost")) return "the host is not on the public internet";
  if (isIP(host)) return isPrivateAddress(host) ? "the address is not on the public internet" : null;
  try {
    const addrs = await lookup(host, { all: true });
    if (addrs.length === 0) return "the host name does not resolve";
    return addrs.some((a) => isPrivateAddress(a.address)) ? "the host resolves to an address that is not on the public internet" : null;
  } catch {
    return "the host name does not resolve";
  }
}

/** Downloads an image URL the way the platform's servers would. */
export async function fetchMedia(raw: string): Promise<FetchedMedia> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: "the URL is not valid" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { ok: false, reason: "only http and https URLs can be fetched" };
  const isPublic = publicOrigins().has(url.origin);
  if (isPublic && process.env.SANDBOX_MEDIA_STORE === "1") {
    const bytes = stored.get(url.href);
    if (bytes) return { ok: true, bytes, kind: mediaKind(bytes) };
  }
  if (!isPublic) {
    const why = await reachableHost(url);
    if (why) return { ok: false, reason: why };
  }
  try {
    const res = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (res.status !== 200) {
      await res.body?.cancel();
      return { ok: false, reason: `the server answered ${res.status}` };
    }
    const bytes = Buffer.from(await res.arrayBuffer());
    if (bytes.length > MAX_FETCH_BYTES) return { ok: false, reason: "the file is too large" };
    return { ok: true, bytes, kind: mediaKind(bytes) };
  } catch {
    return { ok: false, reason: "the server could not be reached" };
  }
}

/** Test-only (SANDBOX_MEDIA_STORE=1): PUT /_media?url=<url> keeps the body as that URL's content. */
export function storeMedia(url: string, bytes: Buffer): boolean {
  if (process.env.SANDBOX_MEDIA_STORE !== "1") return false;
  stored.set(new URL(url).href, bytes);
  return true;
}
