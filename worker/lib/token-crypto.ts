// Social access/refresh tokens are stored encrypted at rest (docs/architecture.md security rules): a leaked D1
// row or backup must not give anyone the ability to post as our users. AES-256-GCM with a key
// derived (HKDF-SHA-256) from the TOKEN_ENCRYPTION_KEY Worker secret; a fresh 12-byte IV per value.
// Production refuses to store tokens without a key; development falls back to a fixed dev secret
// (with a warning) so `npm start` works with no configuration.
import type { Env } from "../env";
import { ApiError } from "./errors";
import { isProduction } from "./app-config";

const DEV_SECRET = "brandpilot-development-only-token-key";
const PREFIX = "v1:";
const keyCache = new Map<string, Promise<CryptoKey>>();
let warned = false;

function secretFor(env: Pick<Env, "TOKEN_ENCRYPTION_KEY" | "APP_ENV">): string {
  if (env.TOKEN_ENCRYPTION_KEY) return env.TOKEN_ENCRYPTION_KEY;
  if (isProduction(env)) {
    throw new ApiError(500, "misconfigured", "Token encryption is not configured (TOKEN_ENCRYPTION_KEY)");
  }
  if (!warned) {
    warned = true;
    console.warn("TOKEN_ENCRYPTION_KEY is not set: social tokens are encrypted with a development key");
  }
  return DEV_SECRET;
}

function keyFor(secret: string): Promise<CryptoKey> {
  let key = keyCache.get(secret);
  if (!key) {
    key = (async () => {
      const material = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), "HKDF", false, ["deriveKey"]);
      return crypto.subtle.deriveKey(
        { name: "HKDF", hash: "SHA-256", salt: new TextEncoder().encode("brandpilot/social-tokens"), info: new TextEncoder().encode("aes-gcm-256/v1") },
        material,
        { name: "AES-GCM", length: 256 },
        false,
        ["encrypt", "decrypt"],
      );
    })();
    keyCache.set(secret, key);
  }
  return key;
}

function toBase64(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

function fromBase64(text: string): Uint8Array {
  const bin = atob(text);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** "v1:" + base64(iv || ciphertext+tag). */
export async function encryptToken(env: Pick<Env, "TOKEN_ENCRYPTION_KEY" | "APP_ENV">, plaintext: string): Promise<string> {
  const key = await keyFor(secretFor(env));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, new TextEncoder().encode(plaintext)));
  const out = new Uint8Array(iv.length + cipher.length);
  out.set(iv);
  out.set(cipher, iv.length);
  return PREFIX + toBase64(out);
}

export async function decryptToken(env: Pick<Env, "TOKEN_ENCRYPTION_KEY" | "APP_ENV">, stored: string): Promise<string> {
  if (!stored.startsWith(PREFIX)) throw new Error("Unknown token encoding");
  const key = await keyFor(secretFor(env));
  const bytes = fromBase64(stored.slice(PREFIX.length));
  const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: bytes.slice(0, 12) }, key, bytes.slice(12));
  return new TextDecoder().decode(plain);
}
