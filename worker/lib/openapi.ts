// The OpenAPI 3.1 document is generated from the live route table: every route's path and
// method, and the zod schema of each validator on it (see lib/validate.ts), so the description
// cannot drift from what the Worker enforces. Responses are declared the same way: a
// metadata-only `describeRoute(...)` placed first on each route carries its summary and response
// schemas; tests walk the route table so no route goes undescribed, and check real responses
// against these schemas (test/worker/schema-helpers.ts).
import type { MiddlewareHandler } from "hono";
import { z } from "zod";
import { validatorMeta } from "./validate";
import { ERROR_CODES } from "../../schema/api/errors";
import type { ApiScope } from "../../schema/api/api-keys";

type RouteEntry = { path: string; method: string; handler: unknown };

/** A response body: a zod schema of the JSON (or text) body, or null for an empty body (204, a 303). */
type ResponseSpec = z.ZodType | null;
export type RouteDescription = {
  summary: string;
  /** Success responses by status. Error responses (the shared error shape) are added for every route. */
  responses: Record<number, ResponseSpec>;
  /** Media type of the success bodies (default application/json). */
  contentType?: string;
  /** Routes without a signed-in user (documented as such; everything else needs the session). */
  public?: boolean;
  /** Public API (v1, MCP): authenticated by an API key that must carry this scope (decision 211). */
  scope?: ApiScope;
};

const DESCRIBE_META = Symbol.for("brandpilot.describe");
const MCP_PATH = "/mcp";

/** Metadata-only middleware: it just calls next(); buildOpenApi and the tests read the description. */
export function describeRoute(description: RouteDescription): MiddlewareHandler {
  const middleware: MiddlewareHandler = async (_c, next) => {
    await next();
  };
  (middleware as MiddlewareHandler & { [DESCRIBE_META]?: RouteDescription })[DESCRIBE_META] = description;
  return middleware;
}

export function describeMeta(handler: unknown): RouteDescription | undefined {
  return (handler as { [DESCRIBE_META]?: RouteDescription })?.[DESCRIBE_META];
}

/** The description of one method + path of a route table (the describeRoute handler on it). */
export function routeDescription(routes: RouteEntry[], method: string, path: string): RouteDescription | undefined {
  for (const r of routes) {
    if (r.method !== method || r.path !== path) continue;
    const meta = describeMeta(r.handler);
    if (meta) return meta;
  }
  return undefined;
}

const IN: Record<string, "query" | "path" | "header" | "cookie" | undefined> = { query: "query", param: "path", header: "header", cookie: "cookie" };

function jsonSchema(schema: z.ZodType, io: "input" | "output" = "input") {
  try {
    return z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as Record<string, unknown>;
  } catch {
    return {};
  }
}

