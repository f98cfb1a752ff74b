import { z } from "zod";
import type { SessionResponse, SessionUser } from "./auth";

// Response schemas of /api/auth (declared on each route with describeRoute, checked in tests).
const sessionUserResponse = z.strictObject({ id: z.string(), email: z.string() }) satisfies z.ZodType<SessionUser>;

export const sessionResponse = z.strictObject({
  user: sessionUserResponse.nullable(),
  auth: z.strictObject({
    provider: z.enum(["builtin", "clerk"]),
    clerkPublishableKey: z.string().optional(),
    devOutbox: z.boolean(),
  }),
}) satisfies z.ZodType<SessionResponse>;

/** Login and magic-link verification: the signed-in user (the session cookie is set). */
export const signedInResponse = z.strictObject({ user: sessionUserResponse });
