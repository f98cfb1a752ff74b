import { drizzle } from "drizzle-orm/d1";
import * as auth from "../../schema/db/auth";
import * as projects from "../../schema/db/projects";
import * as brain from "../../schema/db/brain";
import * as social from "../../schema/db/social";
import * as posts from "../../schema/db/posts";

export const schema = { ...auth, ...projects, ...brain, ...social, ...posts };

// drizzle() walks the whole schema to build its relational config (about a millisecond of CPU):
// one instance per D1 binding, not one per request (decision 169).
const instances = new WeakMap<D1Database, ReturnType<typeof newDb>>();
const newDb = (d1: D1Database) => drizzle(d1, { schema });

export function getDb(d1: D1Database) {
  let db = instances.get(d1);
  if (!db) {
    db = newDb(d1);
    instances.set(d1, db);
  }
  return db;
}

export type Db = ReturnType<typeof getDb>;

/**
 * One D1 batch (one round trip) of drizzle-built queries, answered with D1's plain rows: no
 * drizzle row mapping, for reads that write their JSON straight from the rows (decision 169).
 * drizzle's own batch maps every row, and cannot batch its raw `db.all(sql)` with parameters.
 */
export async function plainBatch(db: Db, queries: { toSQL(): { sql: string; params: unknown[] } }[]): Promise<Record<string, unknown>[][]> {
  const client = db.$client;
  const results = await client.batch(
    queries.map((q) => {
      const { sql, params } = q.toSQL();
      return client.prepare(sql).bind(...params);
    }),
  );
  return results.map((r) => r.results as Record<string, unknown>[]);
}
