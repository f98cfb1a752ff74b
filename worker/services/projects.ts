// Projects belong to the user who created them. Every function takes the caller and answers 404
// for a project they do not own, exactly as for a missing one (DESIGN security rules).
// A user's first project is created when they first list their projects; that insert is a single
// conditional statement so concurrent first loads can never make two default projects.
import { and, asc, eq, sql } from "drizzle-orm";
import { DEFAULT_PROJECT, type Project, type ProjectDetails, type ProjectProgress } from "../../schema/api/projects";
import { projects } from "../../schema/db/projects";
import type { SessionUser } from "../lib/context";
import type { Db } from "../lib/db";
import { newId, now } from "../lib/ids";
import { ownedProject } from "../lib/ownership";

type ProjectRow = typeof projects.$inferSelect;

export function toProject(row: ProjectRow, userEmail: string): Project {
  return {
    id: row.id,
    user_id: row.userId,
    name: row.name,
    industry: row.industry,
    brand_voice: row.brandVoice,
    description: row.description,
    has_seen_onboarding: row.hasSeenOnboarding,
    user_email: userEmail,
    created_at: row.createdAt,
  };
}

/** Inserts the default project unless the user already has a project (atomic in D1). */
export async function ensureDefaultProject(db: Db, userId: string): Promise<void> {
  const t = now();
  await db.run(sql`
    insert into projects (id, user_id, name, industry, brand_voice, description, has_seen_onboarding, created_at, updated_at)
    select ${newId()}, ${userId}, ${DEFAULT_PROJECT.name}, ${DEFAULT_PROJECT.industry}, ${DEFAULT_PROJECT.brand_voice},
           ${DEFAULT_PROJECT.description}, ${DEFAULT_PROJECT.has_seen_onboarding ? 1 : 0}, ${t}, ${t}
    where not exists (select 1 from projects where user_id = ${userId})`);
}

function selectOwned(db: Db, userId: string) {
  return db.select().from(projects).where(eq(projects.userId, userId)).orderBy(asc(projects.createdAt), sql`rowid`);
}

/** The caller's projects, oldest first; a user with none gets the default project first. */
export async function listProjects(db: Db, user: SessionUser): Promise<Project[]> {
  let rows = await selectOwned(db, user.id);
  if (rows.length === 0) {
    await ensureDefaultProject(db, user.id);
    rows = await selectOwned(db, user.id);
  }
  return rows.map((r) => toProject(r, user.email));
}

export async function getProject(db: Db, user: SessionUser, projectId: string): Promise<Project> {
  return toProject(await ownedProject(db, user.id, projectId), user.email);
}

/** The insert statement of a new project (run in a batch with its documents). */
export function insertProjectQuery(db: Db, userId: string, projectId: string, details: ProjectDetails, at: number) {
  return db.insert(projects).values({
    id: projectId,
    userId,
    name: details.name,
    industry: details.industry,
    brandVoice: details.brand_voice,
    description: details.description,
    hasSeenOnboarding: false,
    createdAt: at,
    updatedAt: at,
  });
}

async function updateOwned(db: Db, user: SessionUser, projectId: string, set: Partial<ProjectRow>): Promise<Project> {
  await ownedProject(db, user.id, projectId);
  const row = await db
    .update(projects)
    .set({ ...set, updatedAt: now() })
    .where(and(eq(projects.id, projectId), eq(projects.userId, user.id)))
    .returning()
    .get();
  // Only the name or the onboarding flag is ever set: id and owner stay as they were.
  return toProject(row ?? (await ownedProject(db, user.id, projectId)), user.email);
}

export function renameProject(db: Db, user: SessionUser, projectId: string, name: string): Promise<Project> {
  return updateOwned(db, user, projectId, { name });
}

export function setOnboardingSeen(db: Db, user: SessionUser, projectId: string, seen: boolean): Promise<Project> {
  return updateOwned(db, user, projectId, { hasSeenOnboarding: seen });
}

/** Header progress dots: one round trip with three `exists` probes on indexed project_id columns. */
export async function projectProgress(db: Db, user: SessionUser, projectId: string): Promise<ProjectProgress> {
  await ownedProject(db, user.id, projectId);
  const row = await db.get<{ brain: number; social: number; posts: number }>(sql`
    select exists(select 1 from brain_documents where project_id = ${projectId}) as brain,
           exists(select 1 from social_accounts where project_id = ${projectId}) as social,
           exists(select 1 from posts where project_id = ${projectId}) as posts`);
  return { brain: !!row?.brain, social: !!row?.social, posts: !!row?.posts };
}
