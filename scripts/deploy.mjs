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
//   Decision 190 (decisions 191-193), all before anything is created:
//   - the Worker must have an address: a route or custom domain in the config, or the account's
//     workers.dev subdomain (read from the API with wrangler's own token); without one wrangler's
//     prompt would throw after D1, R2 and queues exist, so the script stops and says what to do
//   - Workers AI models: the account's catalog (`wrangler ai models list --json`) against the
//     ordered lists in worker/adapters/ai/models.ts; the first available per task goes into the
//     config (WORKERS_AI_*_MODEL), or the script stops naming what is missing
//   - VECTORIZE=1 (remembered): a Vectorize index with the engine's dimensions and the metadata
//     indexes the queries need (worker/adapters/vectors/vectorize-metadata.ts), created before
//     the first insert, bound as VECTORIZE
//   - Clerk: the SPA's CSP allows the Frontend API host of the publishable key (a production
//     instance serves clerk-js from clerk.<your domain>, not *.clerk.accounts.dev)
//   - WORKERS_PLAN=free (the default) or paid (remembered): the publish queue consumer's batch
//     size follows the plan's CPU per invocation (decision 263)
// `wrangler` and `vite` are taken from PATH (npm puts node_modules/.bin first), so a test can
// stand a fake wrangler in front. Options (env): APP_ORIGIN (your custom domain), SKIP_BUILD=1,
// DEPLOY_DIR (where the generated config and state go); for tests, BRANDPILOT_RAW_CONFIG
// (scripts/lib/wrangler-config.mjs).
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { readWranglerConfig } from "./lib/wrangler-config.mjs";

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
const CF_API = process.env.CLOUDFLARE_API_BASE_URL || "https://api.cloudflare.com/client/v4";
const VECTORIZE_BINDING = "VECTORIZE";
/**
 * Posts one publish-queue invocation takes, per Workers plan (decision 263): publishing costs about
 * 8 ms of CPU a post (decision 232), so the Free plan's 10 ms per invocation holds one; Paid's 30 s
 * holds the batches of ten publishing throughput was tuned with.
 */
export const PUBLISH_BATCH_BY_PLAN = { free: 1, paid: 10 };
const PUBLISH_QUEUE = "publish-jobs";

/** The plan to configure for: WORKERS_PLAN, else the one remembered, else Free; or the message to stop with. */
export function workersPlan(given, remembered) {
  const plan = (given?.trim() || remembered || "free").toLowerCase();
  if (Object.hasOwn(PUBLISH_BATCH_BY_PLAN, plan)) return { plan, error: null };
  return { plan: null, error: `WORKERS_PLAN must be "free" or "paid" (the Workers plan of this account), not "${given}". Nothing was created.` };
}

/**
 * What the chosen plan runs and what it does not (measured in decisions 179, 232 and 263; the Free
 * plan's 10 ms per invocation holds for queue batches and cron ticks too): README "Which plan".
 */
export function planSummary(plan) {
  if (plan === "paid") return 'plans: Workers Paid: every workload fits (publishing in batches of 10 posts per queue invocation); README "Which plan".';
  return (
    "plans: Workers Free: the pages a signed-in user reads fit with Clerk sign-in and Workers AI or OpenAI; publishing takes one post per queue invocation (8 ms measured).\n" +
    '  Built-in accounts (PBKDF2), the local engine, document ingest (a 2 MB PDF: about 2 s) and the busier cron ticks need Workers Paid: run WORKERS_PLAN=paid npm run deploy once you have it (README "Which plan").'
  );
}

/** The tasks the Worker needs a Workers AI model for; image is optional (the brand card without it). */
const REQUIRED_AI_TASKS = ["chat", "embeddings"];

/** The model lists and metadata indexes, read from the Worker's own sources (Node strips their types). */
async function workerLists() {
  const models = await import(pathToFileURL(path.join(root, "worker/adapters/ai/models.ts")).href);
  const vectorize = await import(pathToFileURL(path.join(root, "worker/adapters/vectors/vectorize-metadata.ts")).href);
  return { ...models, VECTORIZE_METADATA_INDEXES: vectorize.VECTORIZE_METADATA_INDEXES };
}

/**
 * The first model of each list that the account's catalog has, or the message naming what is
 * missing (decision 191). `catalog`: model names from `wrangler ai models list --json`.
 */
