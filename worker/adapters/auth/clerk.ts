// Clerk: the session token (a short-lived RS256 JWT) is verified in the Worker with the instance's
// PEM public key (CLERK_JWT_KEY), so no request leaves the Worker; with only CLERK_SECRET_KEY the
// SDK fetches the instance JWKS from Clerk's Backend API (decision 277). `authorizedParties` pins the
// token's `azp` to our own origins, which stops tokens minted for another site on the same Clerk
// instance. A verified Clerk user maps to one local users row, created on first sight.
import { verifyToken } from "@clerk/backend";
import { eq } from "drizzle-orm";
import { users } from "../../../schema/db/auth";
import type { Env } from "../../env";
import type { Db } from "../../lib/db";
import { newId } from "../../lib/ids";
import { CLERK_SESSION_COOKIE, readCookie } from "./session-cookie";
import type { AuthAdapter } from "./types";

function authorizedParties(env: Env, req: Request): string[] {
  const list = (env.CLERK_AUTHORIZED_PARTIES ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.length) return list;
  return [env.APP_ORIGIN ?? new URL(req.url).origin];
}

function bearer(req: Request): string | null {
  const h = req.headers.get("authorization");
  const m = h?.match(/^Bearer\s+(\S+)$/i);
  return m?.[1] ?? null;
}

/** The local user for a Clerk user id; created (or linked by a verified email claim) on first sight. */
async function localUserForClerk(db: Db, sub: string, claimedEmail: string | null) {
  const found = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.clerkUserId, sub)).get();
  if (found) return found;
  const email = claimedEmail?.trim().toLowerCase() || `${sub}@clerk.local`;
  const sameEmail = await db.select().from(users).where(eq(users.email, email)).get();
  if (sameEmail && !sameEmail.clerkUserId) {
    // The email claim comes from Clerk, which verified it: link the existing local account.
    await db.update(users).set({ clerkUserId: sub, emailVerified: true }).where(eq(users.id, sameEmail.id));
  } else {
    const useEmail = sameEmail ? `${sub}@clerk.local` : email;
    await db
      .insert(users)
      .values({ id: newId(), email: useEmail, clerkUserId: sub, emailVerified: !sameEmail && Boolean(claimedEmail), createdAt: Date.now() })
      .onConflictDoNothing();
  }
  return (await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.clerkUserId, sub)).get()) ?? null;
}

export const clerkAuth: AuthAdapter = {
  kind: "clerk",
  async authenticate(req, env, db) {
    const header = bearer(req);
    const token = header ?? readCookie(req.headers.get("cookie"), CLERK_SESSION_COOKIE);
    if (!token) return null;
    let payload: { sub?: unknown; email?: unknown };
    try {
      payload = await verifyToken(token, {
        jwtKey: env.CLERK_JWT_KEY,
        secretKey: env.CLERK_JWT_KEY ? undefined : env.CLERK_SECRET_KEY,
        // Without a JWT key the JWKS comes from the Backend API (GET /v1/jwks, decision 277).
        apiUrl: env.CLERK_API_URL,
        authorizedParties: authorizedParties(env, req),
      });
    } catch {
      return null;
    }
    if (typeof payload.sub !== "string" || !payload.sub) return null;
    const user = await localUserForClerk(db, payload.sub, typeof payload.email === "string" ? payload.email : null);
    return user ? { user, via: header ? "bearer" : "cookie" } : null;
  },
};
