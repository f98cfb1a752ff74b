// Public surface of the social area for publishing: a usable access token for a project's account.
// Refresh rule: X refresh tokens are single-use, so two concurrent refreshes of one account would
// make the second fail (and X may then revoke the whole grant). Exactly ONE refresh per account
// runs at a time: a caller takes a lease with a conditional UPDATE on refresh_lock_until (only
// succeeds when no live lease exists and the token is still the one it read); everyone else polls
// and re-reads the refreshed token. A refresh never overwrites a refresh token with an empty value.
import { and, asc, desc, eq, isNotNull, isNull, lt, lte, ne, or } from "drizzle-orm";
import { socialAccounts } from "../../../schema/db/social";
import { emitEvent } from "../api/webhooks";
import type { Db } from "../../lib/db";
import type { Env } from "../../env";
import { badRequest } from "../../lib/errors";
import { decryptToken, encryptToken } from "../../lib/token-crypto";
import { ADAPTERS, platformFor, type SocialPlatform } from "../../../platforms/adapters";
import { networkName, networkShortName } from "../../../platforms/registry";
import { PlatformError } from "../../../platforms/shared/adapter";
import { projects } from "../../../schema/db/projects";
import { users } from "../../../schema/db/auth";
import { mailAdapter } from "../../adapters/mail";
import { reconnectReminderMail } from "./mail";

export type PublishingCredentials = {
  accountId: string;
  platformUserId: string;
  accessToken: string;
  /** What the network needs beyond the token (a server of a network of many); pass to platformFor. */
  accountMeta: Record<string, unknown> | null;
};

type AccountRow = typeof socialAccounts.$inferSelect;

const LEASE_MS = 45_000;
const WAIT_LIMIT_MS = 60_000;
/** How long before expiry each network's token is refreshed (its adapter module says). */
const REFRESH_WINDOW_MS = Object.fromEntries(Object.entries(ADAPTERS).map(([id, m]) => [id, m.refreshWindowMs])) as Record<SocialPlatform, number>;

// Messages name a network by the registry: its full name first, its short name after (decision 291).
const reconnectMessage = (p: string, named = false) =>
  `${named ? networkShortName(p) : networkName(p)} access was revoked. Please reconnect your ${networkShortName(p)} account.`;

/** How long before a token we cannot renew expires the user is reminded to reconnect (decision 196). */
export const RECONNECT_REMINDER_MS = 7 * 86_400_000;

/**
 * Whether we can renew this account's token ourselves: networks whose tokens renew themselves
 * ("access-token") can, "refresh-token" networks only with a stored refresh token (some networks give
 * one only to approved partners), "none" never (the token does not expire, or only reconnecting helps).
 */
export function canRenew(row: Pick<AccountRow, "platform" | "refreshTokenEnc">): boolean {
  const renewal = ADAPTERS[row.platform as SocialPlatform]?.renewal;
  return renewal === "access-token" || (renewal === "refresh-token" && row.refreshTokenEnc != null);
}

function needsRefresh(row: AccountRow, now: number): boolean {
  if (row.expiresAt == null) return false;
  // A token we cannot renew is never "refreshed": the user gets a reminder instead (remindReconnects).
  if (!canRenew(row)) return false;
  const platform = row.platform as SocialPlatform;
  if (row.expiresAt - now > (REFRESH_WINDOW_MS[platform] ?? 5 * 60_000)) return false;
  // Some networks refuse to refresh a token younger than a minimum age (`minRefreshAgeMs`, e.g. 24 hours).
  const minAge = ADAPTERS[platform]?.minRefreshAgeMs;
  if (minAge && row.expiresAt > now) {
    const issuedAt = row.lastRefresh ?? row.createdAt;
    if (now - issuedAt < minAge) return false;
  }
  return true;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function readAccount(db: Db, projectId: string, platform: SocialPlatform): Promise<AccountRow | undefined> {
  return db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.projectId, projectId), eq(socialAccounts.platform, platform)))
    .orderBy(desc(socialAccounts.createdAt))
    .get();
}

async function toCredentials(env: Env, row: AccountRow): Promise<PublishingCredentials> {
  return {
    accountId: row.id,
    platformUserId: row.platformUserId ?? legacyUserId(row) ?? "",
    accessToken: await decryptToken(env, row.accessTokenEnc),
    accountMeta: row.accountMeta ?? null,
  };
}

