// scripts/deploy.mjs against a fake `wrangler` on PATH (test/fakes/fake-wrangler.mjs): a pretend
// Cloudflare account in a JSON file, no network, no real account.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Env } from "../../worker/env";
import { missingProductionConfig } from "../../worker/lib/app-config";
import { VECTORIZE_METADATA_INDEXES } from "../../worker/adapters/vectors/vectorize-metadata";
// @ts-expect-error -- a plain .mjs script without type declarations
import { frontendApiHost, PUBLISH_BATCH_BY_PLAN, withClerkCsp } from "../../scripts/deploy.mjs";
import { wranglerConfigFile } from "./wrangler-config";

const root = path.resolve(import.meta.dirname, "../..");
const fake = path.join(root, "test/fakes/fake-wrangler.mjs");
const fakeApi = path.join(root, "test/fakes/fake-cf-api.mjs");
/** Every model with a contract (test/contracts/workers-ai/models): a catalog with all current models. */
const FULL_CATALOG = [
  "@cf/zai-org/glm-4.7-flash",
  "@cf/google/gemma-4-26b-a4b-it",
  "@cf/baai/bge-base-en-v1.5",
  "@cf/baai/bge-reranker-base",
  "@cf/black-forest-labs/flux-1-schnell",
];

type DeployedConfig = {
  main: string;
  queues: { consumers: { queue: string; max_batch_size: number }[] };
  alias?: Record<string, string>;
  vars: Record<string, string>;
  ai?: { binding: string };
  images?: { binding: string };
  vectorize?: { binding: string; index_name: string }[];
  assets: { directory: string };
  d1_databases: { database_id: string; migrations_dir: string }[];
};
type Account = {
  loggedIn: boolean;
  d1: { name: string; uuid: string; migrations: string[] }[];
  buckets: string[];
  queues: string[];
  worker: null | {
    secrets: string[];
    secretValues: Record<string, string>;
    deploys: { config: DeployedConfig; secretNames: string[] }[];
  };
  calls: string[][];
  subdomain: string | null;
  aiCatalog: string[];
  vectorize?: { name: string; dimensions: number; metric: string; metadataIndexes: { propertyName: string; indexType: string }[] }[];
};

let dir: string;
let stateFile: string;
let configDir: string;
let rawConfig: { file: string; raw: unknown };
let api: ChildProcess;
let apiUrl: string;

function account(partial: Partial<Account> = {}) {
  const a: Account = { loggedIn: true, d1: [], buckets: [], queues: [], worker: null, calls: [], subdomain: "owner-sub", aiCatalog: FULL_CATALOG, ...partial };
  writeFileSync(stateFile, JSON.stringify(a));
}
const read = (): Account => JSON.parse(readFileSync(stateFile, "utf8"));
const batchSizes = (c: DeployedConfig) => Object.fromEntries(c.queues.consumers.map((q) => [q.queue, q.max_batch_size]));

// Sign-in settings a deployer puts in the environment (values are made up, never printed).
const MAIL = { MAIL_API_URL: "https://api.mail.example/emails", MAIL_API_KEY: "mk_live_7f3a9c1e5b", MAIL_FROM: "Brandpilot <hi@brand.example>" };
const CLERK = {
  CLERK_PUBLISHABLE_KEY: "pk_live_Y2xlcmsuYnJhbmQuZXhhbXBsZSQ",
  CLERK_JWT_KEY: "-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHCozMxH2Mo\n-----END PUBLIC KEY-----",
};
const SIGN_IN_NAMES = [...Object.keys(MAIL), ...Object.keys(CLERK), "CLERK_SECRET_KEY", "CLERK_AUTHORIZED_PARTIES"];

/** What the production gate of the deployed Worker (worker/lib/app-config.ts) would say is missing. */
function gateOf(a: Account): string[] {
  const last = a.worker!.deploys.at(-1)!.config;
  return missingProductionConfig({ ...last.vars, ...a.worker!.secretValues } as unknown as Env);
}

