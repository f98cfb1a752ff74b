// Projects belong to their members (decision 200): the creator is the first Owner. Every function
// takes the caller and answers 404 for a project they are not in, exactly as for a missing one
// (docs/architecture.md security rules), and 403 when their role does not allow the change.
// A user's first project is created when they first list their projects; that insert is a single
// conditional statement so concurrent first loads can never make two default projects.
import { asc, eq, sql } from "drizzle-orm";
import type { Action, Role } from "../../../schema/api/permissions";
import { DEFAULT_PROJECT, type Project, type ProjectDetails, type ProjectProgress, type ProjectUpdate } from "../../../schema/api/projects";
import { projectMembers, projects } from "../../../schema/db/projects";
import { notFound } from "../../lib/errors";
import type { SessionUser } from "../../lib/context";
import type { Db } from "../../lib/db";
import { newId, now } from "../../lib/ids";
import { assertCan, ownedProject, projectAccess } from "../../lib/ownership";
import type { ServiceContext } from "../context";

type ProjectRow = typeof projects.$inferSelect;

export function toProject(row: ProjectRow, userEmail: string, role: Role): Project {
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
    role,
    approvals_required: row.approvalsRequired,
    owner_posts_need_review: row.ownerPostsNeedReview,
    brand_color: row.brandColor ?? null,
  };
}

/**
 * Inserts the default project unless the user is in no project at all (atomic in D1). The
 * trigger projects_creator_is_owner makes the user its Owner (decision 200).
 */
async function ensureDefaultProject(db: Db, userId: string): Promise<void> {
  const t = now();
  await db.run(sql`
    insert into projects (id, user_id, name, industry, brand_voice, description, has_seen_onboarding, created_at, updated_at)
    select ${newId()}, ${userId}, ${DEFAULT_PROJECT.name}, ${DEFAULT_PROJECT.industry}, ${DEFAULT_PROJECT.brand_voice},
           ${DEFAULT_PROJECT.description}, ${DEFAULT_PROJECT.has_seen_onboarding ? 1 : 0}, ${t}, ${t}
    where not exists (select 1 from projects where user_id = ${userId})
      and not exists (select 1 from project_members where user_id = ${userId})`);
}

/** Every project the user is a member of, with their role: their own first, oldest first. */
function selectMemberOf(db: Db, userId: string) {
  return db
    .select({ project: projects, role: projectMembers.role })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(eq(projectMembers.userId, userId))
    .orderBy(sql`${projects.userId} <> ${userId}`, asc(projects.createdAt), sql`${projects}.rowid`);
}

/** The caller's projects (own and joined), oldest first; a user in none gets the default project. */
export async function listProjects(ctx: ServiceContext): Promise<Project[]> {
  const { db, caller: user } = ctx;
  let rows = await selectMemberOf(db, user.id);
  if (rows.length === 0) {
    await ensureDefaultProject(db, user.id);
    rows = await selectMemberOf(db, user.id);
  }
  return rows.map((r) => toProject(r.project, user.email, r.role));
}

export async function getProject(ctx: ServiceContext, projectId: string): Promise<Project> {
  const { db, caller: user } = ctx;
  const { project, role } = await projectAccess(db, user.id, projectId);
  return toProject(project, user.email, role);
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

async function updateMember(db: Db, user: SessionUser, projectId: string, action: Action, set: Partial<ProjectRow>): Promise<Project> {
  const { role } = await projectAccess(db, user.id, projectId);
  assertCan(role, action);
  // Only the brand's fields, the onboarding flag or the approval settings are ever set: id and
  // creator stay as they were.
  const row = await db
    .update(projects)
    .set({ ...set, updatedAt: now() })
    .where(eq(projects.id, projectId))
    .returning()
    .get();
  if (!row) throw notFound("Project not found");
  return toProject(row, user.email, role);
}

/**
 * Project settings: the brand's name, industry, voice and description (Owners and Editors: the
 * brand is what the writer follows), the approval settings (Owners only), decision 200.
 */
export function updateProject(ctx: ServiceContext, projectId: string, input: ProjectUpdate): Promise<Project> {
  const { db, caller: user } = ctx;
  const set: Partial<ProjectRow> = {};
  if (input.name !== undefined) set.name = input.name;
  if (input.industry !== undefined) set.industry = input.industry;
  if (input.brand_voice !== undefined) set.brandVoice = input.brand_voice;
  if (input.description !== undefined) set.description = input.description;
  if (input.approvals_required !== undefined) set.approvalsRequired = input.approvals_required;
  if (input.owner_posts_need_review !== undefined) set.ownerPostsNeedReview = input.owner_posts_need_review;
  if (input.brand_color !== undefined) set.brandColor = input.brand_color;
  const approvals = input.approvals_required !== undefined || input.owner_posts_need_review !== undefined;
  return updateMember(db, user, projectId, approvals ? "manage" : "edit", set);
}

/** The onboarding flag is the member's own view of the tour: any member may set it. */
export function setOnboardingSeen(ctx: ServiceContext, projectId: string, seen: boolean): Promise<Project> {
  const { db, caller: user } = ctx;
  return updateMember(db, user, projectId, "read", { hasSeenOnboarding: seen });
}

/** Header progress dots: one round trip with three `exists` probes on indexed project_id columns. */
export async function projectProgress(ctx: ServiceContext, projectId: string): Promise<ProjectProgress> {
  const { db, caller: user } = ctx;
  await ownedProject(db, user.id, projectId, "read");
  const row = await db.get<{ brain: number; social: number; posts: number }>(sql`
    select exists(select 1 from brain_documents where project_id = ${projectId}) as brain,
           exists(select 1 from social_accounts where project_id = ${projectId}) as social,
           exists(select 1 from posts where project_id = ${projectId}) as posts`);
  return { brain: !!row?.brain, social: !!row?.social, posts: !!row?.posts };
}
