// The post lifecycle in one place (decision 202): its statuses, which actions each status
// allows, which role each action needs, and the status an action leads to. The Worker's conditional
// updates take their `where status in (...)` from here and the SPA shows a button only when
// `canOnPost` says so, so the server and the screens can no longer disagree.
import { can, type Action, type Role } from "./permissions";

// "draft": no time chosen yet (the Unscheduled tray). "in_review": waiting for an Owner's or a
// Reviewer's approval; never claimed by the publisher.
export const POST_STATUSES = ["scheduled", "publishing", "published", "failed", "draft", "in_review"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export const POST_STATUS_LABELS: Record<PostStatus, string> = {
  scheduled: "scheduled",
  publishing: "publishing",
  published: "published",
  failed: "failed",
  draft: "draft",
  in_review: "In review",
};

export type PostAction = "edit" | "reschedule" | "publish_now" | "retry" | "delete" | "approve" | "request_changes" | "comment";

/** The statuses from which each action may start (the services' conditional updates use these). */
export const ALLOWED_FROM: Record<PostAction, readonly PostStatus[]> = {
  // Content, hashtags and image: a failed post may be fixed before it is retried.
  edit: ["draft", "in_review", "scheduled", "failed"],
  reschedule: ["draft", "in_review", "scheduled"],
  publish_now: ["scheduled"],
  retry: ["failed"],
  // A post the publisher holds cannot go from under it.
  delete: ["draft", "in_review", "scheduled", "published", "failed"],
  approve: ["in_review"],
  request_changes: ["in_review"],
  comment: POST_STATUSES,
};

/** The role permission each post action needs (schema/api/permissions.ts). */
const ACTION_NEEDS: Record<PostAction, Action> = {
  edit: "edit",
  reschedule: "edit",
  publish_now: "edit",
  retry: "edit",
  delete: "edit",
  approve: "approve",
  request_changes: "approve",
  comment: "comment",
};

/** Whether a member with `role` may take `action` on a post in `status`. */
export function canOnPost(role: Role | null | undefined, action: PostAction, status: PostStatus): boolean {
  return can(role, ACTION_NEEDS[action]) && ALLOWED_FROM[action].includes(status);
}

/** The approval settings of a project. */
export type ApprovalSettings = { approvals_required: boolean; owner_posts_need_review: boolean };

/**
 * Whether a post this member creates or changes must be approved before it publishes: an Editor's
 * when approvals are on; an Owner's only when the second setting says so too.
 */
export function needsReview(settings: ApprovalSettings, role: Role): boolean {
  if (!settings.approvals_required) return false;
  if (role === "owner") return settings.owner_posts_need_review;
  return role === "editor";
}

/**
 * The status a post has after `action`. `review` is `needsReview` for the member acting: a post
 * that needs review goes to In review on every change, and approving it makes it Scheduled.
 */
export function statusAfter(action: PostAction, status: PostStatus, review: boolean): PostStatus {
  switch (action) {
    case "edit":
      if (status === "draft" || status === "failed") return status;
      return review ? "in_review" : status === "in_review" ? "in_review" : status;
    case "reschedule":
      return review ? "in_review" : status === "in_review" ? "in_review" : "scheduled";
    case "approve":
      return "scheduled";
    case "retry":
      return "scheduled";
    case "publish_now":
      return "publishing";
    default:
      return status;
  }
}

/** The messages a refused transition answers with (409). */
export const TRANSITION_REFUSED: Record<PostAction, string> = {
  edit: "Only scheduled, in review, draft or failed posts can be edited",
  reschedule: "Only scheduled posts can be rescheduled",
  publish_now: "Only scheduled posts can be published now",
  retry: "Only failed posts can be retried",
  delete: "A post being published cannot be deleted",
  approve: "Only posts in review can be approved",
  request_changes: "Only posts in review can be sent back for changes",
  comment: "This post cannot be commented on",
};
