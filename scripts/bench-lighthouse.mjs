#!/usr/bin/env node
// Lighthouse over /, /login and /dashboard with the machine's Chromium (no browser download).
// Imported by scripts/bench.mjs: `runLighthouse(base, { cookie })` -> [{ page: "/login (desktop)",
// path, preset, performance, accessibility, runs, failing }]: per page and preset the median of
// `runs` audits, scores 0-100 (goal 95+). The cookie ("bp_session=...") is sent only for the
// signed-in /dashboard, since / and /login send a signed-in visitor on to /dashboard.
// Standalone: `node scripts/bench-lighthouse.mjs` starts its own server (ports 8861/8862, a fresh
// PERSIST_DIR .bench/lh-state), signs a new user up and in, prints the scores and stops it.
// Env: LH_PRESETS=desktop,mobile (default both), LH_RUNS (audits per page, default 3),
// LH_PAGES=/,/login (a subset of the pages), CHROME_PATH (default /usr/bin/chromium), SKIP_BUILD=1 (standalone: serve the existing dist/),
// LH_REPORT_DIR (write the median run's JSON report of each page there).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { startLocalServer, waitFor } from "./lib/local-server.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const chromeFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--no-default-browser-check",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
  "--remote-debugging-port=0",
  "about:blank",
];

