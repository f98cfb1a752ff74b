// Work together on a project (decision 200): comment threads on posts, login-free review links and the
// activity log. Members and invitations sit with projects (schema/db/projects.ts).
import { sqliteTable, text, integer, index, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { posts } from "./posts";
import { projects } from "./projects";

export const postComments = sqliteTable(
  "post_comments",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    // A member, or null for a review-link visitor (then author_name is the name they typed).
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    // "comment", "approved" or "changes_requested": a decision lands in the thread with its text.
    kind: text("kind", { enum: ["comment", "approved", "changes_requested"] }).notNull(),
    body: text("body").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("post_comments_post_idx").on(t.postId, t.createdAt), index("post_comments_project_idx").on(t.projectId)],
);

// A client review link: only the token's SHA-256 is stored; it names the shared posts exactly.
export const reviewLinks = sqliteTable(
  "review_links",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    postIds: text("post_ids", { mode: "json" }).$type<string[]>().notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: integer("expires_at").notNull(),
    revokedAt: integer("revoked_at"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("review_links_token_idx").on(t.tokenHash), index("review_links_project_idx").on(t.projectId, t.createdAt)],
);

// Who did what and when, per project; rows older than 90 days are swept.
export const activityLog = sqliteTable(
  "activity_log",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull(),
    action: text("action").notNull(),
    subject: text("subject").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("activity_log_project_idx").on(t.projectId, t.createdAt)],
);