export function pickWorkersAiModels(lists, catalog) {
  const have = new Set(catalog);
  const picks = {};
  const missing = [];
  for (const [task, list] of Object.entries(lists)) {
    const pick = list.find((m) => have.has(m));
    if (pick) picks[task] = pick;
    else if (REQUIRED_AI_TASKS.includes(task)) missing.push(`${task} (${list.join(", ")})`);
  }
  if (!missing.length) return { picks, error: null };
  return {
    picks,
    error:
      `this account's Workers AI catalog has none of the models Brandpilot knows for ${missing.join(" and ")}, so nothing was created.\n` +
      "  A model was probably retired: update the lists in worker/adapters/ai/models.ts (and test/contracts/workers-ai/), or set OPENAI_API_KEY to write with OpenAI.",
  };
}

/** The Frontend API host a Clerk publishable key encodes (pk_live_/pk_test_ + base64 of "<host>$"). */
export function frontendApiHost(publishableKey) {
  const m = /^pk_(?:test|live)_([A-Za-z0-9+/=_-]+)$/.exec(publishableKey?.trim() ?? "");
  if (!m) return null;
  const decoded = Buffer.from(m[1].replace(/-/g, "+").replace(/_/g, "/"), "base64").toString("utf8");
  const host = decoded.endsWith("$") ? decoded.slice(0, -1) : decoded;
  return /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/i.test(host) ? host.toLowerCase() : null;
}

/**
 * The SPA's _headers with Clerk's hosts set to this instance's Frontend API host (Clerk's CSP
 * guide: script-src and connect-src need it) instead of the development-only *.clerk.accounts.dev.
 */
