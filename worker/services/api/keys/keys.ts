// A user's API keys (decision 211): created with a name, a project (or all), scopes and an
// optional expiry; the secret `bp_live_<random>` is answered once and only its SHA-256 is stored,
// so neither the table nor a backup can be replayed. Revoking is immediate: every request looks the
// key up by hash and refuses a revoked or expired one.
import { and, desc, eq, isNull } from "drizzle-orm";
import { apiKeys } from "../../../../schema/db/platform-api";
import { projects } from "../../../../schema/db/projects";
import { users } from "../../../../schema/db/auth";
import {
  API_KEY_PREFIX,
  API_KEY_TEXTS,
  API_SCOPES,
  type ApiKeyDto,
  type ApiScope,
  type CreateApiKeyInput,
  type CreatedApiKey,
} from "../../../../schema/api/api-keys";
import type { Db } from "../../../lib/db";
import { notFound, unauthorized } from "../../../lib/errors";
import { ownedProject } from "../../../lib/ownership";
import { newId, randomToken, sha256Hex } from "../../../lib/ids";
import type { ServiceContext } from "../../context";

/** The key a request came with, resolved: who it acts as and what it may do. */
export type KeyCaller = { id: string; userId: string; email: string; projectId: string | null; scopes: ApiScope[] };

type Row = typeof apiKeys.$inferSelect;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function parseScopes(text: string): ApiScope[] {
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) ? API_SCOPES.filter((s) => list.includes(s)) : [];
  } catch {
    return [];
  }
}

function toDto(row: Row, projectName: string | null): ApiKeyDto {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    project_id: row.projectId,
    project_name: projectName,
    scopes: parseScopes(row.scopes),
    expires_at: iso(row.expiresAt),
    last_used_at: iso(row.lastUsedAt),
    revoked_at: iso(row.revokedAt),
    created_at: new Date(row.createdAt).toISOString(),
  };
}

export async function createApiKey(ctx: ServiceContext, input: CreateApiKeyInput, now = Date.now()): Promise<CreatedApiKey> {
  const { db } = ctx;
  const userId = ctx.caller.id;
  // A key for one project needs that project to be the user's (404 exactly as a missing one).
  // Any member may make one (a Reviewer too): the key then acts with their role, never more (access.ts).
  const project = input.project_id ? await ownedProject(db, userId, input.project_id, "read") : null;
  const secret = `${API_KEY_PREFIX}${randomToken(32)}`;
  const row: Row = {
    id: newId(),
    userId,
    projectId: project?.id ?? null,
    name: input.name,
    prefix: secret.slice(0, API_KEY_PREFIX.length + 6),
    hash: await sha256Hex(secret),
    scopes: JSON.stringify(API_SCOPES.filter((s) => input.scopes.includes(s))),
    expiresAt: input.expires_at ? Date.parse(input.expires_at) : null,
    lastUsedAt: null,
    revokedAt: null,
    createdAt: now,
  };
  await db.insert(apiKeys).values(row);
  return { ...toDto(row, project?.name ?? null), key: secret };
}

/** The user's keys, newest first, revoked ones included (so the list shows what was revoked). */
export async function listApiKeys(ctx: ServiceContext): Promise<ApiKeyDto[]> {
  const { db } = ctx;
  const userId = ctx.caller.id;
  const rows = await db
    .select({ key: apiKeys, projectName: projects.name })
    .from(apiKeys)
    .leftJoin(projects, eq(projects.id, apiKeys.projectId))
    .where(eq(apiKeys.userId, userId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .all();
  return rows.map((r) => toDto(r.key, r.projectName));
}

export async function revokeApiKey(ctx: ServiceContext, keyId: string, now = Date.now()): Promise<ApiKeyDto> {
  const { db } = ctx;
  const userId = ctx.caller.id;
  const row = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning()
    .get();
  if (row) return toDto(row, null);
  // Already revoked: answer its current state; another user's key is 404 like a missing one.
  const existing = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId)))
    .get();
  if (!existing) throw notFound("API key not found");
  return toDto(existing, null);
}

/** The `Authorization: Bearer bp_live_...` secret of a request, if it carries one. */
export function bearerKey(header: string | undefined | null): string | null {
  const m = header?.match(/^Bearer\s+(\S+)$/i);
  return m && m[1]!.startsWith(API_KEY_PREFIX) ? m[1]! : null;
}

/** The live key for a secret, or 401 (unknown, revoked, expired, or its user gone/unverified). */
export async function authenticateApiKey(db: Db, secret: string, now = Date.now()): Promise<KeyCaller> {
  if (secret.length > 200) throw unauthorized(API_KEY_TEXTS.invalidKey);
  const row = await db
    .select({ key: apiKeys, email: users.email, verified: users.emailVerified })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.hash, await sha256Hex(secret)))
    .get();
  if (!row || row.key.revokedAt !== null || (row.key.expiresAt !== null && row.key.expiresAt <= now) || !row.verified) {
    throw unauthorized(API_KEY_TEXTS.invalidKey);
  }
  return { id: row.key.id, userId: row.key.userId, email: row.email, projectId: row.key.projectId, scopes: parseScopes(row.key.scopes) };
}
