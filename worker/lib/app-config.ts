// Production is the default (docs/architecture.md, "Configuration"). Only APP_ENV "development" or "test",
// chosen explicitly by `npm start`, `npm run dev` and the test configs, turns on the dev outbox,
// non-Secure cookies, the development token key and the local scraping allowlist. Anything else,
// including a missing or misspelt APP_ENV, is production, and production refuses to serve until
// every setting it needs is present: a forgotten secret fails closed instead of running with a
// key written in the source or mail links built from a spoofable Host header.
import type { Env } from "../env";

export const isProduction = (env: Pick<Env, "APP_ENV">): boolean => env.APP_ENV !== "development" && env.APP_ENV !== "test";

/** Minimum length of TOKEN_ENCRYPTION_KEY (e.g. `openssl rand -base64 32` gives 44 characters). */
const MIN_TOKEN_KEY_LENGTH = 32;

function validOrigin(value: string | undefined): boolean {
  if (!value) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.origin === value.replace(/\/$/, "");
  } catch {
    return false;
  }
}

/** What production lacks, as readable items (names only, never values); empty outside production. */
export function missingProductionConfig(env: Env): string[] {
  if (!isProduction(env)) return [];
  const missing: string[] = [];
  if (!validOrigin(env.APP_ORIGIN)) missing.push("APP_ORIGIN (the public https origin, e.g. https://app.example.com)");
  if (!env.TOKEN_ENCRYPTION_KEY || env.TOKEN_ENCRYPTION_KEY.length < MIN_TOKEN_KEY_LENGTH) {
    missing.push(`TOKEN_ENCRYPTION_KEY (a secret of at least ${MIN_TOKEN_KEY_LENGTH} characters)`);
  }
  // Built-in accounts mail their sign-in and verification links; without a mail API nobody could
  // verify an address (the dev outbox is never served in production). Clerk sends its own mail.
  const clerk = Boolean(env.CLERK_JWT_KEY || env.CLERK_SECRET_KEY);
  if (!clerk && !(env.MAIL_API_URL && env.MAIL_API_KEY && env.MAIL_FROM)) {
    missing.push("MAIL_API_URL, MAIL_API_KEY and MAIL_FROM (or Clerk: CLERK_JWT_KEY)");
  }
  return missing;
}

export function notConfiguredMessage(missing: string[]): string {
  return `Brandpilot is running in production (APP_ENV=production) but is not configured: missing ${missing.join("; ")}. Set them as Worker variables/secrets (see README, "Deploy"), or set APP_ENV=development for local use.`;
}

const logged = new Set<string>();
/** Logs the refusal once per isolate (every request would otherwise repeat it). */
export function logNotConfigured(message: string): void {
  if (logged.has(message)) return;
  logged.add(message);
  console.error(message);
}

/**
 * The public origin used in mail links and OAuth redirects: APP_ORIGIN, never the request's Host.
 * Only development and tests (where APP_ORIGIN may be unset) fall back to the request URL.
 */
export function publicOrigin(env: Env, requestUrl: string): string {
  if (env.APP_ORIGIN) return env.APP_ORIGIN.replace(/\/$/, "");
  if (isProduction(env)) throw new Error("APP_ORIGIN is required in production");
  return new URL(requestUrl).origin;
}