function deploy(extraEnv: Record<string, string> = {}) {
  const env: Record<string, string | undefined> = {
    ...process.env,
    PATH: `${path.join(dir, "bin")}:${process.env.PATH}`,
    FAKE_CF_STATE: stateFile,
    DEPLOY_DIR: path.join(dir, "deploy-config"),
    VITE_CALLS: path.join(dir, "vite-calls"),
    CLOUDFLARE_API_BASE_URL: apiUrl,
    // wrangler.toml read once for the file, not once per run (the first test reads it for real).
    BRANDPILOT_RAW_CONFIG: rawConfig.file,
    ...extraEnv,
  };
  // Only what the test gives: none of the caller's own settings leak in.
  for (const n of ["APP_ORIGIN", "CLOUDFLARE_ACCOUNT_ID", "OPENAI_API_KEY", "VECTORIZE", "WORKERS_PLAN", ...SIGN_IN_NAMES]) if (!(n in extraEnv)) delete env[n];
  delete env.APP_ORIGIN;
  if (extraEnv.APP_ORIGIN) env.APP_ORIGIN = extraEnv.APP_ORIGIN;
  const r = spawnSync(process.execPath, [path.join(root, "scripts/deploy.mjs")], { cwd: root, env, encoding: "utf8" });
  return { code: r.status, out: `${r.stdout}\n${r.stderr}` };
}
const words = (c: string[]) => {
  const i = c.findIndex((a) => a.startsWith("-"));
  return (i < 0 ? c : c.slice(0, i)).slice(0, 3).join(" ");
};
const names = (calls: string[][]) => calls.map(words);

beforeAll(async () => {
  configDir = mkdtempSync(path.join(os.tmpdir(), "deploy-test-config-"));
  rawConfig = await wranglerConfigFile(configDir);
});
afterAll(() => rmSync(configDir, { recursive: true, force: true }));

beforeEach(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "deploy-test-"));
  stateFile = path.join(dir, "account.json");
  account();
  // The REST API part (workers.dev subdomain) runs in its own process: deploy() blocks this one.
  const urlFile = path.join(dir, "api-url");
  api = spawn(process.execPath, [fakeApi], { env: { ...process.env, FAKE_CF_STATE: stateFile, FAKE_CF_API_URL_FILE: urlFile }, stdio: "ignore" });
  for (let i = 0; i < 100 && !existsSync(urlFile); i++) await new Promise((r) => setTimeout(r, 50));
  apiUrl = readFileSync(urlFile, "utf8");
  const bin = path.join(dir, "bin");
  spawnSync("mkdir", ["-p", bin]);
  writeFileSync(path.join(bin, "wrangler"), `#!/bin/sh\nexec "${process.execPath}" "${fake}" "$@"\n`);
  // The SPA build is recorded, not run.
  writeFileSync(path.join(bin, "vite"), `#!/bin/sh\necho "vite $*" >> "$VITE_CALLS"\n`);
  chmodSync(path.join(bin, "wrangler"), 0o755);
  chmodSync(path.join(bin, "vite"), 0o755);
});
afterEach(() => {
  api.kill();
  rmSync(dir, { recursive: true, force: true });
});

