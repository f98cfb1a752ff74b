#!/usr/bin/env node
// `npm run doctor`: checks a Brandpilot configuration service by service and prints a table of
// OK / default / missing / wrong with the fix for each (decision 190). What it reads:
//   - the local configuration: `.dev.vars` (or --vars <path>), with the shell's environment
//     on top, and wrangler.toml (R2, queues, cron);
//   - --remote: the deployed Worker's secret names (`wrangler secret list`), what the last
//     `npm run deploy` remembered (its origin, Clerk host, Vectorize index: DEPLOY_DIR's
//     state.json), its R2 bucket, queues and Vectorize index through wrangler, and --url
//     <origin>'s /api/health (engine and models).
// AI gets a tiny real call per task, so a retired model or a bad key shows here, not in
// production: with an OpenAI key list models, a 16-token chat, a one-word embedding; with
// --remote and no key (Workers AI) each task's model as the deploy picks it from the account's
// catalog, called once through Cloudflare's REST API (`POST /accounts/{id}/ai/run/{model}`). Offline with no keys every service
// reports its embedded default (local engine, dev outbox, D1 vectors) and it exits 0; it exits 1
// only when something is wrong or missing for production (APP_ENV=production or --remote).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { readWranglerConfig } from "./lib/wrangler-config.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CF_API = process.env.CLOUDFLARE_API_BASE_URL || "https://api.cloudflare.com/client/v4";
// Where `npm run deploy` keeps what it remembers (the same DEPLOY_DIR as scripts/deploy.mjs).
const deployDir = path.resolve(process.env.DEPLOY_DIR ?? path.join(root, ".wrangler", "deploy-config"));

