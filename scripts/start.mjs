#!/usr/bin/env node
// `npm start`: build the SPA, apply the D1 migrations locally, start the platform sandbox when no
// platform keys are configured, and serve SPA + API with `wrangler dev --local`. No network, no
// account, no prompt. Options (env): PORT (8787), PERSIST_DIR (.wrangler/state), SKIP_BUILD=1,
// SANDBOX_PORT (8790), CRON_TICK_MS (60000; 0 disables the local cron ticker), LOG_LEVEL (info),
// APP_ORIGIN (the public origin, e.g. Vite's http://localhost:5173 for `npm run dev`),
// DEMO_WEB_PORT (the sample brand pages' own server; default: any free port), FAKE_AI=openai (the
// sandbox's OpenAI stand-in as the AI engine; tests only).
// wrangler.toml is production; this script runs the Worker with APP_ENV=development explicitly.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const port = Number(process.env.PORT ?? 8787);
const sandboxPort = Number(process.env.SANDBOX_PORT ?? 8790);
const persistDir = process.env.PERSIST_DIR ?? path.join(root, ".wrangler", "state");
const cronTickMs = Number(process.env.CRON_TICK_MS ?? 60_000);
const bin = (name) => path.join(root, "node_modules", ".bin", name);
// Keep wrangler from reaching out: no metrics, no cf-object fetch.
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", CI: process.env.CI ?? "1" };

function run(cmd, args, extraEnv = {}) {
  const r = spawnSync(cmd, args, { cwd: root, env: { ...env, ...extraEnv }, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

function devVars() {
  const file = path.join(root, ".dev.vars");
  if (!existsSync(file)) return {};
  const vars = {};
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const m = line.match(/^\s*([A-Z0-9_]+)\s*=\s*"?(.*?)"?\s*$/);
    if (m && m[2]) vars[m[1]] = m[2];
  }
  return vars;
}

if (process.env.SKIP_BUILD !== "1") run(bin("vite"), ["build", "--logLevel", "warn"], { NODE_ENV: "production" });
run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistDir]);

const children = [];
// Local run: development, chosen here (the committed configuration is production).
const vars = ["--var", "APP_ENV:development"];
// `npm run dev` serves the SPA from Vite (:5173): that is the origin the browser sends and the one
// OAuth must come back to.
if (process.env.APP_ORIGIN) vars.push("--var", `APP_ORIGIN:${process.env.APP_ORIGIN}`);
const configured = devVars();
// No network's app keys set (every network's client id is <NAME>_CLIENT_ID; none is named here,
// decision 233): the platform sandbox speaks each network's protocol, so Connect works offline.
if (!Object.keys(configured).some((name) => name.endsWith("_CLIENT_ID") && configured[name])) {
  const sandbox = spawn(process.execPath, [path.join(root, "test/fakes/platform-sandbox-main.ts")], {
    cwd: root,
    // The sandbox downloads image_url like the real APIs and refuses local hosts, except the app's own
    // origin (offline, media is served at http://localhost:<port>/media/...).
    env: {
      ...env,
      SANDBOX_PORT: String(sandboxPort),
      SANDBOX_PUBLIC_ORIGINS: [`http://localhost:${port}`, `http://127.0.0.1:${port}`, process.env.APP_ORIGIN ?? ""].join(","),
    },
    stdio: "inherit",
  });
  children.push(sandbox);
  vars.push("--var", `PLATFORM_SANDBOX_URL:http://127.0.0.1:${sandboxPort}`);
  // FAKE_AI=openai (the writer journey, test/e2e/writer-journey.e2e.ts): the Worker's AI engine is
  // the OpenAI-compatible stand-in this sandbox serves (test/fakes/openai.ts), so the LLM-only
  // helpers run offline. Unset, the engine stays the local one.
  if (process.env.FAKE_AI === "openai") {
    vars.push("--var", "OPENAI_API_KEY:sk-local-stand-in", "--var", `OPENAI_BASE_URL:http://127.0.0.1:${sandboxPort}/openai/v1`);
  }
}
// Sample brand web pages for offline scraping, on their own tiny server (any free port): the only
// local origin the brain may scrape, and it serves nothing but those pages. Its URL is printed and
// written to PERSIST_DIR/demo-web-url for the journeys.
const { startDemoWeb } = await import("../test/fakes/demo-web-server.ts");
const demoWeb = await startDemoWeb(Number(process.env.DEMO_WEB_PORT ?? 0));
const demoHost = new URL(demoWeb.url).host;
vars.push("--var", `SCRAPE_ALLOW_HOSTS:${demoHost},localhost:${new URL(demoWeb.url).port}`);
mkdirSync(persistDir, { recursive: true });
writeFileSync(path.join(persistDir, "demo-web-url"), demoWeb.url);
console.log(`sample brand pages for scraping: ${demoWeb.url}/web/brand.html`);

const wrangler = spawn(
  bin("wrangler"),
  [
    "dev",
    "--local",
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    "--persist-to",
    persistDir,
    "--show-interactive-dev-session=false",
    "--log-level",
    process.env.LOG_LEVEL ?? "info",
    ...vars,
  ],
  { cwd: root, env, stdio: "inherit" },
);
children.push(wrangler);

// wrangler dev does not fire Cron Triggers by itself: tick the scheduled handler every minute.
let ticker;
if (cronTickMs > 0) {
  ticker = setInterval(() => {
    fetch(`http://127.0.0.1:${port}/cdn-cgi/local/scheduled`).catch(() => {});
  }, cronTickMs);
}

const stop = () => {
  clearInterval(ticker);
  void demoWeb.close();
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
// Started by a test run (test/e2e/global-setup.ts): stdin is a pipe from that run, and it closes
// when the run ends in any way (a kill -9 or a time limit included), so the server never outlives it.
if (process.env.STOP_WITH_PARENT === "1") {
  process.stdin.on("close", stop);
  process.stdin.resume();
}
wrangler.on("exit", (code) => {
  stop();
  process.exit(code ?? 0);
});
