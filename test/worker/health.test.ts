import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

describe("health and errors", () => {
  it("answers /api/health", async () => {
    const res = await exports.default.fetch("http://localhost/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, ai: { provider: "local", chat: "local writer", embeddings: "local-v2", image: null } });
  });

  it("names the AI engine and the model in use per task (decision 191)", async () => {
    const { app } = await import("../../worker/app");
    const ai = async (extra: Record<string, unknown>) =>
      ((await (await app.request("http://localhost/api/health", {}, { ...env, ...extra })).json()) as { ai: unknown }).ai;
    // Workers AI: the first current model of each list (the retired llama-3.1-8b-instruct is gone).
    expect(await ai({ AI: { run: async () => ({}) } })).toEqual({
      provider: "workers-ai",
      chat: "@cf/zai-org/glm-4.7-flash",
      embeddings: "@cf/baai/bge-base-en-v1.5",
      image: "@cf/black-forest-labs/flux-1-schnell",
    });
    // The deploy's pick from the account's catalog comes first.
    expect(await ai({ AI: { run: async () => ({}) }, WORKERS_AI_CHAT_MODEL: "@cf/google/gemma-4-26b-a4b-it" })).toMatchObject({
      chat: "@cf/google/gemma-4-26b-a4b-it",
    });
    // OpenAI: a current chat model (gpt-4 is shut down), no image model unless one is configured.
    expect(await ai({ OPENAI_API_KEY: "sk-test" })).toEqual({ provider: "openai", chat: "gpt-5.6-terra", embeddings: "text-embedding-3-small", image: null });
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
