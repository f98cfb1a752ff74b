import { z } from "zod";
import { PLATFORMS } from "./common";
import type { AccountChoice, SocialAccount } from "./social";

// Response schemas of the social routes (declared with describeRoute, checked in tests). Strict, so
// a token field that slipped into the account view fails the response checks.
export const socialAccountResponse = z.strictObject({
  id: z.string(),
  platform: z.enum(PLATFORMS),
  account_name: z.string(),
  username: z.string().nullable(),
  created_at: z.number().int(),
  token_status: z.enum(["active", "reconnect_needed"]),
  expires_at: z.number().int().nullable(),
  last_refresh: z.number().int().nullable(),
  max_length: z.number().int().positive().nullable(),
  reconnect_by: z.number().int().nullable(),
}) satisfies z.ZodType<SocialAccount>;
export const socialAccountListResponse = z.array(socialAccountResponse);

/** GET /api/oauth/:platform/start: where to send the browser. */
export const oauthStartResponse = z.strictObject({ url: z.url() });

/** POST /api/oauth/:platform/callback of a network that asks which account (a Page). */
const accountChoiceResponse = z.strictObject({
  choice: z.string(),
  options: z.array(z.strictObject({ id: z.string(), name: z.string() })),
}) satisfies z.ZodType<AccountChoice>;
export const oauthCallbackResponse = z.union([socialAccountResponse, accountChoiceResponse]);

/** GET /api/social-networks: per network, whether Connect can go straight to its consent. */
export const networkAvailabilityResponse = z.strictObject({
  networks: z.array(z.strictObject({ id: z.enum(PLATFORMS), configured: z.boolean() })),
});
export type NetworkAvailability = z.infer<typeof networkAvailabilityResponse>;
