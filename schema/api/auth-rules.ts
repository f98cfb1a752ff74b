// The login rules without zod: /login must stay inside the initial-JS budget (docs/architecture.md, 150 KiB
// gzip), and zod plus a form library would add ~40 KiB to it. schema/api/auth.ts builds its zod
// schemas from these same constants, so the client and the Worker agree on every message.
export const MSG = {
  email: "Please enter a valid email",
  passwordMin: "Password must be at least 6 characters",
  passwordMax: "Password must be at most 200 characters",
  passwordsMatch: "Passwords don't match",
} as const;

/** A right password for an address not verified yet (the Worker's 403, and /login?error=email_not_verified). */
export const NOT_VERIFIED_MESSAGE = "Please verify your email before signing in. Check your inbox for the verification link, or send it again.";

/**
 * The failures /login's HTML form is sent back with, as /login?error=<code> (decision 326): the
 * Worker's form route answers only these, the page says only these.
 */
const LOGIN_FORM_ERRORS = ["invalid_input", "invalid_credentials", "email_not_verified", "rate_limited", "clerk_enabled"] as const;
export type LoginFormError = (typeof LOGIN_FORM_ERRORS)[number];
export const isLoginFormError = (code: unknown): code is LoginFormError => (LOGIN_FORM_ERRORS as readonly unknown[]).includes(code);

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 200;
export const EMAIL_MAX = 254;
// zod's email pattern (v4), so both sides accept the same addresses.
export const EMAIL_RE = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

function emailError(email: string): string | undefined {
  const v = email.trim();
  return v.length > EMAIL_MAX || !EMAIL_RE.test(v) ? MSG.email : undefined;
}

function passwordError(password: string): string | undefined {
  if (password.length < PASSWORD_MIN) return MSG.passwordMin;
  if (password.length > PASSWORD_MAX) return MSG.passwordMax;
  return undefined;
}

export type LoginErrors = { email?: string; password?: string };

export function loginErrors(values: { email: string; password: string }): LoginErrors {
  const errors: LoginErrors = {};
  const e = emailError(values.email);
  const p = passwordError(values.password);
  if (e) errors.email = e;
  if (p) errors.password = p;
  return errors;
}
