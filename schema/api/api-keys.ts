// API keys (decision 211): what a user sends to create one and what the API answers.
import { z } from "zod";
import { idParam } from "./common";

/**
 * What a key may do. A key never does more than its creator may in the project (the ownership /
 * role check runs as the creator); scopes only narrow that further.
 */
export const API_SCOPES = ["read", "write_posts", "publish", "brain", "members"] as const;
export type ApiScope = (typeof API_SCOPES)[number];
export const SCOPE_LABELS: Record<ApiScope, string> = {
  read: "Read",
  write_posts: "Write posts",
  publish: "Publish",
  brain: "Brain",
  members: "Members",
};

export const API_KEY_PREFIX = "bp_live_";
export const API_KEY_TEXTS = {
  nameRequired: "Please enter a name for the key",
  scopesRequired: "Choose at least one scope",
  expiryPast: "The expiry date must be in the future",
  invalidKey: "This API key is invalid, expired or revoked",
} as const;

export const createApiKeySchema = z.object({
  name: z.string().trim().min(1, API_KEY_TEXTS.nameRequired).max(100, "The name is too long"),
  /** null or omitted: every project of the user. */
  project_id: idParam.nullable().optional(),
  scopes: z.array(z.enum(API_SCOPES)).min(1, API_KEY_TEXTS.scopesRequired).max(API_SCOPES.length),
  expires_at: z
    .string()
    .datetime({ offset: true, message: "Please choose a valid date" })
    .refine((v) => Date.parse(v) > Date.now(), { message: API_KEY_TEXTS.expiryPast })
    .nullable()
    .optional(),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

export const apiKeyParam = z.object({ keyId: idParam });

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  project_id: z.string().nullable(),
  project_name: z.string().nullable(),
  scopes: z.array(z.enum(API_SCOPES)),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  created_at: z.string(),
});
export type ApiKeyDto = z.infer<typeof apiKeySchema>;
export const apiKeyListResponse = z.array(apiKeySchema);
/** The only answer that carries the secret: shown once, never stored in the clear. */
export const createdApiKeyResponse = apiKeySchema.extend({ key: z.string().startsWith(API_KEY_PREFIX) });
export type CreatedApiKey = z.infer<typeof createdApiKeyResponse>;
