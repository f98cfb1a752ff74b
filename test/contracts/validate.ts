// Checks one HTTP request against a service's published contract (tests and the local sandbox
// only: ajv never ships in the Worker). A contract is a list of endpoints, each with its method,
// path template, query, required headers, content types and body schema, and the page it comes
// from. Generic: an OpenAPI description (X's openapi.json), lexicons turned into endpoints (AT
// Protocol) and hand-written contracts (LinkedIn, Meta Graph, Mastodon) all become this shape.
// An unknown endpoint, a missing required header, a field the schema does not allow or a wrong
// content type is a problem; a request with no problems matched exactly one endpoint.
import { Ajv, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";

type Json = Record<string, unknown>;
export type JsonSchema = Json;

export type ContractEndpoint = {
  method: "GET" | "POST" | "PUT" | "DELETE" | "PATCH";
  /** Path template as the service documents it: /2/media/upload/{id}/append. */
  path: string;
  /** Object schema of the query parameters (values arrive as strings and are coerced). */
  query?: JsonSchema;
  /** Schemas of path parameters by name. */
  pathParams?: Record<string, JsonSchema>;
  /** Header (lower-case) -> regular expression its value must match; all required. */
  headers?: Record<string, string>;
  /** Content types the body may have (no body allowed when empty/undefined and `body` unset). */
  contentTypes?: readonly string[];
  /** Schema of the body (JSON, or the fields of a form / multipart body). */
  body?: JsonSchema;
  /** Query or form parameters whose value is a comma-separated list (OpenAPI style form, explode false). */
  commaLists?: readonly string[];
  /** Where the rule comes from: page URL and the date it was read. */
  source: string;
  /**
   * Opened by the user's browser, not sent by the adapter (an OAuth authorize page): the adapter's
   * URL is checked with checkUrl; the sandbox's own approve-form POST to it is not the service's.
   */
  browser?: boolean;
};

export type Contract = {
  service: string;
  title: string;
  /** Each document the contract was written from, with the date it was read (YYYY-MM-DD). */
  sources: readonly { url: string; read: string; note?: string }[];
  endpoints: readonly ContractEndpoint[];
  /**
   * The API version Brandpilot sends (a path segment or a header) and the date the service stops
   * answering it (null: none announced), with where that date was read. `npm run contracts`
   * flags a version within 90 days of its sunset (decision 234).
   */
  apiVersions?: readonly { name: string; sunset: string | null; source: string }[];
  /** A prefix of the sandbox's paths that is not part of the API (Mastodon's /i/<instance host>), as a regular expression. */
  sandboxPathPrefix?: string;
  /** Shared schemas endpoints refer to with { $ref: "#/definitions/Name" }. */
  definitions?: Record<string, JsonSchema>;
};

export type RecordedRequest = {
  method: string;
  /** Path as the service sees it (the sandbox's /<network> prefix removed). */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  body: Uint8Array;
};

export type ContractCheck = { endpoint: string | null; problems: string[] };

const BINARY = "<binary>";

function newAjv(): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: true, coerceTypes: "array", validateFormats: true });
  addFormats(ajv);
  // Lengths as AT Protocol lexicons count them: UTF-8 bytes and grapheme clusters.
  const segmenter = new Intl.Segmenter("en", { granularity: "grapheme" });
  ajv.addKeyword({ keyword: "maxBytes", type: "string", schemaType: "number", validate: (max: number, v: string) => new TextEncoder().encode(v).length <= max });
  ajv.addKeyword({ keyword: "maxGraphemes", type: "string", schemaType: "number", validate: (max: number, v: string) => [...segmenter.segment(v)].length <= max });
  // OpenAPI's file formats: a multipart file part arrives as BINARY, base64 text as a string.
  ajv.addFormat("binary", true);
  ajv.addFormat("int64", true);
  ajv.addFormat("int32", true);
  return ajv;
}

