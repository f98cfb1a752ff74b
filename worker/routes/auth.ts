import { Hono, type Context, type MiddlewareHandler } from "hono";
import {
  loginSchema,
  magicLinkSchema,
  magicLinkVerifySchema,
  resendVerificationSchema,
  resetPasswordSchema,
  signupRequestSchema,
  updatePasswordSchema,
  type SessionResponse,
} from "../../schema/api/auth";
import { isLoginFormError, type LoginFormError } from "../../schema/api/auth-rules";
import { clerkConfigured } from "../adapters/auth";
import { CLERK_SESSION_COOKIE, clearCookie, readCookie, SESSION_COOKIE, sessionCookie } from "../adapters/auth/session-cookie";
import { mailAdapter, mailConfigured } from "../adapters/mail";
import { isProduction, publicOrigin } from "../lib/app-config";
import type { AppEnv } from "../lib/context";
import { ApiError } from "../lib/errors";
import { sha256Hex } from "../lib/ids";
import { clientIp } from "../lib/rate-limit";
import { validate } from "../lib/validate";
import * as auth from "../services/auth";
import { describeRoute } from "../lib/openapi";
import { sessionResponse, signedInResponse } from "../../schema/api/auth-responses";
import { okMessageResponse, okResponse } from "../../schema/api/system-responses";

// With Clerk configured, accounts live in Clerk: only the session endpoint (and logout) apply.
const builtinOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (clerkConfigured(c.env)) throw new ApiError(404, "clerk_enabled", "Built-in sign-in is disabled: this app signs in through Clerk");
  await next();
};

function ctx(c: Context<AppEnv>): auth.AuthCtx {
  return { db: c.get("db"), mail: mailAdapter(c.env, c.get("db")), origin: publicOrigin(c.env, c.req.url), ip: clientIp(c.req, c.env) };
}

// What the HTML form of /login can be sent back with (/login?error=<code>; login-page.tsx shows
// docs/product-spec.md's message for it). Never the password, nor the address (decision 326).
const backToLogin = (code: LoginFormError) => `/login?error=${code}`;

/** A same-origin path of the app to land on after the form's sign-in; anything else is ignored. */
function landingPath(next: unknown, origin: string): string {
  if (typeof next !== "string" || !next.startsWith("/") || next.startsWith("//") || /[\\\s]/.test(next)) return "/dashboard";
  const url = new URL(next, origin);
  if (url.origin !== origin || url.pathname.startsWith("/api/") || url.pathname === "/login") return "/dashboard";
  return url.pathname + url.search + url.hash;
}