/** KEY=value lines (wrangler's .dev.vars format); quotes stripped, comments and blanks ignored. */
export function parseVars(text) {
  const out = {};
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!m || line.trim().startsWith("#")) continue;
    out[m[1]] = m[2].replace(/^(["'])(.*)\1$/, "$2");
  }
  return out;
}

const row = (service, status, detail, fix = "") => ({ service, status, detail, fix });
/** A secret the Worker stores: its name is listed, its value cannot be read back. */
const STORED = "(stored secret)";

async function readJson(url, init) {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
  let body = null;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  return { status: res.status, body };
}

/** The AI engine: a tiny real call per task with the configured key, or the embedded default. */
async function checkAi(vars, lists, production, remote = false) {
  const key = vars.OPENAI_API_KEY?.trim();
  if (key === STORED) return [row("AI", "OK", "OPENAI_API_KEY stored on the Worker (run the doctor locally with the key for a real call)")];
  if (!key) {
    if (remote) return checkWorkersAi(lists);
    if (production) return [row("AI", "default", "Workers AI through the AI binding (the deploy picks models from the account's catalog)", "")];
    return [row("AI", "default", "local engine (offline embeddings and writing)", "set OPENAI_API_KEY (or deploy for Workers AI) for model-written posts")];
  }
  const base = (vars.OPENAI_BASE_URL?.trim() || "https://api.openai.com/v1").replace(/\/$/, "");
  const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
  const chat = vars.OPENAI_CHAT_MODEL?.trim() || lists.OPENAI_MODELS.chat[0];
  const embeddings = vars.OPENAI_EMBEDDING_MODEL?.trim() || lists.OPENAI_MODELS.embeddings[0];
  const rows = [];
  try {
    const models = await readJson(`${base}/models`, { headers });
    if (models.status === 401) return [row("AI key", "wrong", `${base} refused the key (401)`, "check OPENAI_API_KEY")];
    const listed = new Map((models.body?.data ?? []).map((m) => [m.id, m]));
    const today = new Date().toISOString().slice(0, 10);
    for (const [task, model] of [
      ["AI chat", chat],
      ["AI embeddings", embeddings],
    ]) {
      const m = listed.get(model);
      if (models.status === 200 && !m)
        rows.push(
          row(
            task,
            "wrong",
            `${model} is not offered to this key`,
            `set ${task === "AI chat" ? "OPENAI_CHAT_MODEL" : "OPENAI_EMBEDDING_MODEL"} to a current model (see worker/adapters/ai/models.ts)`,
          ),
        );
      else if (m?.shutdown_date && m.shutdown_date <= today)
        rows.push(row(task, "wrong", `${model} was shut down on ${m.shutdown_date}`, "choose a current model"));
    }
    const reasoning = lists.isOpenAiReasoningModel(chat);
    const chatRes = await readJson(`${base}/chat/completions`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        model: chat,
        messages: [{ role: "user", content: "Say OK." }],
        ...(lists.isOpenAiModelName(chat) ? { max_completion_tokens: reasoning ? 16 + 1024 : 16 } : { max_tokens: 16 }),
        ...(reasoning ? { reasoning_effort: "low" } : {}),
      }),
    });
    if (!rows.some((r) => r.service === "AI chat")) {
      rows.push(
        chatRes.status === 200
          ? row("AI chat", "OK", `${chat} answered`)
          : row(
              "AI chat",
              "wrong",
              `${chat}: HTTP ${chatRes.status} ${chatRes.body?.error?.message ?? ""}`.trim(),
              "check OPENAI_CHAT_MODEL and the key's access",
            ),
      );
    }
    const embRes = await readJson(`${base}/embeddings`, {
      method: "POST",
      headers,
      body: JSON.stringify({ model: embeddings, input: ["ok"], encoding_format: "float" }),
    });
    if (!rows.some((r) => r.service === "AI embeddings")) {
      const dim = embRes.body?.data?.[0]?.embedding?.length;
      rows.push(
        embRes.status === 200 && dim
          ? row("AI embeddings", "OK", `${embeddings}: ${dim} dimensions`)
          : row("AI embeddings", "wrong", `${embeddings}: HTTP ${embRes.status}`, "check OPENAI_EMBEDDING_MODEL"),
      );
    }
    // Images: the key's model list only. A real image costs money and tens of seconds, so the
    // doctor does not generate one; a model that is not offered (shut down) would make the Worker
    // fall back down OPENAI_MODELS.image on every isolate's first image (decision 230).
    const image = vars.OPENAI_IMAGE_MODEL?.trim();
    if (!image)
      rows.push(
        row(
          "AI image",
          "default",
          "brand card for posts on networks that need an image (no image model)",
          `set OPENAI_IMAGE_MODEL=${lists.OPENAI_MODELS.image[0]} for AI images`,
        ),
      );
    else if (models.status === 200) {
      const m = listed.get(image);
      const fallback = lists.OPENAI_MODELS.image.find((x) => x !== image && listed.has(x));
      if (!m || (m.shutdown_date && m.shutdown_date <= today))
        rows.push(
          row(
            "AI image",
            "wrong",
            `${image} is ${m ? `shut down since ${m.shutdown_date}` : "not offered to this key"}${fallback ? `; the Worker falls back to ${fallback}` : ""}`,
            `set OPENAI_IMAGE_MODEL=${fallback ?? lists.OPENAI_MODELS.image[0]}`,
          ),
        );
      else
        rows.push(
          row(
            "AI image",
            "OK",
            `${image} offered to this key${m.shutdown_date ? ` (shuts down on ${m.shutdown_date})` : ""}; no image generated (each costs money)`,
          ),
        );
    }
  } catch (err) {
    rows.push(row("AI", "wrong", `${base} unreachable (${err.message})`, "check OPENAI_BASE_URL and the network"));
  }
  return rows;
}

/**
 * Workers AI, the deployed engine without an OpenAI key (decision 191): each task's model is the
 * first of its list in the account's catalog (`wrangler ai models list --json`), as the deploy
 * picks it, and gets one tiny real call through Cloudflare's REST API with wrangler's own
 * credentials. Images are only looked up: each costs money and seconds.
 */