/** Starts Chromium with a DevTools port; resolves with { port, close }. */
function launchChrome() {
  const profile = mkdtempSync(path.join(os.tmpdir(), "bp-lh-"));
  // Its own process group: closing ends the renderer and zygote helpers too, not only the browser.
  const child = spawn(chromePath, [`--user-data-dir=${profile}`, ...chromeFlags], { stdio: ["ignore", "ignore", "pipe"], detached: true });
  const exited = new Promise((r) => child.once("exit", r));
  const close = async () => {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      /* already gone */
    }
    await exited;
    await new Promise((r) => setTimeout(r, 200));
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    } catch {
      /* a temp dir left behind is harmless */
    }
  };
  return new Promise((resolve, reject) => {
    let log = "";
    const timer = setTimeout(() => {
      void close();
      reject(new Error(`Chromium did not open a DevTools port:\n${log}`));
    }, 30_000);
    child.stderr.on("data", (d) => {
      log += d;
      const m = log.match(/DevTools listening on ws:\/\/[^:]+:(\d+)\//);
      if (m) {
        clearTimeout(timer);
        resolve({ port: Number(m[1]), close });
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code}):\n${log}`));
    });
  });
}

const score = (category) => Math.round((category?.score ?? 0) * 100);

/** Audits of the two categories that lost points, worst first: "id (0.5)". */
function failingAudits(lhr) {
  const ids = new Set(["performance", "accessibility"].flatMap((c) => lhr.categories[c]?.auditRefs.filter((r) => r.weight > 0).map((r) => r.id) ?? []));
  return [...ids]
    .map((id) => lhr.audits[id])
    .filter((a) => a && a.score !== null && a.score < 0.9)
    .sort((a, b) => a.score - b.score)
    .map((a) => `${a.id} (${a.score})`);
}

/** One request to each page, API call and built asset first: the audits measure a warm server, not wrangler's first compile. */
async function warmUp(baseUrl, cookie) {
  const assets = path.join(root, "dist", "assets");
  const files = existsSync(assets) ? readdirSync(assets).map((f) => `/assets/${f}`) : [];
  const get = (p, headers = {}) =>
    fetch(baseUrl + p, { headers })
      .then((r) => r.arrayBuffer())
      .catch(() => null);
  for (const p of ["/", "/login", "/api/auth/session", ...files]) await get(p);
  if (cookie) for (const p of ["/dashboard", "/api/auth/session", "/api/projects"]) await get(p, { cookie });
}

/** One Lighthouse run in a fresh browser (no cache or cookie carries over from the last one). */
async function audit(baseUrl, page, preset, headers) {
  const chrome = await launchChrome();
  try {
    const flags = { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility"], extraHeaders: headers };
    const runner = await lighthouse(baseUrl + page, flags, preset === "desktop" ? desktopConfig : undefined);
    const lhr = runner.lhr;
    if (lhr.runtimeError) throw new Error(`${page}: ${lhr.runtimeError.message}`);
    const finalUrl = new URL(lhr.finalDisplayedUrl ?? lhr.finalUrl);
    if (finalUrl.pathname !== page) throw new Error(`${page} ended on ${finalUrl.pathname}: not the page meant to be audited`);
    return {
      performance: score(lhr.categories.performance),
      accessibility: score(lhr.categories.accessibility),
      failing: failingAudits(lhr),
      report: runner.report,
    };
  } finally {
    await chrome.close();
  }
}

/** wrangler dev reloads the Worker when a source file changes; a run that hit that gap is retried. */
async function auditWithRetry(baseUrl, page, preset, headers, attempts = 3) {
  for (let i = 1; ; i++) {
    try {
      return await audit(baseUrl, page, preset, headers);
    } catch (err) {
      if (i >= attempts) throw err;
      console.error(`[lighthouse] ${preset} ${page}: ${err.message.split("\n")[0]}; retrying`);
      await new Promise((r) => setTimeout(r, 3000));
    }
  }
}

/**
 * Runs Lighthouse (performance + accessibility) on /, /login and /dashboard of `baseUrl`.
 * @param {string} baseUrl e.g. http://127.0.0.1:8801
 * @param {{ cookie: string, presets?: string[], runs?: number, reportDir?: string }} options
 */
export async function runLighthouse(baseUrl, { cookie, presets, runs = Number(process.env.LH_RUNS ?? 3), reportDir } = {}) {
  const wanted = presets ?? (process.env.LH_PRESETS ?? "desktop,mobile").split(",").filter(Boolean);
  const outDir = reportDir ?? process.env.LH_REPORT_DIR;
  if (outDir) mkdirSync(outDir, { recursive: true });
  const pages = [
    { page: "/", headers: null },
    { page: "/login", headers: null },
    { page: "/dashboard", headers: cookie ? { Cookie: cookie } : null },
  ].filter(({ page }) => !process.env.LH_PAGES || process.env.LH_PAGES.split(",").includes(page));
  await warmUp(baseUrl, cookie);
  const results = [];
  for (const preset of wanted) {
    for (const { page, headers } of pages) {
      const audits = [];
      for (let i = 0; i < runs; i++) audits.push(await auditWithRetry(baseUrl, page, preset, headers));
      // Lighthouse's own advice for a noisy machine: report the median run (by performance).
      audits.sort((a, b) => a.performance - b.performance);
      const median = audits[Math.floor(audits.length / 2)];
      if (outDir) writeFileSync(path.join(outDir, `${preset}${page === "/" ? "-landing" : page.replace(/\//g, "-")}.json`), median.report);
      results.push({
        page: `${page} (${preset})`,
        path: page,
        preset,
        performance: median.performance,
        accessibility: median.accessibility,
        runs: audits.map((a) => a.performance),
        failing: median.failing,
      });
    }
  }
  return results;
}

// ---------- standalone ----------
/** A new user with its default project (onboarding seen, so /dashboard shows the dashboard). */
async function signedInCookie(base) {
  const email = `lighthouse-${Date.now()}@example.com`;
  const password = "lighthouse-bench-1";
  const json = { "content-type": "application/json", origin: base };
  const signup = await fetch(`${base}/api/auth/signup`, { method: "POST", headers: json, body: JSON.stringify({ email, password }) });
  if (!signup.ok) throw new Error(`signup: ${signup.status} ${await signup.text()}`);
  // An account is usable once its address is verified: open the link from the dev outbox.
  const mails = await (await fetch(`${base}/dev/outbox?format=json`)).json();
  const link = mails.find((m) => m.to === email && m.subject.includes("Verify"))?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no verification mail to ${email}`);
  const verify = await fetch(`${base}/api/auth/magic-link/verify`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ token: new URL(link).searchParams.get("magic") }),
  });
  if (!verify.ok) throw new Error(`verify: ${verify.status} ${await verify.text()}`);
  const login = await fetch(`${base}/api/auth/login`, { method: "POST", headers: json, body: JSON.stringify({ email, password }) });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const projects = await (await fetch(`${base}/api/projects`, { headers: { cookie } })).json();
  for (const p of projects) {
    await fetch(`${base}/api/projects/${p.id}/onboarding`, {
      method: "PATCH",
      headers: { ...json, cookie },
      body: JSON.stringify({ has_seen_onboarding: true }),
    });
  }
  return cookie;
}

async function main() {
  const port = Number(process.env.LH_PORT ?? 8861);
  const sandboxPort = Number(process.env.LH_SANDBOX_PORT ?? 8862);
  const base = `http://127.0.0.1:${port}`;
  const persistDir = path.join(root, ".bench", "lh-state");
  rmSync(persistDir, { recursive: true, force: true });
  const stop = startLocalServer({ port, sandboxPort, persistDir });
  try {
    await waitFor(`${base}/api/health`, 180_000);
    const cookie = await signedInCookie(base);
    const results = await runLighthouse(base, { cookie });
    console.log("| preset | page | performance (median) | runs | accessibility | audits below 0.9 |\n|---|---|---|---|---|---|");
    for (const r of results)
      console.log(`| ${r.preset} | ${r.path} | ${r.performance} | ${r.runs.join(", ")} | ${r.accessibility} | ${r.failing.join(", ") || "none"} |`);
  } finally {
    stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
