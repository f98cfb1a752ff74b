// Input fuzzing helpers (decision 095): the API route table with each route's zod validators, fast-check
// arbitraries derived from those schemas (valid values and hostile mutations of them), fixtures
// owned by two users, and a cheap D1 fingerprint to prove a rejected request changed no row.
import { ERRORS, isErrorCode } from "../../schema/api/errors";
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { z, type ZodType } from "zod";
import { validatorMeta } from "../../worker/lib/validate";
import { brainTextDocumentSchema, brainUrlDocumentSchema } from "../../schema/api/brain";
import { projectDetailsSchema } from "../../schema/api/projects";
import { connectAccount, insertPost } from "./posts-fixtures";
import { signIn, type TestUser } from "./helpers";
import { createKey } from "./api-key-helpers";

export type RouteInfo = { method: string; path: string; params: string[]; validators: Partial<Record<"json" | "query" | "param" | "form", ZodType>> };

/** Every /api route of the app (method + path), with the schemas of its validators. */
export function apiRoutes(routes: { method: string; path: string; handler: unknown }[]): RouteInfo[] {
  const byKey = new Map<string, RouteInfo>();
  for (const r of routes) {
    if (!r.path.startsWith("/api/") || r.method === "ALL") continue;
    const key = `${r.method} ${r.path}`;
    let info = byKey.get(key);
    if (!info) {
      info = { method: r.method, path: r.path, params: [...r.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!), validators: {} };
      byKey.set(key, info);
    }
    const meta = validatorMeta(r.handler);
    if (meta && (meta.target === "json" || meta.target === "query" || meta.target === "param" || meta.target === "form"))
      info.validators[meta.target] = meta.schema;
  }
  return [...byKey.values()];
}

// Routes that read a body without a validator middleware parse it themselves; the schemas they
// parse with are the source of their valid bodies.
const BODY_HINTS: Record<string, ZodType[]> = {
  "POST /api/projects/:projectId/brain/documents": [brainTextDocumentSchema, brainUrlDocumentSchema],
  "POST /api/projects": [projectDetailsSchema],
};
export const bodySchemasOf = (r: RouteInfo): ZodType[] => (r.validators.json ? [r.validators.json] : (BODY_HINTS[`${r.method} ${r.path}`] ?? []));

// ---------- JSON schema -> fast-check ----------
type JS = Record<string, unknown>;

export function toJsonSchema(schema: ZodType): JS {
  try {
    return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JS;
  } catch {
    return {};
  }
}

const emailArb = fc
  .tuple(fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,15}[a-z0-9]$/), fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.constantFrom("com", "org", "io", "co.uk"))
  .filter(([l]) => !l.includes(".."))
  .map(([l, d, t]) => `${l}@${d}.${t}`);
const dateTimeArb = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }).map((ms) => new Date(ms).toISOString());
const friendlyString = (min: number, max: number) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength: min, maxLength: max }) },
    { weight: 1, arbitrary: fc.string({ minLength: min, maxLength: max, unit: "grapheme" }) },
    { weight: 1, arbitrary: fc.string({ minLength: min, maxLength: max, unit: "binary" }) },
  );