async function checkWorkersAi(lists) {
  const listed = wrangler(["ai", "models", "list", "--json"]);
  let catalog;
  try {
    catalog = JSON.parse(listed.stdout).map((m) => m.name);
  } catch {
    return [row("AI", "wrong", "the Workers AI catalog could not be read (wrangler ai models list --json)", "npx wrangler login, then the doctor again")];
  }
  const { pickWorkersAiModels } = await import(pathToFileURL(path.join(root, "scripts/deploy.mjs")).href);
  const { picks } = pickWorkersAiModels(lists.WORKERS_AI_MODELS, catalog);
  let run = null;
  try {
    const accounts = JSON.parse(wrangler(["whoami", "--json"]).stdout).accounts ?? [];
    const accountId = process.env.CLOUDFLARE_ACCOUNT_ID || (accounts.length === 1 ? accounts[0].id : null);
    const auth = JSON.parse(wrangler(["auth", "token", "--json"]).stdout);
    const headers = auth.type === "api_key" ? { "X-Auth-Key": auth.key, "X-Auth-Email": auth.email } : { authorization: `Bearer ${auth.token}` };
    if (accountId)
      run = (model, inputs) =>
        readJson(`${CF_API}/accounts/${accountId}/ai/run/${model}`, {
          method: "POST",
          headers: { ...headers, "content-type": "application/json" },
          body: JSON.stringify(inputs),
        });
  } catch {
    run = null;
  }
  // The smallest call each task's published input schema admits (test/contracts/workers-ai/models/);
  // chat's budget covers the model's reasoning too (the Worker's REASONING_ALLOWANCE, as above).
  const probes = {
    chat: {
      inputs: { messages: [{ role: "user", content: "Say OK." }], max_completion_tokens: 16 + 1024, reasoning_effort: "low" },
      ok: (r) => (typeof r?.choices?.[0]?.message?.content === "string" || typeof r?.response === "string" ? "answered" : null),
    },
    embeddings: { inputs: { text: ["ok"] }, ok: (r) => (r?.data?.[0]?.length ? `${r.data[0].length} dimensions` : null) },
    rerank: { inputs: { query: "ok", contexts: [{ text: "ok" }] }, ok: (r) => (Array.isArray(r?.response) ? "ranked" : null) },
  };
  const rows = [];
  for (const [task, list] of Object.entries(lists.WORKERS_AI_MODELS)) {
    const service = `AI ${task}`;
    const model = picks[task];
    if (!model) {
      rows.push(
        task === "image"
          ? row(service, "default", `none of ${list.join(", ")} in this account's catalog: brand cards instead of AI images`)
          : row(
              service,
              "wrong",
              `none of ${list.join(", ")} in this account's catalog (retired?)`,
              "update worker/adapters/ai/models.ts and test/contracts/workers-ai/, or set OPENAI_API_KEY; then npm run deploy",
            ),
      );
      continue;
    }
    const probe = probes[task];
    if (!probe) {
      rows.push(row(service, "OK", `${model} in the account's catalog; no image generated (each costs money)`));
      continue;
    }
    if (!run) {
      rows.push(row(service, "wrong", `${model}: no account to call it with`, "set CLOUDFLARE_ACCOUNT_ID to the account of the deployment"));
      continue;
    }
    try {
      const res = await run(model, probe.inputs);
      const said = res.status === 200 && res.body?.success !== false ? probe.ok(res.body?.result) : null;
      rows.push(
        said
          ? row(service, "OK", `${model} ${said}`)
          : row(
              service,
              "wrong",
              `${model}: HTTP ${res.status} ${res.body?.errors?.map((e) => e.message).join("; ") ?? ""}`.trim(),
              "check the account's Workers AI access, then npm run deploy",
            ),
      );
    } catch (err) {
      rows.push(row(service, "wrong", `${model}: the Workers AI API could not be reached (${err.message})`, "check this machine's connection"));
    }
  }
  return rows;
}

