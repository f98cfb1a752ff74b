import { sqliteTable, text, integer, index, primaryKey } from "drizzle-orm/sqlite-core";
import { projects } from "./projects";
import { posts } from "./posts";

// The planner's tables (decision 150): the weekly posting schedule, recurring series and the metrics
// time series with its two read-side summaries (decision 150).

/** One weekly slot: a network, a weekday (0 = Sunday) and a wall-clock time in `time_zone`. */
export const postingSlots = sqliteTable(
  "posting_slots",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    platform: text("platform").notNull(),
    weekday: integer("weekday").notNull(),
    time: text("time").notNull(),
    timeZone: text("time_zone").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("posting_slots_project_idx").on(t.projectId, t.platform)],
);

/** A recurring post: its occurrences are ordinary post rows (posts.series_id) made ahead of time. */
export const postSeries = sqliteTable(
  "post_series",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    every: integer("every").notNull(),
    unit: text("unit", { enum: ["day", "week"] }).notNull(),
    startDate: text("start_date").notNull(),
    time: text("time").notNull(),
    timeZone: text("time_zone").notNull(),
    untilDate: text("until_date"),
    count: integer("count"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("post_series_project_idx").on(t.projectId)],
);

/** Metrics time series: one row per post per UTC day, the day's latest cumulative reading. */
export const postMetrics = sqliteTable(
  "post_metrics",
  {
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    likes: integer("likes").notNull().default(0),
    reposts: integer("reposts").notNull().default(0),
    replies: integer("replies").notNull().default(0),
    impressions: integer("impressions").notNull().default(0),
    collectedAt: integer("collected_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.day] })],
);

/** Latest cumulative metrics per post: top posts and "best time" read this, not the series. */
export const postMetricTotals = sqliteTable(
  "post_metric_totals",
  {
    postId: text("post_id")
      .primaryKey()
      .references(() => posts.id, { onDelete: "cascade" }),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    platform: text("platform").notNull(),
    publishedAt: integer("published_at").notNull(),
    likes: integer("likes").notNull().default(0),
    reposts: integer("reposts").notNull().default(0),
    replies: integer("replies").notNull().default(0),
    impressions: integer("impressions").notNull().default(0),
    engagement: integer("engagement").notNull().default(0),
    collectedAt: integer("collected_at").notNull(),
  },
  (t) => [index("post_metric_totals_project_idx").on(t.projectId, t.publishedAt, t.engagement), index("post_metric_totals_due_idx").on(t.collectedAt)],
);

/** Gains per project, network and UTC day: the trend charts and week-over-week read ~90 rows. */
export const projectMetricsDaily = sqliteTable(
  "project_metrics_daily",
  {
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    platform: text("platform").notNull(),
    likes: integer("likes").notNull().default(0),
    reposts: integer("reposts").notNull().default(0),
    replies: integer("replies").notNull().default(0),
    impressions: integer("impressions").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.day, t.platform] })],
);
