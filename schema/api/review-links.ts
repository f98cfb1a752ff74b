// Login-free client review (decision 265): a link shares chosen posts (or a date range and networks)
// with someone who has no account; they see them read-only and approve or request changes.
import { z } from "zod";
import { platformSchema, type Platform } from "./common";
import type { PostStatus } from "./post-status";

export const REVIEW_LINK_DAYS = { default: 7, min: 1, max: 30 } as const;
/** The most posts one link may share (a month of a busy calendar; keeps the public page small). */
export const REVIEW_LINK_MAX_POSTS = 200;

export const REVIEW_MESSAGES = {
  days: `A link lasts between ${REVIEW_LINK_DAYS.min} and ${REVIEW_LINK_DAYS.max} days`,
  nothing: "Choose posts, or a date range, to share",
  noPosts: "There are no posts to share in this range",
  tooMany: `A link can share at most ${REVIEW_LINK_MAX_POSTS} posts`,
  range: "The start of the range must be before its end",
  name: "Please enter your name",
  changes: "Please say what should change",
  invalid: "This review link does not exist. Check that you copied all of it.",
  expired: "This review link has expired or was revoked. Ask the person who shared it for a new one.",
  notShared: "This post is not part of this review",
} as const;

const idList = z.array(z.string().min(1).max(100)).min(1, REVIEW_MESSAGES.nothing).max(REVIEW_LINK_MAX_POSTS, REVIEW_MESSAGES.tooMany);

/** Either selected posts, or a range [from, to) with optional networks (none = all). */
export const createReviewLinkSchema = z
  .object({
    post_ids: idList.optional(),
    from: z.string().datetime({ offset: true }).optional(),
    to: z.string().datetime({ offset: true }).optional(),
    platforms: z.array(platformSchema).max(50).optional(),
    days: z
      .number()
      .int(REVIEW_MESSAGES.days)
      .min(REVIEW_LINK_DAYS.min, REVIEW_MESSAGES.days)
      .max(REVIEW_LINK_DAYS.max, REVIEW_MESSAGES.days)
      .default(REVIEW_LINK_DAYS.default),
  })
  .refine((v) => v.post_ids != null || (v.from != null && v.to != null), { message: REVIEW_MESSAGES.nothing, path: ["post_ids"] })
  .refine((v) => v.from == null || v.to == null || Date.parse(v.from) < Date.parse(v.to), { message: REVIEW_MESSAGES.range, path: ["from"] });
export type CreateReviewLink = z.input<typeof createReviewLinkSchema>;

export const reviewLinkParam = z.object({ projectId: z.string().min(1).max(100), linkId: z.string().min(1).max(100) });
export const reviewTokenParam = z.object({ token: z.string().min(20).max(200) });
export const reviewPostParam = z.object({ token: z.string().min(20).max(200), postId: z.string().min(1).max(100) });

export const reviewVisitorDecisionSchema = z
  .object({
    decision: z.enum(["approve", "request_changes"]),
    name: z.string().trim().min(1, REVIEW_MESSAGES.name).max(100, "Name is too long"),
    comment: z.string().trim().max(5000, "Comment is too long").default(""),
  })
  .refine((v) => v.decision === "approve" || v.comment.length > 0, { message: REVIEW_MESSAGES.changes, path: ["comment"] });

/** A link as its project's members see it (never the token, which only the creator sees once). */
export type ReviewLink = {
  id: string;
  post_count: number;
  created_by: string | null;
  expires_at: number;
  created_at: number;
};
/** The answer to creating a link: the only time its URL (with the token) is shown. */
export type CreatedReviewLink = ReviewLink & { url: string };

/** What a visitor sees of one shared post: its text, network, time and image; nothing else. */
export type SharedPost = {
  id: string;
  platform: Platform;
  content: string;
  hashtags: string[];
  scheduled_for: string;
  status: PostStatus;
  media_url: string | null;
};
export type SharedReview = { project_name: string; expires_at: number; posts: SharedPost[] };
