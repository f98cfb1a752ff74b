// Members, roles and invitations of a project (decisions 200-201).
// - Only Owners manage the team; every member sees it.
// - A project always keeps at least one Owner: demoting or removing the last one is refused by the
//   statement itself (a condition on the count of Owners), so two concurrent requests cannot both
//   pass a check made beforehand.
// - An invitation is a random token mailed as a link; only its SHA-256 is stored. It works once
//   (a conditional update on accepted_at), for 7 days, and only for a signed-in account with the
//   invited address (sessions exist only for verified addresses).
import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import { ROLE_LABELS, type Role } from "../../../schema/api/permissions";
import { INVITATION_DAYS, TEAM_MESSAGES, type Invitation, type Member, type Team } from "../../../schema/api/team";
import type { Project } from "../../../schema/api/projects";
import { users } from "../../../schema/db/auth";
import { projectInvitations, projectMembers } from "../../../schema/db/projects";
import { mailAdapter } from "../../adapters/mail";
import type { MailAdapter } from "../../adapters/mail/types";
import type { SessionUser } from "../../lib/context";
import type { Db } from "../../lib/db";
import { conflict, forbidden, notFound } from "../../lib/errors";
import { newId, randomToken, sha256Hex } from "../../lib/ids";
import { assertCan, projectAccess } from "../../lib/ownership";
import { invitationMail } from "./team-mail";
import { toProject } from "./projects";
import { logActivity } from "./activity";
import type { ServiceContext } from "../context";

const DAY = 86_400_000;

export async function getTeam(ctx: ServiceContext, projectId: string, now = Date.now()): Promise<Team> {
  const { db, caller: user } = ctx;
  await projectAccess(db, user.id, projectId);
  const [members, invitations] = await db.batch([
    db
      .select({ userId: projectMembers.userId, email: users.email, role: projectMembers.role, joinedAt: projectMembers.createdAt })
      .from(projectMembers)
      .innerJoin(users, eq(users.id, projectMembers.userId))
      .where(eq(projectMembers.projectId, projectId))
      .orderBy(asc(projectMembers.createdAt), asc(users.email)),
    db
      .select()
      .from(projectInvitations)
      .where(and(eq(projectInvitations.projectId, projectId), isNull(projectInvitations.acceptedAt), gt(projectInvitations.expiresAt, now)))
      .orderBy(asc(projectInvitations.createdAt)),
  ]);
  return {
    members: members.map((m): Member => ({ user_id: m.userId, email: m.email, role: m.role, joined_at: m.joinedAt, you: m.userId === user.id })),
    invitations: invitations.map((i): Invitation => ({ id: i.id, email: i.email, role: i.role, expires_at: i.expiresAt, created_at: i.createdAt })),
  };
}

type MailDeps = { mail: MailAdapter; origin: string };
const mailDeps = (ctx: ServiceContext, origin: string): MailDeps => ({ mail: mailAdapter(ctx.env, ctx.db), origin });

async function mailInvitation(deps: MailDeps, invitation: { email: string; role: Role }, projectName: string, inviter: SessionUser, token: string) {
  await deps.mail.send(
    invitationMail(invitation.email, {
      projectName,
      inviter: inviter.email,
      role: ROLE_LABELS[invitation.role],
      link: `${deps.origin}/invite/${token}`,
      days: INVITATION_DAYS,
    }),
  );
}

/** Invites an address with a role; a pending invitation of the same address is replaced. */
export async function invite(
  ctx: ServiceContext,
  projectId: string,
  input: { email: string; role: Role },
  origin: string,
  now = Date.now(),
): Promise<Invitation> {
  const { db, caller: user } = ctx;
  const deps = mailDeps(ctx, origin);
  const { project, role } = await projectAccess(db, user.id, projectId);
  assertCan(role, "manage");
  const member = await db
    .select({ id: users.id })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(and(eq(projectMembers.projectId, projectId), eq(users.email, input.email)))
    .get();
  if (member) throw conflict(TEAM_MESSAGES.alreadyMember);
  const token = randomToken(32);
  const row = {
    id: newId(),
    projectId,
    email: input.email,
    role: input.role,
    tokenHash: await sha256Hex(token),
    invitedBy: user.id,
    expiresAt: now + INVITATION_DAYS * DAY,
    acceptedAt: null,
    createdAt: now,
  };
  await db.batch([
    db
      .delete(projectInvitations)
      .where(and(eq(projectInvitations.projectId, projectId), eq(projectInvitations.email, input.email), isNull(projectInvitations.acceptedAt))),
    db.insert(projectInvitations).values(row),
  ]);
  await mailInvitation(deps, input, project.name, user, token);
  await logActivity(db, projectId, user, "invited", `${input.email} as ${ROLE_LABELS[input.role]}`);
  return { id: row.id, email: row.email, role: row.role, expires_at: row.expiresAt, created_at: row.createdAt };
}

async function pendingInvitation(db: Db, projectId: string, invitationId: string) {
  const row = await db
    .select()
    .from(projectInvitations)
    .where(and(eq(projectInvitations.id, invitationId), eq(projectInvitations.projectId, projectId), isNull(projectInvitations.acceptedAt)))
    .get();
  if (!row) throw notFound("Invitation not found");
  return row;
}

