// The OpenAPI 3.1 document is generated from the live route table: every route's path and
// method, and the zod schema of each validator on it (see lib/validate.ts), so the description
// cannot drift from what the Worker enforces.
import { z } from "zod";
import { validatorMeta } from "./validate";

type RouteEntry = { path: string; method: string; handler: unknown };

const IN: Record<string, "query" | "path" | "header" | "cookie" | undefined> = { query: "query", param: "path", header: "header", cookie: "cookie" };

function jsonSchema(schema: z.ZodType) {
  try {
    return z.toJSONSchema(schema, { io: "input", unrepresentable: "any", target: "draft-2020-12" }) as Record<string, unknown>;
  } catch {
    return {};
  }
}

export function buildOpenApi(routes: RouteEntry[], prefix = "/api") {
  const paths: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const route of routes) {
    if (route.method === "ALL" || !route.path.startsWith(prefix)) continue;
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
    info: { title: "Brandpilot API", version: "1.0.0", description: "JSON API of the Brandpilot Worker. Errors share one shape." },
    servers: [{ url: "/" }],
    paths,
    components: {
      schemas: {
        Error: {
          type: "object",
          required: ["error"],
          properties: {
            error: {
              type: "object",
              required: ["code", "message"],
              properties: { code: { type: "string" }, message: { type: "string" }, fields: { type: "object", additionalProperties: { type: "string" } } },
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
const body=op.requestBody&&Object.values(op.requestBody.content)[0].schema;if(body){const pre=document.createElement('pre');pre.textContent=JSON.stringify(body,null,2);d.append(pre)}
const q=(op.parameters||[]).filter(x=>x.in!=='path');if(q.length){const pre=document.createElement('pre');pre.textContent='query: '+q.map(x=>x.name+(x.required?'':'?')).join(', ');d.append(pre)}
el.append(d)}}});</script></body></html>`;
}
