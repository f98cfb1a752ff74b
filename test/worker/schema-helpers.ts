// Response-schema checks for worker tests: every /api route declares its responses with
// describeRoute(...) (worker/lib/openapi.ts); these helpers find a route's description in the
// live route table and check a real response against it, so any test can prove its responses
// are what the OpenAPI document says.
import { z } from "zod";
import { app } from "../../worker/app";
import { routeDescription, type RouteDescription } from "../../worker/lib/openapi";

type RouteEntry = { method: string; path: string; handler: unknown };

export type ApiRoute = { method: string; path: string; key: string };

/** Every method + path under /api in a route table (middleware-only "ALL" entries left out). */
export function apiRoutes(routes: RouteEntry[] = app.routes, prefix = "/api"): ApiRoute[] {
  const seen = new Map<string, ApiRoute>();
  for (const r of routes) {
    if (r.method === "ALL" || !r.path.startsWith(prefix)) continue;
    const key = `${r.method} ${r.path}`;
    if (!seen.has(key)) seen.set(key, { method: r.method, path: r.path, key });
  }
  return [...seen.values()];
}

/** Routes of a table that carry no describeRoute(...) with a summary and a 2xx response. */
export function undescribedRoutes(routes: RouteEntry[] = app.routes, prefix = "/api"): string[] {
  return apiRoutes(routes, prefix)
    .filter((r) => {
      const d = routeDescription(routes, r.method, r.path);
      return !d || !d.summary.trim() || !Object.keys(d.responses).some((s) => /^[23]\d\d$/.test(s));
    })
    .map((r) => r.key);
}

/** "GET /api/posts/:postId" -> its description, or a clear failure. */
function describedRoute(route: string, routes: RouteEntry[] = app.routes): RouteDescription {
  const [method, path] = route.split(" ");
  const d = routeDescription(routes, method!, path!);
  if (!d) throw new Error(`${route} has no describeRoute(...) in the route table`);
  return d;
}

/** The route pattern of a concrete method + URL path ("/api/posts/abc" -> "GET /api/posts/:postId"). */
export function routeOf(method: string, pathname: string, routes: RouteEntry[] = app.routes): string {
  const candidates = apiRoutes(routes).filter((r) => r.method === method.toUpperCase());
  // Literal segments win over parameters (the same preference as Hono's router for these paths).
  const score = (p: string) => p.split("/").filter((s) => s && !s.startsWith(":")).length;
  candidates.sort((a, b) => score(b.path) - score(a.path));
  for (const r of candidates) {
    const re = new RegExp(`^${r.path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:[A-Za-z0-9_]+/g, "[^/]+")}$`);
    if (re.test(pathname)) return r.key;
  }
  throw new Error(`no API route matches ${method} ${pathname}`);
}

/**
 * Asserts that `body` (parsed JSON, text for non-JSON routes, null for an empty body) is what
 * `route` declares for `status`. Throws with the zod issues and the body otherwise.
 */
export function expectMatchesSchema(route: string, status: number, body: unknown): void {
  const d = describedRoute(route);
  if (!(status in d.responses)) {
    throw new Error(`${route} answered ${status}, which it does not declare (declared: ${Object.keys(d.responses).join(", ")})`);
  }
  const spec = d.responses[status];
  if (spec === null || spec === undefined) {
    if (body !== null && body !== undefined && body !== "") throw new Error(`${route} ${status} declares no body, got ${JSON.stringify(body).slice(0, 500)}`);
    return;
  }
  const result = spec.safeParse(body);
  if (!result.success) {
    throw new Error(`${route} ${status} does not match its declared schema:\n${z.prettifyError(result.error)}\nbody: ${JSON.stringify(body).slice(0, 1500)}`);
  }
}

/** Reads a response of `method pathname`, checks it against the declared schema, returns the body. */
export async function checkedBody<T = unknown>(method: string, pathname: string, res: Response): Promise<T> {
  const route = routeOf(method, pathname);
  const text = await res.text();
  const type = res.headers.get("content-type") ?? "";
  const body = text === "" ? null : type.includes("application/json") ? JSON.parse(text) : text;
  expectMatchesSchema(route, res.status, body);
  return body as T;
}
