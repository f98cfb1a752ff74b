#!/usr/bin/env node
// The Worker's size as Cloudflare counts it, and what it is made of (decision 161).
// The Workers Free plan refuses a Worker over 3 MiB compressed (docs/architecture.md budget), so CI
// (`npm test`) runs this and fails above it. Measured with `wrangler deploy --dry-run` on the very
// config `npm run deploy` uploads (scripts/deploy.mjs: minified, production vars, AI binding);
// the total is wrangler's own "gzip:" figure. Contributors come from a second, unminified dry run,
// whose esbuild output marks every module with a `// path` comment: each package's text is gzipped
// on its own, plus every extra module file (the word-vector table).
// `measureWorker()` is what scripts/bench.mjs calls; run directly it prints the table and exits 1
// when the budget is passed. Options (env): WORKER_BUDGET_BYTES (3 MiB).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
export const WORKER_BUDGET_BYTES = Number(process.env.WORKER_BUDGET_BYTES ?? 3 * 1024 * 1024);

/** `node_modules/<pkg>` -> pkg; the app's own code by area (worker/services, schema, ...). */
export function contributorOf(modulePath) {
  const p = modulePath.replace(/^(\.\.\/)+/, "");
  const pkg = p.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  const parts = p.split("/");
  if (parts[0] === "worker" && parts[1] === "adapters") return parts.slice(0, 4).join("/").replace(/\.ts$/, "");
  if (parts[0] === "worker") return parts.slice(0, 2).join("/");
  return parts[0] ?? p;
}

/** Splits an unminified esbuild bundle at its `// path` module comments and gzips each contributor. */
export function attribute(bundleText) {
  const parts = new Map();
  let current = "(bundle runtime)";
  for (const line of bundleText.split("\n")) {
    const m = line.match(/^\/\/ (\S+\.(?:[cm]?js|ts|tsx|json))$/);
    if (m) current = contributorOf(m[1]);
    if (!parts.has(current)) parts.set(current, []);
    parts.get(current).push(line);
  }
  return [...parts].map(([name, lines]) => {
    const text = lines.join("\n");
    return { name, raw: Buffer.byteLength(text), gzip: gzipSync(text).length };
  });
}

function dryRun(config, outdir, extra = []) {
  rmSync(outdir, { recursive: true, force: true });
  const r = spawnSync(bin("wrangler"), ["deploy", "--dry-run", "-c", config, "--outdir", outdir, ...extra], {
    cwd: root,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`wrangler deploy --dry-run failed:\n${r.stdout}\n${r.stderr}`);
  return `${r.stdout}\n${r.stderr}`;
}

const kib = (s) => Number.parseFloat(s) * 1024;

export async function measureWorker({ workDir = path.join(root, ".wrangler", "size-check") } = {}) {
  const { buildDeployConfig } = await import("./deploy.mjs");
  const { experimental_readRawConfig } = await import("wrangler");
  const raw = experimental_readRawConfig({ config: path.join(root, "wrangler.toml") }).rawConfig;
  mkdirSync(workDir, { recursive: true });
  // Assets are uploaded apart from the Worker and do not count; an empty folder is enough here.
  const assets = raw.assets?.directory ? path.resolve(root, raw.assets.directory) : null;
  if (assets && !existsSync(assets)) mkdirSync(assets, { recursive: true });
  const placeholderIds = Object.fromEntries((raw.d1_databases ?? []).map((d) => [d.database_name, d.database_id ?? "00000000-0000-0000-0000-000000000000"]));
  const config = buildDeployConfig(raw, { databaseIds: placeholderIds, appOrigin: "https://example.workers.dev" }, workDir);
  const configFile = path.join(workDir, "wrangler.json");
  writeFileSync(configFile, JSON.stringify(config, null, 2));

  const out = dryRun(configFile, path.join(workDir, "deployed"));
  const m = out.match(/Total Upload:\s*([\d.]+)\s*KiB\s*\/\s*gzip:\s*([\d.]+)\s*KiB/);
  if (!m) throw new Error(`wrangler printed no upload size:\n${out}`);
  const total = { raw: Math.round(kib(m[1])), gzip: Math.round(kib(m[2])) };

  const plainDir = path.join(workDir, "unminified");
  dryRun(configFile, plainDir, ["--minify=false"]);
  const contributors = [];
  for (const name of readdirSync(plainDir)) {
    const file = path.join(plainDir, name);
    if (name.endsWith(".map") || name.endsWith(".md") || statSync(file).isDirectory()) continue;
    const buf = readFileSync(file);
    if (name.endsWith(".js") || name.endsWith(".mjs")) contributors.push(...attribute(buf.toString("utf8")));
    else contributors.push({ name: `${name.replace(/^[0-9a-f]{40}-/, "")} (module file)`, raw: buf.length, gzip: gzipSync(buf).length });
  }
  contributors.sort((a, b) => b.gzip - a.gzip);
  return { ...total, budget: WORKER_BUDGET_BYTES, within: total.gzip <= WORKER_BUDGET_BYTES, contributors };
}

async function main() {
  const r = await measureWorker();
  const k = (n) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(`Worker upload: ${k(r.raw)}, gzip ${k(r.gzip)} (budget ${k(r.budget)} gzip)`);
  console.log("largest contributors (unminified, each gzipped alone):");
  for (const c of r.contributors.slice(0, 12)) console.log(`  ${c.name.padEnd(44)} ${k(c.gzip).padStart(12)} gzip ${k(c.raw).padStart(12)} raw`);
  if (!r.within) {
    console.error(`Worker is ${k(r.gzip)} gzip, over the ${k(r.budget)} budget (Workers Free plan): shrink the largest contributors above.`);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err?.stack ?? String(err));
    process.exit(1);
  });
}
