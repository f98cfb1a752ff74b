// Built-in accounts: sign up, password sign-in, magic links, password reset and sessions.
// Rules kept here: one-time mail tokens are stored hashed and consumed with a conditional update
// (a replayed or concurrent use finds nothing to claim); answers never reveal whether an email
// has an account, in content or in time (sign-up, reset, magic link and resend do the same work
// and send exactly one mail whatever the address); an account is used only after its address is
// verified, and the moment it is verified every session and any password set before it by a
// magic link end (closes pre-registration takeover, docs/decisions/130); failed sign-ins are
// throttled per (address, source) and per source, so guessing from elsewhere cannot lock the
// owner out; mail-sending calls are rate limited per address and per IP.
import { and, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql } from "drizzle-orm";
import { authTokens, sessions, users } from "../../../schema/db/auth";
import { NOT_VERIFIED_MESSAGE } from "../../../schema/api/auth-rules";
import { SESSION_TTL_MS } from "../../adapters/auth/session-cookie";
import type { MailAdapter, MailMessage } from "../../adapters/mail/types";
import { MailError } from "../../adapters/mail/types";
import type { Db } from "../../lib/db";
import { ApiError, unauthorized } from "../../lib/errors";
import { newId, randomToken, sha256Hex } from "../../lib/ids";
import { hashPassword, verifyPassword } from "../../lib/password";
import { enforceRateLimits, type Limit } from "../../lib/rate-limit";
import { existingAccountMail, magicLinkMail, noAccountMail, resetMail, verifyMail } from "./mail";

const MAGIC_LINK_TTL_MS = 15 * 60 * 1000;
const VERIFY_LINK_TTL_MS = 24 * 60 * 60 * 1000;
const RESET_TTL_MS = 30 * 60 * 1000;
const WINDOW_MS = 15 * 60 * 1000;
// Per (email, source): enough for a person who mistypes, too few for guessing. Keyed by the pair,
// so failures from an attacker's address never lock out the owner signing in from elsewhere.
const LOGIN_PER_EMAIL = 10;
const MAIL_PER_EMAIL = 5;
// Per IP: shared offices and NAT need headroom.
const LOGIN_PER_IP = 50;
const MAIL_PER_IP = 30;

/**
 * What the public sign-in routes run with. These run before a caller exists (sign-up, sign-in,
 * magic and reset links, logout by cookie), so they take this narrower context, not the service
 * context (docs/decisions/315-one-service-context.md); signed-in account deletion takes it.
 */
export type AuthCtx = { db: Db; mail: MailAdapter; origin: string; ip: string | null };
export type SignedIn = { user: { id: string; email: string }; token: string };

const normalizeEmail = (email: string) => email.trim().toLowerCase();

const invalidCredentials = () => new ApiError(401, "invalid_credentials", "Invalid email or password");
const CURRENT_PASSWORD_MESSAGE = "Current password is incorrect";

/** Rate-limit keys that name an address (account deletion removes them with the account). */
export const loginKeyPrefix = (email: string) => `login:email:${email}|`;
export const mailKey = (email: string) => `mail:email:${email}`;

async function limitLogin(ctx: AuthCtx, email: string) {
  const limits: Limit[] = [{ key: `${loginKeyPrefix(email)}ip:${ctx.ip ?? "local"}`, max: LOGIN_PER_EMAIL, windowMs: WINDOW_MS }];
  if (ctx.ip) limits.push({ key: `login:ip:${ctx.ip}`, max: LOGIN_PER_IP, windowMs: WINDOW_MS });
  await enforceRateLimits(ctx.db, limits);
}

async function limitMail(ctx: AuthCtx, kind: string, email: string) {
  const limits: Limit[] = [{ key: mailKey(email), max: MAIL_PER_EMAIL, windowMs: WINDOW_MS }];
  if (ctx.ip) limits.push({ key: `mail:${kind}:ip:${ctx.ip}`, max: MAIL_PER_IP, windowMs: WINDOW_MS });
  await enforceRateLimits(ctx.db, limits);
}

async function send(ctx: AuthCtx, message: MailMessage, failure: string) {
  try {
    await ctx.mail.send(message);
  } catch (err) {
    if (!(err instanceof MailError)) throw err;
    console.error("mail failed", err.message);
    throw new ApiError(502, "mail_failed", failure);
  }
}

async function createSession(db: Db, userId: string): Promise<string> {
  const token = randomToken(32);
  const now = Date.now();
  await db.batch([
    // Expired sessions of this user are dead weight; dropping them here keeps the table small.
    db.delete(sessions).where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, now))),
    db.insert(sessions).values({ id: await sha256Hex(token), userId, createdAt: now, expiresAt: now + SESSION_TTL_MS }),
  ]);
  return token;
}

type TokenKind = "magic_link" | "verify_email" | "reset_password";

