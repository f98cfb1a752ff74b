// Fixtures for the posts and publishing tests: connected accounts (tokens encrypted exactly as the
// social area stores them) and posts inserted directly in a given state.
import { env } from "cloudflare:workers";
import type { PublishJob } from "../../worker/env";
import { encryptToken } from "../../worker/lib/token-crypto";
import { asc, eq, sql } from "drizzle-orm";
import { getDb, plainBatch } from "../../worker/lib/db";
import { campaigns, posts } from "../../schema/db/posts";
import { newPostRow, toPostDto } from "../../worker/services/posts/posts";
import { postListJsonQuery } from "../../worker/services/posts/json";

/** Stores an active connected account the way the social area does (tokens encrypted). */
async function insertAccount(
  projectId: string,
  platform: "twitter" | "instagram",
  a: { platformUserId: string; username: string; accessToken: string; refreshToken: string | null; expiresAt: number | null },
): Promise<string> {
  const accountId = crypto.randomUUID();
  const enc = await encryptToken(env, a.accessToken);
  const refresh = a.refreshToken ? await encryptToken(env, a.refreshToken) : null;
  await env.DB.prepare(
    `insert into social_accounts (id, project_id, platform, account_name, access_token_enc, refresh_token_enc,
      twitter_user_id, twitter_username, instagram_user_id, instagram_username, expires_at, token_status, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'active', ?)`,
  )
    .bind(
      accountId,
      projectId,
      platform,
      a.username,
      enc,
      refresh,
      platform === "twitter" ? a.platformUserId : null,
      platform === "twitter" ? a.username : null,
      platform === "instagram" ? a.platformUserId : null,
      platform === "instagram" ? a.username : null,
      a.expiresAt,
      Date.now(),
    )
    .run();
  return accountId;
}

export async function connectAccount(
  projectId: string,
  platform: "twitter" | "instagram",
  opts: { accessToken?: string; platformUserId?: string; username?: string; expiresAt?: number | null } = {},
): Promise<{ accountId: string; platformUserId: string; accessToken: string }> {
  const platformUserId = opts.platformUserId ?? `${platform}-${crypto.randomUUID().slice(0, 8)}`;
  const accessToken = opts.accessToken ?? `token-${crypto.randomUUID()}`;
  const username = opts.username ?? `brand_${platformUserId.slice(-6)}`;
  const accountId = await insertAccount(projectId, platform, {
    platformUserId,
    username,
    accessToken,
    refreshToken: platform === "twitter" ? `refresh-${crypto.randomUUID()}` : null,
    expiresAt: opts.expiresAt === undefined ? Date.now() + 2 * 3600_000 : opts.expiresAt,
  });
  return { accountId, platformUserId, accessToken };
}

export type PostState = {
  platform?: string;
  content?: string;
  hashtags?: string[];
  scheduledFor?: number;
  status?: "scheduled" | "publishing" | "published" | "failed";
  publishAttempts?: number;
  lastAttempt?: number | null;
  platformPostId?: string | null;
  errorMessage?: string | null;
  createdAt?: number;
  mediaUrl?: string | null;
};

export async function insertPost(projectId: string, s: PostState = {}): Promise<string> {
  const id = crypto.randomUUID();
  const now = Date.now();
  await env.DB.prepare(
    `insert into posts (id, project_id, platform, content, hashtags, scheduled_for, status, publish_attempts, last_attempt,
      platform_post_id, error_message, created_at, updated_at, media_url) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      id,
      projectId,
      s.platform ?? "twitter",
      s.content ?? `Post ${id}`,
      JSON.stringify(s.hashtags ?? []),
      s.scheduledFor ?? now - 1000,
      s.status ?? "scheduled",
      s.publishAttempts ?? 0,
      s.lastAttempt ?? null,
      s.platformPostId ?? null,
      s.errorMessage ?? null,
      s.createdAt ?? now - 5000,
      now,
      s.mediaUrl ?? null,
    )
    .run();
  return id;
}

/** A post already claimed by a tick at `claimedAt` (status publishing, 1 attempt), with its queue job. */
export async function claimedPost(projectId: string, content: string, { claimedAt = Date.now() - 1000, ...extra }: PostState & { claimedAt?: number } = {}) {
  const id = await insertPost(projectId, {
    content,
    status: "publishing",
    publishAttempts: 1,
    lastAttempt: claimedAt,
    scheduledFor: claimedAt - 1000,
    ...extra,
  });
  return { id, job: { postId: id, claimedAt } satisfies PublishJob };
}

export type PostRowRaw = {
  id: string;
  status: string;
  publish_attempts: number;
  last_attempt: number | null;
  published_at: number | null;
  error_message: string | null;
  platform_post_id: string | null;
  scheduled_for: number;
  platform: string;
  content: string;
};

export async function readPost(id: string): Promise<PostRowRaw | null> {
  return env.DB.prepare("select * from posts where id = ?").bind(id).first<PostRowRaw>();
}

export async function waitFor<T>(fn: () => Promise<T | null | undefined | false>, timeoutMs = 10_000, stepMs = 50): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() - start > timeoutMs) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, stepMs));
  }
}

const SANDBOX_CLIENT = { twitter: "sandbox-x-client", instagram: "sandbox-instagram-client" } as const;

/**
 * A real sandbox account connected to the project: approves the sandbox's authorize page as
 * `username`, exchanges the code with the real adapter and stores the encrypted tokens.
 */
export async function connectSandboxAccount(
  projectId: string,
  platform: "twitter" | "instagram",
  username = `u${crypto.randomUUID().replace(/-/g, "").slice(0, 12)}`,
): Promise<{ accountId: string; platformUserId: string; username: string }> {
  const { platformFor } = await import("../../platforms/adapters");
  const { base64url } = await import("../../worker/lib/ids");
  const base = env.FAKES_URL.replace(/\/+$/, "");
  const redirectUri = `http://localhost/auth/${platform}/callback`;
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const challenge = base64url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))));
  const form = new URLSearchParams({
    response_type: "code",
    client_id: SANDBOX_CLIENT[platform],
    redirect_uri: redirectUri,
    state: `${platform}_fixture`,
    decision: "approve",
    username,
  });
  if (platform === "twitter") {
    form.set("code_challenge", challenge);
    form.set("code_challenge_method", "S256");
  }
  const path = platform === "twitter" ? "/x/i/oauth2/authorize" : "/instagram/oauth/authorize";
  const approved = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form.toString(),
    redirect: "manual",
  });
  const code = new URL(approved.headers.get("location")!).searchParams.get("code");
  if (!code) throw new Error(`sandbox did not approve: ${approved.status}`);
  const tokens = await platformFor(env, platform).exchangeCode({ code, redirectUri, codeVerifier: platform === "twitter" ? verifier : undefined });
  const accountId = await insertAccount(projectId, platform, {
    platformUserId: tokens.account.id,
    username: tokens.account.username,
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken ?? null,
    expiresAt: tokens.expiresAt,
  });
  return { accountId, platformUserId: tokens.account.id, username };
}

