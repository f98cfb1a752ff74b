// `npm run doctor` (scripts/doctor.mjs): the table of OK / default / missing / wrong with a fix,
// offline with no keys (embedded defaults, exit 0), with wrong settings (exit 1), and with an
// OpenAI key against the OpenAI fake (a tiny real call per task, held to OpenAI's contract).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
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

const root = path.resolve(import.meta.dirname, "../..");
let fakes: { url: string; close: () => Promise<void> };
let dir: string;

beforeAll(async () => {
  fakes = await startFakes();
  dir = mkdtempSync(path.join(os.tmpdir(), "doctor-test-"));
});
afterAll(async () => {
  await fakes.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the doctor on a vars file (async: the fakes answer from this process meanwhile). */
function doctor(vars: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const file = path.join(dir, `vars-${Math.random().toString(36).slice(2)}`);
  writeFileSync(
    file,
    Object.entries(vars)
      .map(([k, v]) => `${k}="${v}"`)
      .join("\n"),
  );
  const env: Record<string, string | undefined> = { ...process.env };
  for (const k of Object.keys(env)) if (/^(APP_|CLERK_|MAIL_|OPENAI_|TOKEN_ENCRYPTION_KEY$|WORKERS_AI_|[A-Z]+_CLIENT_(ID|SECRET)$)/.test(k)) delete env[k];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, "scripts/doctor.mjs"), "--vars", file], { cwd: root, env });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("close", (code) => resolve({ code, out }));
  });
}
const line = (out: string, service: string) => out.split("\n").find((l) => l.startsWith(`${service} `)) ?? "";

describe("npm run doctor", () => {
  it("offline with no keys: every service reports its embedded default, exit 0", async () => {
    const r = await doctor({});
    expect(r.code, r.out).toBe(0);
    expect(line(r.out, "AI")).toMatch(/default\s+local engine/);
    expect(line(r.out, "auth (mail)")).toMatch(/default\s+dev outbox/);
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
