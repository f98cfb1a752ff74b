// Input fuzzing of every /api route (decision 095). For each route of the live route table, fast-check
// builds requests from the route's own zod schemas: valid values, and hostile ones (wrong types,
// 100 KB strings, emoji / RTL / NUL / lone surrogates, out-of-range numbers, missing and extra
// fields, bad JSON, wrong content types, arrays instead of objects, odd path ids of nobody, of
// another user, SQL-ish or badly encoded). Each answer must be: never a 5xx; any 4xx in the
// docs/architecture.md error shape; and a rejected mutating request changed no row (D1 fingerprint).
// `npm test` runs >= 10,000 cases; `npm run fuzz` (VITE_FUZZ_RUNS) runs many more.
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import type { Env } from "../../worker/env";
import { signIn, ORIGIN, type TestUser } from "./helpers";
import {
  apiRoutes,
  bodySchemasOf,
  fingerprint,
  fingerprintDiff,
  formArb,
  MULTIPART,
  toFormData,
  type FormPart,
  idFor,
  isErrorShape,
  makeFixtures,
  mutatedObject,
  nastyValue,
  pathIdArb,
  RAW_BODIES,
  toJsonSchema,
  valueOf,
  type Fixtures,
  type RouteInfo,
} from "./fuzz-helpers";

// Given on the command line (npm run fuzz, VITE_FUZZ_SEED=7): vitest.config.ts passes them in as bindings.
const metaEnv = env as unknown as Record<string, string | undefined>;
const TOTAL = Number(metaEnv.VITE_FUZZ_RUNS ?? 10_400);
// `npm test` replays one fixed seed; `npm run fuzz` explores a new one each run (printed; replay
// it with VITE_FUZZ_SEED=<seed>).
const SEED = metaEnv.VITE_FUZZ_SEED ? Number(metaEnv.VITE_FUZZ_SEED) : metaEnv.VITE_FUZZ_RUNS ? Date.now() % 2 ** 31 : 20_261_122;
// The D1 fingerprint is taken around every case that names a real row (own or another user's)
// with a mutating method, every 3rd other mutating case and every 10th GET (GETs change nothing
// by design): most of the proof at a third of the cost.
const MUTATING_CHECK_EVERY = 3;
const GET_CHECK_EVERY = 10;

const ROUTES = apiRoutes(app.routes);
// Routes that end the caller's session or account run as a throwaway user, renewed after success.
const SESSION_ENDING = new Set(["DELETE /api/account", "POST /api/auth/logout", "POST /api/auth/update-password"]);
// Routes whose valid requests do real work (AI, extraction, many rows): fewer cases each.
const EXPENSIVE = new Set([
  "POST /api/auth/signup",
  "POST /api/auth/login",
  "POST /api/auth/reset-password",
  "POST /api/auth/magic-link",
  "POST /api/projects/:projectId/generate",
  "POST /api/projects/:projectId/brain/query",
  "POST /api/projects/:projectId/brain/documents",
  "POST /api/projects",
  "POST /api/projects/:projectId/campaigns",
  "GET /api/projects/:projectId/brain/summary",
  "POST /api/v1/projects/:projectId/generate",
  "POST /api/v1/projects/:projectId/brain/query",
  "POST /api/v1/projects/:projectId/brain/documents",
  "POST /api/v1/projects/:projectId/campaigns",
]);
const keyOf = (r: RouteInfo) => `${r.method} ${r.path}`;
const weightOf = (r: RouteInfo) => (SESSION_ENDING.has(keyOf(r)) ? 0.4 : EXPENSIVE.has(keyOf(r)) ? 0.6 : 1);
const weightSum = ROUTES.reduce((s, r) => s + weightOf(r), 0);
const runsOf = (r: RouteInfo) => Math.max(30, Math.ceil((TOTAL * weightOf(r)) / weightSum));

type Body =
  { kind: "none" } | { kind: "json"; value: unknown } | { kind: "raw"; body: string | null; type: string | null } | { kind: "form"; parts: FormPart[] };
type Case = {
  params: Record<string, { id: string; kind: string }>;
  query: string;
  body: Body;
  auth: "user" | "anon" | "foreign-origin";
  how: string[];
  valid: boolean;
};

