import { sqliteTable, text, integer, index, primaryKey, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./auth";

export const projects = sqliteTable(
  "projects",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    industry: text("industry").notNull(),
    brandVoice: text("brand_voice").notNull(),
    description: text("description").notNull(),
    hasSeenOnboarding: integer("has_seen_onboarding", { mode: "boolean" }).notNull().default(false),
    // "Posts need approval before they publish" and "Owners' posts need review too" (decision 200).
    approvalsRequired: integer("approvals_required", { mode: "boolean" }).notNull().default(false),
    ownerPostsNeedReview: integer("owner_posts_need_review", { mode: "boolean" }).notNull().default(false),
    /** The brand's colour (#rrggbb) for the brand card's background (decision 270); null: chosen from the name. */
    brandColor: text("brand_color"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("projects_user_idx").on(t.userId, t.createdAt)],
);

export const projectDocuments = sqliteTable(
  "project_documents",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    // R2 key: project-documents/{projectId}/{random}.{ext}
    fileUrl: text("file_url").notNull(),
    fileType: text("file_type").notNull(),
    fileSize: integer("file_size").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("project_documents_project_idx").on(t.projectId)],
);

// Team (decision 200): who may act on a project and with which role. The project's
// creator is its first Owner; `projects.user_id` stays the creator (account deletion, billing).
export const PROJECT_ROLES = ["owner", "editor", "reviewer"] as const;

export const projectMembers = sqliteTable(
  "project_members",
  {
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: PROJECT_ROLES }).notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index("project_members_user_idx").on(t.userId, t.createdAt)],
);

// A pending invitation: single use, 7 days; only the token's SHA-256 is stored (decision 201).
export const projectInvitations = sqliteTable(
  "project_invitations",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role", { enum: PROJECT_ROLES }).notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: integer("expires_at").notNull(),
    acceptedAt: integer("accepted_at"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("project_invitations_token_idx").on(t.tokenHash), index("project_invitations_project_idx").on(t.projectId, t.createdAt)],
);
