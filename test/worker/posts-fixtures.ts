// Fixtures for the posts and publishing tests: connected accounts (tokens encrypted exactly as the
// social area stores them) and posts inserted directly in a given state.
import { env } from "cloudflare:workers";
import { encryptToken } from "../../worker/lib/token-crypto";

export async function connectAccount(
  projectId: string,
  platform: "twitter" | "instagram",
  opts: { accessToken?: string; platformUserId?: string; username?: string; expiresAt?: number | null } = {},
): Promise<{ accountId: string; platformUserId: string; accessToken: string }> {
  const accountId = crypto.randomUUID();
  const platformUserId = opts.platformUserId ?? `${platform}-${crypto.randomUUID().slice(0, 8)}`;
  const accessToken = opts.accessToken ?? `token-${crypto.randomUUID()}`;
  const username = opts.username ?? `brand_${platformUserId.slice(-6)}`;
  const enc = await encryptToken(env, accessToken);
  const refresh = platform === "twitter" ? await encryptToken(env, `refresh-${crypto.randomUUID()}`) : null;
  await env.DB.prepare(
    `insert into social_accounts (id, project_id, platform, account_name, access_token_enc, refresh_token_enc,
      twitter_user_id, twitter_username, instagram_user_id, instagram_username, expires_at, token_status, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'active', ?)`,
  )
    .bind(
      accountId,
      projectId,
      platform,
      username,
      enc,
      refresh,
      platform === "twitter" ? platformUserId : null,
      platform === "twitter" ? username : null,
      platform === "instagram" ? platformUserId : null,
      platform === "instagram" ? username : null,
      opts.expiresAt === undefined ? Date.now() + 2 * 3600_000 : opts.expiresAt,
      Date.now(),
    )
    .run();
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
};

export async function insertPost(projectId: string, s: PostState = {}): Promise<string> {
  const id = crypto.randomUUID();
  const now = Date.now();
  await env.DB.prepare(
    `insert into posts (id, project_id, platform, content, hashtags, scheduled_for, status, publish_attempts, last_attempt,
      platform_post_id, error_message, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
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
    )
    .run();
  return id;
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
