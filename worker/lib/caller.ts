// Who is asking, for the reads that fold the session lookup into their own D1 batch (decision
// 162). A signed-in read otherwise costs the session query, then the data: on D1 every query is a
// network round trip, so the hottest reads (calendar week, dashboard) send the session check, the
// ownership probe and the data together and answer 401 / 404 from the batch's results.
import { and, eq, gt, sql, type Placeholder, type SQL } from "drizzle-orm";
import { sessions, users } from "../../schema/db/auth";
import { projectMembers } from "../../schema/db/projects";
import { reusedStatement, type Db, type Statement } from "./db";
import { notFound, unauthorized } from "./errors";

/** A caller already resolved by the middleware, or a built-in session still to be checked. */
export type Caller = { userId: string } | { sessionId: string; now: number };

export const asCaller = (c: string | Caller): Caller => (typeof c === "string" ? { userId: c } : c);

/** A caller or project id as a value, or as a placeholder for a statement built once (lib/db.ts). */
type Id = string | Placeholder;
type CallerValues = { userId: Id } | { sessionId: Id; now: number | Placeholder };

/** The caller's user id as SQL: a bound value, or the session's user (only while it is valid). */
function callerUserId(caller: CallerValues): SQL {
  if ("userId" in caller) return sql`${caller.userId}`;
  return sql`(select ${sessions.userId} from ${sessions} where ${sessions.id} = ${caller.sessionId} and ${sessions.expiresAt} > ${caller.now})`;
}

/**
 * Statements to put first in a read batch: the session check (for a resolved caller, its user row
 * by primary key) and the ownership probe of the project. Pass their results to `assertOwner`.
 */
function ownerProbes(db: Db, caller: CallerValues, projectId: Id) {
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
  // Any member reads (decision 200): the probe is the caller's membership row.
  const owned = db
    .select({ id: projectMembers.projectId })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), sql`${projectMembers.userId} = ${callerUserId(caller)}`))
    .limit(1);
  return [session, owned] as const;
}

/** 401 when the session was not valid, 404 when the project is not the caller's (or missing). */
export function assertOwner(session: unknown[], owned: unknown[]) {
  if (session.length === 0) throw unauthorized();
  if (owned.length === 0) throw notFound("Project not found");
}

/**
 * `ownerProbes` for `plainBatch`, each statement's SQL built once per isolate (lib/db.ts
 * `reusedStatement`) and bound to this caller and project.
 */
export function ownerProbeStatements(db: Db, caller: Caller, projectId: string): [Statement, Statement] {
  const bySession = !("userId" in caller);
  const key = bySession ? "session" : "user";
  const probes = () =>
    ownerProbes(
      db,
      bySession ? { sessionId: sql.placeholder("sessionId"), now: sql.placeholder("now") } : { userId: sql.placeholder("userId") },
      sql.placeholder("projectId"),
    );
  const values = { ...caller, projectId };
  return [reusedStatement(`owner-probe:session:${key}`, () => probes()[0], values), reusedStatement(`owner-probe:project:${key}`, () => probes()[1], values)];
}
