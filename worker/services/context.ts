// The one context every route-facing service takes first (decision 315): the database, the
// bindings and who is asking. Routes build it once per request (routes/middleware/service-context.ts);
// tests and the MCP server build it the same way. Services that run without a caller (cron, queue
// consumers, public review links) and internal helpers keep the narrowest parameters they need.
import { eq } from "drizzle-orm";
import { users } from "../../schema/db/auth";
import type { Env } from "../env";
import type { Caller } from "../lib/caller";
import type { SessionUser } from "../lib/context";
import type { Db } from "../lib/db";
import { notFound } from "../lib/errors";
import type { KeyCaller } from "./api/keys";

/** The signed-in user, or the owner of the API key a /api/v1 or /mcp request came with (`key`). */
type Principal = SessionUser & { key: KeyCaller | null };

/**
 * `{ db, env, caller }`. `env` is always present, so no service can skip a check (network rules,
 * webhooks) for want of it. The reads that check a built-in session inside their own D1 batch
 * (decision 162) take `ServiceContext<Caller>`: their caller may still be a session to look up.
 */
export type ServiceContext<C extends Principal | Caller = Principal> = { db: Db; env: Env; caller: C };

/** The context of a job acting for the user who set it up (a feed's creator): that user's rights, no key. */
export async function contextFor(db: Db, env: Env, userId: string): Promise<ServiceContext> {
  const user = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).get();
  if (!user) throw notFound("User not found");
  return { db, env, caller: { id: userId, email: user.email, key: null } };
}
