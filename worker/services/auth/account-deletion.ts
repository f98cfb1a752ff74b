// Account deletion (the privacy page promises it): every R2 object and every row of the user.
// R2 keys are collected from the rows BEFORE any row is deleted (afterwards nothing says where the
// objects were), objects go first, rows last, so a failure part-way leaves rows that a retry can
// still find. Projects are deleted explicitly before the user; D1 enforces foreign keys, so each
// project's documents, brain, social accounts, posts, campaigns and media rows cascade with it.
// Rows keyed by the address rather than the user id (outbox mail, rate-limit windows) go too.
import { eq, isNotNull, and, or, sql } from "drizzle-orm";
import { authTokens, mailOutbox, rateLimits, sessions, users } from "../../../schema/db/auth";
import { brainDocuments } from "../../../schema/db/brain";
import { media } from "../../../schema/db/posts";
import { projectDocuments, projects } from "../../../schema/db/projects";
import { oauthStates, socialAccounts } from "../../../schema/db/social";
import type { Db } from "../../lib/db";
import type { ServiceContext } from "../context";
import { loginKeyPrefix, mailKey } from "./auth";

/** R2 deletes take at most 1,000 keys per call. */
export const R2_DELETE_BATCH = 1000;

/** Every key under an R2 prefix, page by page. */
export async function listPrefix(bucket: R2Bucket, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix, cursor, limit: 1000 });
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys;
}

/** Every R2 key that belongs to the user, gathered from prefixes and from rows. */
async function userObjectKeys(db: Db, bucket: R2Bucket, userId: string): Promise<string[]> {
  const projectRows = await db.select({ id: projects.id }).from(projects).where(eq(projects.userId, userId)).all();
  const accountRows = await db
    .select({ id: socialAccounts.id })
    .from(socialAccounts)
    .innerJoin(projects, eq(projects.id, socialAccounts.projectId))
    .where(eq(projects.userId, userId))
    .all();
  const docRows = await db
    .select({ key: projectDocuments.fileUrl })
    .from(projectDocuments)
    .innerJoin(projects, eq(projects.id, projectDocuments.projectId))
    .where(eq(projects.userId, userId))
    .all();
  const brainRows = await db
    .select({ key: brainDocuments.sourceKey })
    .from(brainDocuments)
    .innerJoin(projects, eq(projects.id, brainDocuments.projectId))
    .where(and(eq(projects.userId, userId), isNotNull(brainDocuments.sourceKey)))
    .all();
  const mediaRows = await db
    .select({ key: media.r2Key })
    .from(media)
    .innerJoin(projects, eq(projects.id, media.projectId))
    .where(eq(projects.userId, userId))
    .all();

  const keys = new Set<string>();
  for (const p of projectRows) for (const k of await listPrefix(bucket, `project-documents/${p.id}/`)) keys.add(k);
  for (const a of accountRows) for (const k of await listPrefix(bucket, `post-media/${a.id}/`)) keys.add(k);
  for (const r of [...docRows, ...brainRows, ...mediaRows]) if (r.key) keys.add(r.key);
  return [...keys];
}

/** Deletes the caller's account; answers the Clerk user id too, for the route to delete it there. */
export async function deleteAccount(ctx: ServiceContext): Promise<{ objects: number; clerkUserId: string | null }> {
  const { db } = ctx;
  const bucket = ctx.env.BUCKET;
  const userId = ctx.caller.id;
  const user = await db.select({ email: users.email, clerkUserId: users.clerkUserId }).from(users).where(eq(users.id, userId)).get();
  if (!user) return { objects: 0, clerkUserId: null };
  const keys = await userObjectKeys(db, bucket, userId);
  for (let i = 0; i < keys.length; i += R2_DELETE_BATCH) await bucket.delete(keys.slice(i, i + R2_DELETE_BATCH));
  await db.batch([
    db.delete(projects).where(eq(projects.userId, userId)),
    db.delete(oauthStates).where(eq(oauthStates.userId, userId)),
    db.delete(authTokens).where(eq(authTokens.userId, userId)),
    db.delete(sessions).where(eq(sessions.userId, userId)),
    db.delete(mailOutbox).where(eq(mailOutbox.to, user.email)),
    // Rate-limit windows keyed by the address (substr, not LIKE: an address may contain % or _).
    db
      .delete(rateLimits)
      .where(
        or(eq(rateLimits.key, mailKey(user.email)), sql`substr(${rateLimits.key}, 1, ${loginKeyPrefix(user.email).length}) = ${loginKeyPrefix(user.email)}`),
      ),
    db.delete(users).where(eq(users.id, userId)),
  ]);
  return { objects: keys.length, clerkUserId: user.clerkUserId };
}
