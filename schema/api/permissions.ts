// Team roles and what each may do (decision 200). One table read by the Worker (every
// service's access check goes through `can`) and by the SPA (which buttons a member sees), so the
// two can never disagree. The API key work (decision 210) reuses it: a key acts with its creator's role.
export const ROLES = ["owner", "editor", "reviewer"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { owner: "Owner", editor: "Editor", reviewer: "Reviewer" };
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: "Everything, including members, approval settings, connecting networks and deleting the project",
  editor: "Brain, posts, campaigns, calendar and analytics; cannot manage members or networks",
  reviewer: "Reads everything, comments, approves or requests changes; edits and publishes nothing",
};

const ACTIONS = [
  // See the project and everything in it (posts, brain, calendar, analytics, members, activity).
  "read",
  // Write in a post's comment thread.
  "comment",
  // Approve a post In review, or request changes.
  "approve",
  // Brain, posts, campaigns, calendar, posting schedule, images, the brand's details.
  "edit",
  // Share posts with a client through a review link.
  "share",
  // Connect and disconnect social networks.
  "networks",
  // Invite, change roles, remove members; approval settings; delete the project.
  "manage",
] as const;
export type Action = (typeof ACTIONS)[number];

const ALLOWED: Record<Role, readonly Action[]> = {
  owner: ACTIONS,
  editor: ["read", "comment", "edit", "share"],
  reviewer: ["read", "comment", "approve"],
};

/** Whether a member with this role may do this action in their project. */
export function can(role: Role | null | undefined, action: Action): boolean {
  return role != null && ALLOWED[role].includes(action);
}

/** The message a member gets when their role does not allow an action (403). */
export const ROLE_REFUSED = "Your role in this project does not allow this";