describe("npm run deploy", () => {
  it("provisions a fresh account, migrates before the code goes live, and deploys production with a generated key", () => {
    account();
    // The real path: deploy.mjs reads wrangler.toml through wrangler itself.
    const r = deploy({ ...MAIL, BRANDPILOT_RAW_CONFIG: "" });
    expect(r.code, r.out).toBe(0);
    // What the other runs are given instead is that same reading.
    expect(JSON.parse(readFileSync(rawConfig.file, "utf8"))).toEqual(rawConfig.raw);
    const a = read();
    const db = a.d1.find((d) => d.name === "brandpilot");
    expect(db).toBeDefined();
    expect(db!.migrations).toHaveLength(1);
    expect(a.buckets).toEqual(["brandpilot"]);
    expect(a.queues.sort()).toEqual(["brain-jobs", "publish-jobs", "webhook-jobs"]);

    const steps = names(a.calls);
    expect(steps.indexOf("d1 migrations apply")).toBeGreaterThan(steps.indexOf("d1 create brandpilot"));
    expect(steps.indexOf("d1 migrations apply")).toBeLessThan(steps.indexOf("deploy"));
    expect(readFileSync(path.join(dir, "vite-calls"), "utf8")).toContain("vite build");
    // The deploy says which workloads need Workers Paid (decisions 179, 232, 263): Free by default.
    expect(r.out).toContain("plan: Workers Free (WORKERS_PLAN=free): the publish queue takes 1 post per invocation");
    expect(r.out).toMatch(/plans: Workers Free: .*publishing takes one post per queue invocation/);
    expect(r.out).toMatch(/Built-in accounts \(PBKDF2\), the local engine, document ingest .* need Workers Paid: run WORKERS_PLAN=paid npm run deploy/);

    // The key went up with the first version (no window without it), and only with it.
    const deploys = a.worker!.deploys;
    // So did the mail settings from the environment; no value is printed.
    expect(deploys[0]!.secretNames.sort()).toEqual(["MAIL_API_KEY", "MAIL_API_URL", "MAIL_FROM", "TOKEN_ENCRYPTION_KEY"]);
    expect(deploys.slice(1).every((d) => d.secretNames.length === 0)).toBe(true);
    const key = a.worker!.secretValues.TOKEN_ENCRYPTION_KEY!;
    expect(Buffer.from(key, "base64url")).toHaveLength(32);
    expect(r.out).not.toContain(key);
    expect(r.out).not.toContain(MAIL.MAIL_API_KEY);
    expect(a.worker!.secretValues.MAIL_API_KEY).toBe(MAIL.MAIL_API_KEY);
    // The deployed Worker passes decision 131 fail-closed gate: it serves instead of answering 503.
    expect(gateOf(a)).toEqual([]);

    // Production configuration with the real database id, the AI binding and the workers.dev origin.
    const last = deploys.at(-1)!.config;
    expect(last.vars.APP_ENV).toBe("production");
    expect(last.vars.APP_ORIGIN).toBe("https://brandpilot.owner-sub.workers.dev");
    expect(last.ai).toEqual({ binding: "AI" });
    expect(last.images).toEqual({ binding: "IMAGES" });
    // Publishing costs ~8 ms a post: the Free plan's 10 ms per invocation holds one (decision 263).
    expect(batchSizes(last)).toEqual({ "brain-jobs": 4, "publish-jobs": 1, "webhook-jobs": 10 });
    expect(last.d1_databases[0].database_id).toBe(db!.uuid);
    expect(path.resolve(path.join(dir, "deploy-config"), last.main)).toBe(path.join(root, "worker/index.ts"));
    expect(path.resolve(path.join(dir, "deploy-config"), last.assets.directory)).toBe(path.join(root, "dist"));
    expect(path.resolve(path.join(dir, "deploy-config"), last.d1_databases[0].migrations_dir)).toBe(path.join(root, "migrations"));
    // Build aliases to our own files resolve from the generated config's folder (decision 127).
    expect(Object.keys(last.alias ?? {}).length).toBeGreaterThan(0);
    for (const to of Object.values(last.alias ?? {}))
      expect(path.resolve(path.join(dir, "deploy-config"), to)).toBe(path.join(root, "worker/lib/no-polyfill.ts"));
  });

  it("a second run creates nothing, keeps the key and the stored mail settings, and deploys once with the remembered origin", () => {
    account();
    expect(deploy(MAIL).code).toBe(0);
    const before = read();
    const key = before.worker!.secretValues.TOKEN_ENCRYPTION_KEY;
    writeFileSync(stateFile, JSON.stringify({ ...before, calls: [] }));

    const r = deploy();
    expect(r.code, r.out).toBe(0);
    const a = read();
    expect(names(a.calls).filter((c) => c.includes("create"))).toEqual([]);
    expect(a.d1).toHaveLength(1);
    expect(a.worker!.secretValues.TOKEN_ENCRYPTION_KEY).toBe(key);
    const newDeploys = a.worker!.deploys.slice(before.worker!.deploys.length);
    expect(newDeploys).toHaveLength(1);
    expect(newDeploys[0]!.secretNames).toEqual([]);
    expect(newDeploys[0]!.config.vars.APP_ORIGIN).toBe("https://brandpilot.owner-sub.workers.dev");
    // Mail is not in this run's environment: the Worker's stored settings are kept and it still serves.
    expect(r.out).toContain("kept: MAIL_API_URL, MAIL_API_KEY, MAIL_FROM");
    expect(a.worker!.secretValues.MAIL_API_KEY).toBe(MAIL.MAIL_API_KEY);
    expect(gateOf(a)).toEqual([]);
  });

  it("a setting given again replaces the stored one (a rotated mail key) and leaves the others", () => {
    account();
    expect(deploy(MAIL).code).toBe(0);
    const r = deploy({ MAIL_API_KEY: "mk_live_rotated_42" });
    expect(r.code, r.out).toBe(0);
    expect(r.out).not.toContain("mk_live_rotated_42");
    const a = read();
    expect(a.worker!.deploys.at(-1)!.secretNames).toEqual(["MAIL_API_KEY"]);
    expect(a.worker!.secretValues.MAIL_API_KEY).toBe("mk_live_rotated_42");
    expect(a.worker!.secretValues.MAIL_FROM).toBe(MAIL.MAIL_FROM);
  });

  it("stops before creating anything when neither mail nor Clerk is set, naming what to set", () => {
    account();
    const r = deploy();
    expect(r.code).not.toBe(0);
    expect(r.out).toContain("set MAIL_API_URL, MAIL_API_KEY and MAIL_FROM");
    expect(r.out).toContain("set CLERK_PUBLISHABLE_KEY and CLERK_JWT_KEY (or CLERK_SECRET_KEY)");
    const a = read();
    expect(names(a.calls)).toEqual(["whoami", "auth token", "secret list"]);
    expect(a.d1).toEqual([]);
    expect(a.worker).toBeNull();
  });

  it("names only the missing part of an incomplete mail setting and still creates nothing", () => {
    account();
    const r = deploy({ MAIL_API_URL: MAIL.MAIL_API_URL, MAIL_API_KEY: MAIL.MAIL_API_KEY, CLERK_JWT_KEY: CLERK.CLERK_JWT_KEY });
    expect(r.code).not.toBe(0);
    expect(r.out).toContain("Built-in accounts: set MAIL_FROM ");
    expect(r.out).toContain("Clerk: set CLERK_PUBLISHABLE_KEY.");
    expect(r.out).not.toContain(MAIL.MAIL_API_KEY);
    expect(names(read().calls)).toEqual(["whoami", "auth token", "secret list"]);
  });

  it("deploys with Clerk instead of mail, the multi-line JWT key intact", () => {
    account();
    const r = deploy(CLERK);
    expect(r.code, r.out).toBe(0);
    expect(r.out).not.toContain("MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHCozMxH2Mo");
    const a = read();
    expect(a.worker!.deploys[0]!.secretNames.sort()).toEqual(["CLERK_JWT_KEY", "CLERK_PUBLISHABLE_KEY", "TOKEN_ENCRYPTION_KEY"]);
    expect(a.worker!.secretValues.CLERK_JWT_KEY).toBe(CLERK.CLERK_JWT_KEY);
    expect(gateOf(a)).toEqual([]);
  });

  it("creates only what is missing on a partly provisioned account and uses the existing database", () => {
    account({ d1: [{ name: "brandpilot", uuid: "11111111-2222-3333-4444-555555555555", migrations: [] }], queues: ["brain-jobs"] });
    const r = deploy({ APP_ORIGIN: "https://brand.example.com", ...MAIL });
    expect(r.code, r.out).toBe(0);
    const a = read();
    const creates = names(a.calls).filter((c) => c.includes("create"));
    expect(creates.sort()).toEqual(["queues create publish-jobs", "queues create webhook-jobs", "r2 bucket create"]);
    expect(a.d1).toHaveLength(1);
    // A given origin means one deploy with it.
    expect(a.worker!.deploys).toHaveLength(1);
    expect(a.worker!.deploys[0]!.config.vars.APP_ORIGIN).toBe("https://brand.example.com");
    expect(a.worker!.deploys[0]!.config.d1_databases[0].database_id).toBe("11111111-2222-3333-4444-555555555555");
  });

  it("stops before touching the account when not signed in", () => {
    account({ loggedIn: false });
    const r = deploy();
    expect(r.code).not.toBe(0);
    expect(r.out).toContain("npx wrangler login");
    expect(names(read().calls)).toEqual(["whoami"]);
  });

  it("does not deploy when migrations fail", () => {
    // A database the account lists but cannot migrate (the fake refuses an unknown id).
    account();
    writeFileSync(
      path.join(dir, "bin", "wrangler"),
      `#!/bin/sh\ncase "$*" in *"migrations apply"*) echo "migration 0003 failed" >&2; exit 1;; esac\nexec "${process.execPath}" "${fake}" "$@"\n`,
    );
    const r = deploy(MAIL);
    expect(r.code).not.toBe(0);
    expect(r.out).toContain("applying migrations failed");
    expect(read().worker).toBeNull();
  });

  it("stops before creating anything when the account has no workers.dev subdomain and the config no route (decision 193)", () => {
    account({ subdomain: null });
    const r = deploy(MAIL);
    expect(r.code).not.toBe(0);
    expect(r.out).toContain("no workers.dev subdomain");
    expect(r.out).toContain("Nothing was created");
    const steps = names(read().calls);
    expect(steps.some((c) => c.includes("create") || c === "deploy" || c.startsWith("d1 migrations"))).toBe(false);
  });

  // Three deploys in a row: on a busy shared machine that took 103 s, past the 60 s default.
  it("WORKERS_PLAN=paid: the publish queue takes batches of ten, and the plan is remembered for later runs (decision 263)", { timeout: 150_000 }, () => {
    const r = deploy({ ...MAIL, WORKERS_PLAN: "paid" });
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain("plan: Workers Paid (WORKERS_PLAN=paid): the publish queue takes 10 posts per invocation");
    expect(r.out).toMatch(/plans: Workers Paid: every workload fits/);
    expect(batchSizes(read().worker!.deploys.at(-1)!.config)["publish-jobs"]).toBe(PUBLISH_BATCH_BY_PLAN.paid);
    // A later redeploy without the setting keeps Paid; WORKERS_PLAN=free goes back to one post.
    expect(deploy().code).toBe(0);
    expect(batchSizes(read().worker!.deploys.at(-1)!.config)["publish-jobs"]).toBe(10);
    expect(deploy({ WORKERS_PLAN: "free" }).code).toBe(0);
    expect(batchSizes(read().worker!.deploys.at(-1)!.config)["publish-jobs"]).toBe(1);
  });

  it("the committed wrangler.toml is Free-safe on its own: one post per publish invocation", async () => {
    const { experimental_readRawConfig } = await import("wrangler");
    const raw = experimental_readRawConfig({ config: path.join(root, "wrangler.toml") }).rawConfig as DeployedConfig;
    expect(batchSizes(raw)["publish-jobs"]).toBe(PUBLISH_BATCH_BY_PLAN.free);
  });

  it("stops before creating anything on an unknown WORKERS_PLAN", () => {
    const r = deploy({ ...MAIL, WORKERS_PLAN: "business" });
    expect(r.code).not.toBe(0);
    expect(r.out).toContain('WORKERS_PLAN must be "free" or "paid" (the Workers plan of this account), not "business". Nothing was created.');
    expect(names(read().calls).some((c) => c.includes("create"))).toBe(false);
  });

  it("picks the first Workers AI model of each list that the account's catalog has, into the config (decision 191)", () => {
    // glm-4.7-flash not offered on this account: the next chat model of the list.
    account({ aiCatalog: FULL_CATALOG.filter((m) => m !== "@cf/zai-org/glm-4.7-flash") });
    const r = deploy(MAIL);
    expect(r.code, r.out).toBe(0);
    const vars = read().worker!.deploys.at(-1)!.config.vars;
    expect(vars.WORKERS_AI_CHAT_MODEL).toBe("@cf/google/gemma-4-26b-a4b-it");
    expect(vars.WORKERS_AI_EMBEDDING_MODEL).toBe("@cf/baai/bge-base-en-v1.5");
    expect(vars.WORKERS_AI_IMAGE_MODEL).toBe("@cf/black-forest-labs/flux-1-schnell");
    expect(names(read().calls)).toContain("ai models list");
  });

  it("stops before creating anything when the catalog has none of a task's models, naming them", () => {
    // Only retired chat models (the 2026-05-30 list) on offer.
    account({ aiCatalog: ["@cf/meta/llama-3.1-8b-instruct", "@cf/baai/bge-base-en-v1.5"] });
    const r = deploy(MAIL);
    expect(r.code).not.toBe(0);
    expect(r.out).toContain("none of the models Brandpilot knows for chat (@cf/zai-org/glm-4.7-flash, @cf/google/gemma-4-26b-a4b-it)");
    expect(names(read().calls).some((c) => c.includes("create"))).toBe(false);
  });

  it("VECTORIZE=1: the index gets the engine's dimensions and every metadata index before the Worker can insert (decision 192)", { timeout: 150_000 }, () => {
    const r = deploy({ ...MAIL, VECTORIZE: "1" });
    expect(r.code, r.out).toBe(0);
    const a = read();
    const index = a.vectorize!.find((v) => v.name === "brandpilot-brain-768")!;
    expect(index).toMatchObject({ dimensions: 768, metric: "cosine" });
    expect(index.metadataIndexes.map((m) => m.propertyName).sort()).toEqual(VECTORIZE_METADATA_INDEXES.map((m) => m.propertyName).sort());
    const steps = names(a.calls);
    expect(steps.lastIndexOf("vectorize create-metadata-index")).toBeLessThan(steps.indexOf("deploy"));
    expect(a.worker!.deploys.at(-1)!.config.vectorize).toEqual([{ binding: "VECTORIZE", index_name: "brandpilot-brain-768" }]);
    // With OpenAI's embeddings the index is another one, of their 1536 dimensions.
    const r2 = deploy({ ...MAIL, OPENAI_API_KEY: "sk-test" });
    expect(r2.code, r2.out).toBe(0);
    expect(read().vectorize!.map((v) => [v.name, v.dimensions])).toEqual([
      ["brandpilot-brain-768", 768],
      ["brandpilot-brain-1536", 1536],
    ]);
  });
});

