import { z } from "zod";
import { ROLES } from "./permissions";
import type { CommentCounts, Invitation, Member, PostComment, Team } from "./team";
import type { CreatedReviewLink, ReviewLink, SharedReview } from "./review-links";
import { PLATFORMS } from "./common";
import { POST_STATUSES } from "./post-status";

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

// Review links (decision 265).
const reviewLinkFields = {
  id: z.string(),
  post_count: z.number().int().min(0),
  created_by: z.string().nullable(),
  expires_at: z.number().int(),
  created_at: z.number().int(),
};
const reviewLinkResponse = z.strictObject(reviewLinkFields) satisfies z.ZodType<ReviewLink>;
export const reviewLinkListResponse = z.array(reviewLinkResponse);
export const createdReviewLinkResponse = z.strictObject({ ...reviewLinkFields, url: z.string().url() }) satisfies z.ZodType<CreatedReviewLink>;
export const sharedReviewResponse = z.strictObject({
  project_name: z.string(),
  expires_at: z.number().int(),
  posts: z.array(
    z.strictObject({
      id: z.string(),
      platform: z.enum(PLATFORMS),
      content: z.string(),
      hashtags: z.array(z.string()),
      scheduled_for: z.string(),
      status: z.enum(POST_STATUSES),
      media_url: z.string().nullable(),
    }),
  ),
}) satisfies z.ZodType<SharedReview>;
export const reviewDecisionDoneResponse = z.strictObject({ ok: z.literal(true) });