function checkAuth(vars, production, frontendApiHost, state = {}) {
  const rows = [];
  const clerk = vars.CLERK_PUBLISHABLE_KEY?.trim();
  if (clerk === STORED)
    return [
      row("auth (Clerk)", "OK", "keys stored on the Worker (values cannot be read back)"),
      // The deploy remembers the host it wrote into the SPA's CSP (decision 194).
      state.clerkFrontendApi
        ? row("CSP (Clerk)", "OK", `the last npm run deploy allowed https://${state.clerkFrontendApi} in script-src and connect-src`)
        : row(
            "CSP (Clerk)",
            "wrong",
            "the deploy recorded no Clerk Frontend API host: the SPA's CSP allows development instances only",
            "run CLERK_PUBLISHABLE_KEY=pk_live_... npm run deploy",
          ),
    ];
  if (clerk) {
    const host = frontendApiHost(clerk);
    if (!host)
      rows.push(
        row("auth (Clerk)", "wrong", "CLERK_PUBLISHABLE_KEY is not a pk_live_/pk_test_ key", "copy the publishable key from the Clerk dashboard (API keys)"),
      );
    else if (!(vars.CLERK_JWT_KEY || vars.CLERK_SECRET_KEY))
      rows.push(row("auth (Clerk)", "missing", "CLERK_JWT_KEY or CLERK_SECRET_KEY", "copy the JWT public key (or secret key) from the Clerk dashboard"));
    else if (clerk.startsWith("pk_live_") && host.endsWith(".clerk.accounts.dev"))
      rows.push(row("auth (Clerk)", "wrong", `a production key naming a development host (${host})`, "use the production instance's publishable key"));
    else rows.push(row("auth (Clerk)", "OK", `Frontend API ${host}`));
    if (host) rows.push(row("CSP (Clerk)", "OK", `npm run deploy allows https://${host} in script-src and connect-src`));
    return rows;
  }
  // Without Clerk the SPA's CSP keeps frontend/public/_headers' development-instance wildcard.
  rows.push(row("CSP (Clerk)", "default", "no Clerk key: the SPA's CSP allows Clerk's development hosts only (*.clerk.accounts.dev)"));
  const mail = ["MAIL_API_URL", "MAIL_API_KEY", "MAIL_FROM"];
  const missing = mail.filter((n) => !vars[n]?.trim());
  if (missing.length === 0) {
    const url = vars.MAIL_API_URL.trim();
    rows.push(
      url === STORED
        ? row("auth (mail)", "OK", "MAIL_API_URL, MAIL_API_KEY and MAIL_FROM stored on the Worker (values cannot be read back)")
        : /^https:\/\//.test(url)
          ? row("auth (mail)", "OK", `sign-in mail through ${new URL(url).host}`)
          : row("auth (mail)", "wrong", "MAIL_API_URL is not https://", "use your mail API's https endpoint, e.g. https://api.resend.com/emails"),
    );
  } else if (missing.length < mail.length || production) {
    rows.push(row("auth (mail)", "missing", missing.join(", "), "set them (or Clerk's keys): production refuses to serve without a way to send sign-in mail"));
  } else {
    rows.push(row("auth (mail)", "default", "dev outbox (/dev/outbox); production needs mail or Clerk", ""));
  }
  return rows;
}

function checkOrigin(vars, production) {
  const origin = vars.APP_ORIGIN?.trim();
  if (!origin)
    return [
      production
        ? row("APP_ORIGIN", "missing", "no public origin", "npm run deploy sets the workers.dev URL, or set APP_ORIGIN=https://your.domain")
        : row("APP_ORIGIN", "default", "http://localhost:8787 (npm start)"),
    ];
  let url;
  try {
    url = new URL(origin);
  } catch {
    return [row("APP_ORIGIN", "wrong", `"${origin}" is not a URL`, "set APP_ORIGIN=https://your.domain")];
  }
  if (url.origin !== origin.replace(/\/$/, "")) return [row("APP_ORIGIN", "wrong", `"${origin}" has a path or query`, `set APP_ORIGIN=${url.origin}`)];
  if (production && url.protocol !== "https:") return [row("APP_ORIGIN", "wrong", `${origin} is not https`, "production links and OAuth redirects need https")];
  return [row("APP_ORIGIN", "OK", origin)];
}

async function checkNetworks(vars) {
  let metas;
  let adapters;
  try {
    metas = (await import(pathToFileURL(path.join(root, "platforms/registry.ts")).href)).PLATFORM_METAS;
    adapters = (await import(pathToFileURL(path.join(root, "platforms/adapters.ts")).href)).ADAPTERS;
  } catch (err) {
    return [row("networks", "wrong", `the network registry could not be read (${err.message})`, "")];
  }
  const rows = [];
  for (const m of metas) {
    // The names each network's setup guide tells the operator to set (its own registry data).
    const names = [
      ...new Set(
        (m.setupGuide?.("https://your.domain/callback") ?? []).join(" ").match(/\b[A-Z][A-Z0-9]*_[A-Z0-9_]*(CLIENT_ID|CLIENT_SECRET|APP_ID|APP_SECRET)\b/g) ??
          [],
      ),
    ];
    const service = `network ${m.id}`;
    if (!names.length) {
      rows.push(row(service, "OK", `${m.connect}: each user connects with their own credentials`));
      continue;
    }
    const missing = names.filter((n) => !vars[n]?.trim());
    if (missing.length === names.length) {
      // The embedded default: nothing to call, no network access.
      rows.push(row(service, "default", "not configured (users cannot connect it)", `optional: set ${names.join(" and ")}`));
      continue;
    }
    if (missing.length) {
      rows.push(row(service, "wrong", `only part of the app credentials: ${missing.join(", ")} missing`, `set ${missing.join(" and ")}`));
      continue;
    }
    rows.push(await checkAppCredentials(service, names, adapters?.[m.id]?.appCheck, vars));
  }
  return rows;
}