const stats = {
  cases: 0,
  fingerprints: 0,
  fpMs: 0,
  reqMs: 0,
  byStatus: {} as Record<string, number>,
  byHow: {} as Record<string, number>,
  acceptedOddities: {} as Record<string, number>,
  perRoute: [] as { route: string; runs: number; ms: number }[],
};
const bump = (m: Record<string, number>, k: string) => (m[k] = (m[k] ?? 0) + 1);

/** Query strings from the query schema, valid or hostile, already encoded. */
function queryArb(r: RouteInfo, f: () => Fixtures): fc.Arbitrary<{ query: string; how: string; valid: boolean }> {
  const junk = fc.constantFrom(
    "?a=%",
    "?from=%E0%A4%A",
    "?x=1&x=2&x=3",
    "?" + "k=v&".repeat(300),
    "?from=" + "9".repeat(5000),
    "?to[]=1",
    "?__proto__[x]=1",
    "?%00=%00",
  );
  const schema = r.validators.query;
  if (!schema) {
    return fc.oneof(
      { weight: 5, arbitrary: fc.constant({ query: "", how: "", valid: true }) },
      { weight: 1, arbitrary: junk.map((query) => ({ query, how: "query:junk", valid: true })) },
    );
  }
  const js = toJsonSchema(schema);
  const enc = (o: unknown) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries((o ?? {}) as Record<string, unknown>)) {
      if (v === undefined) continue;
      p.append(k, typeof v === "string" ? v : JSON.stringify(v));
    }
    const s = p.toString();
    return s ? `?${s}` : "";
  };
  const valid = ownIds(valueOf(js), f);
  return fc.oneof(
    { weight: 3, arbitrary: valid.map((v) => ({ query: enc(v), how: "query:valid", valid: true })) },
    { weight: 4, arbitrary: mutatedObject(valid, js).map((m) => ({ query: enc(m.body), how: `query:${m.how}`, valid: false })) },
    { weight: 1, arbitrary: junk.map((query) => ({ query, how: "query:junk", valid: false })) },
  );
}

/** Known fixture names in a generated object point at the caller's own rows (in most cases). */
function ownIds(arb: fc.Arbitrary<unknown>, f: () => Fixtures): fc.Arbitrary<unknown> {
  return fc.tuple(arb, fc.nat(3)).map(([v, coin]) => {
    if (coin === 0 || !v || typeof v !== "object" || Array.isArray(v)) return v;
    const o = { ...(v as Record<string, unknown>) };
    for (const k of Object.keys(o)) if (k in f().ids) o[k] = f().ids[k];
    return o;
  });
}

function bodyArb(r: RouteInfo, f: () => Fixtures): fc.Arbitrary<{ body: Body; how: string; valid: boolean }> {
  const raw = fc.constantFrom(...RAW_BODIES).map((b) => ({ body: { kind: "raw", body: b.body, type: b.type } as Body, how: `body:${b.how}`, valid: false }));
  if (r.method === "GET" || r.method === "DELETE" || r.method === "HEAD") {
    return fc.oneof(
      { weight: 6, arbitrary: fc.constant({ body: { kind: "none" } as Body, how: "", valid: true }) },
      { weight: 1, arbitrary: nastyValue.map((value) => ({ body: { kind: "json", value } as Body, how: "body:ignored", valid: true })) },
    );
  }
  const schemas = bodySchemasOf(r);
  const multipart = MULTIPART[keyOf(r)];
  const form = multipart ? formArb(multipart).map((parts) => ({ body: { kind: "form", parts } as Body, how: "body:multipart", valid: true })) : null;
  if (schemas.length === 0) {
    if (form)
      return fc.oneof(
        { weight: 4, arbitrary: form },
        { weight: 1, arbitrary: nastyValue.map((value) => ({ body: { kind: "json", value } as Body, how: "body:any-json", valid: false })) },
        { weight: 2, arbitrary: raw },
      );
    return fc.oneof(
      { weight: 2, arbitrary: fc.constant({ body: { kind: "none" } as Body, how: "body:none", valid: true }) },
      { weight: 3, arbitrary: nastyValue.map((value) => ({ body: { kind: "json", value } as Body, how: "body:any-json", valid: false })) },
      { weight: 3, arbitrary: raw },
    );
  }
  const parts = schemas.map((s) => {
    const js = toJsonSchema(s);
    const valid = ownIds(valueOf(js), f);
    return fc.oneof(
      { weight: 3, arbitrary: valid.map((value) => ({ body: { kind: "json", value } as Body, how: "body:valid", valid: true })) },
      { weight: 5, arbitrary: mutatedObject(valid, js).map((m) => ({ body: { kind: "json", value: m.body } as Body, how: `body:${m.how}`, valid: false })) },
    );
  });
  if (form) return fc.oneof({ weight: 3, arbitrary: fc.oneof(...parts) }, { weight: 3, arbitrary: form }, { weight: 1, arbitrary: raw });
  return fc.oneof({ weight: 4, arbitrary: fc.oneof(...parts) }, { weight: 1, arbitrary: raw });
}