const templateRegex = (path: string) => new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{(\w+)\\?\}|\{(\w+)\}/g, (_m, a, b) => `(?<${a ?? b}>[^/]+)`)}$`);

type Compiled = ContractEndpoint & { re: RegExp; check: { query?: ValidateFunction; body?: ValidateFunction; params: Record<string, ValidateFunction> } };

/** A contract ready to check requests (schemas compiled once). */
export function compileContract(contract: Contract): (req: RecordedRequest) => Promise<ContractCheck> {
  const ajv = newAjv();
  const withDefs = (schema: JsonSchema) => ({ ...schema, definitions: { ...(contract.definitions ?? {}), ...((schema.definitions as Json) ?? {}) } });
  const compiled: Compiled[] = contract.endpoints.map((e) => ({
    ...e,
    re: templateRegex(e.path),
    check: {
      query: e.query ? ajv.compile(withDefs(e.query)) : undefined,
      body: e.body ? ajv.compile(withDefs(e.body)) : undefined,
      params: Object.fromEntries(Object.entries(e.pathParams ?? {}).map(([k, s]) => [k, ajv.compile(s)])),
    },
  }));
  const prefix = contract.sandboxPathPrefix ? new RegExp(contract.sandboxPathPrefix) : null;
  return (req) => checkRequest(compiled, prefix ? { ...req, path: req.path.replace(prefix, "") || "/" } : req);
}

const errorsOf = (where: string, fn: ValidateFunction) =>
  (fn.errors ?? []).map((e) => `${where}${e.instancePath || ""} ${e.message ?? "is invalid"}${e.params && "additionalProperty" in e.params ? ` (${String(e.params.additionalProperty)})` : ""}`);

function fields(params: URLSearchParams, commaLists: readonly string[] = []): Json {
  const out: Json = {};
  for (const k of new Set(params.keys())) {
    const all = params.getAll(k);
    // A repeated parameter is a list (XRPC arrays); a comma list is split where the contract says so.
    out[k] = all.length > 1 ? all : commaLists.includes(k) ? all[0]!.split(",") : all[0];
  }
  return out;
}

async function bodyFields(contentType: string, body: Uint8Array, commaLists?: readonly string[]): Promise<{ value: unknown; problem?: string }> {
  if (contentType === "application/json") {
    try {
      return { value: JSON.parse(new TextDecoder().decode(body)) };
    } catch {
      return { value: null, problem: "body is not valid JSON" };
    }
  }
  if (contentType === "application/x-www-form-urlencoded") return { value: fields(new URLSearchParams(new TextDecoder().decode(body)), commaLists) };
  if (contentType.startsWith("multipart/form-data")) return { value: null };
  return { value: body.length ? BINARY : "" };
}

async function multipartFields(contentTypeHeader: string, body: Uint8Array): Promise<{ value: Json; problem?: string }> {
  try {
    const form = await new Request("http://contract/", { method: "POST", headers: { "content-type": contentTypeHeader }, body: body.slice() }).formData();
    const out: Json = {};
    for (const [k, v] of form) out[k] = typeof v === "string" ? v : BINARY;
    return { value: out };
  } catch {
    return { value: {}, problem: "body is not valid multipart/form-data" };
  }
}

async function checkRequest(endpoints: Compiled[], req: RecordedRequest): Promise<ContractCheck> {
  const candidates = endpoints.filter((e) => e.method === req.method.toUpperCase() && e.re.test(req.path));
  if (candidates.length === 0) return { endpoint: null, problems: [`unknown endpoint: ${req.method} ${req.path}`] };
  // Several endpoints may share a path (LinkedIn's ?action=, X's GET ?command=STATUS): the first that fits wins.
  let best: ContractCheck | null = null;
  for (const e of candidates) {
    const result = await checkOne(e, req);
    if (result.problems.length === 0) return result;
    if (!best || result.problems.length < best.problems.length) best = result;
  }
  return best!;
}

async function checkOne(e: Compiled, req: RecordedRequest): Promise<ContractCheck> {
  const name = `${e.method} ${e.path}`;
  const problems: string[] = [];
  const groups = e.re.exec(req.path)?.groups ?? {};
  for (const [k, fn] of Object.entries(e.check.params)) {
    if (!fn(decodeURIComponent(groups[k] ?? ""))) problems.push(...errorsOf(`path parameter ${k}`, fn));
  }
  const q = fields(req.query, e.commaLists);
  if (e.check.query) {
    if (!e.check.query(q)) problems.push(...errorsOf("query", e.check.query));
  } else if (Object.keys(q).length) problems.push(`query parameters not allowed: ${Object.keys(q).join(", ")}`);
  const header = (h: string) => {
    const v = req.headers[h];
    return Array.isArray(v) ? v.join(", ") : v;
  };
  for (const [h, pattern] of Object.entries(e.headers ?? {})) {
    const v = header(h);
    if (v === undefined) problems.push(`header ${h} is required`);
    else if (!new RegExp(pattern).test(v)) problems.push(`header ${h} does not match ${pattern}`);
  }
  const rawType = header("content-type") ?? "";
  const type = rawType.split(";")[0]!.trim().toLowerCase();
  const hasBody = req.body.length > 0;
  if (!e.contentTypes?.length && !e.body) {
    if (hasBody) problems.push("a body is not allowed");
    return { endpoint: name, problems };
  }
  if (!hasBody && e.body) {
    problems.push("a body is required");
    return { endpoint: name, problems };
  }
  if (e.contentTypes?.length && !e.contentTypes.some((t) => t === type || t === "*/*" || (t.endsWith("/*") && type.startsWith(t.slice(0, -1))))) {
    problems.push(`content-type ${type || "(none)"} is not one of ${e.contentTypes.join(", ")}`);
    return { endpoint: name, problems };
  }
  if (e.check.body) {
    const parsed = type.startsWith("multipart/form-data") ? await multipartFields(rawType, req.body) : await bodyFields(type, req.body, e.commaLists);
    if (parsed.problem) problems.push(parsed.problem);
    else if (!e.check.body(parsed.value)) problems.push(...errorsOf("body", e.check.body));
  }
  return { endpoint: name, problems };
}

// ---------- OpenAPI 3 -> endpoints ----------
type OpenApi = { paths: Record<string, Record<string, Json>>; components?: { schemas?: Record<string, Json>; parameters?: Record<string, Json> } };

/** Endpoints from an OpenAPI 3 description: parameters, required headers from `security`, body schemas per content type. */
export function endpointsFromOpenApi(doc: OpenApi, source: string, opts: { headers?: Record<string, string> } = {}): { endpoints: ContractEndpoint[]; definitions: Record<string, JsonSchema> } {
  // Component refs become local definitions (ajv resolves #/definitions/<name> inside each schema).
  const rewrite = <T>(v: T): T => JSON.parse(JSON.stringify(v).replace(/#\/components\/schemas\//g, "#/definitions/")) as T;
  const resolveParam = (p: Json): Json => (typeof p.$ref === "string" ? (doc.components?.parameters?.[p.$ref.split("/").pop()!] ?? {}) : p);
  const definitions = rewrite(doc.components?.schemas ?? {});
  const endpoints: ContractEndpoint[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!["get", "post", "put", "delete", "patch"].includes(method)) continue;
      const params = [...((item.parameters as unknown as Json[]) ?? []), ...((op.parameters as Json[]) ?? [])].map(resolveParam);
      const queryProps: Json = {};
      const required: string[] = [];
      const commaLists: string[] = [];
      const pathParams: Record<string, JsonSchema> = {};
      for (const p of params) {
        const schema = rewrite((p.schema as Json) ?? {});
        if (p.in === "query") {
          queryProps[p.name as string] = schema;
          if (p.required) required.push(p.name as string);
          if (schema.type === "array") commaLists.push(p.name as string);
        } else if (p.in === "path") pathParams[p.name as string] = { ...schema, definitions };
      }
      const content = ((op.requestBody as Json | undefined)?.content ?? {}) as Record<string, { schema?: Json }>;
      const types = Object.keys(content);
      const schema = types.length ? rewrite(content[types[0]!]!.schema ?? {}) : undefined;
      endpoints.push({
        method: method.toUpperCase() as ContractEndpoint["method"],
        path,
        query: { type: "object", properties: queryProps, required, additionalProperties: false },
        pathParams,
        headers: opts.headers,
        contentTypes: types,
        body: schema,
        commaLists,
        source: `${source} ${String(op.operationId ?? `${method} ${path}`)}`,
      });
    }
  }
  return { endpoints, definitions };
}