export function withClerkCsp(headers, host) {
  return headers.replace(/https:\/\/\*\.clerk\.accounts\.dev/g, `https://${host}`);
}

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
export function buildDeployConfig(raw, { databaseIds, appOrigin, aiModels = {}, vectorizeIndex = null, plan = "free" }, baseDir = outDir) {
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
  const ai = {
    ...(aiModels.chat ? { WORKERS_AI_CHAT_MODEL: aiModels.chat } : {}),
    ...(aiModels.embeddings ? { WORKERS_AI_EMBEDDING_MODEL: aiModels.embeddings } : {}),
    ...(aiModels.image ? { WORKERS_AI_IMAGE_MODEL: aiModels.image } : {}),
  };
  config.vars = { ...raw.vars, APP_ENV: "production", ...ai, ...(appOrigin ? { APP_ORIGIN: appOrigin } : {}) };
  if (vectorizeIndex) config.vectorize = [{ binding: VECTORIZE_BINDING, index_name: vectorizeIndex }];
  if (!config.ai) config.ai = { binding: AI_BINDING };
  if (!config.images) config.images = { binding: IMAGES_BINDING };
  // The committed config's batch size is Free's; the plan decides (decision 263).
  if (config.queues?.consumers)
    config.queues.consumers = config.queues.consumers.map((c) => (c.queue === PUBLISH_QUEUE ? { ...c, max_batch_size: PUBLISH_BATCH_BY_PLAN[plan] } : c));
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
  const given = Object.fromEntries([...MAIL_SETTINGS, ...CLERK_SETTINGS].filter((n) => environment[n]?.trim()).map((n) => [n, environment[n].trim()]));
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

/**
 * Whether the Worker will have an address before anything is created (decision 193): a route or
 * custom domain in the config, or the account's workers.dev subdomain. Returns the message to stop
 * with, or null.
 */
async function reachabilityProblem(raw, whoami) {
  if (raw.routes?.length || raw.route) return null;
  const accounts = whoami?.accounts ?? [];
  const accountId = process.env.CLOUDFLARE_ACCOUNT_ID || (accounts.length === 1 ? accounts[0].id : null);
  if (!accountId)
    return "you can use several Cloudflare accounts: set CLOUDFLARE_ACCOUNT_ID to the one to deploy to, then `npm run deploy` again. Nothing was created.";
  let auth;
  try {
    auth = JSON.parse(must(wrangler(["auth", "token", "--json"], { quiet: true }), "reading wrangler's token").stdout);
  } catch {
    fail("unexpected answer from `wrangler auth token --json`");
  }
  const headers = auth.type === "api_key" ? { "X-Auth-Key": auth.key, "X-Auth-Email": auth.email } : { authorization: `Bearer ${auth.token}` };
  let res;
  try {
    res = await fetch(`${CF_API}/accounts/${accountId}/workers/subdomain`, { headers });
  } catch (err) {
    say(`could not check the workers.dev subdomain (${err.message}); continuing`);
    return null;
  }
  if (res.ok) {
    const subdomain = (await res.json()).result?.subdomain;
    if (subdomain) {
      say(`workers.dev subdomain: ${subdomain}.workers.dev`);
      return null;
    }
  }
  if (res.status === 404 || res.ok) {
    return (
      "this Cloudflare account has no workers.dev subdomain yet, so the Worker would have no address (and wrangler would stop after creating the database, bucket and queues). Nothing was created.\n" +
      "  Either open the Cloudflare dashboard > Workers & Pages once and choose your workers.dev subdomain,\n" +
      '  or add a route or custom domain for your own domain to wrangler.toml (routes = [{ pattern = "app.your.domain", custom_domain = true }]) and set APP_ORIGIN=https://app.your.domain,\n' +
      "  then run `npm run deploy` again."
    );
  }
  say(`could not check the workers.dev subdomain (HTTP ${res.status}); continuing`);
  return null;
}

/** The account's Workers AI catalog: model names (`wrangler ai models list --json`). */
function workersAiCatalog() {
  const listed = must(wrangler(["ai", "models", "list", "--json"], { quiet: true }), "reading the Workers AI catalog");
  try {
    return JSON.parse(listed.stdout).map((m) => m.name);
  } catch {
    fail(`unexpected answer from wrangler ai models list --json:\n${listed.stdout.slice(0, 500)}`);
  }
}

/** A Vectorize index with these dimensions and the metadata indexes the queries need (decision 192). */
function ensureVectorize(name, dims, metadataIndexes) {
  const got = wrangler(["vectorize", "get", name, "--json"], { quiet: true });
  if (got.ok) {
    let existing;
    try {
      existing = JSON.parse(got.stdout);
    } catch {
      fail(`unexpected answer from wrangler vectorize get:\n${got.stdout}`);
    }
    if (existing.config?.dimensions !== dims)
      fail(
        `Vectorize index ${name} has ${existing.config?.dimensions} dimensions but the embedding model makes ${dims}: delete it (npx wrangler vectorize delete ${name}) and run npm run deploy again.`,
      );
    say(`Vectorize index ${name}: exists (${dims} dimensions)`);
  } else {
    say(`Vectorize index ${name}: creating (${dims} dimensions, cosine)`);
    must(wrangler(["vectorize", "create", name, `--dimensions=${dims}`, "--metric=cosine"]), `creating Vectorize index ${name}`);
  }
  const listed = wrangler(["vectorize", "list-metadata-index", name, "--json"], { quiet: true });
  let have = [];
  try {
    have = listed.ok ? JSON.parse(listed.stdout).map((m) => m.propertyName) : [];
  } catch {
    have = [];
  }
  for (const m of metadataIndexes) {
    if (have.includes(m.propertyName)) continue;
    say(`Vectorize metadata index ${name}.${m.propertyName}: creating`);
    must(
      wrangler(["vectorize", "create-metadata-index", name, `--propertyName=${m.propertyName}`, `--type=${m.type}`]),
      `creating the metadata index ${m.propertyName}`,
    );
    // Vectorize indexes only vectors written after the metadata index exists.
    if (got.ok) say(`  vectors stored before this run are not indexed on ${m.propertyName}: re-index the brain (Settings) after the deploy`);
  }
}

function deploy(secretsFile) {
  const args = ["deploy", "-c", deployConfig];
  if (secretsFile) args.push("--secrets-file", secretsFile);
  const result = must(wrangler(args), "wrangler deploy");
  return `${result.stdout}\n${result.stderr}`.match(/https:\/\/[a-z0-9.-]+\.workers\.dev/i)?.[0] ?? null;
}

async function main() {
  const who = wrangler(["whoami", "--json"], { quiet: true });
  if (!who.ok) {
    fail("not signed in to Cloudflare: run `npx wrangler login` (or set CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID), then `npm run deploy` again.");
  }
  let whoami = null;
  try {
    whoami = JSON.parse(who.stdout);
  } catch {
    whoami = null;
  }
  const raw = await readWranglerConfig(root);
  const lists = await workerLists();
  const state = readState();
  const { plan, error: planError } = workersPlan(process.env.WORKERS_PLAN, state.plan);
  if (planError) fail(planError);
  say(
    `plan: Workers ${plan === "paid" ? "Paid" : "Free"} (WORKERS_PLAN=${plan}): the publish queue takes ${PUBLISH_BATCH_BY_PLAN[plan]} post${PUBLISH_BATCH_BY_PLAN[plan] === 1 ? "" : "s"} per invocation`,
  );

  // Before creating anything: would the deployed Worker have an address, and would it serve?
  const unreachable = await reachabilityProblem(raw, whoami);
  if (unreachable) fail(unreachable);
  const stored = storedSecrets(raw.name);
  const signIn = signInSettings(process.env, stored);
  if (signIn.error) fail(signIn.error);

  // The AI engine and its models: OpenAI when a key is given or stored, else Workers AI with the
  // first model of each list that this account's catalog has.
  const openAi = Boolean(process.env.OPENAI_API_KEY?.trim()) || stored.includes("OPENAI_API_KEY");
  let aiModels = {};
  let embeddingModel;
  if (openAi) {
    embeddingModel = process.env.OPENAI_EMBEDDING_MODEL?.trim() || lists.OPENAI_MODELS.embeddings[0];
    say(`AI: OpenAI (embeddings ${embeddingModel})`);
  } else {
    const picked = pickWorkersAiModels(lists.WORKERS_AI_MODELS, workersAiCatalog());
    if (picked.error) fail(picked.error);
    aiModels = { ...picked.picks, image: picked.picks.image ?? "off" };
    embeddingModel = picked.picks.embeddings;
    say(
      `AI: Workers AI, ${Object.entries(picked.picks)
        .map(([t, m]) => `${t} ${m}`)
        .join(", ")}`,
    );
  }
  const useVectorize = process.env.VECTORIZE === "1" || (process.env.VECTORIZE !== "0" && state.vectorize === true);
  const dims = process.env.VECTORIZE_DIMENSIONS ? Number(process.env.VECTORIZE_DIMENSIONS) : lists.EMBEDDING_DIMENSIONS[embeddingModel];
  if (useVectorize && !(dims > 0))
    fail(`the dimensions of ${embeddingModel} are not known: set VECTORIZE_DIMENSIONS, then npm run deploy again. Nothing was created.`);

  const databaseIds = {};
  for (const db of raw.d1_databases ?? []) databaseIds[db.database_name] = ensureD1(db.database_name);
  for (const bucket of raw.r2_buckets ?? []) ensureBucket(bucket.bucket_name);
  const queues = new Set([...(raw.queues?.producers ?? []).map((q) => q.queue), ...(raw.queues?.consumers ?? []).map((q) => q.queue)]);
  for (const q of queues) ensureQueue(q);
  // Named by its dimension: another embedding model means another index, never a mixed one.
  const vectorizeIndex = useVectorize ? `${raw.name}-brain-${dims}` : null;
  if (vectorizeIndex) ensureVectorize(vectorizeIndex, dims, lists.VECTORIZE_METADATA_INDEXES);

  let appOrigin = process.env.APP_ORIGIN || state.appOrigin || null;
  mkdirSync(outDir, { recursive: true });
  const writeConfig = () =>
    writeFileSync(deployConfig, JSON.stringify(buildDeployConfig(raw, { databaseIds, appOrigin, aiModels, vectorizeIndex, plan }), null, 2));
  writeConfig();

  for (const db of raw.d1_databases ?? []) {
    say(`applying migrations to ${db.database_name} (remote)`);
    must(wrangler(["d1", "migrations", "apply", db.binding, "--remote", "-c", deployConfig]), "applying migrations");
  }

  if (process.env.SKIP_BUILD !== "1") must(exec("vite", ["build", "--logLevel", "warn"]), "building the SPA");
  // Clerk's Frontend API host in the SPA's CSP (decision 194); remembered, since a stored
  // publishable key cannot be read back.
  const clerkHost = frontendApiHost(process.env.CLERK_PUBLISHABLE_KEY) ?? state.clerkFrontendApi ?? null;
  const headersFile = path.join(root, raw.assets?.directory ?? "dist", "_headers");
  if (clerkHost && existsSync(headersFile)) {
    writeFileSync(headersFile, withClerkCsp(readFileSync(headersFile, "utf8"), clerkHost));
    say(`CSP: Clerk Frontend API https://${clerkHost}`);
  }

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
  writeFileSync(
    stateFile,
    JSON.stringify(
      {
        appOrigin,
        plan,
        vectorize: useVectorize,
        ...(vectorizeIndex ? { vectorizeIndex, vectorizeDimensions: dims } : {}),
        ...(clerkHost ? { clerkFrontendApi: clerkHost } : {}),
      },
      null,
      2,
    ),
  );
  say(`done: ${appOrigin}`);
  say(planSummary(plan));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => fail(err?.stack ?? String(err)));
}