export const authRoutes = new Hono<AppEnv>()
  .get(
    "/session",
    describeRoute({ summary: "The signed-in user (or null) and the sign-in configuration", public: true, responses: { 200: sessionResponse } }),
    (c) => {
      const clerk = clerkConfigured(c.env);
      const body: SessionResponse = {
        user: c.get("user"),
        auth: {
          provider: clerk ? "clerk" : "builtin",
          ...(clerk && c.env.CLERK_PUBLISHABLE_KEY ? { clerkPublishableKey: c.env.CLERK_PUBLISHABLE_KEY } : {}),
          devOutbox: !isProduction(c.env) && !mailConfigured(c.env),
        },
      };
      c.header("Cache-Control", "no-store");
      return c.json(body);
    },
  )
  .post(
    "/signup",
    describeRoute({ summary: "Create an account (sends the verification email)", public: true, responses: { 201: okMessageResponse } }),
    builtinOnly,
    validate("json", signupRequestSchema),
    async (c) => {
      await auth.signup(ctx(c), c.req.valid("json"));
      return c.json({ ok: true as const, message: "Account created! Please check your email to verify your account." }, 201);
    },
  )
  .post(
    "/login",
    describeRoute({ summary: "Sign in with email and password (sets the session cookie)", public: true, responses: { 200: signedInResponse } }),
    builtinOnly,
    validate("json", loginSchema),
    async (c) => {
      const { user, token } = await auth.login(ctx(c), c.req.valid("json"));
      c.header("Set-Cookie", sessionCookie(c.env, token));
      return c.json({ user });
    },
  )
  // The pre-rendered /login form posts here when the app has not started yet (decision 326): the
  // same sign-in service (and so the same rate limits) as /login above, the same Origin check
  // (middleware/session.ts), the same cookie; it answers the browser with a 303, never JSON.
  .post(
    "/login/form",
    describeRoute({
      summary: "Sign in from /login's HTML form (no JavaScript): 303 to the app with the session cookie, or back to /login?error=<code>",
      public: true,
      responses: { 303: null },
    }),
    async (c) => {
      if (clerkConfigured(c.env)) return c.redirect(backToLogin("clerk_enabled"), 303);
      // A body that is not a form (or a broken one) is bad input like an empty form.
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      const input = loginSchema.safeParse({ email: form.email, password: form.password });
      if (!input.success) return c.redirect(backToLogin("invalid_input"), 303);
      try {
        const { token } = await auth.login(ctx(c), input.data);
        c.header("Set-Cookie", sessionCookie(c.env, token));
      } catch (err) {
        if (err instanceof ApiError && isLoginFormError(err.code)) return c.redirect(backToLogin(err.code), 303);
        throw err;
      }
      return c.redirect(landingPath(form.next, publicOrigin(c.env, c.req.url)), 303);
    },
  )
  .post(
    "/magic-link",
    describeRoute({ summary: "Email a sign-in link", public: true, responses: { 200: okMessageResponse } }),
    builtinOnly,
    validate("json", magicLinkSchema),
    async (c) => {
      await auth.requestMagicLink(ctx(c), c.req.valid("json"));
      return c.json({ ok: true as const, message: "Check your email for the magic link!" });
    },
  )
  .post(
    "/magic-link/verify",
    describeRoute({ summary: "Sign in with a magic link token (sets the session cookie)", public: true, responses: { 200: signedInResponse } }),
    builtinOnly,
    validate("json", magicLinkVerifySchema),
    async (c) => {
      const { user, token } = await auth.verifyMagicLink(c.get("db"), c.req.valid("json").token);
      c.header("Set-Cookie", sessionCookie(c.env, token));
      return c.json({ user });
    },
  )
  .post(
    "/reset-password",
    describeRoute({ summary: "Email a password reset link", public: true, responses: { 200: okMessageResponse } }),
    builtinOnly,
    validate("json", resetPasswordSchema),
    async (c) => {
      await auth.requestPasswordReset(ctx(c), c.req.valid("json"));
      return c.json({ ok: true as const, message: "Check your email for the password reset link" });
    },
  )
  .post(
    "/verify-email",
    describeRoute({ summary: "Send the email verification link again", public: true, responses: { 200: okMessageResponse } }),
    builtinOnly,
    validate("json", resendVerificationSchema),
    async (c) => {
      await auth.resendVerification(ctx(c), c.req.valid("json"));
      return c.json({ ok: true as const, message: "Check your email for the verification link" });
    },
  )
  .post(
    "/update-password",
    describeRoute({ summary: "Set a new password (reset token or signed-in session)", public: true, responses: { 200: okMessageResponse } }),
    builtinOnly,
    validate("json", updatePasswordSchema),
    async (c) => {
      const user = c.get("user");
      const cookie = readCookie(c.req.header("cookie") ?? null, SESSION_COOKIE);
      const caller = user ? { userId: user.id, sessionId: cookie ? await sha256Hex(cookie) : null } : null;
      await auth.updatePassword(c.get("db"), c.req.valid("json"), caller);
      return c.json({ ok: true as const, message: "Password updated successfully" });
    },
  )
  .post("/logout", describeRoute({ summary: "Sign out (ends the session, clears the cookie)", public: true, responses: { 200: okResponse } }), async (c) => {
    if (clerkConfigured(c.env)) {
      // Clerk's client signs out on its side; dropping the cookie makes this request's effect immediate.
      c.header("Set-Cookie", clearCookie(c.env, CLERK_SESSION_COOKIE));
      return c.json({ ok: true as const });
    }
    await auth.logout(c.get("db"), readCookie(c.req.header("cookie") ?? null, SESSION_COOKIE));
    c.header("Set-Cookie", clearCookie(c.env));
    return c.json({ ok: true as const });
  });
