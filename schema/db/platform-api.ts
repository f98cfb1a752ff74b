// The open platform (decision 210): API keys, idempotent creates of the v1 API, webhooks and their
// delivery log. Decisions 211 (keys), 212 (v1 conventions), 213 (webhooks).
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { projects } from "./projects";

// A user's key. Only the SHA-256 of the secret is stored (like sessions): a leaked table cannot be
// replayed. `prefix` is the first characters of the key, shown so its owner can tell keys apart.
export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // null: every project the user can reach.
    projectId: text("project_id").references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    hash: text("hash").notNull(),
    // JSON array of scopes (schema/api/api-keys.ts API_SCOPES).
    scopes: text("scopes").notNull(),
    expiresAt: integer("expires_at"),
    lastUsedAt: integer("last_used_at"),
    revokedAt: integer("revoked_at"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("api_keys_hash_idx").on(t.hash), index("api_keys_user_idx").on(t.userId)],
);

// The first answer to a create sent with an Idempotency-Key, per API key: a repeat with the same
// body gets it again, a different body 409. Kept 24 hours.
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    apiKeyId: text("api_key_id")
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    // null while the first request is still running.
    status: integer("status"),
    body: text("body"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.apiKeyId, t.key] })],
);

export const webhooks = sqliteTable(
  "webhooks",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    // JSON array of event names (schema/api/webhooks.ts WEBHOOK_EVENTS).
    events: text("events").notNull(),
    // The signing secret, encrypted like social tokens (lib/token-crypto.ts): it must be read back to sign.
    secret: text("secret").notNull(),
    status: text("status", { enum: ["active", "failing"] })
      .notNull()
      .default("active"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("webhooks_project_idx").on(t.projectId)],
);

export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    webhookId: text("webhook_id")
      .notNull()
      .references(() => webhooks.id, { onDelete: "cascade" }),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    // The event id (the same in every attempt and resend, so a receiver can deduplicate).
    eventId: text("event_id").notNull(),
    event: text("event").notNull(),
    payload: text("payload").notNull(),
    status: text("status", { enum: ["pending", "succeeded", "failed"] }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    responseCode: integer("response_code"),
    lastAttemptAt: integer("last_attempt_at"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("webhook_deliveries_webhook_idx").on(t.webhookId, t.createdAt)],
);

// RSS/Atom feeds a project follows (decision 284): each new item becomes a draft (or a queue entry)
// written in the brand's voice. `created_by` is whose rights the cron acts with (and loses with).
export const feeds = sqliteTable(
  "feeds",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    createdBy: text("created_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    // The feed's own title, once a poll has read it.
    title: text("title"),
    // The network its posts are written for.
    platform: text("platform").notNull(),
    mode: text("mode", { enum: ["draft", "queue"] })
      .notNull()
      .default("draft"),
    lastPolledAt: integer("last_polled_at"),
    // The last poll's problem (the feed, or an item that could not be written), null when it went well.
    lastError: text("last_error"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("feeds_project_idx").on(t.projectId), index("feeds_polled_idx").on(t.lastPolledAt)],
);

// Items already seen, by the feed's guid (or link): an item is written once, however often it is polled.
export const feedItems = sqliteTable(
  "feed_items",
  {
    feedId: text("feed_id")
      .notNull()
      .references(() => feeds.id, { onDelete: "cascade" }),
    guid: text("guid").notNull(),
    // The post written from it; null for the backlog skipped on the first poll.
    postId: text("post_id"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.feedId, t.guid] })],
);
