// Team fixtures (decision 200): a signed-in user added to a project with a role, as accepting an
// invitation would.
import { env } from "cloudflare:workers";
import type { Role } from "../../schema/api/permissions";
import { signIn, type TestUser } from "./helpers";

/** A fresh signed-in user (with a project of their own) who is also a member of `projectId`. */
export async function memberOf(projectId: string, role: Role): Promise<TestUser> {
  const user = await signIn();
  await env.DB.prepare("insert into project_members (project_id, user_id, role, created_at) values (?, ?, ?, ?)")
    .bind(projectId, user.userId, role, Date.now())
    .run();
  return user;
}

/** Every row in D1 that names the project (any table with a project_id column) and every R2 key containing its id. */
export async function projectTraces(projectId: string, extraKeys: string[] = []): Promise<string[]> {
  const found: string[] = [];
  const tables = (
    await env.DB.prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name <> 'd1_migrations'",
    ).all<{ name: string }>()
  ).results;
  for (const { name } of tables) {
    const cols = (await env.DB.prepare(`pragma table_info(${name})`).all<{ name: string }>()).results.map((c) => c.name);
    const col = name === "projects" ? "id" : cols.includes("project_id") ? "project_id" : null;
    if (!col) continue;
    const row = await env.DB.prepare(`select count(*) as n from ${name} where ${col} = ?`).bind(projectId).first<{ n: number }>();
    if (row && row.n > 0) found.push(`${name}: ${row.n}`);
  }
  let cursor: string | undefined;
  do {
    const page = await env.BUCKET.list({ cursor });
    for (const o of page.objects) if (o.key.includes(projectId) || extraKeys.includes(o.key)) found.push(`r2: ${o.key}`);
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return found;
}
