// Built-in accounts: sign up, password sign-in, magic links, password reset and sessions.
// Rules kept here: one-time mail tokens are stored hashed and consumed with a conditional update
// (a replayed or concurrent use finds nothing to claim); answers never reveal whether an email
// has an account (magic link and reset always answer the same; sign-up of a taken email mails the
// owner instead); sign-in and mail-sending calls are rate limited per email and per IP.
import { and, eq, gt, isNotNull, isNull, lte, ne, or } from "drizzle-orm";
import { authTokens, sessions, users } from "../../schema/db/auth";
import { SESSION_TTL_MS } from "../adapters/auth/session-cookie";
import type { MailAdapter, MailMessage } from "../adapters/mail/types";
import { MailError } from "../adapters/mail/types";
import type { Db } from "../lib/db";
import { ApiError, unauthorized } from "../lib/errors";
import { newId, randomToken, sha256Hex } from "../lib/ids";
import { hashPassword, verifyPassword } from "../lib/password";
import { enforceRateLimits, type Limit } from "../lib/rate-limit";
import { existingAccountMail, magicLinkMail, resetMail, verifyMail } from "./auth-mail";

export const MAGIC_LINK_TTL_MS = 15 * 60 * 1000;
export const VERIFY_LINK_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TTL_MS = 30 * 60 * 1000;
const WINDOW_MS = 15 * 60 * 1000;
// Per email: enough for a person who mistypes, too few for guessing or mail flooding.
export const LOGIN_PER_EMAIL = 10;
export const MAIL_PER_EMAIL = 5;
// Per IP: shared offices and NAT need headroom.
export const LOGIN_PER_IP = 50;
export const MAIL_PER_IP = 30;

export type AuthCtx = { db: Db; mail: MailAdapter; origin: string; ip: string | null };
export type SignedIn = { user: { id: string; email: string }; token: string };

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

const invalidCredentials = () => new ApiError(401, "invalid_credentials", "Invalid email or password");

async function limitLogin(ctx: AuthCtx, email: string) {
  const limits: Limit[] = [{ key: `login:email:${email}`, max: LOGIN_PER_EMAIL, windowMs: WINDOW_MS }];
  if (ctx.ip) limits.push({ key: `login:ip:${ctx.ip}`, max: LOGIN_PER_IP, windowMs: WINDOW_MS });
  await enforceRateLimits(ctx.db, limits);
}

async function limitMail(ctx: AuthCtx, kind: string, email: string) {
  const limits: Limit[] = [{ key: `mail:email:${email}`, max: MAIL_PER_EMAIL, windowMs: WINDOW_MS }];
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

export async function createSession(db: Db, userId: string): Promise<string> {
  const token = randomToken(32);
  const now = Date.now();
  await db.batch([
    // Expired sessions of this user are dead weight; dropping them here keeps the table small.
    db.delete(sessions).where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, now))),
    db.insert(sessions).values({ id: await sha256Hex(token), userId, createdAt: now, expiresAt: now + SESSION_TTL_MS }),
  ]);
  return token;
}

async function issueToken(db: Db, userId: string, kind: "magic_link" | "reset_password", ttlMs: number): Promise<string> {
  const token = randomToken(32);
  const now = Date.now();
  await db.batch([
    db.delete(authTokens).where(and(eq(authTokens.userId, userId), or(lte(authTokens.expiresAt, now), isNotNull(authTokens.usedAt)))),
    db.insert(authTokens).values({ id: await sha256Hex(token), userId, kind, expiresAt: now + ttlMs }),
  ]);
  return token;
}

/** Marks a one-time token used; returns its user id, or null when unknown, expired or used. */
async function consumeToken(db: Db, token: string, kind: "magic_link" | "reset_password"): Promise<string | null> {
  const now = Date.now();
  const row = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.id, await sha256Hex(token)), eq(authTokens.kind, kind), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now)))
    .returning({ userId: authTokens.userId })
    .get();
  return row?.userId ?? null;
}

const findUser = (db: Db, email: string) => db.select().from(users).where(eq(users.email, email)).get();

const magicUrl = (origin: string, token: string) => `${origin}/login?magic=${encodeURIComponent(token)}`;

export async function signup(ctx: AuthCtx, input: { email: string; password: string }): Promise<{ id: string; email: string }> {
  const email = normalizeEmail(input.email);
  await limitMail(ctx, "signup", email);
  const existing = await findUser(ctx.db, email);
  if (existing) {
    // Same answer as a new account; the owner learns about the attempt by mail.
    await send(ctx, existingAccountMail(email, `${ctx.origin}/reset-password`), "Something went wrong. Please try again.");
    return { id: existing.id, email };
  }
  const id = newId();
  const inserted = await ctx.db
    .insert(users)
    .values({ id, email, passwordHash: await hashPassword(input.password), emailVerified: false, createdAt: Date.now() })
    .onConflictDoNothing()
    .returning({ id: users.id })
    .get();
  if (!inserted) return { id: (await findUser(ctx.db, email))!.id, email };
  const token = await issueToken(ctx.db, id, "magic_link", VERIFY_LINK_TTL_MS);
  // Verification is offered, not required: sign-in works before the link is clicked.
  await send(ctx, verifyMail(email, magicUrl(ctx.origin, token)), "Something went wrong. Please try again.");
  return { id, email };
}

export async function login(ctx: AuthCtx, input: { email: string; password: string }): Promise<SignedIn> {
  const email = normalizeEmail(input.email);
  await limitLogin(ctx, email);
  const user = await findUser(ctx.db, email);
  const ok = await verifyPassword(input.password, user?.passwordHash);
  if (!user || !ok) throw invalidCredentials();
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

export async function verifyMagicLink(db: Db, token: string): Promise<SignedIn> {
  const userId = await consumeToken(db, token, "magic_link");
  if (!userId) throw new ApiError(400, "invalid_token", "This sign-in link is invalid or has expired");
  const user = await db.update(users).set({ emailVerified: true }).where(eq(users.id, userId)).returning({ id: users.id, email: users.email }).get();
  if (!user) throw new ApiError(400, "invalid_token", "This sign-in link is invalid or has expired");
  return { user, token: await createSession(db, user.id) };
}

export async function requestPasswordReset(ctx: AuthCtx, input: { email: string }): Promise<void> {
  const email = normalizeEmail(input.email);
  await limitMail(ctx, "reset", email);
  const user = await findUser(ctx.db, email);
  if (!user) return; // same answer as for a real account
  const token = await issueToken(ctx.db, user.id, "reset_password", RESET_TTL_MS);
  await send(ctx, resetMail(email, `${ctx.origin}/auth/update-password?token=${encodeURIComponent(token)}`), "Failed to send reset email");
}

/**
 * Sets a new password, authorised either by a reset token from mail or by the signed-in session.
 * A reset signs out every session of the user (the old password may be known to someone else);
 * a signed-in change keeps only the current session.
 */
export async function updatePassword(
  db: Db,
  input: { password: string; token?: string },
  caller: { userId: string; sessionId: string | null } | null,
): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  if (input.token) {
    const userId = await consumeToken(db, input.token, "reset_password");
    if (!userId) throw new ApiError(400, "invalid_token", "This password reset link is invalid or has expired");
    await db.batch([
      db.update(users).set({ passwordHash, emailVerified: true }).where(eq(users.id, userId)),
      db.delete(sessions).where(eq(sessions.userId, userId)),
    ]);
    return;
  }
  if (!caller) throw unauthorized("Open the link from your password reset email, or sign in first");
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

