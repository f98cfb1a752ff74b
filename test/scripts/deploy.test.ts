// scripts/deploy.mjs against a fake `wrangler` on PATH (test/fakes/fake-wrangler.mjs): a pretend
// Cloudflare account in a JSON file, no network, no real account.
import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Env } from "../../worker/env";
import { missingProductionConfig } from "../../worker/lib/app-config";

const root = path.resolve(import.meta.dirname, "../..");
const fake = path.join(root, "test/fakes/fake-wrangler.mjs");

type DeployedConfig = {
  main: string;
  alias?: Record<string, string>;
  vars: Record<string, string>;
  ai?: { binding: string };
  images?: { binding: string };
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
};

let dir: string;
let stateFile: string;

function account(partial: Partial<Account> = {}) {
  const a: Account = { loggedIn: true, d1: [], buckets: [], queues: [], worker: null, calls: [], ...partial };
  writeFileSync(stateFile, JSON.stringify(a));
}
const read = (): Account => JSON.parse(readFileSync(stateFile, "utf8"));

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
    ...extraEnv,
  };
  // Only what the test gives: none of the caller's own settings leak in.
  for (const n of ["APP_ORIGIN", ...SIGN_IN_NAMES]) if (!(n in extraEnv)) delete env[n];
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

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "deploy-test-"));
  stateFile = path.join(dir, "account.json");
  const bin = path.join(dir, "bin");
  spawnSync("mkdir", ["-p", bin]);
  writeFileSync(path.join(bin, "wrangler"), `#!/bin/sh\nexec "${process.execPath}" "${fake}" "$@"\n`);
  // The SPA build is recorded, not run.
  writeFileSync(path.join(bin, "vite"), `#!/bin/sh\necho "vite $*" >> "$VITE_CALLS"\n`);
  chmodSync(path.join(bin, "wrangler"), 0o755);
  chmodSync(path.join(bin, "vite"), 0o755);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("npm run deploy", () => {
  it("provisions a fresh account, migrates before the code goes live, and deploys production with a generated key", () => {
    account();
    const r = deploy(MAIL);
    expect(r.code, r.out).toBe(0);
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
    // The deployed Worker passes issue 11's fail-closed gate: it serves instead of answering 503.
    expect(gateOf(a)).toEqual([]);

    // Production configuration with the real database id, the AI binding and the workers.dev origin.
    const last = deploys.at(-1)!.config;
    expect(last.vars.APP_ENV).toBe("production");
    expect(last.vars.APP_ORIGIN).toBe("https://brandpilot.owner-sub.workers.dev");
    expect(last.ai).toEqual({ binding: "AI" });
    expect(last.images).toEqual({ binding: "IMAGES" });
    expect(last.d1_databases[0].database_id).toBe(db!.uuid);
    expect(path.resolve(path.join(dir, "deploy-config"), last.main)).toBe(path.join(root, "worker/index.ts"));
    expect(path.resolve(path.join(dir, "deploy-config"), last.assets.directory)).toBe(path.join(root, "dist"));
    expect(path.resolve(path.join(dir, "deploy-config"), last.d1_databases[0].migrations_dir)).toBe(path.join(root, "migrations"));
    // Build aliases to our own files resolve from the generated config's folder (decision 127).
    expect(Object.keys(last.alias ?? {}).length).toBeGreaterThan(0);
    for (const to of Object.values(last.alias ?? {})) expect(path.resolve(path.join(dir, "deploy-config"), to)).toBe(path.join(root, "worker/lib/no-polyfill.ts"));
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
    expect(names(a.calls)).toEqual(["whoami", "secret list"]);
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
    expect(names(read().calls)).toEqual(["whoami", "secret list"]);
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
    writeFileSync(path.join(dir, "bin", "wrangler"), `#!/bin/sh\ncase "$*" in *"migrations apply"*) echo "migration 0003 failed" >&2; exit 1;; esac\nexec "${process.execPath}" "${fake}" "$@"\n`);
    const r = deploy(MAIL);
    expect(r.code).not.toBe(0);
    expect(r.out).toContain("applying migrations failed");
    expect(read().worker).toBeNull();
  });
});