describe("Clerk's CSP hosts from the publishable key (decision 194)", () => {
  it("decodes the Frontend API host and puts it in place of the development-only wildcard", () => {
    expect(frontendApiHost(CLERK.CLERK_PUBLISHABLE_KEY)).toBe("clerk.brand.example");
    expect(frontendApiHost("pk_test_aGFwcHktb3R0ZXItMTAuY2xlcmsuYWNjb3VudHMuZGV2JA==")).toBe("happy-otter-10.clerk.accounts.dev");
    expect(frontendApiHost("sk_live_abc")).toBeNull();
    expect(frontendApiHost("pk_live_" + Buffer.from("not a host$").toString("base64"))).toBeNull();
    const headers = readFileSync(path.join(root, "frontend/public/_headers"), "utf8");
    const csp = withClerkCsp(headers, "clerk.brand.example") as string;
    const line = csp.split("\n").find((l) => l.includes("Content-Security-Policy"))!;
    expect(line).not.toContain("clerk.accounts.dev");
    expect(line).toMatch(/script-src [^;]*https:\/\/clerk\.brand\.example/);
    expect(line).toMatch(/connect-src [^;]*https:\/\/clerk\.brand\.example/);
  });

  it("the CSP allows every source Clerk's CSP guide asks for (test/contracts/clerk/csp.json)", () => {
    const contract = JSON.parse(readFileSync(path.join(root, "test/contracts/clerk/csp.json"), "utf8")) as { csp: Record<string, string[] | string> };
    const headers = readFileSync(path.join(root, "frontend/public/_headers"), "utf8");
    const policy = (withClerkCsp(headers, "clerk.brand.example") as string).split("\n").find((l) => l.includes("Content-Security-Policy"))!;
    const directives = new Map(
      policy
        .replace(/^.*Content-Security-Policy:\s*/, "")
        .split(";")
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...sources]) => [name!, sources]),
    );
    for (const [name, wanted] of Object.entries(contract.csp)) {
      if (!Array.isArray(wanted)) continue; // "page": where the rule comes from
      const have = directives.get(name) ?? directives.get("default-src") ?? [];
      for (const source of wanted.map((w) => w.replace("<frontend api host>", "clerk.brand.example"))) {
        // A scheme source ("https:") allows every host of that scheme.
        const allowed = have.includes(source) || (source.startsWith("https://") && have.includes("https:"));
        expect(allowed, `${name} ${source} in "${have.join(" ")}"`).toBe(true);
      }
    }
  });
});
