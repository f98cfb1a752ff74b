// The built-in session cookie: HttpOnly (no script can read it), SameSite=Lax (not sent on
// cross-site subrequests or form posts), Secure in production. The value is a random token; D1
// stores only its SHA-256.
import type { Env } from "../../env";
import { isProduction } from "../../lib/app-config";

export const SESSION_COOKIE = "bp_session";
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Clerk's first-party session cookie. */
export const CLERK_SESSION_COOKIE = "__session";

export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

const secure = (env: Env) => (isProduction(env) ? "; Secure" : "");

export function sessionCookie(env: Env, token: string): string {
  return `${SESSION_COOKIE}=${encodeURIComponent(token)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${SESSION_TTL_MS / 1000}${secure(env)}`;
}

export function clearCookie(env: Env, name = SESSION_COOKIE): string {
  return `${name}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure(env)}`;
}
