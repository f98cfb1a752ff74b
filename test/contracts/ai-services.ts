// Test-only (the AI services: OpenAI and Workers AI; HTTP networks use validate.ts): checks a request a stand-in receives against the service's own published contract
// (test/contracts/<service>/, each file naming its source and the date it was read; decision 190).
// The fakes call these before answering, so an unknown endpoint, a retired or shut-down model, a
// field the schema does not declare, or a parameter a model refuses fails the test instead of
// passing against a fake that is more lenient than the service. Ajv is a test-only dependency:
// nothing here is imported by worker/.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Ajv2020, { type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
export { strictSchemaProblems } from "./strict-schema.ts";

const dir = path.dirname(fileURLToPath(import.meta.url));
const readJson = <T>(...parts: string[]): T => JSON.parse(readFileSync(path.join(dir, ...parts), "utf8")) as T;

// OpenAPI 3.1 schemas carry keywords JSON Schema does not know (nullable, discriminator, x-*) and
// formats such as "unixtime": they are annotations here, not rules.
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });

function describe(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((e) => {
    const where = e.instancePath || "(body)";
    if (e.keyword === "unevaluatedProperties") return `${where}: field "${String(e.params.unevaluatedProperty)}" is not in the contract`;
    if (e.keyword === "additionalProperties") return `${where}: field "${String(e.params.additionalProperty)}" is not in the contract`;
    return `${where}: ${e.message ?? e.keyword}`;
  });
}

/** Keeps only the most telling errors of a failed oneOf/anyOf (each branch reports its own). */
function summary(errors: string[]): string[] {
  const fields = errors.filter((e) => e.includes("is not in the contract"));
  return [...new Set(fields.length ? fields : errors)].slice(0, 6);
}

// ---------------------------------------------------------------------------------------------
// OpenAI: test/contracts/openai/openapi.json (the operations we call, from openai/openai-openapi)
// and models.json (shut-down models and reasoning-model rules, from the deprecations page).
type OpenApi = { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { $ref: string } }> } }>> };
/** OpenAPI's `nullable: true` as JSON Schema: the type also admits null (OpenAPI 3.0 style kept in 3.1 files). */
function jsonSchemaOf(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(jsonSchemaOf);
  if (!node || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) if (k !== "nullable") out[k] = jsonSchemaOf(v);
  const n = node as { nullable?: boolean; type?: unknown };
  if (n.nullable === true && typeof n.type === "string") out.type = [n.type, "null"];
  return out;
}
const openapi = jsonSchemaOf(readJson<unknown>("openai", "openapi.json")) as OpenApi & Record<string, unknown>;
ajv.addSchema(openapi, "openai");
type OpenAiModels = {
  shutDown: { models: string[] };
  deprecated: { models: Record<string, string> };
  reasoningModels: { pattern: string; forbidden: string[] };
};
const openAiModels = readJson<OpenAiModels>("openai", "models.json");
const openAiValidators = new Map<string, ValidateFunction>();

/** Problems with one request to the OpenAI API (path without the /v1 prefix); [] when it conforms. */
export function openAiRequestProblems(req: { method: string; path: string; contentType?: string; body: unknown }): string[] {
  const method = req.method.toLowerCase();
  const op = openapi.paths[req.path]?.[method];
  if (!op) return [`${req.method} /v1${req.path} is not an endpoint of the OpenAI API contract`];
  const problems: string[] = [];
  const content = op.requestBody?.content;
  if (content) {
    const type = (req.contentType ?? "").split(";")[0]!.trim();
    const media = content[type];
    if (!media) return [`${req.method} /v1${req.path}: content type "${type}" is not accepted (${Object.keys(content).join(", ")})`];
    const key = `${method} ${req.path} ${type}`;
    let validate = openAiValidators.get(key);
    if (!validate) {
      validate = ajv.compile({ $ref: `openai${media.schema.$ref}`, unevaluatedProperties: false });
      openAiValidators.set(key, validate);
    }
    if (!validate(req.body)) problems.push(...summary(describe(validate.errors)));
  }
  const body = (req.body ?? {}) as Record<string, unknown>;
  const model = typeof body.model === "string" ? body.model : "";
  if (model && openAiModelShutDown(model)) problems.push(`model "${model}" is shut down (OpenAI deprecations page)`);
  if (model && req.path === "/chat/completions" && new RegExp(openAiModels.reasoningModels.pattern).test(model)) {
    for (const field of openAiModels.reasoningModels.forbidden) if (field in body) problems.push(`"${field}" is refused by reasoning model ${model}`);
    if ("temperature" in body && body.temperature !== 1) problems.push(`temperature ${String(body.temperature)} is refused by reasoning model ${model} (only the default is supported)`);
  }
  return problems;
}

