// Real responses against their declared schemas: each API route's success path, called once with
// the sample request of openapi-route-cases.ts on real rows, must answer a declared 2xx whose body
// matches the route's describeRoute(...) schema. A route without a sample request fails here.
import { describe, expect, it } from "vitest";
import { buildFixture, ROUTE_CASES, sampleRequest, send, urlOf } from "./openapi-route-cases";
import { apiRoutes, checkedBody } from "./schema-helpers";

describe("responses match their declared schemas", () => {
  it("every route's success path answers a declared status with a body of its schema", { timeout: 120_000 }, async () => {
    const routes = apiRoutes();
    const missing = routes.filter((r) => !ROUTE_CASES[r.key]).map((r) => r.key);
    expect(missing, "routes without a sample request in test/worker/openapi-route-cases.ts").toEqual([]);
    const stale = Object.keys(ROUTE_CASES).filter((k) => !routes.some((r) => r.key === k));
    expect(stale, "sample requests of routes that no longer exist").toEqual([]);

    const f = await buildFixture();
    const ordered = [...routes].sort((a, b) => Number(!!ROUTE_CASES[a.key]!.last) - Number(!!ROUTE_CASES[b.key]!.last));
    const failures: string[] = [];
    let checked = 0;
    for (const r of ordered) {
      const c = ROUTE_CASES[r.key]!;
      const req = sampleRequest(r.key, f, c.prepare ? await c.prepare(f) : {});
      const res = await send(r.key, req, c.rule === "public" ? null : f.owner);
      if (res.status !== c.status) {
        failures.push(`${r.key}: expected ${c.status}, got ${res.status} ${await res.text()}`);
        continue;
      }
      const { method, pathname } = urlOf(r.key, req);
      try {
        await checkedBody(method, pathname, res);
        checked++;
      } catch (err) {
        failures.push((err as Error).message);
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBe(routes.length);
    console.log(`response schemas: ${checked} routes' success responses checked`);
  });
});
