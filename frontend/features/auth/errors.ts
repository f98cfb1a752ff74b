import { ApiRequestError } from "../../lib/api";

/** The spec's toast for a failed auth call, except that rate limiting says so (429 message). */
export function authErrorText(err: unknown, fallback: string): string {
  if (err instanceof ApiRequestError && err.code === "rate_limited") return err.message;
  return fallback;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Delay between a successful sign-in and leaving /login (spec section 9). */
export const POST_LOGIN_DELAY_MS = 500;
