// Every query is scoped by the signed-in user's ownership of the project. A project that exists
// but belongs to someone else answers 404, exactly as a missing one (DESIGN security rules).
import { and, eq } from "drizzle-orm";
import { projects } from "../../schema/db/projects";
import type { Db } from "./db";
import { notFound } from "./errors";

export async function ownedProject(db: Db, userId: string, projectId: string) {
  const row = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.userId, userId)))
    .get();
  if (!row) throw notFound("Project not found");
  return row;
}