/** The account id from the network's own legacy column (rows written before platform_user_id). */
function legacyUserId(row: AccountRow): string | null {
  const legacy = ADAPTERS[row.platform as SocialPlatform]?.legacyColumns;
  return legacy ? row[legacy.userId] : null;
}

/** Runs one refresh while holding the lease; always releases it. */
async function refreshHoldingLease(db: Db, env: Env, row: AccountRow): Promise<void> {
  const platform = row.platform as SocialPlatform;
  try {
    const refreshToken = row.refreshTokenEnc ? await decryptToken(env, row.refreshTokenEnc) : null;
    const accessToken = await decryptToken(env, row.accessTokenEnc);
    const tokens = await platformFor(env, platform, row.accountMeta).refresh({ accessToken, refreshToken });
    const now = Date.now();
    await db
      .update(socialAccounts)
      .set({
        accessTokenEnc: await encryptToken(env, tokens.accessToken),
        // Never overwrite a stored refresh token with an empty one.
        ...(tokens.refreshToken ? { refreshTokenEnc: await encryptToken(env, tokens.refreshToken) } : {}),
        expiresAt: tokens.expiresAt,
        tokenStatus: "active",
        lastRefresh: now,
        refreshLockUntil: null,
      })
      .where(eq(socialAccounts.id, row.id))
      .run();
  } catch (err) {
    if (err instanceof PlatformError && err.kind === "auth") {
      await db.update(socialAccounts).set({ refreshLockUntil: null }).where(eq(socialAccounts.id, row.id)).run();
      await markReconnectNeeded(db, row.id, env);
      throw new PlatformError("auth", `Failed to refresh ${networkName(platform)} access token: ${reconnectMessage(platform, true)}`);
    }
    await db.update(socialAccounts).set({ refreshLockUntil: null }).where(eq(socialAccounts.id, row.id)).run();
    if (err instanceof PlatformError) throw err;
    throw new PlatformError("retryable", `Failed to refresh ${networkName(platform)} access token`);
  }
}

/**
 * The project's connected account for a platform with a usable access token, refreshed first when
 * within 5 minutes of expiry (one refresh per account at a time). Throws ApiError
 * "No connected {network name} account found" when there is none, PlatformError("auth") when the
 * account needs reconnecting.
 */
export async function getPublishingCredentials(db: Db, env: Env, projectId: string, platform: SocialPlatform): Promise<PublishingCredentials> {
  const row = await ensureFresh(db, env, platform, () => readAccount(db, projectId, platform));
  return toCredentials(env, row);
}

/**
 * The account row with a token outside its refresh window, refreshing it first under the lease.
 * `read` re-reads the row (by project or by id) after waiting for another refresher.
 */
async function ensureFresh(db: Db, env: Env, platform: SocialPlatform, read: () => Promise<AccountRow | undefined>): Promise<AccountRow> {
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    const row = await read();
    if (!row) throw badRequest(`No connected ${networkName(platform)} account found`);
    if (row.tokenStatus === "reconnect_needed") throw new PlatformError("auth", reconnectMessage(platform));
    const now = Date.now();
    if (row.expiresAt != null && row.expiresAt <= now && !canRenew(row)) {
      // Lapsed and not renewable: only reconnecting helps; no call to the network.
      await markReconnectNeeded(db, row.id, env);
      throw new PlatformError("auth", `${networkName(platform)} access expired. Please reconnect your ${networkShortName(platform)} account.`);
    }
    if (!needsRefresh(row, now)) return row;

    // Take the lease only if nobody holds a live one AND the token is still the one we read.
    const lease = await db
      .update(socialAccounts)
      .set({ refreshLockUntil: now + LEASE_MS })
      .where(
        and(
          eq(socialAccounts.id, row.id),
          or(isNull(socialAccounts.refreshLockUntil), lt(socialAccounts.refreshLockUntil, now)),
          row.expiresAt == null ? isNull(socialAccounts.expiresAt) : eq(socialAccounts.expiresAt, row.expiresAt),
          eq(socialAccounts.tokenStatus, "active"),
        ),
      )
      .run();
    if (lease.meta.changes === 1) {
      await refreshHoldingLease(db, env, row);
      const fresh = await read();
      if (!fresh) throw badRequest(`No connected ${networkName(platform)} account found`);
      return fresh;
    }
    // Someone else is refreshing (or just did): wait and re-read.
    if (Date.now() - started > WAIT_LIMIT_MS) {
      throw new PlatformError("retryable", `Failed to refresh ${networkName(platform)} access token: another refresh is still running`);
    }
    await sleep(Math.min(50 + attempt * 25, 400));
  }
}

