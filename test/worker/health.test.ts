import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

describe("health and errors", () => {
  it("answers /api/health", async () => {
    const res = await exports.default.fetch("http://localhost/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it("answers an unknown API path with the error shape", async () => {
    const res = await exports.default.fetch("http://localhost/api/nope");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not_found", message: "Not found" } });
  });

  it("has the migrated schema in D1", async () => {
    
    const row = await env.DB.prepare("select count(*) as n from sqlite_master where type='table' and name='posts'").first<{ n: number }>();
    expect(row?.n).toBe(1);
  });
});

describe("API description", () => {
  it("serves an OpenAPI 3.1 document built from the route table, and a reference page", async () => {
    const res = await exports.default.fetch("http://localhost/api/openapi.json");
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.paths["/api/health"]?.get).toBeDefined();
    const page = await exports.default.fetch("http://localhost/api/docs");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("/api/openapi.json");
  });
});
