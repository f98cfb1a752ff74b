import { z } from "zod";

// Texts are the spec's (SPEC.md section 5).
export const emailSchema = z.string().trim().email("Please enter a valid email").max(254, "Please enter a valid email");
export const passwordSchema = z
  .string()
  .min(6, "Password must be at least 6 characters")
  .max(200, "Password must be at most 200 characters");

export const loginSchema = z.object({ email: emailSchema, password: passwordSchema });
export const signupSchema = z
  .object({ email: emailSchema, password: passwordSchema, confirmPassword: z.string().max(200) })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ["confirmPassword"] });
export const signupRequestSchema = z.object({ email: emailSchema, password: passwordSchema });
export const magicLinkSchema = z.object({ email: emailSchema });
export const magicLinkVerifySchema = z.object({ token: z.string().min(10).max(200) });
export const resetPasswordSchema = z.object({ email: emailSchema });
export const updatePasswordSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string().max(200), token: z.string().max(200).optional() })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ["confirmPassword"] });

export type SessionUser = { id: string; email: string };
export type AuthConfig = { provider: "builtin" | "clerk"; clerkPublishableKey?: string; devOutbox: boolean };
export type SessionResponse = { user: SessionUser | null; auth: AuthConfig };
