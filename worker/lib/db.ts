import { fillPlaceholders } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import * as auth from "../../schema/db/auth";
import * as projects from "../../schema/db/projects";
import * as brain from "../../schema/db/brain";
import * as social from "../../schema/db/social";
import * as posts from "../../schema/db/posts";

const schema = { ...auth, ...projects, ...brain, ...social, ...posts };

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
export async function plainBatch(db: Db, queries: Statement[]): Promise<Record<string, unknown>[][]> {
  const client = db.$client;
  const results = await client.batch(
    queries.map((q) => {
      const { sql, params } = q.toSQL();
      return client.prepare(sql).bind(...params);
    }),
  );
  return results.map((r) => r.results as Record<string, unknown>[]);
}

/** A statement for `plainBatch`: its SQL text and bound values. */
export type Statement = { toSQL(): { sql: string; params: unknown[] } };

// Building a query with drizzle (escaping names, walking the columns, entity checks) costs the
// calendar week more CPU than writing its 190 posts: the hot reads build each statement's text
// once per isolate, with `sql.placeholder(name)` for the values, and bind the values per request.
const built = new Map<string, { sql: string; params: unknown[] }>();

/**
 * The statement `build` returns, its SQL built once per isolate under `key`, bound to `values`
 * (by placeholder name). `key` must name everything that changes the SQL text (which optional
 * conditions are present): two shapes under one key would reuse the wrong text.
 */
export function reusedStatement(key: string, build: () => Statement, values: Record<string, unknown>): Statement {
  let query = built.get(key);
  if (!query) {
    query = build().toSQL();
    built.set(key, query);
  }
  const { sql } = query;
  const params = fillPlaceholders(query.params, values);
  return { toSQL: () => ({ sql, params }) };
}
