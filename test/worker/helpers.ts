// Test helpers for worker tests: a signed-in user made directly in D1 (a user row, a session
// whose id is the SHA-256 of the cookie token, and the default project), and request shortcuts.
import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";
import { SESSION_COOKIE } from "../../worker/adapters/auth/session-cookie";
import { sha256Hex } from "../../worker/lib/ids";
import type { Caller } from "../../worker/lib/caller";
import { getDb } from "../../worker/lib/db";
import type { ServiceContext } from "../../worker/services/context";
import type { Env } from "../../worker/env";
import type { GeneratedPost } from "../../schema/api/campaigns";
import { ERRORS, isErrorCode } from "../../schema/api/errors";

export const ORIGIN = "http://localhost";

export type TestUser = {
  userId: string;
  email: string;
  projectId: string;
  cookie: string;
  /** Headers for a same-origin request of this user (cookie + Origin + JSON). */
  headers: Record<string, string>;
};

export async function signIn(email = `user-${crypto.randomUUID().slice(0, 8)}@example.com`): Promise<TestUser> {
  const userId = crypto.randomUUID();
  const projectId = crypto.randomUUID();
  const token = crypto.randomUUID() + crypto.randomUUID();
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare("insert into users (id, email, email_verified, created_at) values (?, ?, 1, ?)").bind(userId, email, now),
    env.DB.prepare("insert into sessions (id, user_id, created_at, expires_at) values (?, ?, ?, ?)").bind(
      await sha256Hex(token),
      userId,
      now,
      now + 86_400_000,
    ),
    env.DB.prepare(
      "insert into projects (id, user_id, name, industry, brand_voice, description, has_seen_onboarding, created_at, updated_at) values (?, ?, 'My First Project', 'Technology', 'Professional & Friendly', 'Getting started with my social media management', 0, ?, ?)",
    ).bind(projectId, userId, now, now),
  ]);
  const cookie = `${SESSION_COOKIE}=${token}`;
  return { userId, email, projectId, cookie, headers: { cookie, origin: ORIGIN, "content-type": "application/json" } };
}

/** fetch against the Worker under test. */
export function call(path: string, init: RequestInit = {}): Promise<Response> {
  return exports.default.fetch(new Request(new URL(path, ORIGIN), init));
}

export function json(user: TestUser | null, method: string, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = user ? { ...user.headers } : { origin: ORIGIN, "content-type": "application/json" };
  return call(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** Asserts the docs/architecture.md error shape and returns it. */
export async function expectError(res: Response, status: number) {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } };
  if (typeof body?.error?.code !== "string" || typeof body.error.message !== "string") {
    throw new Error(`not the error shape: ${JSON.stringify(body)}`);
  }
  // Codes are a closed set, each with one status (schema/api/errors.ts, decision 210).
  if (!isErrorCode(body.error.code)) throw new Error(`error code outside the closed set: ${body.error.code}`);
  if (ERRORS[body.error.code].status !== status)
    throw new Error(`code ${body.error.code} answered with ${status}, its status is ${ERRORS[body.error.code].status}`);
  return body.error;
}

/** The public origin of the production configuration used in tests (production requires https). */
export const PROD_ORIGIN = "https://app.example.test";

/**
 * A complete production configuration: APP_ENV production with every setting production
 * requires (public origin, token key, mail API pointing at the fake mail server).
 */
export function productionEnv(overrides: Partial<typeof env> = {}): typeof env {
  return {
    ...env,
    APP_ENV: "production",
    APP_ORIGIN: PROD_ORIGIN,
    TOKEN_ENCRYPTION_KEY: "prod-test-key-0123456789abcdef0123456789",
    MAIL_API_URL: `${env.FAKES_URL}/mail/emails`,
    MAIL_API_KEY: "test-mail-key",
    MAIL_FROM: "Brandpilot <hello@example.test>",
    ...overrides,
  };
}

/** The Project the API answers for a project `user` owns, made from these details (a fresh project's defaults). */
export function ownedProjectShape(user: TestUser, details: Record<string, unknown>) {
  return {
    user_id: user.userId,
    ...details,
    has_seen_onboarding: false,
    user_email: user.email,
    created_at: expect.any(Number),
    role: "owner",
    approvals_required: false,
    owner_posts_need_review: false,
    brand_color: null,
  };
}

/** The service context of a signed-in user (worker/services/context.ts), for a test that calls a service directly. */
export function serviceCtx(user: { userId: string; email: string }, e: Env = env): ServiceContext {
  return { db: getDb(e.DB), env: e, caller: { id: user.userId, email: user.email, key: null } };
}

/** The context of a read that checks its caller in its own batch (decision 162). */
export function readCtx(userId: string): ServiceContext<Caller> {
  return { db: getDb(env.DB), env, caller: { userId } };
}

/** SQLite's plan for a statement, its steps joined by " | " (to check that a read uses an index). */
export async function queryPlan(q: string, ...binds: unknown[]): Promise<string> {
  const rows = await env.DB.prepare(`explain query plan ${q}`)
    .bind(...binds)
    .all<{ detail: string }>();
  return rows.results.map((r) => r.detail).join(" | ");
}

/** A generated draft as the client sends it back to save a campaign (its sources and image kept). */
export const campaignPostOf = (p: GeneratedPost) => ({
  content: p.content,
  hashtags: p.hashtags,
  platform: p.platform,
  scheduled_for: p.scheduled_for,
  sources: p.sources,
  media_info: p.media_info ?? null,
});
