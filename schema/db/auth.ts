import { sqliteTable, text, integer, index } from "drizzle-orm/sqlite-core";

export const users = sqliteTable("users", {
  id: text("id").primaryKey(),
  email: text("email").notNull().unique(),
  // PBKDF2 hash "pbkdf2$iterations$salt$hash"; null for users who only sign in through Clerk or magic links.
  passwordHash: text("password_hash"),
  clerkUserId: text("clerk_user_id").unique(),
  emailVerified: integer("email_verified", { mode: "boolean" }).notNull().default(false),
  createdAt: integer("created_at").notNull(),
});

// The session id is the SHA-256 of the cookie token, so a leaked table does not leak live sessions.
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

// One-time tokens sent by mail (magic link, verification, password reset), stored hashed.
export const authTokens = sqliteTable(
  "auth_tokens",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // verify_email: the link mailed at sign-up (confirms that sign-up's password); magic_link: sign-in by mail.
    kind: text("kind", { enum: ["magic_link", "verify_email", "reset_password"] }).notNull(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
  },
  (t) => [index("auth_tokens_user_idx").on(t.userId)],
);

export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: integer("window_start").notNull(),
  count: integer("count").notNull(),
});

export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: text("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("mail_outbox_to_idx").on(t.to)],
);
