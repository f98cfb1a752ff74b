// Every key request is recorded here (decision 211): the key's last use, and the seam where the
// project's activity log (decision 200) takes each request: the lead points `recordKeyRequest` at it.
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { apiKeys } from "../../../../schema/db/platform-api";
import type { Db } from "../../../lib/db";
import type { KeyCaller } from "./keys";

export type KeyRequest = { method: string; path: string; status: number; projectId: string | null; at: number };

// last_used_at is a column people read in a list, not an audit trail: one write a minute per key.
const LAST_USED_RESOLUTION_MS = 60_000;

export async function recordKeyRequest(db: Db, key: KeyCaller, request: KeyRequest): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: request.at })
    .where(and(eq(apiKeys.id, key.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, request.at - LAST_USED_RESOLUTION_MS))))
    .run();
}
