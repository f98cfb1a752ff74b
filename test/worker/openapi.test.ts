// The API description: every /api route in the live route table declares a summary and its
// response schemas (describeRoute), the OpenAPI 3.1 document carries them, and the helpers that
// check real responses against them can fail.
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { app } from "../../worker/app";
import { buildOpenApi, describeMeta, describeRoute } from "../../worker/lib/openapi";
import { validate } from "../../worker/lib/validate";
import { call } from "./helpers";
import { apiRoutes, expectMatchesSchema, routeOf, undescribedRoutes } from "./schema-helpers";

type Doc = {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        summary?: string;
        requestBody?: unknown;
        security?: unknown[];
        responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
      }
    >
  >;
};

const toOpenApiPath = (p: string) => p.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

describe("route descriptions", () => {
  it("every /api route of the route table has a summary and a declared success response", () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(40);
    expect(undescribedRoutes()).toEqual([]);
  });

  it("describeRoute is the first handler of each route, so it describes before anything can answer", () => {
    const firstHandler = new Map<string, unknown>();
    for (const r of app.routes) {
      if (r.method === "ALL" || !r.path.startsWith("/api")) continue;
      const key = `${r.method} ${r.path}`;
      if (!firstHandler.has(key)) firstHandler.set(key, r.handler);
    }
    const late = [...firstHandler].filter(([, h]) => !describeMeta(h)).map(([k]) => k);
    expect(late).toEqual([]);
  });

  it("the walk catches a route added without a description", () => {
    const table = new Hono()
      .get("/api/described", describeRoute({ summary: "Fine", responses: { 200: z.object({ ok: z.boolean() }) } }), (c) => c.json({ ok: true }))
      .post("/api/forgotten", (c) => c.json({ ok: true }))
      .delete("/api/only-errors", describeRoute({ summary: "No success declared", responses: {} }), (c) => c.body(null, 204));
    expect(undescribedRoutes(table.routes)).toEqual(["POST /api/forgotten", "DELETE /api/only-errors"]);
  });
});

describe("GET /api/openapi.json", () => {
  it("is an OpenAPI 3.1 document with every route, its summary, request schema and response schemas", async () => {
    const res = await call("/api/openapi.json");
    expect(res.status).toBe(200);
    const doc = (await res.json()) as Doc;
    expectMatchesSchema("GET /api/openapi.json", 200, doc);
    expect(doc.openapi).toBe("3.1.0");
    for (const r of apiRoutes()) {
      const op = doc.paths[toOpenApiPath(r.path)]?.[r.method.toLowerCase()];
      expect(op, r.key).toBeDefined();
      expect(op!.summary, r.key).toMatch(/\S/);
      // A browser form's route (decision 326) succeeds with a redirect.
      const success = Object.entries(op!.responses).filter(([s]) => /^[23]/.test(s));
      expect(success.length, r.key).toBeGreaterThan(0);
      for (const [status, resp] of success) {
        if (status === "204" || status.startsWith("3")) expect(resp.content, r.key).toBeUndefined();
        else {
          // A schema z.toJSONSchema could not represent would come out empty: every one says what it is.
          const schema = Object.values(resp.content ?? {})[0]?.schema ?? {};
          expect(schema.type ?? schema.anyOf ?? schema.$ref, `${r.key} ${status}`).toBeTruthy();
        }
      }
    }
  });

  it("carries the response schemas as JSON Schema (output side) and the request bodies (input side)", async () => {
    const doc = (await (await call("/api/openapi.json")).json()) as Doc;
    const getPost = doc.paths["/api/posts/{postId}"]!.get!;
    const postSchema = getPost.responses["200"]!.content!["application/json"]!.schema as {
      properties: Record<string, { enum?: string[] }>;
      required: string[];
      additionalProperties: boolean;
    };
    expect(postSchema.properties.status!.enum).toEqual(["scheduled", "publishing", "published", "failed", "draft", "in_review"]);
    expect(postSchema.required).toContain("scheduled_for");
    expect(postSchema.additionalProperties).toBe(false);
    // A 201 with a list of posts inside (campaign save) and an empty 204 (delete).
    const campaign = doc.paths["/api/projects/{projectId}/campaigns"]!.post!;
    expect(Object.keys(campaign.responses)).toContain("201");
    expect(campaign.requestBody).toBeTruthy();
    expect(doc.paths["/api/posts/{postId}"]!.delete!.responses["204"]).toEqual({ description: "Success, no content" });
    // Social accounts never carry tokens: the declared schema admits no extra fields.
    const accounts = doc.paths["/api/projects/{projectId}/social-accounts"]!.get!.responses["200"]!.content!["application/json"]!.schema as {
      items: { properties: Record<string, unknown>; additionalProperties: boolean };
    };
    expect(Object.keys(accounts.items.properties).some((k) => /token_enc|access_token|refresh_token/.test(k))).toBe(false);
    expect(accounts.items.additionalProperties).toBe(false);
    // Public routes need no session; everything else does.
    expect(doc.paths["/api/health"]!.get!.security).toEqual([]);
    expect(doc.paths["/api/posts/{postId}"]!.get!.security).toBeUndefined();
    expect(doc.paths["/api/posts/{postId}"]!.get!.responses["401"]).toBeTruthy();
  });

  it("is built from whatever table it is given (a new route appears with its schemas)", () => {
    const table = new Hono().post(
      "/api/things/:thingId",
      describeRoute({ summary: "Make a thing", responses: { 201: z.object({ id: z.string(), size: z.number().int() }) } }),
      validate("json", z.object({ name: z.string().min(1) })),
      (c) => c.json({ id: "x", size: 1 }, 201),
    );
    const doc = buildOpenApi(table.routes) as unknown as Doc;
    const op = doc.paths["/api/things/{thingId}"]!.post!;
    expect(op.summary).toBe("Make a thing");
    expect(op.responses["201"]!.content!["application/json"]!.schema).toMatchObject({
      type: "object",
      properties: { id: { type: "string" }, size: { type: "integer" } },
    });
    expect(op.responses["200"]).toBeUndefined();
    expect(op.requestBody).toMatchObject({ content: { "application/json": { schema: { properties: { name: { type: "string", minLength: 1 } } } } } });
  });
});

