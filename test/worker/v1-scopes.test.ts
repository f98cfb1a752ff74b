// Scopes of the public API, built from the route table (decision 211): every /api/v1 route names
// the scope it needs in describeRoute. A key with every other scope is refused with 403
// insufficient_scope and changes nothing; a key with only that scope succeeds with the route's
// sample request (openapi-route-cases.ts). A v1 route without a scope fails here.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { API_SCOPES, type ApiScope } from "../../schema/api/api-keys";
import { app } from "../../worker/app";
import { routeDescription } from "../../worker/lib/openapi";
import { createKey } from "./api-key-helpers";
import { expectError } from "./helpers";
import { buildFixture, ROUTE_CASES, sampleRequest, send, type Req } from "./openapi-route-cases";
import { apiRoutes } from "./schema-helpers";

const sendWithKey = (routeKey: string, req: Req, secret: string) => send(routeKey, req, null, secret);

async function projectRows(projectId: string): Promise<string> {
  const parts: string[] = [];
  for (const table of ["posts", "brain_documents", "campaigns", "media", "social_accounts"]) {
    const { results } = await env.DB.prepare(`select * from ${table} where project_id = ? order by rowid`).bind(projectId).all();
    parts.push(JSON.stringify(results));
  }
  return parts.join("\n");
}

describe("v1 scopes", () => {
  it("every v1 route: refused without its scope (nothing changed), served with only its scope", { timeout: 240_000 }, async () => {
    const routes = apiRoutes(app.routes, "/api/v1/").filter((r) => ROUTE_CASES[r.key]?.rule !== "public");
    expect(routes.length).toBeGreaterThanOrEqual(17);
    const unscoped = routes.filter((r) => !routeDescription(app.routes, r.method, r.path)?.scope).map((r) => r.key);
    expect(unscoped, "v1 routes without a scope in describeRoute").toEqual([]);

    const f = await buildFixture();
    const failures: string[] = [];
    const keys = new Map<string, string>();
    const keyWith = async (scopes: ApiScope[]) => {
      const name = scopes.join(",");
      if (!keys.has(name)) keys.set(name, (await createKey(f.owner, { scopes, name })).key);
      return keys.get(name)!;
    };
    const covered = new Set<ApiScope>();
    for (const r of routes) {
      const scope = routeDescription(app.routes, r.method, r.path)!.scope!;
      covered.add(scope);
      const c = ROUTE_CASES[r.key]!;
      const before = await projectRows(f.projectId);
      const refused = await sendWithKey(r.key, sampleRequest(r.key, f), await keyWith(API_SCOPES.filter((s) => s !== scope)));
      try {
        const err = await expectError(refused, 403);
        if (err.code !== "insufficient_scope") failures.push(`${r.key} without ${scope}: code ${err.code}`);
      } catch (err) {
        failures.push(`${r.key} without ${scope}: ${(err as Error).message}`);
      }
      if ((await projectRows(f.projectId)) !== before) failures.push(`${r.key} without ${scope} changed the project`);

      const req = sampleRequest(r.key, f, c.prepare ? await c.prepare(f) : {});
      const served = await sendWithKey(r.key, req, await keyWith([scope]));
      if (served.status !== c.status) failures.push(`${r.key} with only ${scope}: expected ${c.status}, got ${served.status} ${await served.text()}`);
    }
    expect(failures).toEqual([]);
    // Every scope that guards a route was exercised both ways.
    expect([...covered].sort()).toEqual(["brain", "publish", "read", "write_posts"]);
    console.log(`v1 scopes: ${routes.length} routes x 2 keys; scopes ${[...covered].join(", ")}`);
  });
});
