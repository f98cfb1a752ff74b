// Connected social accounts of a project. Every function takes the caller's user id and checks
// ownership: another user's account or project answers 404 exactly like a missing one. Tokens
// never leave this module in any view (docs/architecture.md security rules).
import { and, desc, eq } from "drizzle-orm";
import { isPlatformId, platformMeta } from "../../../platforms/registry";
import { ADAPTERS, isSocialPlatform } from "../../../platforms/adapters";
import { socialAccounts } from "../../../schema/db/social";
import { posts } from "../../../schema/db/posts";
import { projectMembers } from "../../../schema/db/projects";
import type { SocialAccount } from "../../../schema/api/social";
import type { ServiceContext } from "../context";
import { notFound } from "../../lib/errors";
import { assertCan, ownedProject } from "../../lib/ownership";
import { canRenew, RECONNECT_REMINDER_MS } from "./credentials";

type AccountRow = typeof socialAccounts.$inferSelect;

/**
 * When the user must reconnect by: the expiry of a token we cannot renew once it is within the
 * reminder window (the dashboard notice and the mail, decision 196); null otherwise.
 */
function reconnectBy(row: AccountRow, nowMs = Date.now()): number | null {
  if (row.tokenStatus !== "active" || row.expiresAt == null || canRenew(row)) return null;
  return row.expiresAt - nowMs <= RECONNECT_REMINDER_MS ? row.expiresAt : null;
}

/** The handle from the network's own legacy column (rows written before platform_username). */
function legacyUsername(row: AccountRow): string | null {
  const legacy = isSocialPlatform(row.platform) ? ADAPTERS[row.platform].legacyColumns : undefined;
  return legacy ? row[legacy.username] : null;
}

export function toAccountView(row: AccountRow): SocialAccount {
  return {
    id: row.id,
    platform: row.platform,
    account_name: row.accountName,
    username: row.platformUsername ?? legacyUsername(row),
    created_at: row.createdAt,
    token_status: row.tokenStatus,
    expires_at: row.expiresAt,
    last_refresh: row.lastRefresh,
    max_length: isPlatformId(row.platform) ? (platformMeta(row.platform).rules.accountMaxLength?.(row.accountMeta ?? null) ?? null) : null,
    reconnect_by: reconnectBy(row),
  };
}

export async function listAccounts(ctx: ServiceContext, projectId: string): Promise<SocialAccount[]> {
  const { db } = ctx;
  await ownedProject(db, ctx.caller.id, projectId, "read");
  const rows = await db.select().from(socialAccounts).where(eq(socialAccounts.projectId, projectId)).orderBy(desc(socialAccounts.createdAt)).all();
  return rows.map(toAccountView);
}

/** Disconnect: deletes the project's scheduled posts of that platform, then the account. */
export async function disconnectAccount(ctx: ServiceContext, accountId: string): Promise<void> {
  const { db } = ctx;
  const userId = ctx.caller.id;
  const row = await db
    .select({ id: socialAccounts.id, projectId: socialAccounts.projectId, platform: socialAccounts.platform, role: projectMembers.role })
    .from(socialAccounts)
    .innerJoin(projectMembers, and(eq(projectMembers.projectId, socialAccounts.projectId), eq(projectMembers.userId, userId)))
    .where(eq(socialAccounts.id, accountId))
    .get();
  if (!row) throw notFound("Account not found");
  assertCan(row.role, "networks");
  await db.batch([
    db.delete(posts).where(and(eq(posts.projectId, row.projectId), eq(posts.platform, row.platform), eq(posts.status, "scheduled"))),
    db.delete(socialAccounts).where(eq(socialAccounts.id, row.id)),
  ]);
}