function caseArb(r: RouteInfo, f: () => Fixtures, other: Fixtures): fc.Arbitrary<Case> {
  const params = fc.record(
    Object.fromEntries(
      r.params.map((p) => [
        p,
        p === "platform"
          ? fc.oneof(
              fc.constantFrom("twitter", "instagram", "facebook", "linkedin").map((id) => ({ id, kind: "own" })),
              pathIdArb(undefined, undefined),
            )
          : // The arbitrary is built once; "own" is re-read at request time (fixtures can be renewed).
            pathIdArb(`@own:${p}`, idFor(other, p, r.path)),
      ]),
    ),
  ) as fc.Arbitrary<Case["params"]>;
  const auth = fc.oneof(
    { weight: 18, arbitrary: fc.constant("user" as const) },
    { weight: 1, arbitrary: fc.constant("anon" as const) },
    { weight: 1, arbitrary: fc.constant("foreign-origin" as const) },
  );
  return fc.tuple(params, queryArb(r, f), bodyArb(r, f), auth).map(([ps, q, b, a]) => ({
    params: ps,
    query: q.query,
    body: b.body,
    auth: a,
    how: [q.how, b.how, ...Object.entries(ps).map(([k, v]) => `${k}:${v.kind}`), a === "user" ? "" : `auth:${a}`].filter(Boolean),
    valid: q.valid && b.valid && Object.values(ps).every((v) => v.kind === "own") && (a === "user" || (a === "foreign-origin" && r.method === "GET")),
  }));
}

function describeCase(r: RouteInfo, c: Case, url: string): string {
  const body =
    c.body.kind === "json"
      ? JSON.stringify(c.body.value)?.slice(0, 300)
      : c.body.kind === "raw"
        ? `${c.body.type} ${String(c.body.body).slice(0, 120)}`
        : c.body.kind === "form"
          ? JSON.stringify(
              c.body.parts.map((p) =>
                "file" in p
                  ? { name: p.name, fileName: p.file.fileName.slice(0, 60), type: p.file.type, size: p.file.bytes.length }
                  : { name: p.name, value: p.value.slice(0, 60) },
              ),
            )
          : "(none)";
  return `${keyOf(r)} url=${url.slice(0, 300)} how=[${c.how.join(", ")}] body=${body}`;
}

// The real env with both queues replaced by recorders: an accepted request's background work
// (publishing, extraction) must not change rows while later cases are fingerprinted.
const recorder = { send: async () => {}, sendBatch: async () => {} };
const testEnv = { ...(env as unknown as Env), PUBLISH_JOBS: recorder, BRAIN_JOBS: recorder } as unknown as Env;

let owner: Fixtures;
let other: Fixtures;
let victim: TestUser;

beforeAll(async () => {
  owner = await makeFixtures();
  other = await makeFixtures();
  victim = await signIn();
});

