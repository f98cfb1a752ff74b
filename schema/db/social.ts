import { sqliteTable, text, integer, index } from "drizzle-orm/sqlite-core";
import { PLATFORM_IDS } from "../../platforms/registry";
import { projects } from "./projects";
import { users } from "./auth";

// Rows that belong to a project (and a flow's user) go with it.
const projectRef = () =>
  text("project_id")
    .notNull()
    .references(() => projects.id, { onDelete: "cascade" });
const userRef = () =>
  text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

export const socialAccounts = sqliteTable(
  "social_accounts",
  {
    id: text("id").primaryKey(),
    projectId: projectRef(),
    platform: text("platform", { enum: PLATFORM_IDS }).notNull(),
    accountName: text("account_name").notNull(),
    // AES-GCM ciphertexts (base64 of iv+ciphertext); never sent to the browser.
    accessTokenEnc: text("access_token_enc").notNull(),
    refreshTokenEnc: text("refresh_token_enc"),
    // The account's id and handle on its network (any network); the two pairs below are the first
    // networks' own columns, kept for rows written before these existed.
    platformUserId: text("platform_user_id"),
    platformUsername: text("platform_username"),
    twitterUserId: text("twitter_user_id"),
    twitterUsername: text("twitter_username"),
    instagramUserId: text("instagram_user_id"),
    instagramUsername: text("instagram_username"),
    expiresAt: integer("expires_at"),
    tokenStatus: text("token_status", { enum: ["active", "reconnect_needed"] })
      .notNull()
      .default("active"),
    lastRefresh: integer("last_refresh"),
    // When the user was reminded to reconnect a token we cannot renew (no refresh token: a network
    // that gives programmatic refresh to partners only), 7 days before it expires (decision 196). Reconnecting stores
    // a new row, so the reminder starts over.
    reconnectRemindedAt: integer("reconnect_reminded_at"),
    // Refresh tokens are single-use: one refresh per account at a time, guarded by this lease.
    refreshLockUntil: integer("refresh_lock_until"),
    createdAt: integer("created_at").notNull(),
    // What a network needs beyond the token (decision 140): an instance, its client id and
    // limits; a Page's name; a PDS. Never a secret.
    accountMeta: text("account_meta", { mode: "json" }).$type<Record<string, unknown>>(),
  },
  (t) => [index("social_accounts_project_idx").on(t.projectId, t.platform)],
);

// One-time OAuth state, 10-minute expiry, with the PKCE verifier kept server-side.
export const oauthStates = sqliteTable("oauth_states", {
  state: text("state").primaryKey(),
  userId: userRef(),
  projectId: projectRef(),
  platform: text("platform").notNull(),
  codeVerifier: text("code_verifier"),
  redirectUri: text("redirect_uri").notNull(),
  expiresAt: integer("expires_at").notNull(),
  // Flow data a network needs at the callback (an instance network: which instance and registered app).
  meta: text("meta", { mode: "json" }).$type<Record<string, unknown>>(),
});

// Networks made of many servers ("instance" connect, decision 233): the app registers itself once
// per server and redirect URI, and every brand connecting there reuses the client (decision 140).
// The secret is encrypted. The table keeps the name it was created with (a stored name).
export const instanceApps = sqliteTable("mastodon_apps", {
  // "<instance url> <redirect uri>": a registration is bound to its redirect URI.
  id: text("id").primaryKey(),
  instanceUrl: text("instance_url").notNull(),
  redirectUri: text("redirect_uri").notNull(),
  clientId: text("client_id").notNull(),
  clientSecretEnc: text("client_secret_enc").notNull(),
  createdAt: integer("created_at").notNull(),
});

// A connect that ends with a choice (which Page): the options with their tokens,
// encrypted, one-time, 10 minutes, bound to the user who started the flow.
export const pendingAccountChoices = sqliteTable("pending_account_choices", {
  id: text("id").primaryKey(),
  userId: userRef(),
  projectId: projectRef(),
  platform: text("platform").notNull(),
  payloadEnc: text("payload_enc").notNull(),
  expiresAt: integer("expires_at").notNull(),
});
