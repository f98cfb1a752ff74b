// Every query is scoped by the caller's membership of the project (decision 200). A project that
// exists but that the caller is not a member of answers 404, exactly as a missing one (DESIGN
// security rules); a member whose role does not allow the action gets 403.
import { and, eq } from "drizzle-orm";
import { can, ROLE_REFUSED, type Action, type Role } from "../../schema/api/permissions";
import { projectMembers, projects } from "../../schema/db/projects";
import type { Db } from "./db";
import { forbidden, notFound } from "./errors";

export type ProjectRow = typeof projects.$inferSelect;

/**
 * The project and the caller's role in it; 404 "Project not found" when they are not a member.
 * The one entry point for "who may do what" (the public API's keys call it with the key's creator).
 */
export async function projectAccess(db: Db, userId: string, projectId: string): Promise<{ project: ProjectRow; role: Role }> {
  const row = await db
    .select({ project: projects, role: projectMembers.role })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
    .get();
  if (!row) throw notFound("Project not found");
  return row;
}

/** 403 unless the role allows the action. */
export function assertCan(role: Role, action: Action): void {
  if (!can(role, action)) throw forbidden(ROLE_REFUSED);
}

/**
 * The project when the caller is a member whose role allows `action` (default "edit": a write to
 * the brain, posts, campaigns or the calendar). Reads pass "read".
 */
export async function ownedProject(db: Db, userId: string, projectId: string, action: Action = "edit"): Promise<ProjectRow> {
  const { project, role } = await projectAccess(db, userId, projectId);
  assertCan(role, action);
  return project;
}
