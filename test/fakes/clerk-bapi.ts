// A fake Clerk Backend API (the Worker's CLERK_API_URL in tests points here, /clerk-bapi): the
// JWKS of one test RSA instance key and user deletion. Every request is checked against
// test/contracts/clerk/backend-api.json; one outside it is answered as Clerk would (401/404 with
// ClerkErrors) and recorded as a violation, which fails the test (test/worker/setup.ts), unless
// marked as a probe of the fake itself (x-contract-probe). Every response is checked against the
// contract's schemas too, so the fake cannot drift from what @clerk/backend parses.
// Test-only routes under /clerk-bapi/_test: the private key (tokens are signed in the test),
// seeding users and the request log.
import { generateKeyPairSync } from "node:crypto";
import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import Ajv2020 from "ajv/dist/2020.js";
import { recordViolation } from "../contracts/ai-services.ts";
import { registerFake } from "./server.ts";

type Operation = { operationId: string; method: string; path: string; pathParams?: Record<string, string>; responses: Record<string, { $ref: string }> };
type ClerkError = { status: number; code: string; message: string; long_message: string };
const contract = JSON.parse(readFileSync(new URL("../contracts/clerk/backend-api.json", import.meta.url), "utf8")) as {
  security: { header: string; pattern: string; unauthorized: ClerkError };
  headers: { required: Record<string, { pattern?: string; required: boolean }> };
  unknownEndpoint: ClerkError;
  operations: { list: Operation[] };
  schemas: Record<string, object>;
};
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema({ $id: "clerk-bapi", schemas: contract.schemas });
const responseSchema = (ref: string) => ajv.getSchema(`clerk-bapi${ref}`)!;

const PREFIX = "/clerk-bapi";
const VERSION_PREFIX = `${PREFIX}/v1`;
const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const KID = "ins_fake_clerk";
const publicJwk = { ...publicKey.export({ format: "jwk" }), kid: KID, alg: "RS256", use: "sig" };
const users = new Set<string>();

type Logged = { method: string; path: string; operationId: string | null; status: number; problems: string[] };
const log: Logged[] = [];

/** The operation a request names, with its path parameters, or null (unknown endpoint). */
function match(method: string, path: string): { op: Operation; params: Record<string, string> } | null {
  for (const op of contract.operations.list) {
    if (op.method !== method) continue;
    const names: string[] = [];
    const re = new RegExp(`^${op.path.replace(/\{(\w+)\}/g, (_, n: string) => (names.push(n), "([^/]+)"))}$`);
    const m = path.match(re);
    if (m) return { op, params: Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)])) };
  }
  return null;
}

/** What in the request breaks the contract (empty when it is valid). */
function requestProblems(req: IncomingMessage, body: Buffer, found: ReturnType<typeof match>): string[] {
  const problems: string[] = [];
  if (!found) problems.push(`unknown endpoint ${req.method} ${req.url}`);
  const auth = req.headers[contract.security.header];
  if (typeof auth !== "string" || !new RegExp(contract.security.pattern).test(auth)) problems.push("Authorization is not Bearer <secret key>");
  for (const [name, rule] of Object.entries(contract.headers.required)) {
    const value = req.headers[name];
    if (typeof value !== "string") {
      if (rule.required) problems.push(`missing header ${name}`);
    } else if (rule.pattern && !new RegExp(rule.pattern).test(value)) problems.push(`header ${name}: ${value} does not match ${rule.pattern}`);
  }
  if (found) {
    for (const [name, pattern] of Object.entries(found.op.pathParams ?? {})) {
      if (!new RegExp(pattern).test(found.params[name] ?? "")) problems.push(`path parameter ${name}: ${found.params[name]} does not match ${pattern}`);
    }
    if (body.length) problems.push(`${found.op.operationId} takes no body`);
  }
  return problems;
}

function send(res: ServerResponse, op: Operation | null, status: number, payload: unknown) {
  const ref = op?.responses[String(status)]?.$ref ?? "#/schemas/ClerkErrors";
  const validate = responseSchema(ref);
  if (!validate(payload)) throw new Error(`fake Clerk response breaks ${ref}: ${ajv.errorsText(validate.errors)}`);
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(payload));
}
const clerkErrors = (e: ClerkError) => ({ errors: [{ message: e.message, long_message: e.long_message, code: e.code }] });

function testRoute(req: IncomingMessage, res: ServerResponse, body: Buffer, url: URL): boolean {
  const json = (payload: unknown) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(payload));
  if (url.pathname === `${PREFIX}/_test/key`) json({ kid: KID, privateJwk: privateKey.export({ format: "jwk" }) });
  else if (url.pathname === `${PREFIX}/_test/users` && req.method === "POST") {
    const { id } = JSON.parse(body.toString("utf8")) as { id: string };
    users.add(id);
    json({ id });
  } else if (url.pathname.startsWith(`${PREFIX}/_test/users/`))
    json({ exists: users.has(decodeURIComponent(url.pathname.slice(`${PREFIX}/_test/users/`.length))) });
  else if (url.pathname === `${PREFIX}/_test/requests`) {
    const contains = url.searchParams.get("contains") ?? "";
    json({ requests: log.filter((r) => r.path.includes(contains)) });
  } else return false;
  return true;
}

registerFake(PREFIX, (req: IncomingMessage, res: ServerResponse, body: Buffer, url: URL) => {
  if (url.pathname.startsWith(`${PREFIX}/_test/`)) return testRoute(req, res, body, url);
  const method = req.method ?? "GET";
  const path = url.pathname.startsWith(`${VERSION_PREFIX}/`) ? url.pathname.slice(VERSION_PREFIX.length) : url.pathname;
  const found = match(method, path);
  const problems = requestProblems(req, body, found);
  if (problems.length && req.headers["x-contract-probe"] === undefined)
    recordViolation({ service: "clerk-bapi", request: `${method} ${url.pathname}`, problems });
  const entry: Logged = { method, path: url.pathname, operationId: found?.op.operationId ?? null, status: 0, problems };
  log.push(entry);
  if (log.length > 200) log.shift();
  const reply = (status: number, payload: unknown) => {
    entry.status = status;
    send(res, found?.op ?? null, status, payload);
  };
  // Clerk checks the key before routing: a request without a valid key is a 401 on any path.
  if (problems.some((p) => p.startsWith("Authorization"))) reply(401, clerkErrors(contract.security.unauthorized));
  else if (!found) reply(404, clerkErrors(contract.unknownEndpoint));
  else if (found.op.operationId === "GetJWKS") reply(200, { keys: [publicJwk] });
  else {
    const id = found.params.user_id!;
    if (!users.delete(id)) reply(404, clerkErrors(contract.unknownEndpoint));
    else reply(200, { object: "user", id, deleted: true });
  }
  return true;
});
