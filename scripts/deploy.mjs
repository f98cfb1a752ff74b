#!/usr/bin/env node
// `npm run deploy`: one command from a fresh Cloudflare account to a running Brandpilot
// (decision 160). It is idempotent: every step looks first and only creates what is missing, so a
// second run is an ordinary redeploy.
//   1. signed in? (`wrangler whoami`; else say how to sign in and stop)
//   2. D1 database, R2 bucket and queues named in wrangler.toml: created when missing
//   3. a deploy config generated from wrangler.toml (.wrangler/deploy-config/wrangler.json): the
//      real D1 id, APP_ENV=production, APP_ORIGIN, minified, and the Workers AI binding `AI`, not in
//      the committed config because `wrangler dev --local` and the test pool must run offline
//   4. D1 migrations applied remotely, before the new code goes live
//   5. the SPA built, TOKEN_ENCRYPTION_KEY generated and uploaded with the version when the Worker
//      has none (never printed, never overwritten), the Worker deployed
//   0. before creating anything: mail (MAIL_API_URL, MAIL_API_KEY, MAIL_FROM) or Clerk
//      (CLERK_PUBLISHABLE_KEY with CLERK_JWT_KEY or CLERK_SECRET_KEY), from the environment or
//      already stored on the Worker; without either, a production Worker answers 503 on every
//      route (worker/lib/app-config.ts), so the script stops and names what to set (decision 164).
//      Those given in the environment go up as Worker secrets with the version, never printed.
//   6. without APP_ORIGIN, the workers.dev URL of the first deploy becomes APP_ORIGIN (remembered in
//      .wrangler/deploy-config/state.json) and the Worker is deployed once more with it
// `wrangler` and `vite` are taken from PATH (npm puts node_modules/.bin first), so a test can
// stand a fake wrangler in front. Options (env): APP_ORIGIN (your custom domain), SKIP_BUILD=1,
// DEPLOY_DIR (where the generated config and state go).
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outDir = path.resolve(process.env.DEPLOY_DIR ?? path.join(root, ".wrangler", "deploy-config"));
const deployConfig = path.join(outDir, "wrangler.json");
const stateFile = path.join(outDir, "state.json");
const REQUIRED_SECRETS = ["TOKEN_ENCRYPTION_KEY"];
// Sign-in settings taken from the environment. All go up as secrets, not vars: a deploy replaces
// every var with the config's, while secrets persist, so a later `npm run deploy` without them in
// the environment keeps what the Worker has (decision 164).
const MAIL_SETTINGS = ["MAIL_API_URL", "MAIL_API_KEY", "MAIL_FROM"];
const CLERK_SETTINGS = ["CLERK_PUBLISHABLE_KEY", "CLERK_JWT_KEY", "CLERK_SECRET_KEY", "CLERK_AUTHORIZED_PARTIES"];
const AI_BINDING = "AI";
// The Cloudflare Images binding converts photos for networks that need a copy (decision 175): the
// Worker's JavaScript converter is for offline runs and tests, and cannot decode large photos in a
// deployed Worker's 128 MB. Like AI it has no offline mode, so only the deploy config binds it.
const IMAGES_BINDING = "IMAGES";
const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };

const say = (msg) => console.log(`[deploy] ${msg}`);
function fail(msg) {
  console.error(`[deploy] ${msg}`);
  process.exit(1);
}

/** Runs a command without a terminal on stdin (wrangler then takes its non-interactive defaults). */
function exec(cmd, args, { quiet = false } = {}) {
  const r = spawnSync(cmd, args, { cwd: root, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 * 1024 * 1024 });
  if (r.error) fail(`could not run ${cmd}: ${r.error.message}`);
  if (!quiet) {
    if (r.stdout) process.stdout.write(r.stdout);
    if (r.stderr) process.stderr.write(r.stderr);
  }
  return { ok: r.status === 0, stdout: r.stdout ?? "", stderr: r.stderr ?? "" };
}
const wrangler = (args, opts) => exec("wrangler", args, opts);
function must(result, what) {
  if (!result.ok) fail(`${what} failed (wrangler's message is above)`);
  return result;
}

async function readCommittedConfig() {
  const { experimental_readRawConfig } = await import("wrangler");
  return experimental_readRawConfig({ config: path.join(root, "wrangler.toml") }).rawConfig;
}

