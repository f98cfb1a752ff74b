import { createHash, randomBytes } from "node:crypto";
import { deflateSync } from "node:zlib";
import type { Page } from "playwright-core";

// Building blocks of the connect-and-publish journey (decision 070): a real PNG made from bytes, the
// cron fired at a chosen instant, the sandbox's token formats, and a log of every answer the
// browser got from the app (to prove no platform token ever reaches it).

// ---------- a real PNG ----------
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A valid size x size RGB PNG (a diagonal gradient in the given colour), built byte by byte. */
export function makePng(size = 8, rgb: [number, number, number] = [37, 99, 235]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0); // filter: none
    for (let x = 0; x < size; x++) {
      const f = (x + y) / (2 * size);
      rows.push(Math.round(rgb[0] * (1 - f) + 255 * f), Math.round(rgb[1] * (1 - f) + 255 * f), Math.round(rgb[2] * (1 - f) + 255 * f));
    }
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk("IHDR", ihdr), chunk("IDAT", deflateSync(Buffer.from(rows))), chunk("IEND", Buffer.alloc(0))]);
}

// ---------- the cron ----------
/**
 * Fires the Worker's scheduled handler as if the cron ticked at `at` (epoch ms): wrangler's local
 * /cdn-cgi/local/scheduled takes the tick's scheduledTime from `?time=`. Resolves with the outcome.
 */
export async function fireCron(baseUrl: string, at: number): Promise<string> {
  const res = await fetch(`${baseUrl}/cdn-cgi/local/scheduled?time=${at}`);
  const outcome = await res.text();
  if (!res.ok) throw new Error(`scheduled handler at ${new Date(at).toISOString()} answered ${res.status}: ${outcome}`);
  return outcome;
}

// ---------- tokens ----------
/**
 * The sandbox's token formats (test/fakes/platform-sandbox.ts): a prefix and 24 random bytes in
 * base64url. X access "xat_", X refresh "xrt_", Instagram short-lived "igst_", long-lived "IGAA".
 */
export const SANDBOX_TOKEN_RE = /(?:xat_|xrt_|igst_|IGAA)[A-Za-z0-9_-]{32}/;
/** The sandbox Instagram app secret: it belongs in the Worker only. */
const SANDBOX_SECRETS = ["sandbox-instagram-secret"];

/** What in `text` looks like a sandbox token or secret (empty when clean). */
export function secretsIn(text: string): string[] {
  const found = [...text.matchAll(new RegExp(SANDBOX_TOKEN_RE.source, "g"))].map((m) => m[0]);
  for (const s of SANDBOX_SECRETS) if (text.includes(s)) found.push(s);
  return found;
}

/**
 * Mints a real X token pair from the sandbox the way our adapter does (authorize with PKCE,
 * approve, exchange the code), so the journey can prove SANDBOX_TOKEN_RE matches real tokens.
 */
export async function mintSandboxXTokens(sandboxUrl: string, username: string): Promise<{ access: string; refresh: string }> {
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const redirectUri = "http://127.0.0.1:9/probe/callback";
  const form = new URLSearchParams({
    client_id: "sandbox-x-client",
    redirect_uri: redirectUri,
    response_type: "code",
    code_challenge: challenge,
    code_challenge_method: "S256",
    state: "twitter_probe",
    scope: "tweet.read users.read",
    username,
    decision: "approve",
  });
  const approve = await fetch(`${sandboxUrl}/x/i/oauth2/authorize`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form,
    redirect: "manual",
  });
  const code = new URL(approve.headers.get("location") ?? "http://x/").searchParams.get("code");
  if (!code) throw new Error(`sandbox authorize answered ${approve.status} without a code`);
  const res = await fetch(`${sandboxUrl}/x/2/oauth2/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "authorization_code", client_id: "sandbox-x-client", code, redirect_uri: redirectUri, code_verifier: verifier }),
  });
  const body = (await res.json()) as { access_token?: string; refresh_token?: string };
  if (!body.access_token || !body.refresh_token) throw new Error(`sandbox token exchange answered ${res.status}`);
  return { access: body.access_token, refresh: body.refresh_token };
}

// ---------- what the browser received ----------
export type Received = { url: string; status: number; body: string };

/**
 * Records every response (and request URL) the page gets from `origin`. `settle()` waits for the
 * bodies still being read and returns everything seen so far.
 */
export function recordTraffic(page: Page, origin: string) {
  const pending: Promise<void>[] = [];
  const received: Received[] = [];
  const requestUrls: string[] = [];
  page.on("request", (req) => {
    if (req.url().startsWith(origin)) requestUrls.push(req.url());
  });
  page.on("response", (res) => {
    if (!res.url().startsWith(origin)) return;
    const status = res.status();
    if (status >= 300 && status < 400) {
      received.push({ url: res.url(), status, body: JSON.stringify(res.headers()) });
      return;
    }
    pending.push(
      res
        .text()
        .then((body) => void received.push({ url: res.url(), status, body: body + JSON.stringify(res.headers()) }))
        .catch(() => undefined),
    );
  });
  return {
    requestUrls,
    async settle(): Promise<Received[]> {
      await Promise.all(pending);
      return received;
    },
  };
}

// ---------- connecting and scheduling ----------
/** On /social-connect: connects X through the sandbox's consent page in one click (decision 206). */
export async function connectSandboxX(page: Page, baseUrl: string, sandboxUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/social-connect`);
  // One click: a configured network goes straight to its consent (decision 206).
  await page.getByTestId("platform-twitter").getByRole("button", { name: "Connect X (Twitter)", exact: true }).click();
  await page.waitForURL((u) => u.origin === sandboxUrl);
  await page.getByRole("button", { name: "Approve", exact: true }).click();
  await page.getByTestId("toast").filter({ hasText: "Successfully connected X account!" }).first().waitFor({ state: "visible" });
  await page.waitForURL((u) => u.origin === baseUrl && u.pathname === "/social-connect");
}

/**
 * The next whole minute at least `aheadMs` from now, as the instant and as the browser's local
 * date and time (what the Schedule Post tab takes).
 */
export async function wholeMinuteAhead(page: Page, aheadMs: number): Promise<{ at: number; date: string; time: string }> {
  return page.evaluate((ahead) => {
    const at = Math.ceil((Date.now() + ahead) / 60_000) * 60_000;
    const d = new Date(at);
    const pad = (n: number) => String(n).padStart(2, "0");
    return { at, date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`, time: `${pad(d.getHours())}:${pad(d.getMinutes())}` };
  }, aheadMs);
}
