// Idempotent creates (decision 212): a create sent with `Idempotency-Key` stores its first answer
// per API key; a repeat with the same request gets that answer again (no second post), the same
// key with a different request is a 409. Failures are not stored, so a retry after an error runs
// again. Keys are kept 24 hours.
import { and, eq, lt } from "drizzle-orm";
import { idempotencyKeys } from "../../../../schema/db/platform-api";
import type { Db } from "../../../lib/db";
import { apiError, badRequest, conflict } from "../../../lib/errors";
import { sha256Hex } from "../../../lib/ids";

const KEEP_MS = 24 * 60 * 60 * 1000;

export type Stored = { status: number; body: unknown };

export function idempotencyKeyOf(header: string | undefined): string | null {
  if (header === undefined) return null;
  const key = header.trim();
  if (!key || key.length > 255 || !/^[\x21-\x7e]+$/.test(key))
    throw badRequest("Idempotency-Key must be 1 to 255 visible ASCII characters", { "Idempotency-Key": "Invalid Idempotency-Key" });
  return key;
}

export async function requestFingerprint(method: string, path: string, body: string): Promise<string> {
  return sha256Hex(`${method} ${path}\n${body}`);
}

/** Runs `create` once per (API key, Idempotency-Key); repeats answer the stored result. */
export async function idempotent(
  db: Db,
  apiKeyId: string,
  key: string | null,
  fingerprint: string,
  create: () => Promise<Stored>,
  now = Date.now(),
): Promise<Stored & { replayed: boolean }> {
  if (!key) return { ...(await create()), replayed: false };
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.apiKeyId, apiKeyId), eq(idempotencyKeys.key, key), lt(idempotencyKeys.createdAt, now - KEEP_MS)))
    .run();
  // The claim is one atomic insert: two concurrent first requests cannot both run `create`.
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ apiKeyId, key, requestHash: fingerprint, status: null, body: null, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key })
    .get();
  if (!claimed) {
    const prior = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.apiKeyId, apiKeyId), eq(idempotencyKeys.key, key)))
      .get();
    if (!prior || prior.requestHash !== fingerprint) throw apiError("idempotency_conflict");
    if (prior.status === null) throw conflict("A request with this Idempotency-Key is still being processed");
    return { status: prior.status, body: JSON.parse(prior.body ?? "null"), replayed: true };
  }
  try {
    const result = await create();
    await db
      .update(idempotencyKeys)
      .set({ status: result.status, body: JSON.stringify(result.body) })
      .where(and(eq(idempotencyKeys.apiKeyId, apiKeyId), eq(idempotencyKeys.key, key)))
      .run();
    return { ...result, replayed: false };
  } catch (err) {
    await db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.apiKeyId, apiKeyId), eq(idempotencyKeys.key, key)))
      .run();
    throw err;
  }
}
