import { sqliteTable, text, integer, index } from "drizzle-orm/sqlite-core";
import { PLATFORM_IDS } from "../../platforms/registry";
import { projects } from "./projects";
import type { PostSource } from "../api/post-sources";

export type MediaInfo = { url: string; file_name: string; file_type: string; file_size: number; alt_text?: string; kind?: "upload" | "card" | "ai" };

export const campaigns = sqliteTable(
  "campaigns",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    prompt: text("prompt").notNull(),
    postCount: integer("post_count").notNull(),
    duration: integer("duration").notNull(),
    platforms: text("platforms", { mode: "json" }).$type<string[]>().notNull(),
    startDate: text("start_date").notNull(),
    startTime: text("start_time").notNull(),
    timeZone: text("time_zone").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("campaigns_project_idx").on(t.projectId, t.createdAt)],
);

export const posts = sqliteTable(
  "posts",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    campaignId: text("campaign_id").references(() => campaigns.id, { onDelete: "set null" }),
    platform: text("platform", { enum: PLATFORM_IDS }).notNull(),
    content: text("content").notNull(),
    hashtags: text("hashtags", { mode: "json" }).$type<string[]>().notNull().default([]),
    // UTC instant in epoch milliseconds.
    scheduledFor: integer("scheduled_for").notNull(),
    // "draft": no time chosen yet (the calendar's Unscheduled tray); never claimed by the cron.
    status: text("status", { enum: ["scheduled", "publishing", "published", "failed", "draft", "in_review"] }).notNull(),
    mediaInfo: text("media_info", { mode: "json" }).$type<MediaInfo | null>(),
    mediaUrl: text("media_url"),
    imagePrompt: text("image_prompt"),
    // The brain passages a generated post drew on (decision 116); [] for posts written by hand.
    sources: text("sources", { mode: "json" }).$type<PostSource[]>().notNull().default([]),
    publishAttempts: integer("publish_attempts").notNull().default(0),
    lastAttempt: integer("last_attempt"),
    // When a worker first took this post to talk to the platform: reconciliation looks at
    // everything the account published since then (decision 121).
    firstAttemptAt: integer("first_attempt_at"),
    // A claim is held until this instant; the worker renews it while it works, and the cron
    // sweeps back a claim whose lease ran out (a dead worker), decision 121.
    leaseUntil: integer("lease_until"),
    publishedAt: integer("published_at"),
    errorMessage: text("error_message"),
    // Set the moment the platform accepts: the exactly-once guard.
    platformPostId: text("platform_post_id"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    // A recurring series' occurrence (schema/db/planner.ts post_series); null for a single post.
    seriesId: text("series_id"),
    // One message of a campaign or of Create Post, written once and adapted per network: its
    // variants (one post per network) share this id and publish independently (decision 186,
    // decision 185). Null for a post that is its own message.
    messageId: text("message_id"),
  },
  (t) => [
    index("posts_project_time_idx").on(t.projectId, t.scheduledFor),
    index("posts_due_idx").on(t.status, t.scheduledFor),
    index("posts_campaign_idx").on(t.campaignId),
    // Dashboard: scheduled count and the next 10 scheduled posts, and the last month's count,
    // each answered from an index without reading the project's rows (decision 083).
    index("posts_project_status_time_idx").on(t.projectId, t.status, t.scheduledFor),
    index("posts_project_created_idx").on(t.projectId, t.createdAt),
    index("posts_series_idx").on(t.seriesId, t.scheduledFor),
    index("posts_message_idx").on(t.messageId),
  ],
);

// Each project's post counts, kept by SQLite triggers on posts (the custom migration
// posts_count_triggers): the dashboard reads two numbers instead of counting every post of the
// project on each view (decision 169).
export const projectPostCounts = sqliteTable("project_post_counts", {
  projectId: text("project_id")
    .primaryKey()
    .references(() => projects.id, { onDelete: "cascade" }),
  total: integer("total").notNull().default(0),
  scheduled: integer("scheduled").notNull().default(0),
});

export const media = sqliteTable(
  "media",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    // R2 key post-media/{accountId}/{timestamp}.{ext}; publicKey is the unguessable /media/ path.
    r2Key: text("r2_key").notNull().unique(),
    publicKey: text("public_key").notNull().unique(),
    fileName: text("file_name").notNull(),
    fileType: text("file_type").notNull(),
    fileSize: integer("file_size").notNull(),
    createdAt: integer("created_at").notNull(),
    // The project's media library (decision 287): the image's alt text, offered with it whenever
    // it is attached to a post; and where it came from ("copy": a network's converted copy of
    // another row, never listed in the library).
    altText: text("alt_text"),
    kind: text("kind", { enum: ["upload", "card", "ai", "copy"] })
      .notNull()
      .default("upload"),
  },
  (t) => [index("media_project_idx").on(t.projectId)],
);
