// Who is asking, for the reads that fold the session lookup into their own D1 batch (decision
// 162). A signed-in read otherwise costs the session query, then the data: on D1 every query is a
// network round trip, so the hottest reads (calendar week, dashboard) send the session check, the
// ownership probe and the data together and answer 401 / 404 from the batch's results.
import { and, eq, gt, sql, type SQL } from "drizzle-orm";
import { sessions, users } from "../../schema/db/auth";
import { projects } from "../../schema/db/projects";
import type { Db } from "./db";
import { notFound, unauthorized } from "./errors";

/** A caller already resolved by the middleware, or a built-in session still to be checked. */
export type Caller = { userId: string } | { sessionId: string; now: number };

export const asCaller = (c: string | Caller): Caller => (typeof c === "string" ? { userId: c } : c);

/** The caller's user id as SQL: a bound value, or the session's user (only while it is valid). */
function callerUserId(caller: Caller): SQL {
  if ("userId" in caller) return sql`${caller.userId}`;
  return sql`(select ${sessions.userId} from ${sessions} where ${sessions.id} = ${caller.sessionId} and ${sessions.expiresAt} > ${caller.now})`;
}

/**
 * Statements to put first in a read batch: the session check (for a resolved caller, its user row
 * by primary key) and the ownership probe of the project. Pass their results to `assertOwner`.
 */
export function ownerProbes(db: Db, caller: Caller, projectId: string) {
  const session =
    "userId" in caller
      ? db.select({ id: users.id }).from(users).where(eq(users.id, caller.userId)).limit(1)
      : db
          .select({ id: users.id })
          .from(sessions)
          .innerJoin(users, eq(users.id, sessions.userId))
          // Same rule as the built-in adapter: an unverified account has no usable session.
          .where(and(eq(sessions.id, caller.sessionId), gt(sessions.expiresAt, caller.now), eq(users.emailVerified, true)))
          .limit(1);
  const owned = db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, projectId), sql`${projects.userId} = ${callerUserId(caller)}`))
    .limit(1);
  return [session, owned] as const;
}

/** 401 when the session was not valid, 404 when the project is not the caller's (or missing). */
export function assertOwner(session: unknown[], owned: unknown[]) {
  if (session.length === 0) throw unauthorized();
  if (owned.length === 0) throw notFound("Project not found");
}
