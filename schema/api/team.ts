// Team (decision 200): members, roles and invitations of a project; comments and activity.
import { z } from "zod";
import { EMAIL_MAX, EMAIL_RE } from "./auth-rules";
import { ROLES, type Role } from "./permissions";

export const INVITATION_DAYS = 7;

export const TEAM_MESSAGES = {
  email: "Please enter a valid email",
  role: "Please choose a role",
  alreadyMember: "This person is already a member of the project",
  lastOwner: "A project always keeps at least one Owner",
  invalidInvitation: "This invitation link is invalid or has expired",
  otherEmail: "This invitation was sent to another email address. Sign in with that address to accept it.",
  invited: (email: string) => `Invitation sent to ${email}`,
} as const;

const roleSchema = z.enum(ROLES, { error: TEAM_MESSAGES.role });

export const inviteSchema = z.object({
  email: z.string().trim().toLowerCase().max(EMAIL_MAX, TEAM_MESSAGES.email).regex(EMAIL_RE, TEAM_MESSAGES.email),
  role: roleSchema,
});
export const roleChangeSchema = z.object({ role: roleSchema });
export const acceptInvitationSchema = z.object({ token: z.string().min(20).max(200) });

export const memberParam = z.object({ projectId: z.string().min(1).max(100), userId: z.string().min(1).max(100) });
export const invitationParam = z.object({ projectId: z.string().min(1).max(100), invitationId: z.string().min(1).max(100) });

export type Member = { user_id: string; email: string; role: Role; joined_at: number; you: boolean };
export type Invitation = { id: string; email: string; role: Role; expires_at: number; created_at: number };
export type Team = { members: Member[]; invitations: Invitation[] };

export const COMMENT_MESSAGES = { empty: "Please write a comment", changes: "Please say what should change" } as const;
export const commentSchema = z.object({ body: z.string().trim().min(1, COMMENT_MESSAGES.empty).max(5000, "Comment is too long") });
export const reviewDecisionSchema = z
  .object({ decision: z.enum(["approve", "request_changes"]), comment: z.string().trim().max(5000, "Comment is too long").default("") })
  .refine((v) => v.decision === "approve" || v.comment.length > 0, { message: COMMENT_MESSAGES.changes, path: ["comment"] });

export type PostComment = {
  id: string;
  post_id: string;
  author: string;
  kind: "comment" | "approved" | "changes_requested";
  body: string;
  created_at: number;
  mine: boolean;
};

/** The calendar's comment counts: posts scheduled in [from, to) with at least one comment, by id. */
export const commentCountsQuery = z
  .object({ from: z.string().datetime({ offset: true }), to: z.string().datetime({ offset: true }) })
  .refine((v) => Date.parse(v.from) <= Date.parse(v.to), { message: "The start of the range must be before its end", path: ["from"] });
export type CommentCounts = { counts: Record<string, number> };