const prefixOf = (platform: "twitter" | "instagram") => (platform === "twitter" ? "/x" : "/instagram");

export async function sandboxControl(platform: "twitter" | "instagram", body: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${env.FAKES_URL.replace(/\/+$/, "")}${prefixOf(platform)}/_control`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`sandbox control failed: ${await res.text()}`);
}

export type SandboxItem = { id: string; account_id: string; username: string; text: string; image_url: string | null };

/** Everything the sandbox has published for one account (by username). */
export async function sandboxPosts(platform: "twitter" | "instagram", username: string): Promise<SandboxItem[]> {
  const res = await fetch(`${env.FAKES_URL.replace(/\/+$/, "")}${prefixOf(platform)}/_state?account=${encodeURIComponent(username)}`);
  return ((await res.json()) as { items: SandboxItem[] }).items;
}

/**
 * Inserts (through drizzle, as the app writes) one post of a new campaign with every column filled,
 * its text full of what JSON must escape (quotes, control characters, U+2028, "</script>", non-ASCII):
 * the row that the tests of SQLite-written JSON (post-json, calendar) compare byte for byte.
 */
export async function insertPostWithEveryColumn(projectId: string): Promise<void> {
  const db = getDb(env.DB);
  const campaignId = crypto.randomUUID();
  await db.insert(campaigns).values({
    id: campaignId,
    projectId,
    prompt: "p",
    postCount: 1,
    duration: 7,
    platforms: ["instagram"],
    startDate: "2026-01-01",
    startTime: "09:00",
    timeZone: "UTC",
    createdAt: Date.now(),
  });
  const row = newPostRow(
    projectId,
    {
      platform: "instagram",
      content: `Line "one"\nline\ttwo \\ back\u0001slash — café 🚀 \u2028 </script> ${"x".repeat(300)}`,
      hashtags: ["#café", 'a"b', "🚀"],
      scheduledFor: Date.UTC(2027, 5, 1, 8, 30, 0, 7),
      mediaInfo: { url: "/media/abcdefghijklmnop", file_name: 'photo "1".jpg', file_type: "image/jpeg", file_size: 123_456 },
      mediaUrl: "https://app.example/media/abcdefghijklmnop",
      imagePrompt: 'A cup of coffee, "warm" light',
      seriesId: crypto.randomUUID(),
      messageId: crypto.randomUUID(),
      sources: [
        { segment_id: "s1", document_id: "d1", document_title: 'Brand "book"', content: "We roast on Mondays.\nAlways." },
        { segment_id: "s2", document_id: "d2", document_title: "Über uns", content: "Ünïcödé ✓" },
      ],
    },
    campaignId,
    Date.UTC(2026, 10, 24, 12, 0, 0, 999),
  );
  await db.insert(posts).values({
    ...row,
    status: "failed",
    publishAttempts: 3,
    lastAttempt: Date.UTC(2027, 5, 1, 8, 31, 2, 40),
    publishedAt: Date.UTC(2027, 5, 1, 8, 31, 2, 41),
    errorMessage: 'Refused: "duplicate"\n',
    platformPostId: "1234567890",
  });
}

/** A project's posts read both ways, in the calendar's order (scheduled_for, ties in insertion
 * (rowid) order): through toPostDto, and as SQLite's JSON rows of the same posts. */
export async function readPostsBothWays(projectId: string, item: "post" | "calendar") {
  const db = getDb(env.DB);
  const where = eq(posts.projectId, projectId);
  const rows = await db
    .select()
    .from(posts)
    .where(where)
    .orderBy(asc(posts.scheduledFor), sql`rowid`);
  const [jsonRows] = await plainBatch(db, [postListJsonQuery(db, where, 5000, item)]);
  return { dto: rows.map(toPostDto), jsonRows: jsonRows! };
}