export function buildOpenApi(routes: RouteEntry[], prefix = "/api") {
  const v1 = prefix === "/api/v1";
  const paths: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const route of routes) {
    // The MCP endpoint is part of the public API's description (decision 273): same keys, same errors.
    const mcp = v1 && route.path === MCP_PATH;
    if (route.method === "ALL" || !(route.path.startsWith(prefix) || mcp)) continue;
    const path = route.path.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
    const method = route.method.toLowerCase();
    const op = ((paths[path] ??= {})[method] ??= {
      operationId: `${method}_${path.replace(/[^A-Za-z0-9]+/g, "_").replace(/^_|_$/g, "")}`,
      parameters: [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => ({ name: m[1], in: "path", required: true, schema: { type: "string" } })),
      responses: {
        "200": { description: "Success" },
        "400": { description: "Invalid input", content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } },
        "401": { description: "Not signed in", content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } },
        "404": { description: "Not found (also: owned by another user)", content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } },
      },
    });
    const described = describeMeta(route.handler);
    if (described) {
      op.summary = described.summary;
      const responses = op.responses as Record<string, unknown>;
      delete responses["200"];
      for (const [status, spec] of Object.entries(described.responses)) {
        responses[status] =
          spec === null
            ? { description: status.startsWith("3") ? "Redirect (see Location)" : "Success, no content" }
            : { description: "Success", content: { [described.contentType ?? "application/json"]: { schema: jsonSchema(spec, "output") } } };
      }
      if (described.public) {
        op.security = [];
        delete responses["401"];
      }
      if (described.scope) {
        op.security = [{ apiKey: [described.scope] }];
        op["x-required-scope"] = described.scope;
        responses["403"] = {
          description: `The API key lacks the "${described.scope}" scope`,
          content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
        };
        responses["429"] = {
          description: "Rate limited (see Retry-After)",
          content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
        };
      }
      // MCP: any valid key connects; each tool then asks its own scope (services/api/mcp/tools.ts).
      if (mcp) op.security = [{ apiKey: [] }];
      continue;
    }
    const meta = validatorMeta(route.handler);
    if (!meta) continue;
    const schema = jsonSchema(meta.schema);
    if (meta.target === "json") op.requestBody = { required: true, content: { "application/json": { schema } } };
    else if (meta.target === "form") op.requestBody = { required: true, content: { "multipart/form-data": { schema } } };
    else {
      const where = IN[meta.target];
      const props = (schema.properties ?? {}) as Record<string, unknown>;
      const required = new Set((schema.required as string[] | undefined) ?? []);
      const params = op.parameters as { name: string; in: string }[];
      for (const [name, s] of Object.entries(props)) {
        if (params.some((p) => p.name === name && p.in === where)) continue;
        params.push({ name, in: where ?? "query", required: required.has(name) || where === "path", schema: s } as never);
      }
    }
  }
  return {
    openapi: "3.1.0",
    info: v1
      ? {
          title: "Brandpilot public API",
          version: "1",
          description:
            "Authenticate with an API key: Authorization: Bearer bp_live_... Lists are pages { data, next_cursor }; times are RFC 3339; errors share one shape with a closed set of codes.",
        }
      : { title: "Brandpilot API", version: "1.0.0", description: "JSON API of the Brandpilot Worker. Errors share one shape." },
    servers: [{ url: "/" }],
    security: v1 ? [{ apiKey: [] }] : [{ session: [] }],
    paths,
    components: {
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: "bp_session", description: "Session cookie set by sign-in" },
        apiKey: { type: "http", scheme: "bearer", description: "An API key (bp_live_...) from Settings -> API keys" },
      },
      schemas: {
        Error: {
          type: "object",
          required: ["error"],
          properties: {
            error: {
              type: "object",
              required: ["code", "message"],
              properties: {
                code: { type: "string", enum: ERROR_CODES },
                message: { type: "string" },
                fields: { type: "object", additionalProperties: { type: "string" } },
              },
            },
          },
        },
      },
    },
  };
}

export function docsPage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Brandpilot API reference</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#1f2937}h1{font-size:1.6rem}
.op{border:1px solid #e5e7eb;border-radius:8px;margin:.75rem 0;padding:.75rem 1rem}.m{display:inline-block;min-width:4.5rem;font-weight:700;text-transform:uppercase}
.get{color:#047857}.post{color:#1d4ed8}.patch,.put{color:#b45309}.delete{color:#b91c1c}pre{background:#f9fafb;padding:.5rem;overflow:auto;font-size:13px}</style></head>
<body><h1>Brandpilot API reference</h1><p>Generated from the Worker's route table. Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a>.</p><div id="ops">Loading…</div>
<script>fetch('/api/openapi.json').then(r=>r.json()).then(doc=>{const el=document.getElementById('ops');el.textContent='';
for(const [p,ops] of Object.entries(doc.paths)){for(const [m,op] of Object.entries(ops)){const d=document.createElement('div');d.className='op';
const h=document.createElement('div');const s=document.createElement('span');s.className='m '+m;s.textContent=m;h.append(s,document.createTextNode(' '+p));d.append(h);
if(op.summary){const sm=document.createElement('p');sm.textContent=op.summary;d.append(sm)}
const body=op.requestBody&&Object.values(op.requestBody.content)[0].schema;if(body){const pre=document.createElement('pre');pre.textContent=JSON.stringify(body,null,2);d.append(pre)}
const q=(op.parameters||[]).filter(x=>x.in!=='path');if(q.length){const pre=document.createElement('pre');pre.textContent='query: '+q.map(x=>x.name+(x.required?'':'?')).join(', ');d.append(pre)}
for(const [st,r] of Object.entries(op.responses||{})){if(!/^2/.test(st))continue;const c=r.content&&Object.values(r.content)[0];const pre=document.createElement('pre');pre.textContent=st+' '+r.description+(c?': '+JSON.stringify(c.schema,null,2):'');d.append(pre)}
el.append(d)}}});</script></body></html>`;
}
