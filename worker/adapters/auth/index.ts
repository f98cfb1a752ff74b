import type { Env } from "../../env";
import { builtinAuth } from "./builtin";
import { clerkAuth } from "./clerk";
import type { AuthAdapter } from "./types";

export function clerkConfigured(env: Env): boolean {
  return Boolean(env.CLERK_JWT_KEY || env.CLERK_SECRET_KEY);
}

/** Clerk when its keys are configured, otherwise the built-in accounts. */
export function authAdapter(env: Env): AuthAdapter {
  return clerkConfigured(env) ? clerkAuth : builtinAuth;
}