async function issueToken(db: Db, userId: string, kind: TokenKind, ttlMs: number): Promise<string> {
  const token = randomToken(32);
  const now = Date.now();
  const stale = or(lte(authTokens.expiresAt, now), isNotNull(authTokens.usedAt));
  await db.batch([
    // A new verification link replaces the older ones: only the latest sign-up's password can be confirmed.
    db.delete(authTokens).where(and(eq(authTokens.userId, userId), kind === "verify_email" ? or(stale, eq(authTokens.kind, "verify_email")) : stale)),
    db.insert(authTokens).values({ id: await sha256Hex(token), userId, kind, expiresAt: now + ttlMs }),
  ]);
  return token;
}

/** Marks a one-time token used; returns its user id and kind, or null when unknown, expired or used. */
async function consumeToken(db: Db, token: string, kinds: TokenKind[]): Promise<{ userId: string; kind: TokenKind } | null> {
  const now = Date.now();
  const row = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.id, await sha256Hex(token)), inArray(authTokens.kind, kinds), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now)))
    .returning({ userId: authTokens.userId, kind: authTokens.kind })
    .get();
  return row ?? null;
}

/**
 * As many database round trips as the other branch spends on writes (each also drops this
 * user's expired tokens), so an answer's timing does not tell which branch ran.
 */
async function matchingWork(db: Db, userId: string | null, roundTrips: number): Promise<void> {
  for (let i = 0; i < roundTrips; i++) {
    await db.batch([db.delete(authTokens).where(and(eq(authTokens.userId, userId ?? ""), lte(authTokens.expiresAt, Date.now()))), db.run(sql`select 1`)]);
  }
}

const findUser = (db: Db, email: string) => db.select().from(users).where(eq(users.email, email)).get();

const magicUrl = (origin: string, token: string) => `${origin}/login?magic=${encodeURIComponent(token)}`;

export async function signup(ctx: AuthCtx, input: { email: string; password: string }): Promise<void> {
  const email = normalizeEmail(input.email);
  await limitMail(ctx, "signup", email);
  // Hashed whatever happens next: the PBKDF2 cost must not tell a new address from a taken one.
  const passwordHash = await hashPassword(input.password);
  const existing = await findUser(ctx.db, email);
  if (existing?.emailVerified) {
    // Same answer as a new account and nothing changes; the owner learns about the attempt by mail.
    await matchingWork(ctx.db, existing.id, 2); // a new account: insert + token
    await send(ctx, existingAccountMail(email, `${ctx.origin}/reset-password`), "Something went wrong. Please try again.");
    return;
  }
  let userId = existing?.id;
  if (existing) {
    // Not verified yet: nobody has proven this mailbox, so the latest sign-up's password is the
    // pending one and only its (new) link can confirm it; older links stop working.
    await ctx.db
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, existing.id), eq(users.emailVerified, false)));
  } else {
    userId = newId();
    const inserted = await ctx.db
      .insert(users)
      .values({ id: userId, email, passwordHash, emailVerified: false, createdAt: Date.now() })
      .onConflictDoNothing()
      .returning({ id: users.id })
      .get();
    if (!inserted) userId = (await findUser(ctx.db, email))!.id;
  }
  const token = await issueToken(ctx.db, userId!, "verify_email", VERIFY_LINK_TTL_MS);
  await send(ctx, verifyMail(email, magicUrl(ctx.origin, token)), "Something went wrong. Please try again.");
}

export async function login(ctx: AuthCtx, input: { email: string; password: string }): Promise<SignedIn> {
  const email = normalizeEmail(input.email);
  await limitLogin(ctx, email);
  const user = await findUser(ctx.db, email);
  const ok = await verifyPassword(input.password, user?.passwordHash);
  if (!user || !ok) throw invalidCredentials();
  // Only the right password learns that the address still needs verifying.
  if (!user.emailVerified) throw new ApiError(403, "email_not_verified", NOT_VERIFIED_MESSAGE);
  return { user: { id: user.id, email: user.email }, token: await createSession(ctx.db, user.id) };
}

export async function requestMagicLink(ctx: AuthCtx, input: { email: string }): Promise<void> {
  const email = normalizeEmail(input.email);
  await limitMail(ctx, "magic", email);
  // First use creates the account (no password; the link proves the mailbox).
  await ctx.db.insert(users).values({ id: newId(), email, emailVerified: false, createdAt: Date.now() }).onConflictDoNothing();
  const user = (await findUser(ctx.db, email))!;
  const token = await issueToken(ctx.db, user.id, "magic_link", MAGIC_LINK_TTL_MS);
  await send(ctx, magicLinkMail(email, magicUrl(ctx.origin, token)), "Failed to send magic link");
}