/** A new link (the old one stops working) and 7 more days. */
export async function resendInvitation(ctx: ServiceContext, projectId: string, invitationId: string, origin: string, now = Date.now()): Promise<Invitation> {
  const { db, caller: user } = ctx;
  const deps = mailDeps(ctx, origin);
  const { project, role } = await projectAccess(db, user.id, projectId);
  assertCan(role, "manage");
  const row = await pendingInvitation(db, projectId, invitationId);
  const token = randomToken(32);
  const expiresAt = now + INVITATION_DAYS * DAY;
  const updated = await db
    .update(projectInvitations)
    .set({ tokenHash: await sha256Hex(token), expiresAt })
    .where(and(eq(projectInvitations.id, row.id), isNull(projectInvitations.acceptedAt)))
    .returning({ id: projectInvitations.id })
    .get();
  if (!updated) throw notFound("Invitation not found");
  await mailInvitation(deps, row, project.name, user, token);
  return { id: row.id, email: row.email, role: row.role, expires_at: expiresAt, created_at: row.createdAt };
}

export async function revokeInvitation(ctx: ServiceContext, projectId: string, invitationId: string): Promise<void> {
  const { db, caller: user } = ctx;
  const { role } = await projectAccess(db, user.id, projectId);
  assertCan(role, "manage");
  const row = await pendingInvitation(db, projectId, invitationId);
  await db.delete(projectInvitations).where(eq(projectInvitations.id, row.id)).run();
  await logActivity(db, projectId, user, "revoked the invitation of", row.email);
}

/** SQL: true when the project would still have an Owner without this member's Owner role. */
const anotherOwner = (projectId: string, userId: string) =>
  sql`exists (select 1 from ${projectMembers} where ${projectMembers.projectId} = ${projectId} and ${projectMembers.role} = 'owner' and ${projectMembers.userId} <> ${userId})`;

async function memberEmail(db: Db, projectId: string, userId: string): Promise<string> {
  const row = await db
    .select({ email: users.email })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
    .get();
  if (!row) throw notFound("Member not found");
  return row.email;
}

export async function changeRole(ctx: ServiceContext, projectId: string, memberId: string, newRole: Role): Promise<Member> {
  const { db, caller: user } = ctx;
  const { role } = await projectAccess(db, user.id, projectId);
  assertCan(role, "manage");
  const email = await memberEmail(db, projectId, memberId);
  const updated = await db
    .update(projectMembers)
    .set({ role: newRole })
    .where(
      and(
        eq(projectMembers.projectId, projectId),
        eq(projectMembers.userId, memberId),
        newRole === "owner" ? sql`1` : sql`(${projectMembers.role} <> 'owner' or ${anotherOwner(projectId, memberId)})`,
      ),
    )
    .returning()
    .get();
  if (!updated) throw conflict(TEAM_MESSAGES.lastOwner);
  await logActivity(db, projectId, user, "changed the role of", `${email} to ${ROLE_LABELS[newRole]}`);
  return { user_id: memberId, email, role: updated.role, joined_at: updated.createdAt, you: memberId === user.id };
}

/** Owners remove anyone; any member may leave (remove themselves). Never the last Owner. */
export async function removeMember(ctx: ServiceContext, projectId: string, memberId: string): Promise<void> {
  const { db, caller: user } = ctx;
  const { role } = await projectAccess(db, user.id, projectId);
  if (memberId !== user.id) assertCan(role, "manage");
  const email = await memberEmail(db, projectId, memberId);
  const removed = await db
    .delete(projectMembers)
    .where(
      and(
        eq(projectMembers.projectId, projectId),
        eq(projectMembers.userId, memberId),
        sql`(${projectMembers.role} <> 'owner' or ${anotherOwner(projectId, memberId)})`,
      ),
    )
    .returning({ userId: projectMembers.userId })
    .get();
  if (!removed) throw conflict(TEAM_MESSAGES.lastOwner);
  await logActivity(db, projectId, user, memberId === user.id ? "left the project" : "removed", memberId === user.id ? "" : email);
}

/** Accepting: the signed-in account must have the invited address; the project joins its list. */
export async function acceptInvitation(ctx: ServiceContext, token: string, now = Date.now()): Promise<Project> {
  const { db, caller: user } = ctx;
  const hash = await sha256Hex(token);
  const row = await db
    .select()
    .from(projectInvitations)
    .where(and(eq(projectInvitations.tokenHash, hash), isNull(projectInvitations.acceptedAt), gt(projectInvitations.expiresAt, now)))
    .get();
  if (!row) throw notFound(TEAM_MESSAGES.invalidInvitation);
  if (row.email !== user.email.trim().toLowerCase()) throw forbidden(TEAM_MESSAGES.otherEmail);
  // The conditional update takes the invitation: a second accept (or a race) finds it used.
  const used = await db
    .update(projectInvitations)
    .set({ acceptedAt: now })
    .where(and(eq(projectInvitations.id, row.id), isNull(projectInvitations.acceptedAt)))
    .returning({ id: projectInvitations.id })
    .all();
  if (used.length === 0) throw notFound(TEAM_MESSAGES.invalidInvitation);
  // Already a member (invited twice): the role they have stays.
  await db.insert(projectMembers).values({ projectId: row.projectId, userId: user.id, role: row.role, createdAt: now }).onConflictDoNothing().run();
  await logActivity(db, row.projectId, user, "joined as", ROLE_LABELS[row.role]);
  const { project, role } = await projectAccess(db, user.id, row.projectId);
  return toProject(project, user.email, role);
}
