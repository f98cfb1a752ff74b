// `npm run doctor` (scripts/doctor.mjs): the table of OK / default / missing / wrong with a fix,
// offline with no keys (embedded defaults, exit 0), with wrong settings (exit 1), with an
// OpenAI key against the OpenAI fake (a tiny real call per task, held to OpenAI's contract), and
// --remote against a deployed Worker on a pretend Cloudflare account (fake wrangler and REST API;
// Workers AI's tiny calls held to each model's published schema).
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakes } from "../fakes/server";
import { takeViolations } from "../contracts/ai-services";
// Every request that reaches the platform sandbox is checked against its network's contract.
import "../fakes/contract-log.ts";
import { FACEBOOK_SANDBOX_CLIENT } from "../../platforms/facebook/meta";
import { LINKEDIN_SANDBOX_CLIENT } from "../../platforms/linkedin/meta";
import { THREADS_SANDBOX_CLIENT } from "../../platforms/threads/meta";
import { wranglerConfigFile } from "./wrangler-config";

const root = path.resolve(import.meta.dirname, "../..");
let fakes: { url: string; close: () => Promise<void> };
let dir: string;
let rawConfigFile: string;

beforeAll(async () => {
  fakes = await startFakes();
  dir = mkdtempSync(path.join(os.tmpdir(), "doctor-test-"));
  rawConfigFile = (await wranglerConfigFile(dir)).file;
});
afterAll(async () => {
  await fakes.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the doctor on a vars file (async: the fakes answer from this process meanwhile). */
function doctor(
  vars: Record<string, string>,
  { args = [], env: extra = {} }: { args?: string[]; env?: Record<string, string> } = {},
): Promise<{ code: number | null; out: string }> {
  const file = path.join(dir, `vars-${Math.random().toString(36).slice(2)}`);
  writeFileSync(
    file,
    Object.entries(vars)
      .map(([k, v]) => `${k}="${v}"`)
      .join("\n"),
  );
  const env: Record<string, string | undefined> = { ...process.env };
  for (const k of Object.keys(env)) if (/^(APP_|CLERK_|MAIL_|OPENAI_|TOKEN_ENCRYPTION_KEY$|WORKERS_AI_|[A-Z]+_CLIENT_(ID|SECRET)$)/.test(k)) delete env[k];
  // wrangler.toml read once for the file, not once per run (the first test reads it for real).
  env.BRANDPILOT_RAW_CONFIG = rawConfigFile;
  Object.assign(env, extra);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, "scripts/doctor.mjs"), "--vars", file, ...args], { cwd: root, env });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("close", (code) => resolve({ code, out }));
  });
}
const line = (out: string, service: string) => out.split("\n").find((l) => l.startsWith(`${service} `)) ?? "";