/** Sends the verification link again (same answer and work for every address). */
export async function resendVerification(ctx: AuthCtx, input: { email: string }): Promise<void> {
  const email = normalizeEmail(input.email);
  await limitMail(ctx, "verify", email);
  const user = await findUser(ctx.db, email);
  if (user && !user.emailVerified) {
    const token = await issueToken(ctx.db, user.id, "verify_email", VERIFY_LINK_TTL_MS);
    await send(ctx, verifyMail(email, magicUrl(ctx.origin, token)), "Failed to send verification email");
    return;
  }
  await matchingWork(ctx.db, user?.id ?? null, 1); // the token
  const mail = user ? existingAccountMail(email, `${ctx.origin}/reset-password`) : noAccountMail(email, `${ctx.origin}/signup`);
  await send(ctx, mail, "Failed to send verification email");
}

/**
 * Signs in with a mailed link: a magic link or the verification link sent at sign-up.
 * When it verifies the address, every session of the account ends, and so does a password set
 * before it, unless this is the latest sign-up's own verification link (which confirms exactly
 * the password that sign-up chose). Someone who signed up with another person's address thus
 * keeps nothing once the owner proves the mailbox.
 */
export async function verifyMagicLink(db: Db, token: string): Promise<SignedIn> {
  const invalid = () => new ApiError(400, "invalid_token", "This sign-in link is invalid or has expired");
  const claimed = await consumeToken(db, token, ["magic_link", "verify_email"]);
  if (!claimed) throw invalid();
  const before = await db.select({ emailVerified: users.emailVerified }).from(users).where(eq(users.id, claimed.userId)).get();
  if (!before) throw invalid();
  if (!before.emailVerified) {
    const keepPassword = claimed.kind === "verify_email";
    await db.batch([
      db
        .update(users)
        .set(keepPassword ? { emailVerified: true } : { emailVerified: true, passwordHash: null })
        .where(eq(users.id, claimed.userId)),
      db.delete(sessions).where(eq(sessions.userId, claimed.userId)),
      // Other outstanding links were sent before the mailbox was proven: they die too.
      db.delete(authTokens).where(and(eq(authTokens.userId, claimed.userId), isNull(authTokens.usedAt))),
    ]);
  }
  const user = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, claimed.userId)).get();
  if (!user) throw invalid();
  return { user, token: await createSession(db, user.id) };
}

export async function requestPasswordReset(ctx: AuthCtx, input: { email: string }): Promise<void> {
  const email = normalizeEmail(input.email);
  await limitMail(ctx, "reset", email);
  const user = await findUser(ctx.db, email);
  if (!user) {
    // Same answer, work and one mail as for a real account (the mail says there is none).
    await matchingWork(ctx.db, null, 1); // the token
    await send(ctx, noAccountMail(email, `${ctx.origin}/signup`), "Failed to send reset email");
    return;
  }
  const token = await issueToken(ctx.db, user.id, "reset_password", RESET_TTL_MS);
  await send(ctx, resetMail(email, `${ctx.origin}/auth/update-password?token=${encodeURIComponent(token)}`), "Failed to send reset email");
}

/**
 * Sets a new password, authorised either by a reset token from mail or by the signed-in session.
 * A reset signs out every session of the user (the old password may be known to someone else);
 * a signed-in change needs the current password (a borrowed session must not lock the owner
 * out) and keeps only the current session. An account without a password (magic link only)
 * sets its first one with the session alone.
 */
export async function updatePassword(
  db: Db,
  input: { password: string; token?: string; currentPassword?: string },
  caller: { userId: string; sessionId: string | null } | null,
): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  if (input.token) {
    const claimed = await consumeToken(db, input.token, ["reset_password"]);
    if (!claimed) throw new ApiError(400, "invalid_token", "This password reset link is invalid or has expired");
    await db.batch([
      db.update(users).set({ passwordHash, emailVerified: true }).where(eq(users.id, claimed.userId)),
      db.delete(sessions).where(eq(sessions.userId, claimed.userId)),
    ]);
    return;
  }
  if (!caller) throw unauthorized("Open the link from your password reset email, or sign in first");
  const user = await db.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.id, caller.userId)).get();
  if (!user) throw unauthorized();
  if (user.passwordHash) {
    // Guesses of the current password count like sign-in attempts.
    await enforceRateLimits(db, [{ key: `${loginKeyPrefix(user.email)}session`, max: LOGIN_PER_EMAIL, windowMs: WINDOW_MS }]);
    if (!input.currentPassword || !(await verifyPassword(input.currentPassword, user.passwordHash))) {
      throw new ApiError(400, "invalid_input", CURRENT_PASSWORD_MESSAGE, { currentPassword: CURRENT_PASSWORD_MESSAGE });
    }
  }
  const keep = caller.sessionId ? ne(sessions.id, caller.sessionId) : undefined;
  await db.batch([
    db.update(users).set({ passwordHash }).where(eq(users.id, caller.userId)),
    db.delete(sessions).where(and(eq(sessions.userId, caller.userId), keep)),
  ]);
}

/** Revokes the session behind a cookie token (no-op when unknown). */
export async function logout(db: Db, token: string | null): Promise<void> {
  if (!token) return;
  await db.delete(sessions).where(eq(sessions.id, await sha256Hex(token)));
}
