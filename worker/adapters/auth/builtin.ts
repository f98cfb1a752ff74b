// Built-in accounts: an HttpOnly cookie carries a random token; D1 keeps only its SHA-256, so
// sessions can be revoked by deleting the row and a leaked table does not leak live sessions.
import { and, eq, gt } from "drizzle-orm";
import { sessions, users } from "../../../schema/db/auth";
import { sha256Hex } from "../../lib/ids";
import type { AuthAdapter } from "./types";
import { readCookie, SESSION_COOKIE } from "./session-cookie";

export const builtinAuth: AuthAdapter = {
  kind: "builtin",
  async authenticate(req, _env, db) {
    const token = readCookie(req.headers.get("cookie"), SESSION_COOKIE);
    if (!token) return null;
    const id = await sha256Hex(token);
    const row = await db
      .select({ id: users.id, email: users.email })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      // An unverified account has no usable session (sign-in refuses it; older rows are ignored).
      .where(and(eq(sessions.id, id), gt(sessions.expiresAt, Date.now()), eq(users.emailVerified, true)))
      .get();
    return row ? { user: row, via: "cookie" } : null;
  },
};