describe("GET /api/docs", () => {
  it("serves the readable reference page that renders summaries and response schemas", async () => {
    const res = await call("/api/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    const html = await res.text();
    expectMatchesSchema("GET /api/docs", 200, html);
    expect(html).toContain("Brandpilot API reference");
    expect(html).toContain("/api/openapi.json");
    expect(html).toContain("op.summary");
    expect(html).toContain("op.responses");
  });
});

describe("expectMatchesSchema", () => {
  const post = {
    id: "p1",
    project_id: "pr1",
    campaign_id: null,
    platform: "twitter",
    content: "Hello",
    hashtags: ["a"],
    scheduled_for: "2030-01-01T09:00:00.000Z",
    status: "scheduled",
    media_info: null,
    media_url: null,
    image_prompt: null,
    sources: [],
    publish_attempts: 0,
    last_attempt: null,
    published_at: null,
    error_message: null,
    platform_post_id: null,
    created_at: "2029-12-31T09:00:00.000Z",
    series_id: null,
    message_id: null,
  };

  it("accepts a body of the declared shape", () => {
    expect(() => expectMatchesSchema("GET /api/posts/:postId", 200, post)).not.toThrow();
    expect(() => expectMatchesSchema("DELETE /api/posts/:postId", 204, null)).not.toThrow();
  });

  it("rejects a wrong type, a missing field, an extra field, an undeclared status and a body on a 204", () => {
    expect(() => expectMatchesSchema("GET /api/posts/:postId", 200, { ...post, status: "archived" })).toThrow(/status/);
    const { content: _omitted, ...missing } = post;
    expect(() => expectMatchesSchema("GET /api/posts/:postId", 200, missing)).toThrow(/content/);
    expect(() => expectMatchesSchema("GET /api/posts/:postId", 200, { ...post, access_token_enc: "secret" })).toThrow(/access_token_enc/);
    expect(() => expectMatchesSchema("GET /api/posts/:postId", 201, post)).toThrow(/does not declare/);
    expect(() => expectMatchesSchema("DELETE /api/posts/:postId", 204, { ok: true })).toThrow(/no body/);
    expect(() => expectMatchesSchema("GET /api/nothing-here", 200, {})).toThrow(/no describeRoute/);
  });

  it("routeOf maps a concrete URL to its route pattern, literal segments first", () => {
    expect(routeOf("GET", "/api/posts/abc")).toBe("GET /api/posts/:postId");
    expect(routeOf("POST", "/api/posts/abc/retry")).toBe("POST /api/posts/:postId/retry");
    expect(routeOf("GET", "/api/projects/p1/brain/summary")).toBe("GET /api/projects/:projectId/brain/summary");
    expect(routeOf("GET", "/api/projects/p1/documents")).toBe("GET /api/projects/:projectId/documents");
    expect(() => routeOf("PUT", "/api/posts/abc")).toThrow(/no API route/);
  });
});