/**
 * Whether the OpenAI contract says this model is shut down (the fake then answers 404
 * model_not_found): listed as shut down, or deprecated with a shutdown date that has passed, so a
 * test using a deprecated model starts failing on the day the real service stops serving it.
 */
export function openAiModelShutDown(model: string, now = new Date()): boolean {
  if (openAiModels.shutDown.models.includes(model)) return true;
  const date = openAiModels.deprecated.models[model];
  return date !== undefined && now.toISOString().slice(0, 10) >= date;
}

/** Problems with an answer against the JSON Schema it was asked for (a fake's structured output must follow it). */
export function structuredAnswerProblems(schema: object, answer: unknown): string[] {
  const validate = ajv.compile(schema);
  return validate(answer) ? [] : summary(describe(validate.errors));
}

// ---------------------------------------------------------------------------------------------
// Workers AI: test/contracts/workers-ai/models/*.json (each model's published input/output schema)
// and deprecations.json (the models retired on 2026-05-30).
type WorkersAiModel = { name: string; task: string; output_dimensions?: number; schema: { input: object; output: object } };
const workersAiModels = new Map<string, WorkersAiModel>();
for (const file of readdirSync(path.join(dir, "workers-ai", "models"))) {
  if (!file.endsWith(".json")) continue;
  const m = readJson<WorkersAiModel>("workers-ai", "models", file);
  workersAiModels.set(m.name, m);
}
const retired = new Set(readJson<{ retired: string[] }>("workers-ai", "deprecations.json").retired);
const workersAiValidators = new Map<string, { input: ValidateFunction; output: ValidateFunction }>();

export type WorkersAiCheck =
  | { kind: "ok"; model: WorkersAiModel; problems: string[] }
  | { kind: "retired" | "unknown"; problems: string[] };

/** The model's contract and the problems with these inputs; a retired or unknown model has none. */
export function workersAiRunCheck(model: string, inputs: unknown): WorkersAiCheck {
  if (retired.has(model)) return { kind: "retired", problems: [`model "${model}" was retired on 2026-05-30 (Workers AI changelog)`] };
  const contract = workersAiModels.get(model);
  if (!contract) return { kind: "unknown", problems: [`model "${model}" has no contract under test/contracts/workers-ai/models/`] };
  let v = workersAiValidators.get(model);
  if (!v) {
    // The published output oneOf branches overlap (an embedding answer also matches the async
    // branch, whose fields are all optional), so an answer must match at least one of them.
    const { oneOf, ...output } = contract.schema.output as { oneOf?: object[] };
    v = { input: ajv.compile({ ...contract.schema.input, unevaluatedProperties: false }), output: ajv.compile(oneOf ? { ...output, anyOf: oneOf } : output) };
    workersAiValidators.set(model, v);
  }
  return { kind: "ok", model: contract, problems: v.input(inputs) ? [] : summary(describe(v.input.errors)) };
}

/** Problems with what a fake answers for a Workers AI model (the fake's own honesty check). */
export function workersAiOutputProblems(model: string, output: unknown): string[] {
  const v = workersAiValidators.get(model);
  if (!v) return [];
  return v.output(output) ? [] : summary(describe(v.output.errors));
}

export function workersAiRetired(model: string): boolean {
  return retired.has(model);
}

// ---------------------------------------------------------------------------------------------
// Violations: every fake records what broke its contract, and the worker tests' setup fails the
// test that sees one (test/worker/setup.ts via GET /_contracts/violations on the fakes server).
export type Violation = { service: string; request: string; problems: string[] };
const violations: Violation[] = [];

export function recordViolation(v: Violation): void {
  violations.push(v);
  if (violations.length > 200) violations.shift();
}

/** Returns and forgets the violations recorded so far. */
export function takeViolations(): Violation[] {
  return violations.splice(0, violations.length);
}