describe("npm run doctor", () => {
  it("offline with no keys: every service reports its embedded default, exit 0", async () => {
    // The real path: the doctor reads wrangler.toml through wrangler itself.
    const r = await doctor({}, { env: { BRANDPILOT_RAW_CONFIG: "" } });
    expect(r.code, r.out).toBe(0);
    expect(line(r.out, "AI")).toMatch(/default\s+local engine/);
    expect(line(r.out, "auth (mail)")).toMatch(/default\s+dev outbox/);
    expect(line(r.out, "CSP (Clerk)")).toMatch(/default\s+no Clerk key/);
    expect(line(r.out, "APP_ORIGIN")).toMatch(/default/);
    expect(line(r.out, "vectors")).toMatch(/default\s+D1 index/);
    expect(line(r.out, "network twitter")).toMatch(/default\s+not configured/);
    expect(line(r.out, "cron")).toMatch(/OK/);
    expect(r.out).toMatch(/0 to fix/);
  });

  it("production settings that would fail: each wrong or missing one named with its fix, exit 1", async () => {
    const r = await doctor({
      APP_ENV: "production",
      APP_ORIGIN: "http://brand.example/app",
      CLERK_PUBLISHABLE_KEY: "pk_live_" + Buffer.from("happy-otter-10.clerk.accounts.dev$").toString("base64"),
      CLERK_JWT_KEY: "-----BEGIN PUBLIC KEY-----",
      X_CLIENT_ID: "abc",
    });
    expect(r.code).toBe(1);
    expect(line(r.out, "APP_ORIGIN")).toMatch(/wrong\s+"http:\/\/brand.example\/app" has a path/);
    expect(line(r.out, "auth (Clerk)")).toMatch(/wrong\s+a production key naming a development host/);
    expect(line(r.out, "TOKEN_ENCRYPTION_KEY")).toMatch(/missing/);
    expect(line(r.out, "network twitter")).toMatch(/wrong\s+only part of the app credentials: X_CLIENT_SECRET missing/);
    expect(r.out).toContain("fix: set X_CLIENT_SECRET");
  });

  it("a network's app credentials: its own app-token endpoint is asked (within its contract); a wrong secret is named with its fix", async () => {
    const { seq } = (await (await fetch(`${fakes.url}/_contracts`)).json()) as { seq: number };
    const networks = {
      FACEBOOK_CLIENT_ID: FACEBOOK_SANDBOX_CLIENT.clientId,
      FACEBOOK_CLIENT_SECRET: FACEBOOK_SANDBOX_CLIENT.clientSecret,
      FACEBOOK_GRAPH_BASE: `${fakes.url}/facebook`,
      THREADS_CLIENT_ID: THREADS_SANDBOX_CLIENT.clientId,
      THREADS_CLIENT_SECRET: THREADS_SANDBOX_CLIENT.clientSecret,
      THREADS_GRAPH_BASE: `${fakes.url}/threads`,
      LINKEDIN_CLIENT_ID: LINKEDIN_SANDBOX_CLIENT.clientId,
      LINKEDIN_CLIENT_SECRET: LINKEDIN_SANDBOX_CLIENT.clientSecret,
      LINKEDIN_AUTH_BASE: `${fakes.url}/linkedin`,
      X_CLIENT_ID: "x-app",
      X_CLIENT_SECRET: "x-secret",
    };
    const ok = await doctor(networks);
    expect(ok.code, ok.out).toBe(0);
    expect(line(ok.out, "network facebook")).toMatch(/OK\s+FACEBOOK_CLIENT_ID, FACEBOOK_CLIENT_SECRET set; the app token endpoint issued a token/);
    expect(line(ok.out, "network threads")).toMatch(/OK\s+THREADS_CLIENT_ID, THREADS_CLIENT_SECRET set; the app token endpoint issued a token/);
    expect(line(ok.out, "network linkedin")).toMatch(/OK\s+.*LinkedIn knows the app/);
    // X's OAuth 2.0 client has no app-token endpoint (its bearer token takes the consumer keys).
    expect(line(ok.out, "network twitter")).toMatch(/OK\s+X_CLIENT_ID, X_CLIENT_SECRET set \(the network has no app-token endpoint/);

    const wrong = await doctor({ ...networks, THREADS_CLIENT_SECRET: "not-the-secret", LINKEDIN_CLIENT_SECRET: "not-the-secret" });
    expect(wrong.code).toBe(1);
    expect(line(wrong.out, "network threads")).toMatch(/wrong\s+Threads refused the app credentials \(HTTP 400\): Error validating client secret/);
    expect(line(wrong.out, "network linkedin")).toMatch(/wrong\s+LinkedIn refused the app credentials \(HTTP 401\): Client authentication failed/);
    expect(wrong.out).toContain("fix: check THREADS_CLIENT_ID and THREADS_CLIENT_SECRET against the app in the network's developer portal");
    expect(line(wrong.out, "network facebook")).toMatch(/OK/);

    // Each call was one the network's contract allows.
    const { log } = (await (await fetch(`${fakes.url}/_contracts?since=${seq}`)).json()) as {
      log: { network: string; path: string; problems: string[]; endpoint: string | null }[];
    };
    expect(log.map((e) => e.network).sort()).toEqual(["facebook", "facebook", "linkedin", "linkedin", "threads", "threads"]);
    for (const e of log) expect({ path: e.path, problems: e.problems, known: e.endpoint !== null }).toEqual({ path: e.path, problems: [], known: true });
  });

  it("an OpenAI key: one tiny call per task, each within OpenAI's published contract; a shut-down model is wrong", { timeout: 150_000 }, async () => {
    takeViolations();
    const base = { OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: `${fakes.url}/openai/v1` };
    const ok = await doctor({ ...base, OPENAI_IMAGE_MODEL: "gpt-image-2" });
    expect(ok.code, ok.out).toBe(0);
    expect(line(ok.out, "AI chat")).toMatch(/OK\s+gpt-5.6-terra answered/);
    expect(line(ok.out, "AI embeddings")).toMatch(/OK\s+text-embedding-3-small: 1536 dimensions/);
    expect(line(ok.out, "AI image")).toMatch(/OK\s+gpt-image-2 offered to this key/);
    expect(takeViolations()).toEqual([]);
    const old = await doctor({ ...base, OPENAI_CHAT_MODEL: "gpt-4", OPENAI_IMAGE_MODEL: "dall-e-3" });
    expect(old.code).toBe(1);
    expect(line(old.out, "AI chat")).toMatch(/wrong\s+gpt-4 is not offered to this key/);
    expect(line(old.out, "AI image")).toMatch(/wrong\s+dall-e-3 is not offered to this key; the Worker falls back to gpt-image-2/);
  });
});

describe("npm run doctor --remote: the deployed Worker", () => {
  const WORKERS_AI_CATALOG = [
    "@cf/zai-org/glm-4.7-flash",
    "@cf/google/gemma-4-26b-a4b-it",
    "@cf/baai/bge-base-en-v1.5",
    "@cf/baai/bge-reranker-base",
    "@cf/black-forest-labs/flux-1-schnell",
  ];
  const ORIGIN = "https://brandpilot.owner-sub.workers.dev";
  let account: string;
  let api: ChildProcess;
  let apiUrl: string;
  let health: Server;
  let healthUrl: string;
  let deployDir: string;

  beforeAll(async () => {
    const remote = path.join(dir, "remote");
    const bin = path.join(remote, "bin");
    mkdirSync(bin, { recursive: true });
    writeFileSync(path.join(bin, "wrangler"), `#!/bin/sh\nexec "${process.execPath}" "${path.join(root, "test/fakes/fake-wrangler.mjs")}" "$@"\n`);
    chmodSync(path.join(bin, "wrangler"), 0o755);
    account = path.join(remote, "account.json");
    deployDir = path.join(remote, "deploy-config");
    mkdirSync(deployDir);
    // What `npm run deploy` remembers and what it left on the account (test/scripts/deploy.test.ts).
    writeFileSync(
      path.join(deployDir, "state.json"),
      JSON.stringify({ appOrigin: ORIGIN, plan: "free", vectorize: false, clerkFrontendApi: "clerk.brand.example" }),
    );
    const urlFile = path.join(remote, "api-url");
    api = spawn(process.execPath, [path.join(root, "test/fakes/fake-cf-api.mjs")], {
      env: { ...process.env, FAKE_CF_STATE: account, FAKE_CF_API_URL_FILE: urlFile, FAKE_WORKERS_AI_URL: `${fakes.url}/workers-ai` },
      stdio: "ignore",
    });
    for (let i = 0; i < 100 && !existsSync(urlFile); i++) await new Promise((r) => setTimeout(r, 50));
    apiUrl = readFileSync(urlFile, "utf8");
    // The deployed Worker's /api/health as worker/routes/health.ts answers it (engine and models).
    health = createServer((req, res) => {
      if (req.url !== "/api/health") return res.writeHead(404).end();
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ ok: true, ai: { provider: "workers-ai", chat: WORKERS_AI_CATALOG[0], embeddings: "@cf/baai/bge-base-en-v1.5", image: null } }));
    });
    await new Promise<void>((r) => health.listen(0, "127.0.0.1", r));
    healthUrl = `http://127.0.0.1:${(health.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    api.kill();
    await new Promise((r) => health.close(r));
  });

  function deployed(aiCatalog: string[], secrets = ["TOKEN_ENCRYPTION_KEY", "CLERK_PUBLISHABLE_KEY", "CLERK_JWT_KEY"]) {
    writeFileSync(
      account,
      JSON.stringify({
        loggedIn: true,
        d1: [],
        buckets: ["brandpilot"],
        queues: ["brain-jobs", "publish-jobs", "webhook-jobs"],
        worker: { secrets, secretValues: {}, deploys: [] },
        calls: [],
        subdomain: "owner-sub",
        aiCatalog,
      }),
    );
  }
  const remote = () =>
    doctor(
      {},
      {
        args: ["--remote", "--url", healthUrl],
        env: { PATH: `${path.join(dir, "remote", "bin")}:${process.env.PATH}`, FAKE_CF_STATE: account, CLOUDFLARE_API_BASE_URL: apiUrl, DEPLOY_DIR: deployDir },
      },
    );

  it(
    "a healthy deployment: the stored secrets, the remembered origin and Clerk host, each resource, and one tiny Workers AI call per task within its model's schema",
    { timeout: 150_000 },
    async () => {
      takeViolations();
      deployed(WORKERS_AI_CATALOG);
      const r = await remote();
      expect(r.code, r.out).toBe(0);
      expect(r.out).toContain("Brandpilot doctor: the deployed Worker");
      expect(line(r.out, "auth (Clerk)")).toMatch(/OK\s+keys stored on the Worker/);
      expect(line(r.out, "CSP (Clerk)")).toMatch(/OK\s+.*https:\/\/clerk\.brand\.example/);
      expect(line(r.out, "APP_ORIGIN")).toMatch(new RegExp(`OK\\s+${ORIGIN}`));
      expect(line(r.out, "TOKEN_ENCRYPTION_KEY")).toMatch(/OK/);
      expect(line(r.out, "AI chat")).toMatch(/OK\s+@cf\/zai-org\/glm-4\.7-flash answered/);
      expect(line(r.out, "AI embeddings")).toMatch(/OK\s+@cf\/baai\/bge-base-en-v1\.5 768 dimensions/);
      expect(line(r.out, "AI rerank")).toMatch(/OK\s+@cf\/baai\/bge-reranker-base ranked/);
      expect(line(r.out, "AI image")).toMatch(/OK\s+@cf\/black-forest-labs\/flux-1-schnell in the account's catalog/);
      expect(line(r.out, "R2 BUCKET")).toMatch(/OK\s+bucket brandpilot/);
      for (const q of ["brain-jobs", "publish-jobs", "webhook-jobs"]) expect(line(r.out, `queue ${q}`)).toMatch(/OK/);
      expect(line(r.out, "cron")).toMatch(/OK/);
      expect(line(r.out, "deployed Worker")).toMatch(/OK\s+workers-ai: chat @cf\/zai-org\/glm-4\.7-flash/);
      // The calls went through Cloudflare's REST API, and the Workers AI fake found each within its
      // model's published input schema (a violation is recorded otherwise).
      expect(JSON.parse(readFileSync(account, "utf8")).aiRuns).toEqual(WORKERS_AI_CATALOG.filter((m) => !/gemma|flux/.test(m)));
      expect(takeViolations()).toEqual([]);
    },
  );

  it("a retired chat model and missing resources: each named with its fix, exit 1", { timeout: 150_000 }, async () => {
    // The account's catalog no longer has either chat model (both retired); the queues are gone.
    deployed(WORKERS_AI_CATALOG.slice(2), ["TOKEN_ENCRYPTION_KEY", "MAIL_API_URL", "MAIL_API_KEY", "MAIL_FROM"]);
    const state = JSON.parse(readFileSync(account, "utf8"));
    writeFileSync(account, JSON.stringify({ ...state, queues: ["brain-jobs"] }));
    const r = await remote();
    expect(r.code).toBe(1);
    expect(line(r.out, "AI chat")).toMatch(/wrong\s+none of @cf\/zai-org\/glm-4\.7-flash, @cf\/google\/gemma-4-26b-a4b-it in this account's catalog/);
    expect(r.out).toContain("fix: update worker/adapters/ai/models.ts and test/contracts/workers-ai/, or set OPENAI_API_KEY; then npm run deploy");
    expect(line(r.out, "AI embeddings")).toMatch(/OK/);
    // Sign-in mail stored on the Worker: its values cannot be read back, so stored is OK.
    expect(line(r.out, "auth (mail)")).toMatch(/OK\s+MAIL_API_URL, MAIL_API_KEY and MAIL_FROM stored on the Worker/);
    expect(line(r.out, "queue publish-jobs")).toMatch(/missing/);
    expect(r.out).toContain("fix: npm run deploy creates it");
  });
  it(
    "Vectorize: the index the deploy recorded, its dimensions against the engine's and each metadata index the queries need",
    { timeout: 150_000 },
    async () => {
      const stateFile = path.join(deployDir, "state.json");
      const kept = readFileSync(stateFile, "utf8");
      const index = "brandpilot-brain-768";
      writeFileSync(stateFile, JSON.stringify({ ...JSON.parse(kept), vectorize: true, vectorizeIndex: index, vectorizeDimensions: 768 }));
      const withIndex = (dimensions: number, props: string[]) => {
        deployed(WORKERS_AI_CATALOG);
        const state = JSON.parse(readFileSync(account, "utf8"));
        const metadataIndexes = props.map((propertyName) => ({ propertyName, indexType: "string" }));
        writeFileSync(account, JSON.stringify({ ...state, vectorize: [{ name: index, dimensions, metric: "cosine", metadataIndexes, vectors: 0 }] }));
      };
      try {
        withIndex(768, ["documentId", "kind"]);
        const missing = await remote();
        expect(missing.code).toBe(1);
        expect(line(missing.out, "Vectorize")).toMatch(/missing\s+metadata indexes engine/);
        expect(missing.out).toContain(
          `fix: npx wrangler vectorize create-metadata-index ${index} --propertyName=<name> --type=string, then re-index the brain`,
        );

        withIndex(1536, ["documentId", "kind", "engine"]);
        const dims = await remote();
        expect(dims.code).toBe(1);
        expect(line(dims.out, "Vectorize")).toMatch(/wrong\s+brandpilot-brain-768: 1536 dimensions, the engine makes 768/);

        withIndex(768, ["documentId", "kind", "engine"]);
        const ok = await remote();
        expect(ok.code, ok.out).toBe(0);
        expect(line(ok.out, "Vectorize")).toMatch(/OK\s+brandpilot-brain-768: 768 dimensions, metadata indexes documentId, kind, engine/);
      } finally {
        writeFileSync(stateFile, kept);
      }
    },
  );
});