function ensureD1(name) {
  const find = () => {
    const listed = must(wrangler(["d1", "list", "--json"], { quiet: true }), "listing D1 databases");
    let dbs;
    try {
      dbs = JSON.parse(listed.stdout);
    } catch {
      fail(`unexpected answer from wrangler d1 list --json:\n${listed.stdout}`);
    }
    return dbs.find((db) => db.name === name);
  };
  let db = find();
  if (db) say(`D1 database ${name}: exists (${db.uuid})`);
  else {
    say(`D1 database ${name}: creating`);
    must(wrangler(["d1", "create", name]), `creating D1 database ${name}`);
    db = find();
    if (!db) fail(`D1 database ${name} was created but is not listed`);
  }
  return db.uuid;
}

function ensureBucket(name) {
  if (wrangler(["r2", "bucket", "info", name], { quiet: true }).ok) return say(`R2 bucket ${name}: exists`);
  say(`R2 bucket ${name}: creating`);
  must(wrangler(["r2", "bucket", "create", name]), `creating R2 bucket ${name}`);
}

function ensureQueue(name) {
  if (wrangler(["queues", "info", name], { quiet: true }).ok) return say(`queue ${name}: exists`);
  say(`queue ${name}: creating`);
  must(wrangler(["queues", "create", name]), `creating queue ${name}`);
}

/** The committed config with account-specific values; paths rewritten relative to `baseDir`. */
export function buildDeployConfig(raw, { databaseIds, appOrigin }, baseDir = outDir) {
  const rel = (p) => path.relative(baseDir, path.resolve(root, p)) || ".";
  const config = structuredClone(raw);
  // Minified: ~10% less gzip for the Free plan's 3 MiB (decision 161); `wrangler dev` stays readable.
  config.minify ??= true;
  config.main = rel(raw.main);
  // Build aliases to our own files (wrangler.toml [alias], decision 127) resolve from the config's folder.
  if (raw.alias) config.alias = Object.fromEntries(Object.entries(raw.alias).map(([from, to]) => [from, to.startsWith(".") ? `./${rel(to)}` : to]));
  if (raw.assets?.directory) config.assets = { ...raw.assets, directory: rel(raw.assets.directory) };
  config.d1_databases = (raw.d1_databases ?? []).map((db) => ({
    ...db,
    database_id: databaseIds[db.database_name],
    migrations_dir: rel(db.migrations_dir ?? "migrations"),
  }));
  config.vars = { ...raw.vars, APP_ENV: "production", ...(appOrigin ? { APP_ORIGIN: appOrigin } : {}) };
  if (!config.ai) config.ai = { binding: AI_BINDING };
  if (!config.images) config.images = { binding: IMAGES_BINDING };
  return config;
}

function readState() {
  try {
    return JSON.parse(readFileSync(stateFile, "utf8"));
  } catch {
    return {};
  }
}

/** Secret names stored on the Worker; none when it does not exist yet (a fresh account). */
function storedSecrets(name) {
  const listed = wrangler(["secret", "list", "--format", "json", "--name", name], { quiet: true });
  if (!listed.ok) return [];
  try {
    return JSON.parse(listed.stdout).map((s) => s.name);
  } catch {
    fail(`unexpected answer from wrangler secret list:\n${listed.stdout}`);
  }
}

/**
 * Which sign-in settings to upload, given the environment and what the Worker already stores, or
 * the message naming what to set when production would refuse to serve (mirrors
 * missingProductionConfig in worker/lib/app-config.ts).
 */
export function signInSettings(environment, stored) {
  const given = Object.fromEntries(
    [...MAIL_SETTINGS, ...CLERK_SETTINGS].filter((n) => environment[n]?.trim()).map((n) => [n, environment[n].trim()]),
  );
  const has = (n) => n in given || stored.includes(n);
  const mailMissing = MAIL_SETTINGS.filter((n) => !has(n));
  const clerkMissing = [
    ...(has("CLERK_PUBLISHABLE_KEY") ? [] : ["CLERK_PUBLISHABLE_KEY"]),
    ...(has("CLERK_JWT_KEY") || has("CLERK_SECRET_KEY") ? [] : ["CLERK_JWT_KEY (or CLERK_SECRET_KEY)"]),
  ];
  if (mailMissing.length === 0 || clerkMissing.length === 0) return { upload: given, error: null };
  const list = (xs) => (xs.length === 1 ? xs[0] : `${xs.slice(0, -1).join(", ")} and ${xs.at(-1)}`);
  return {
    upload: given,
    error:
      "production needs a way to send sign-in mail and the Worker has none, so nothing was created.\n" +
      `  Built-in accounts: set ${list(mailMissing)} (your mail API, e.g. Resend), e.g.\n` +
      "    MAIL_API_URL=https://api.resend.com/emails MAIL_API_KEY=... MAIL_FROM='Brandpilot <hello@your.domain>' npm run deploy\n" +
      `  or Clerk: set ${list(clerkMissing)}.\n` +
      "  They are stored as Worker secrets and kept on later runs.",
  };
}

