import { z } from "zod";
import type { Platform } from "./common";

// Social accounts as the API shows them: never any token (docs/architecture.md security rules).
export type SocialAccount = {
  id: string;
  platform: Platform;
  account_name: string;
  username: string | null;
  created_at: number;
  token_status: "active" | "reconnect_needed";
  expires_at: number | null;
  last_refresh: number | null;
  /** The account's own post length limit where its network sets one per account (a server's max_characters); null: the network's. */
  max_length: number | null;
  /** Reconnect by this time: a token the app cannot renew expires within 7 days (decision 196); null otherwise. */
  reconnect_by: number | null;
};

export const oauthStartQuery = z.object({
  projectId: z.string().min(1, "No project selected").max(100),
  /** Instance networks: the server the user named (example.social, https://example.social, @me@example.social). */
  instance: z.string().trim().max(300).optional(),
});

/** Networks that sign in with a handle and an app password (connect kind app-password). */
export const appPasswordSchema = z.object({
  identifier: z.string().trim().min(1, "Enter your handle").max(253, "Enter your handle"),
  password: z.string().min(1, "Enter an app password").max(200, "Enter an app password"),
});

/** A connect that ends with a choice (which Page). */
export type AccountChoice = { choice: string; options: { id: string; name: string }[] };
export const accountChoiceSchema = z.object({ choice: z.string().min(1).max(100), option_id: z.string().min(1, "Choose one of the listed Pages").max(100) });

/** The query of /auth/{platform}/callback, forwarded by the SPA. */
export const oauthCallbackSchema = z.object({
  code: z.string().max(4000).optional(),
  state: z.string().max(500).optional(),
  error: z.string().max(500).optional(),
  error_reason: z.string().max(500).optional(),
  error_description: z.string().max(2000).optional(),
});
export type OAuthCallbackInput = z.infer<typeof oauthCallbackSchema>;

export const SOCIAL_TEXTS = {
  authFailed: "Authentication failed. Please try again.",
  invalidState: "Invalid state parameter",
  missingAuthState: "Missing auth state",
  missingProject: "Missing project ID",
  placeholder: (name: string) => `${name} OAuth flow would start here`,
} as const;
