import { z } from "zod";
import { ROLES } from "./permissions";
import type { CommentCounts, Invitation, Member, PostComment, Team } from "./team";

export const memberResponse = z.strictObject({
  user_id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  joined_at: z.number().int(),
  you: z.boolean(),
}) satisfies z.ZodType<Member>;
export const invitationResponse = z.strictObject({
  id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  expires_at: z.number().int(),
  created_at: z.number().int(),
}) satisfies z.ZodType<Invitation>;
export const teamResponse = z.strictObject({ members: z.array(memberResponse), invitations: z.array(invitationResponse) }) satisfies z.ZodType<Team>;

export const postCommentResponse = z.strictObject({
  id: z.string(),
  post_id: z.string(),
  author: z.string(),
  kind: z.enum(["comment", "approved", "changes_requested"]),
  body: z.string(),
  created_at: z.number().int(),
  mine: z.boolean(),
}) satisfies z.ZodType<PostComment>;
export const postCommentListResponse = z.array(postCommentResponse);
export const commentCountsResponse = z.strictObject({ counts: z.record(z.string(), z.number().int().min(1)) }) satisfies z.ZodType<CommentCounts>;
