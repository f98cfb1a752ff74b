import { z } from "zod";
import { EMAIL_MAX, EMAIL_RE, MSG, PASSWORD_MAX, PASSWORD_MIN } from "./auth-rules";

// Texts are the spec's (docs/product-spec.md section 5).
const emailSchema = z.string().trim().max(EMAIL_MAX, MSG.email).regex(EMAIL_RE, MSG.email);
const passwordSchema = z.string().min(PASSWORD_MIN, MSG.passwordMin).max(PASSWORD_MAX, MSG.passwordMax);

export const loginSchema = z.object({ email: emailSchema, password: passwordSchema });
export const signupSchema = z
  .object({ email: emailSchema, password: passwordSchema, confirmPassword: z.string().max(200) })
  .refine((v) => v.password === v.confirmPassword, { message: MSG.passwordsMatch, path: ["confirmPassword"] });
export const signupRequestSchema = z.object({ email: emailSchema, password: passwordSchema });
export const magicLinkSchema = z.object({ email: emailSchema });
export const magicLinkVerifySchema = z.object({ token: z.string().min(10).max(200) });
export const resetPasswordSchema = z.object({ email: emailSchema });
export const resendVerificationSchema = z.object({ email: emailSchema });
export const updatePasswordSchema = z
  .object({
    password: passwordSchema,
    confirmPassword: z.string().max(200),
    token: z.string().max(200).optional(),
    /** Required for a signed-in change of an account that has a password. */
    currentPassword: z.string().max(PASSWORD_MAX).optional(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: MSG.passwordsMatch, path: ["confirmPassword"] });

export type SessionUser = { id: string; email: string };
export type AuthConfig = { provider: "builtin" | "clerk"; clerkPublishableKey?: string; devOutbox: boolean };
export type SessionResponse = { user: SessionUser | null; auth: AuthConfig };
