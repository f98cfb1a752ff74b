// The activity log (decision 200): who created, edited, approved, commented, published or deleted what
// and when, per project, newest first; rows older than 90 days are swept by the cron.
import { and, desc, eq, gte, lt } from "drizzle-orm";
import type { ActivityEntry } from "../../../schema/api/activity";
import { activityLog } from "../../../schema/db/teams";
import type { SessionUser } from "../../lib/context";
import type { Db } from "../../lib/db";
import { newId } from "../../lib/ids";
import { projectAccess } from "../../lib/ownership";
import type { ServiceContext } from "../context";

const ACTIVITY_DAYS = 90;
const DAY = 86_400_000;

/** The statement that records one entry (to run alone or inside the change's own batch). */
export function activityInsert(db: Db, projectId: string, actor: SessionUser | { id: null; name: string }, action: string, subject: string, at = Date.now()) {
  return db.insert(activityLog).values({
    id: newId(),
    projectId,
    userId: actor.id,
    actorName: "email" in actor ? actor.email : actor.name,
    action,
    subject: subject.slice(0, 200),
    createdAt: at,
  });
}

export async function logActivity(db: Db, projectId: string, actor: SessionUser | { id: null; name: string }, action: string, subject: string): Promise<void> {
  await activityInsert(db, projectId, actor, action, subject).run();
}

export async function listActivity(ctx: ServiceContext, projectId: string, now = Date.now()): Promise<ActivityEntry[]> {
  const { db, caller: user } = ctx;
  await projectAccess(db, user.id, projectId);
  const rows = await db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.projectId, projectId), gte(activityLog.createdAt, now - ACTIVITY_DAYS * DAY)))
    .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
    .limit(500)
    .all();
  return rows.map((r) => ({ id: r.id, actor: r.actorName, action: r.action, subject: r.subject, at: r.createdAt }));
}

/** Cron: entries older than 90 days go. */
export async function sweepActivity(db: Db, now = Date.now()): Promise<void> {
  await db
    .delete(activityLog)
    .where(lt(activityLog.createdAt, now - ACTIVITY_DAYS * DAY))
    .run();
}