afterAll(() => {
  const total = stats.perRoute.reduce((s, r) => s + r.runs, 0);
  const ms = stats.perRoute.reduce((s, r) => s + r.ms, 0);
  console.log(
    [
      `fuzz: ${stats.cases} cases in total (seed ${SEED}): ${total} from the schemas of ${stats.perRoute.length} routes in ${(ms / 1000).toFixed(1)} s, ${stats.cases - total} unrouted methods/paths; ${stats.fingerprints} D1 fingerprints (${(stats.fpMs / 1000).toFixed(1)} s), requests ${(stats.reqMs / 1000).toFixed(1)} s`,
      `fuzz statuses: ${JSON.stringify(stats.byStatus)}`,
      `fuzz kinds: ${JSON.stringify(stats.byHow)}`,
      `fuzz invalid-looking inputs answered 2xx (zod strips unknown keys; odd strings can be valid): ${JSON.stringify(stats.acceptedOddities)}`,
    ].join("\n"),
  );
});

describe("input fuzzing of every /api route", () => {
  it("finds the whole API in the route table", () => {
    expect(ROUTES.length).toBeGreaterThanOrEqual(40);
    expect(ROUTES.reduce((s, r) => s + runsOf(r), 0)).toBeGreaterThanOrEqual(Math.min(TOTAL, 10_000));
  });

  for (const route of ROUTES) {
    const key = keyOf(route);
    const runs = runsOf(route);
    it(`${key}: ${runs} cases, no 5xx, error shape, rejected changes nothing`, { timeout: 60_000 + runs * 200 }, async () => {
      const started = performance.now();
      // Each route starts with a fresh per-key budget (600 a minute), so every v1 route's cases reach its handler.
      await env.DB.prepare("delete from rate_limits where key like 'apikey:%'").run();
      const sessionEnding = SESSION_ENDING.has(key);
      let lastFp: string | null = null;
      let n = 0;
      const prop = fc.asyncProperty(
        caseArb(route, () => owner, other),
        async (c) => {
          n++;
          stats.cases++;
          const me = sessionEnding ? victim : owner.user;
          const params = Object.fromEntries(
            Object.entries(c.params).map(([k, v]) => [
              k,
              v.id.startsWith("@own:") ? (sessionEnding ? encodeURIComponent(me.projectId) : (idFor(owner, k, route.path) ?? "none")) : v.id,
            ]),
          );
          const url = ORIGIN + route.path.replace(/:([A-Za-z0-9_]+)/g, (_, p: string) => params[p] ?? "x") + c.query;
          const headers = new Headers();
          // The public API takes API keys only (decision 211): its "user" is the owner's key.
          if (c.auth !== "anon") {
            if (route.path.startsWith("/api/v1/")) headers.set("authorization", `Bearer ${owner.apiKey}`);
            else headers.set("cookie", me.cookie);
          }
          headers.set("origin", c.auth === "foreign-origin" ? "https://evil.example" : ORIGIN);
          let body: string | FormData | null = null;
          if (c.body.kind === "json") {
            headers.set("content-type", "application/json");
            body = JSON.stringify(c.body.value) ?? "null";
          } else if (c.body.kind === "form") {
            body = toFormData(c.body.parts); // the Request sets multipart/form-data with its boundary
          } else if (c.body.kind === "raw") {
            if (c.body.type) headers.set("content-type", c.body.type);
            body = c.body.body;
          }
          const namesRow = Object.values(c.params).some((v) => v.kind === "own" || v.kind === "other-user");
          const check = route.method === "GET" ? n % GET_CHECK_EVERY === 0 : namesRow || n % MUTATING_CHECK_EVERY === 0;
          const users = [owner.user, other.user, victim];
          if (check && lastFp === null) {
            const t0 = performance.now();
            lastFp = await fingerprint(users);
            stats.fpMs += performance.now() - t0;
            stats.fingerprints++;
          }
          const t0 = performance.now();
          const pending: Promise<unknown>[] = [];
          const ctx = { waitUntil: (p: Promise<unknown>) => void pending.push(p), passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
          const res = await app.fetch(
            new Request(url, { method: route.method, headers, body: route.method === "GET" || route.method === "HEAD" ? null : body }),
            testEnv,
            ctx,
          );
          const text = await res.text();
          await Promise.allSettled(pending);
          stats.reqMs += performance.now() - t0;
          bump(stats.byStatus, String(res.status));
          for (const h of c.how) bump(stats.byHow, h.split(":").slice(0, 2).join(":"));
          const where = () => describeCase(route, c, url);
          if (res.status >= 500) throw new Error(`${res.status} ${text.slice(0, 300)} for ${where()}`);
          if (res.status >= 400) {
            let parsed: unknown = null;
            try {
              parsed = JSON.parse(text);
            } catch {
              /* not JSON: fails below */
            }
            if (!isErrorShape(parsed, res.status)) throw new Error(`${res.status} not the error shape: ${text.slice(0, 300)} for ${where()}`);
            if (check) {
              const t0 = performance.now();
              const after = await fingerprint(users);
              stats.fpMs += performance.now() - t0;
              stats.fingerprints++;
              if (after !== lastFp) throw new Error(`rejected ${res.status} changed rows: ${fingerprintDiff(lastFp!, after)} for ${where()}`);
            }
            return;
          }
          // Accepted: rows may change; renew what the request may have used up.
          lastFp = null;
          if (!c.valid && res.status < 300) bump(stats.acceptedOddities, `${key} ${c.how.filter((h) => !h.endsWith(":own")).join("+")}`);
          if (sessionEnding && res.status < 300) victim = await signIn();
          else if (route.method === "DELETE" && res.status < 300) owner = await makeFixtures();
        },
      );
      const out = await fc.check(prop, { numRuns: runs, seed: SEED ^ hash(key), endOnFailure: true });
      stats.perRoute.push({ route: key, runs: n, ms: performance.now() - started });
      if (out.failed)
        throw new Error(
          `${key} failed after ${out.numRuns} runs (seed ${out.seed}, path ${out.counterexamplePath}): ${(out.errorInstance as Error | undefined)?.message ?? "?"}`,
        );
      expect(n).toBeGreaterThanOrEqual(runs);
    });
  }
});

describe("methods and paths the route table does not have", () => {
  it("every unrouted method on every /api path and random /api paths answer a 4xx in the error shape and change nothing", { timeout: 120_000 }, async () => {
    const paths = [...new Set(ROUTES.map((r) => r.path))];
    const methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
    const before = await fingerprint([owner.user, other.user, victim]);
    let n = 0;
    const ask = async (method: string, path: string) => {
      n++;
      stats.cases++;
      const res = await app.fetch(new Request(ORIGIN + path, { method, headers: owner.user.headers, body: method === "GET" ? null : "{}" }), testEnv, {
        waitUntil() {},
        passThroughOnException() {},
        props: {},
      } as unknown as ExecutionContext);
      const text = await res.text();
      expect(res.status, `${method} ${path}: ${text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
      expect(isErrorShape(JSON.parse(text)), `${method} ${path}: ${text.slice(0, 200)}`).toBe(true);
    };
    for (const path of paths) {
      const concrete = path.replace(/:([A-Za-z0-9_]+)/g, (_, p: string) => idFor(owner, p, path) ?? "x");
      const routed = new Set(ROUTES.filter((r) => r.path === path).map((r) => r.method));
      for (const method of methods) if (!routed.has(method) && !(method === "GET" && routed.has("HEAD"))) await ask(method, concrete);
    }
    const segment = fc.oneof(
      fc.constantFrom("projects", "posts", "brain", "auth", "media", "..", ".", "%2e%2e", "%00", "", "api"),
      fc.string({ unit: "binary", maxLength: 12 }).map(encodeURIComponent),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...methods), fc.array(segment, { minLength: 1, maxLength: 6 }), async (method, segs) => {
        // URL parsing resolves dot segments (also %2e%2e): a path that leaves /api/ is the SPA's.
        const path = new URL(`${ORIGIN}/api/${segs.join("/")}`).pathname;
        if (!path.startsWith("/api/")) return;
        if (ROUTES.some((r) => r.method === method && new RegExp(`^${r.path.replace(/:[A-Za-z0-9_]+/g, "[^/]+")}/?$`).test(path))) return;
        await ask(method, path);
      }),
      { numRuns: Math.max(300, Math.ceil(TOTAL / 30)), seed: SEED },
    );
    expect(await fingerprint([owner.user, other.user, victim])).toBe(before);
    expect(n).toBeGreaterThan(300);
  });
});

function hash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0;
  return h;
}