/**
 * The network's own check of the app's id and secret, where it publishes an app-token endpoint
 * (each adapter module's `appCheck`, decision 234): one real call, no user involved.
 */
async function checkAppCredentials(service, names, appCheck, vars) {
  if (!appCheck) return row(service, "OK", `${names.join(", ")} set (the network has no app-token endpoint: the first connect checks them)`);
  if (names.some((n) => vars[n] === STORED))
    return row(service, "OK", `${names.join(", ")} stored on the Worker (run the doctor locally with them for the network's own check)`);
  try {
    const result = await appCheck.run(vars, { sandboxUrl: null, timeoutMs: 15_000 });
    return result.ok
      ? row(service, "OK", `${names.join(", ")} set; ${result.detail}`)
      : row(service, "wrong", result.detail, `check ${names.join(" and ")} against the app in the network's developer portal`);
  } catch (err) {
    return row(
      service,
      "wrong",
      `the app-token endpoint could not be reached (${err.message})`,
      `check the network's base URL setting and this machine's connection (${appCheck.source})`,
    );
  }
}

function wrangler(args) {
  const r = spawnSync("wrangler", args, {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return { ok: r.status === 0, stdout: r.stdout ?? "" };
}

async function checkPlatform(raw, remote, state, lists) {
  const rows = [];
  for (const b of raw.r2_buckets ?? []) {
    if (!remote) rows.push(row(`R2 ${b.binding}`, "default", `bucket ${b.bucket_name} (local in npm start)`));
    else
      rows.push(
        wrangler(["r2", "bucket", "info", b.bucket_name]).ok
          ? row(`R2 ${b.binding}`, "OK", `bucket ${b.bucket_name}`)
          : row(`R2 ${b.binding}`, "missing", `bucket ${b.bucket_name}`, "npm run deploy creates it"),
      );
  }
  const queues = [...new Set([...(raw.queues?.producers ?? []), ...(raw.queues?.consumers ?? [])].map((q) => q.queue))];
  for (const q of queues) {
    if (!remote) rows.push(row(`queue ${q}`, "default", "local in npm start"));
    else rows.push(wrangler(["queues", "info", q]).ok ? row(`queue ${q}`, "OK", "exists") : row(`queue ${q}`, "missing", "", "npm run deploy creates it"));
  }
  const crons = raw.triggers?.crons ?? [];
  rows.push(
    crons.includes("* * * * *")
      ? row("cron", "OK", "every minute (publishing and reminders)")
      : row("cron", "wrong", `crons = ${JSON.stringify(crons)}`, 'wrangler.toml [triggers] crons = ["* * * * *"]'),
  );
  if (!remote || !state.vectorize) {
    rows.push(row("vectors", "default", "D1 index (cosine in the Worker)", "optional: VECTORIZE=1 npm run deploy"));
    return rows;
  }
  const dims = state.vectorizeDimensions;
  const name = state.vectorizeIndex;
  const got = name ? wrangler(["vectorize", "get", name, "--json"]) : { ok: false };
  if (!got.ok) {
    rows.push(row("Vectorize", "missing", name ?? "no index recorded", "VECTORIZE=1 npm run deploy"));
    return rows;
  }
  const info = JSON.parse(got.stdout);
  const listed = wrangler(["vectorize", "list-metadata-index", name, "--json"]);
  const have = listed.ok ? JSON.parse(listed.stdout).map((m) => m.propertyName) : [];
  const missing = lists.VECTORIZE_METADATA_INDEXES.map((m) => m.propertyName).filter((p) => !have.includes(p));
  if (dims && info.config?.dimensions !== dims)
    rows.push(
      row(
        "Vectorize",
        "wrong",
        `${name}: ${info.config?.dimensions} dimensions, the engine makes ${dims}`,
        `npx wrangler vectorize delete ${name}, then npm run deploy`,
      ),
    );
  else if (missing.length)
    rows.push(
      row(
        "Vectorize",
        "missing",
        `metadata indexes ${missing.join(", ")}`,
        `npx wrangler vectorize create-metadata-index ${name} --propertyName=<name> --type=string, then re-index the brain`,
      ),
    );
  else rows.push(row("Vectorize", "OK", `${name}: ${info.config?.dimensions} dimensions, metadata indexes ${have.join(", ")}`));
  return rows;
}

/** Every check's rows for this configuration. */
export async function diagnose({ vars, remote = false, state = {}, url = null }) {
  const { frontendApiHost } = await import(pathToFileURL(path.join(root, "scripts/deploy.mjs")).href);
  const lists = {
    ...(await import(pathToFileURL(path.join(root, "worker/adapters/ai/models.ts")).href)),
    ...(await import(pathToFileURL(path.join(root, "worker/adapters/vectors/vectorize-metadata.ts")).href)),
  };
  const raw = await readWranglerConfig(root);
  const production = remote || (vars.APP_ENV ?? "development") === "production";
  const rows = [
    ...checkAuth(vars, production, frontendApiHost, state),
    ...checkOrigin(vars, production),
    ...(vars.TOKEN_ENCRYPTION_KEY?.trim()
      ? [row("TOKEN_ENCRYPTION_KEY", "OK", "set")]
      : [production ? row("TOKEN_ENCRYPTION_KEY", "missing", "", "npm run deploy generates it") : row("TOKEN_ENCRYPTION_KEY", "default", "development key")]),
    ...(await checkAi(vars, lists, production, remote)),
    ...(await checkNetworks(vars)),
    ...(await checkPlatform(raw, remote, state, lists)),
  ];
  if (url) {
    try {
      const health = await readJson(`${url.replace(/\/$/, "")}/api/health`);
      const ai = health.body?.ai;
      rows.push(
        health.status === 200 && ai
          ? row("deployed Worker", "OK", `${ai.provider}: chat ${ai.chat}, embeddings ${ai.embeddings}, image ${ai.image ?? "none"}`)
          : row("deployed Worker", "wrong", `${url}/api/health answered ${health.status}`, "see the missing names in its answer and the Worker's log"),
      );
    } catch (err) {
      rows.push(row("deployed Worker", "wrong", `${url} unreachable (${err.message})`, "check the URL"));
    }
  }
  return rows;
}

function print(rows) {
  const w1 = Math.max(...rows.map((r) => r.service.length));
  const w2 = Math.max(...rows.map((r) => r.status.length));
  for (const r of rows) console.log(`${r.service.padEnd(w1)}  ${r.status.padEnd(w2)}  ${r.detail}${r.fix ? `\n${" ".repeat(w1 + w2 + 4)}fix: ${r.fix}` : ""}`);
}

async function main() {
  const arg = (name) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const remote = process.argv.includes("--remote");
  const envFile = arg("--vars") ?? path.join(root, ".dev.vars");
  const fileVars = existsSync(envFile) ? parseVars(readFileSync(envFile, "utf8")) : {};
  const vars = { ...fileVars };
  const known = /^(APP_|CLERK_|MAIL_|OPENAI_|TOKEN_ENCRYPTION_KEY$|WORKERS_AI_|[A-Z]+_CLIENT_(ID|SECRET)$)/;
  for (const [k, v] of Object.entries(process.env)) if (known.test(k) && v) vars[k] = v;
  let state = {};
  try {
    state = JSON.parse(readFileSync(path.join(deployDir, "state.json"), "utf8"));
  } catch {
    state = {};
  }
  if (remote) {
    const listed = wrangler(["secret", "list", "--format", "json", "--name", "brandpilot"]);
    // Secret values cannot be read back: a stored name counts as set.
    if (listed.ok) for (const s of JSON.parse(listed.stdout)) vars[s.name] ??= STORED;
    // APP_ORIGIN is a plain var of the deployed config, remembered by the deploy.
    if (state.appOrigin) vars.APP_ORIGIN ??= state.appOrigin;
  }
  const rows = await diagnose({ vars, remote, state, url: arg("--url") ?? null });
  console.log(
    `Brandpilot doctor: ${remote ? "the deployed Worker" : existsSync(envFile) ? path.relative(root, envFile) : "no .dev.vars (embedded defaults)"}\n`,
  );
  print(rows);
  const bad = rows.filter((r) => r.status === "wrong" || r.status === "missing");
  console.log(
    `\n${rows.length} checks: ${rows.filter((r) => r.status === "OK").length} OK, ${rows.filter((r) => r.status === "default").length} default, ${bad.length} to fix.`,
  );
  process.exit(bad.length ? 1 : 0);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(`[doctor] ${err?.stack ?? err}`);
    process.exit(1);
  });
}