/**
 * For the cron: refreshes tokens that are inside their refresh window even when nothing is being
 * published, so an idle account's 60-day token does not lapse. Same lease as above, so
 * it never races a publisher. Returns how many were refreshed and how many failed.
 */
export async function refreshDueTokens(db: Db, env: Env, limit = 20): Promise<{ refreshed: number; failed: number }> {
  const now = Date.now();
  const horizon = now + Math.max(...Object.values(REFRESH_WINDOW_MS));
  const candidates = await db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.tokenStatus, "active"), isNotNull(socialAccounts.expiresAt), lte(socialAccounts.expiresAt, horizon)))
    .orderBy(asc(socialAccounts.expiresAt))
    .limit(limit * 5)
    .all();
  let refreshed = 0;
  let failed = 0;
  for (const row of candidates.filter((r) => needsRefresh(r, now)).slice(0, limit)) {
    const platform = row.platform as SocialPlatform;
    try {
      await ensureFresh(db, env, platform, () => db.select().from(socialAccounts).where(eq(socialAccounts.id, row.id)).get());
      refreshed++;
    } catch {
      failed++;
    }
  }
  return { refreshed, failed };
}

/**
 * For the cron: accounts whose token expires within 7 days and cannot be renewed get one
 * reminder each (reconnect_reminded_at, shown by the account views as `reconnect_by`) and a mail
 * to the project's owner. The conditional update makes overlapping cron ticks remind once.
 */
export async function remindReconnects(db: Db, env: Env, nowMs = Date.now(), limit = 20): Promise<number> {
  const due = await db
    .select({
      id: socialAccounts.id,
      platform: socialAccounts.platform,
      refreshTokenEnc: socialAccounts.refreshTokenEnc,
      expiresAt: socialAccounts.expiresAt,
      accountName: socialAccounts.accountName,
      projectId: socialAccounts.projectId,
    })
    .from(socialAccounts)
    .where(
      and(
        eq(socialAccounts.tokenStatus, "active"),
        isNull(socialAccounts.reconnectRemindedAt),
        isNotNull(socialAccounts.expiresAt),
        lte(socialAccounts.expiresAt, nowMs + RECONNECT_REMINDER_MS),
      ),
    )
    .orderBy(asc(socialAccounts.expiresAt))
    .limit(limit * 5)
    .all();
  let reminded = 0;
  for (const row of due.filter((r) => !canRenew(r)).slice(0, limit)) {
    const taken = await db
      .update(socialAccounts)
      .set({ reconnectRemindedAt: nowMs })
      .where(and(eq(socialAccounts.id, row.id), isNull(socialAccounts.reconnectRemindedAt)))
      .run();
    if (taken.meta.changes !== 1) continue;
    reminded++;
    try {
      const owner = await db
        .select({ email: users.email, project: projects.name })
        .from(projects)
        .innerJoin(users, eq(users.id, projects.userId))
        .where(eq(projects.id, row.projectId))
        .get();
      if (owner)
        await mailAdapter(env, db).send(
          reconnectReminderMail(owner.email, {
            network: networkName(row.platform),
            account: row.accountName,
            project: owner.project,
            expiresAt: row.expiresAt!,
            link: `${env.APP_ORIGIN?.replace(/\/+$/, "") ?? ""}/social-connect`,
          }),
        );
    } catch (err) {
      // The dashboard notice still shows it; a failed mail is not retried (one reminder per token).
      console.error("reconnect reminder mail failed", err);
    }
  }
  return reminded;
}

/** Marks an account whose token was revoked: the UI shows "Reconnect needed". */
export async function markReconnectNeeded(db: Db, accountId: string, env: Env): Promise<void> {
  // Conditional: the webhook event fires once, for the writer that changed the status.
  const changed = await db
    .update(socialAccounts)
    .set({ tokenStatus: "reconnect_needed" })
    .where(and(eq(socialAccounts.id, accountId), ne(socialAccounts.tokenStatus, "reconnect_needed")))
    .returning({ projectId: socialAccounts.projectId, platform: socialAccounts.platform, username: socialAccounts.platformUsername })
    .get();
  if (changed)
    await emitEvent(env, db, changed.projectId, "account.needs_reconnect", { account_id: accountId, platform: changed.platform, username: changed.username });
}