function deploy(secretsFile) {
  const args = ["deploy", "-c", deployConfig];
  if (secretsFile) args.push("--secrets-file", secretsFile);
  const result = must(wrangler(args), "wrangler deploy");
  return `${result.stdout}\n${result.stderr}`.match(/https:\/\/[a-z0-9.-]+\.workers\.dev/i)?.[0] ?? null;
}

async function main() {
  if (!wrangler(["whoami", "--json"], { quiet: true }).ok) {
    fail("not signed in to Cloudflare: run `npx wrangler login` (or set CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID), then `npm run deploy` again.");
  }
  const raw = await readCommittedConfig();

  // Before creating anything: would the deployed Worker serve?
  const stored = storedSecrets(raw.name);
  const signIn = signInSettings(process.env, stored);
  if (signIn.error) fail(signIn.error);

  const databaseIds = {};
  for (const db of raw.d1_databases ?? []) databaseIds[db.database_name] = ensureD1(db.database_name);
  for (const bucket of raw.r2_buckets ?? []) ensureBucket(bucket.bucket_name);
  const queues = new Set([...(raw.queues?.producers ?? []).map((q) => q.queue), ...(raw.queues?.consumers ?? []).map((q) => q.queue)]);
  for (const q of queues) ensureQueue(q);

  const state = readState();
  let appOrigin = process.env.APP_ORIGIN || state.appOrigin || null;
  mkdirSync(outDir, { recursive: true });
  const writeConfig = () => writeFileSync(deployConfig, JSON.stringify(buildDeployConfig(raw, { databaseIds, appOrigin }), null, 2));
  writeConfig();

  for (const db of raw.d1_databases ?? []) {
    say(`applying migrations to ${db.database_name} (remote)`);
    must(wrangler(["d1", "migrations", "apply", db.binding, "--remote", "-c", deployConfig]), "applying migrations");
  }

  if (process.env.SKIP_BUILD !== "1") must(exec("vite", ["build", "--logLevel", "warn"]), "building the SPA");

  const secrets = { ...signIn.upload };
  const missing = REQUIRED_SECRETS.filter((n) => !stored.includes(n));
  // Never overwritten: a new key would make every stored social token unreadable.
  for (const n of missing) secrets[n] = randomBytes(32).toString("base64url");
  if (missing.length) say(`generating ${missing.join(", ")} (stored as a Worker secret only)`);
  else say("secrets: TOKEN_ENCRYPTION_KEY already set, kept");
  const fromEnv = Object.keys(signIn.upload);
  if (fromEnv.length) say(`secrets from the environment: ${fromEnv.join(", ")} (names only)`);
  const kept = [...MAIL_SETTINGS, ...CLERK_SETTINGS].filter((n) => stored.includes(n) && !fromEnv.includes(n));
  if (kept.length) say(`secrets already on the Worker, kept: ${kept.join(", ")}`);
  let secretsDir = null;
  let secretsFile = null;
  if (Object.keys(secrets).length) {
    // Uploaded with the version itself (--secrets-file), so the Worker never runs without them.
    secretsDir = mkdtempSync(path.join(os.tmpdir(), "brandpilot-secrets-"));
    secretsFile = path.join(secretsDir, "secrets.json");
    writeFileSync(secretsFile, JSON.stringify(secrets), { mode: 0o600 });
  }

  let url;
  try {
    url = deploy(secretsFile);
  } finally {
    if (secretsDir) rmSync(secretsDir, { recursive: true, force: true });
  }

  if (!appOrigin) {
    if (!url) fail("deployed, but wrangler printed no workers.dev URL: set APP_ORIGIN to your domain and run `npm run deploy` again.");
    appOrigin = url;
    say(`APP_ORIGIN = ${appOrigin} (set APP_ORIGIN to use your own domain); deploying again with it`);
    writeConfig();
    deploy(null);
  }
  writeFileSync(stateFile, JSON.stringify({ appOrigin }, null, 2));
  say(`done: ${appOrigin}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => fail(err?.stack ?? String(err)));
}