// Field names whose meaning JSON schema cannot say (a calendar date, a clock time, an IANA zone):
// plausible values near the edges (today, far future, DST zones, day 31, 23:59, 24:00).
const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const SEMANTIC: [RegExp, fc.Arbitrary<string>][] = [
  [
    /(^|_)date$/,
    fc.oneof(
      fc.integer({ min: -2, max: 400 }).map((d) => isoDay(Date.now() + d * DAY)),
      fc.constantFrom("9999-12-31", "2099-02-28", "2096-02-29", "2030-02-29", "2030-04-31", "0001-01-01", "2030-1-1", "30-01-01"),
    ),
  ],
  [
    /(^|_)time$/,
    fc.oneof(
      fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`),
      fc.constantFrom("24:00", "23:59", "00:00", "12:60", "9:00", "09:00:00", "02:30"),
    ),
  ],
  [
    /time_?zone$/i,
    fc.constantFrom(
      "UTC",
      "Europe/Berlin",
      "America/New_York",
      "America/Sao_Paulo",
      "Pacific/Kiritimati",
      "Pacific/Pago_Pago",
      "Asia/Kathmandu",
      "Australia/Lord_Howe",
      "Etc/GMT+12",
      "Etc/GMT-14",
      "utc",
      "Local",
      "+05:30",
      "Mars/Olympus",
    ),
  ],
];

/** A value that (mostly) satisfies the JSON schema; refinements the schema cannot express may still fail. */
export function valueOf(s: JS, depth = 0, key = ""): fc.Arbitrary<unknown> {
  const semantic = s.type === "string" && key ? SEMANTIC.find(([re]) => re.test(key)) : undefined;
  if (semantic) return fc.oneof({ weight: 3, arbitrary: semantic[1] }, { weight: 1, arbitrary: friendlyString(1, 20) });
  if (Array.isArray(s.anyOf) || Array.isArray(s.oneOf)) return fc.oneof(...((s.anyOf ?? s.oneOf) as JS[]).map((x) => valueOf(x, depth + 1)));
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  if ("const" in s) return fc.constant(s.const);
  switch (s.type) {
    case "string": {
      const min = (s.minLength as number | undefined) ?? 0;
      const max = Math.min((s.maxLength as number | undefined) ?? 40, Math.max(min, 40));
      if (s.format === "date-time") return dateTimeArb;
      if (s.format === "email" || (typeof s.pattern === "string" && s.pattern.includes("@"))) return emailArb;
      if (s.format === "uri" || s.format === "url") return fc.webUrl();
      if (typeof s.pattern === "string") {
        try {
          return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length >= min && v.length <= ((s.maxLength as number) ?? Infinity));
        } catch {
          /* a pattern fast-check cannot build from: plain strings */
        }
      }
      return friendlyString(min, max);
    }
    case "integer":
      return fc.integer({ min: (s.minimum as number | undefined) ?? -1000, max: (s.maximum as number | undefined) ?? 1000 });
    case "number":
      return fc.double({ min: (s.minimum as number | undefined) ?? -1e6, max: (s.maximum as number | undefined) ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      const min = (s.minItems as number | undefined) ?? 0;
      const max = Math.min((s.maxItems as number | undefined) ?? 5, Math.max(min, 5));
      return fc.array(depth > 4 ? fc.constant(null) : valueOf((s.items as JS) ?? {}, depth + 1), { minLength: min, maxLength: max });
    }
    case "object": {
      const props = (s.properties ?? {}) as Record<string, JS>;
      const required = (s.required as string[] | undefined) ?? [];
      if (depth > 4 || Object.keys(props).length === 0) return fc.constant({});
      return fc.record(Object.fromEntries(Object.entries(props).map(([k, v]) => [k, valueOf(v, depth + 1, k)])), {
        requiredKeys: required.filter((k) => k in props),
      });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

// ---------- hostile values ----------
const HUGE = "A".repeat(100 * 1024);
const NASTY_STRINGS = [
  "",
  " ",
  HUGE,
  "😀".repeat(2000),
  "👩‍👩‍👧‍👦🏳️‍🌈",
  "\u202Eevil\u202C مرحبا بالعالم",
  "a\u0000b",
  "\u0000",
  "\uD800",
  "x\uDC00y",
  "\uFEFF\u200B\u200D",
  "e\u0301\u0301\u0301",
  "'; DROP TABLE posts; --",
  '" OR 1=1 --',
  "%00%2e%2e/",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "${7*7}{{7*7}}",
  "null",
  "NaN",
  "-1",
  "1e309",
  "9".repeat(400),
  "2026-02-30T25:61:61Z",
  "\r\n\r\nX-Injected: 1",
];
const NASTY_NUMBERS = [
  -1,
  0,
  -0,
  0.5,
  -1e308,
  1e308,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  2 ** 31,
  2 ** 53,
  1.7976931348623157e308,
  5e-324,
];
const nastyString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 300 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom("\uD800", "\uDFFF", "\u0000", "\u202E", "😀", "ع", "\n"), maxLength: 50 }) },
);
/** Any wrong-ish value: wrong types, huge and odd strings, out-of-range numbers, nesting. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 2, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], { $gt: "" }, { __proto__: { admin: true } }) },
  { weight: 1, arbitrary: fc.array(nastyString, { maxLength: 40 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);
const EXTRA_KEYS = ["id", "user_id", "userId", "project_id", "status", "platform_post_id", "__proto__", "constructor", "prototype", "role", "is_admin", "zzz"];

/** A body derived from a schema's valid value by one or more hostile edits. */
export function mutatedObject(valid: fc.Arbitrary<unknown>, s: JS): fc.Arbitrary<{ body: unknown; how: string }> {
  const props = Object.keys((s.properties ?? {}) as object);
  const required = (s.required as string[] | undefined) ?? [];
  const key = props.length ? fc.constantFrom(...props) : fc.constant("x");
  const asObj = (v: unknown) => (v && typeof v === "object" && !Array.isArray(v) ? { ...(v as object) } : {}) as Record<string, unknown>;
  return fc.oneof(
    fc.tuple(valid, key, nastyValue).map(([v, k, bad]) => ({ body: { ...asObj(v), [k]: bad }, how: "field:nasty" })),
    fc.tuple(valid, fc.array(fc.tuple(key, nastyValue), { minLength: 2, maxLength: 4 })).map(([v, edits]) => {
      const o = asObj(v);
      for (const [k, bad] of edits) o[k] = bad;
      return { body: o, how: "fields:nasty" };
    }),
    fc.tuple(valid, required.length ? fc.constantFrom(...required) : key).map(([v, k]) => {
      const o = asObj(v);
      delete o[k];
      return { body: o, how: "field:missing" };
    }),
    fc.tuple(valid, fc.constantFrom(...EXTRA_KEYS), nastyValue).map(([v, k, extra]) => {
      const o = asObj(v);
      Object.defineProperty(o, k, { value: extra, enumerable: true, configurable: true, writable: true });
      return { body: o, how: "field:extra" };
    }),
    valid.map((v) => ({ body: [v], how: "array-instead" })),
    fc.constantFrom<unknown>(null, 0, "text", true, [], {}).map((b) => ({ body: b, how: "whole:wrong-type" })),
  );
}

/** Raw request bodies that are not the JSON the route expects. */
export const RAW_BODIES: { body: string | null; type: string | null; how: string }[] = [
  { body: "{", type: "application/json", how: "bad-json" },
  { body: '{"content": }', type: "application/json", how: "bad-json" },
  { body: "{'a': 1}", type: "application/json", how: "bad-json" },
  { body: "\uFEFF{}", type: "application/json", how: "bom-json" },
  { body: "", type: "application/json", how: "empty-body" },
  { body: null, type: "application/json", how: "no-body" },
  { body: null, type: null, how: "no-body-no-type" },
  { body: '{"a":1}', type: "text/plain", how: "wrong-type" },
  { body: "name=x&content=y", type: "application/x-www-form-urlencoded", how: "form-urlencoded" },
  { body: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc\r\n', type: "multipart/form-data; boundary=x", how: "truncated-multipart" },
  { body: "garbage", type: "multipart/form-data", how: "multipart-no-boundary" },
  { body: '{"a":1}', type: "application/json; charset=utf-16", how: "odd-charset" },
  { body: "[".repeat(5000) + "]".repeat(5000), type: "application/json", how: "deep-nesting" },
  { body: JSON.stringify({ content: HUGE, prompt: HUGE, name: HUGE, question: HUGE }), type: "application/json", how: "huge-fields" },
  { body: "x".repeat(300_000), type: "application/json", how: "huge-garbage" },
  { body: "\u0000\u0000", type: "application/json", how: "nul-json" },
  { body: '"\\ud800"', type: "application/json", how: "lone-surrogate-json" },
];

// ---------- multipart ----------
export type FormPart = { name: string; value: string } | { name: string; file: { bytes: Uint8Array; fileName: string; type: string } };

// Routes that take multipart/form-data, with the names of their file and text fields.
export const MULTIPART: Record<string, { files: string[]; texts: string[] }> = {
  "POST /api/projects": { files: ["documents"], texts: ["name", "industry", "brand_voice", "description"] },
  "POST /api/projects/:projectId/brain/documents": { files: ["file"], texts: ["title"] },
  "POST /api/projects/:projectId/media": { files: ["file"], texts: ["accountId"] },
};

const MAGIC: Record<string, number[]> = {
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpg: [0xff, 0xd8, 0xff, 0xe0],
  gif: [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
  pdf: [0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 0x0a],
  docx: [0x50, 0x4b, 0x03, 0x04],
  txt: [],
};
const fileArb = fc
  .tuple(
    fc.constantFrom(...Object.keys(MAGIC)),
    fc.uint8Array({ maxLength: 2048 }),
    fc.oneof(
      fc.constantFrom("a.png", "b.jpg", "c.gif", "d.pdf", "e.docx", "f.txt", "g.doc", "noext", "", ".png", "x.PNG"),
      nastyString.map((n) => `${n}.txt`),
    ),
    fc.constantFrom("image/png", "image/jpeg", "image/gif", "application/pdf", "text/plain", "application/octet-stream", "", "text/html", "image/svg+xml"),
    fc.boolean(),
  )
  .map(([kind, rest, fileName, type, magic]) => ({ bytes: new Uint8Array([...(magic ? MAGIC[kind]! : []), ...rest]), fileName, type }));

/** Multipart bodies: files with real or wrong magic bytes and odd names, and hostile text fields. */
export function formArb(spec: { files: string[]; texts: string[] }): fc.Arbitrary<FormPart[]> {
  const text = fc
    .tuple(fc.constantFrom(...spec.texts, "zzz"), fc.oneof(fc.string({ maxLength: 60 }), nastyString))
    .map(([name, value]) => ({ name, value }) as FormPart);
  const file = fc.tuple(fc.constantFrom(...spec.files, "other"), fileArb).map(([name, f]) => ({ name, file: f }) as FormPart);
  const textAsFile = fc.constantFrom(...spec.files).map((name) => ({ name, value: "not a file" }) as FormPart);
  return fc.array(fc.oneof({ weight: 3, arbitrary: file }, { weight: 3, arbitrary: text }, { weight: 1, arbitrary: textAsFile }), { maxLength: 6 });
}

export function toFormData(parts: FormPart[]): FormData {
  const form = new FormData();
  for (const p of parts) {
    if ("file" in p) form.append(p.name, new File([new Uint8Array(p.file.bytes)], p.file.fileName, { type: p.file.type }));
    else form.append(p.name, p.value);
  }
  return form;
}

/** Path ids: valid own ids, others' ids, random, SQL-ish and odd encodings (already URL-encoded). */
export function pathIdArb(own: string | undefined, theirs: string | undefined): fc.Arbitrary<{ id: string; kind: string }> {
  const enc = (s: string) => encodeURIComponent(s);
  const opts: fc.Arbitrary<{ id: string; kind: string }>[] = [
    fc.uuid().map((id) => ({ id, kind: "random-uuid" })),
    fc
      .constantFrom(
        "' OR '1'='1",
        "1; DROP TABLE posts",
        "1 UNION SELECT * FROM users",
        "%",
        "_",
        "*",
        "null",
        "0",
        "-1",
        "..",
        "\u0000",
        "😀",
        "\u202E",
        "a".repeat(101),
        "a".repeat(5000),
      )
      .map((s) => ({ id: enc(s), kind: "hostile" })),
    fc.constantFrom("%E0%A4%A", "%", "%zz", "%00", "%2e%2e", "%2F..%2F", "%C0%AF", "%ED%A0%80").map((id) => ({ id, kind: "bad-encoding" })),
    fc.string({ minLength: 1, maxLength: 60, unit: "binary" }).map((s) => ({ id: enc(s), kind: "random-string" })),
  ];
  if (own) opts.push(fc.constant({ id: own, kind: "own" }), fc.constant({ id: own, kind: "own" }), fc.constant({ id: own, kind: "own" }));
  if (theirs) opts.push(fc.constant({ id: theirs, kind: "other-user" }));
  return fc.oneof(...opts);
}

// ---------- fixtures ----------
/** `apiKey`: the user's key with every scope, for the /api/v1 routes (which take keys only). */
export type Fixtures = { user: TestUser; ids: Record<string, string>; apiKey: string };

/** A signed-in user owning one of everything a path id can name. */
export async function makeFixtures(): Promise<Fixtures> {
  const user = await signIn();
  const now = Date.now();
  const ids: Record<string, string> = { projectId: user.projectId };
  ids.postId = await insertPost(user.projectId, { content: "Fuzz fixture post", scheduledFor: now + 30 * 86_400_000 });
  ids.accountId = (await connectAccount(user.projectId, "twitter")).accountId;
  ids.campaignId = crypto.randomUUID();
  ids.documentId = crypto.randomUUID();
  ids.brainDocumentId = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare(
      "insert into campaigns (id, project_id, prompt, post_count, duration, platforms, start_date, start_time, time_zone, created_at) values (?, ?, 'Fuzz campaign prompt', 2, 3, '[\"twitter\"]', '2030-01-01', '09:00', 'UTC', ?)",
    ).bind(ids.campaignId, user.projectId, now),
    env.DB.prepare(
      "insert into project_documents (id, project_id, name, file_url, file_type, file_size, created_at) values (?, ?, 'fixture.txt', 'r2://none', 'text/plain', 3, ?)",
    ).bind(ids.documentId, user.projectId, now),
    env.DB.prepare(
      "insert into brain_documents (id, project_id, title, content, type, status, created_at) values (?, ?, 'Fixture', 'Fixture text', 'text', 'ready', ?)",
    ).bind(ids.brainDocumentId, user.projectId, now),
  ]);
  return { user, ids, apiKey: (await createKey(user, { name: "Fuzz key" })).key };
}

/** The fixture id for a path parameter (documentId differs between the projects and brain routes). */
export function idFor(f: Fixtures, param: string, path: string): string | undefined {
  if (param === "documentId" && path.includes("/brain/")) return f.ids.brainDocumentId;
  if (param === "platform") return "twitter";
  return f.ids[param];
}

// ---------- fingerprint ----------
// rate_limits counts rejected sign-ins by design (that is its job), so it is left out; sessions are
// counted only (their rows are not read). One statement, one round trip: cheap enough per case.
const SKIP_TABLES = new Set(["d1_migrations", "rate_limits"]);
let sqlCache: string | null = null;

async function fingerprintSql(): Promise<string> {
  if (sqlCache) return sqlCache;
  const { results } = await env.DB.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%'").all<{
    name: string;
  }>();
  const all = results.map((r) => r.name).filter((n) => !SKIP_TABLES.has(n));
  const parts = all.map((n) => `(select count(*) from "${n}") as "n_${n}"`);
  const rowsOf = async (table: string, where: string) => {
    const cols = await env.DB.prepare(`select name from pragma_table_info('${table}')`).all<{ name: string }>();
    const row = cols.results.map((c) => `quote("${c.name}")`).join(" || '|' || ");
    return `(select group_concat(r, char(10)) from (select ${row} as r from "${table}" where ${where} order by rowid)) as "rows_${table}"`;
  };
  parts.push(await rowsOf("users", "id in (select value from json_each(?1))"));
  parts.push(await rowsOf("projects", "user_id in (select value from json_each(?1))"));
  for (const t of all) {
    const cols = await env.DB.prepare(`select name from pragma_table_info('${t}')`).all<{ name: string }>();
    if (cols.results.some((c) => c.name === "project_id")) parts.push(await rowsOf(t, "project_id in (select value from json_each(?2))"));
  }
  sqlCache = `select ${parts.join(",\n")}`;
  return sqlCache;
}

/** Row counts of every table plus the full rows of the given users, their projects and everything in them. */
export async function fingerprint(users: TestUser[]): Promise<string> {
  const row = await env.DB.prepare(await fingerprintSql())
    .bind(JSON.stringify(users.map((u) => u.userId)), JSON.stringify(users.map((u) => u.projectId)))
    .first();
  return JSON.stringify(row);
}

/** What differs between two fingerprints (for a readable failure). */
export function fingerprintDiff(a: string, b: string): string {
  const x = JSON.parse(a) as Record<string, unknown>;
  const y = JSON.parse(b) as Record<string, unknown>;
  for (const k of Object.keys(x)) {
    if (JSON.stringify(x[k]) !== JSON.stringify(y[k])) return `${k}: ${String(x[k]).slice(0, 400)} -> ${String(y[k]).slice(0, 400)}`;
  }
  return "no difference";
}

/** The docs/architecture.md error shape, with a code of the closed set (schema/api/errors.ts) answered with that code's status. */
export function isErrorShape(body: unknown, status?: number): boolean {
  const e = (body as { error?: { code?: unknown; message?: unknown; fields?: unknown } } | null)?.error;
  if (!e || !isErrorCode(e.code) || typeof e.message !== "string" || !e.message) return false;
  if (status !== undefined && ERRORS[e.code].status !== status) return false;
  if (e.fields === undefined) return true;
  return !!e.fields && typeof e.fields === "object" && Object.values(e.fields).every((v) => typeof v === "string");
}
