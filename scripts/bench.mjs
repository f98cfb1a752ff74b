#!/usr/bin/env node
// `npm run bench`: measures what docs/architecture.md budgets and writes BENCHMARKS.md.
// - JS per screen (gzip) from the Vite manifest; the deployed Worker's compressed size and its
//   largest contributors (scripts/worker-size.mjs); D1 round trips per signed-in read
// - API latency on `wrangler dev --local` (loopback, autocannon, 10 and 50 clients): /api/health,
//   /api/auth/session (the reference), the calendar week and the dashboard of a project with
//   10,000 posts
// - cron tick: 1,000 due posts claimed and enqueued
// - brain: 1 MB of text ingested with the local engine; query latency over >= 10,000 segments;
//   retrieval quality per engine and brand, held-out brand books apart (BENCH_ONLY=retrieval)
// - CPU per route (BENCH_ONLY=cpu): the workerd process's own CPU time (utime + stime from
//   /proc/<pid>/stat) over N sequential requests of one route, divided by N, minus the same figure
//   for /api/health (the HTTP and routing floor): decision 179. It is an upper bound of what
//   Cloudflare bills the Worker, since local D1, R2 and queues run inside the same workerd; each
//   route is judged against the Workers Free plan's 10 ms per invocation.
// Nothing here asserts: figures are written down with their budgets.
import { spawnSync } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { ADAPTERS } from "../platforms/adapters.ts";
import { networkName, PLATFORM_METAS } from "../platforms/registry.ts";
import { startLocalServer, waitFor } from "./lib/local-server.mjs";
import { pdfFile } from "./lib/pdf.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// The bench's networks come from the registry (nothing outside platforms/ names one, decision 233):
// posts go to the first network that takes text alone and connects through a plain OAuth redirect
// (its sandbox's authorize page, no account choice); the seeded calendar mixes in the first that
// needs an image.
const TEXT_NETWORK = PLATFORM_METAS.find((m) => !m.rules.images.required && ADAPTERS[m.id].connect.kind === "oauth2" && !ADAPTERS[m.id].connect.choose)?.id;
const IMAGE_NETWORK = PLATFORM_METAS.find((m) => m.rules.images.required)?.id ?? TEXT_NETWORK;
const work = path.join(root, ".bench");
const port = Number(process.env.BENCH_PORT ?? 8801);
const sandboxPort = Number(process.env.BENCH_SANDBOX_PORT ?? 8802);
const base = `http://127.0.0.1:${port}`;
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", CI: "1" };
const results = [];
const notes = [];

const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const ms = (n) => `${n.toFixed(1)} ms`;
function record(area, name, value, goal, ok) {
  results.push({ area, name, value, goal, verdict: ok === undefined ? "" : ok ? "within" : "OVER" });
  console.log(`[bench] ${area} · ${name}: ${value}${goal ? ` (goal ${goal})` : ""}`);
}
function run(cmd, args, extra = {}) {
  const r = spawnSync(cmd, args, { cwd: root, env: { ...env, ...extra }, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

// ---------- JS per screen ----------
function measureBundles() {
  run(bin("vite"), ["build", "--manifest", "--logLevel", "warn"], { NODE_ENV: "production" });
  const manifest = JSON.parse(readFileSync(path.join(root, "dist/.vite/manifest.json"), "utf8"));
  const gz = (file) => gzipSync(readFileSync(path.join(root, "dist", file))).length;
  const closure = (key, seen = new Set()) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return seen;
    seen.add(chunk.file);
    for (const imp of chunk.imports ?? []) closure(imp, seen);
    return seen;
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const entryFiles = closure(entryKey);
  // The entry imports the app (app/start.tsx) after the first paint, and start imports React, the
  // theme and the app one by one (decision 166): all of it is initial JS.
  closure("app/start.tsx", entryFiles);
  for (const imp of manifest["app/start.tsx"]?.dynamicImports ?? []) closure(imp, entryFiles);
  const entrySize = [...entryFiles].reduce((s, f) => s + gz(f), 0);
  const screens = {
    "/": "features/landing/landing-page.tsx",
    "/login": "features/auth/login-page.tsx",
    "/signup": "features/auth/signup-page.tsx",
    "/dashboard": "features/dashboard/dashboard-page.tsx",
    "/calendar": "features/calendar/calendar-page.tsx",
    "/brain": "features/brain/brain-page.tsx",
    "/campaigns/new": "features/campaigns/campaign-new-page.tsx",
    "/social-connect": "features/social/social-connect-page.tsx",
    "/welcome": "features/onboarding/welcome-page.tsx",
    "/onboarding": "features/projects/project-wizard-page.tsx",
  };
  const shellKey = "app/shell/app-shell.tsx";
  const inShell = new Set(["/dashboard", "/calendar", "/brain", "/campaigns/new"]);
  for (const [route, key] of Object.entries(screens)) {
    if (!manifest[key]) {
      record("JS per screen", route, "not built", "", undefined);
      continue;
    }
    const files = closure(key, new Set(entryFiles));
    if (inShell.has(route)) closure(shellKey, files);
    const total = [...files].reduce((s, f) => s + gz(f), 0);
    const initialBudget = route === "/" || route === "/login";
    record(
      "JS per screen",
      `${route} (entry ${kib(entrySize)} + screen ${kib(total - entrySize)})`,
      kib(total),
      initialBudget ? "<= 150 KiB gzip" : "lazy-loaded",
      initialBudget ? total <= 150 * 1024 : undefined,
    );
  }
}

async function measureWorkerSize() {
  const { measureWorker } = await import("./worker-size.mjs");
  const r = await measureWorker(); // builds under .wrangler/size-check (ignored by git and eslint)
  record(
    "Worker",
    "deployed bundle, gzip (wrangler deploy --dry-run, the config npm run deploy uploads)",
    `${kib(r.gzip)} (raw ${kib(r.raw)})`,
    "<= 3 MiB gzip (Workers Free plan)",
    r.within,
  );
  for (const c of r.contributors.slice(0, 10))
    record("Worker contributors (unminified, each gzipped alone)", c.name, `${kib(c.gzip)} gzip · ${kib(c.raw)} raw`, "reported");
}

// D1 round trips per signed-in read, counted by test/worker/d1-round-trips.test.ts (a counting
// wrapper around the DB binding, through the whole Worker).
function measureRoundTrips() {
  const out = spawnSync(bin("vitest"), ["run", "--project", "worker", "test/worker/d1-round-trips.test.ts"], {
    cwd: root,
    env,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const line = `${out.stdout}\n${out.stderr}`.split("\n").find((l) => l.includes("D1_ROUND_TRIPS "));
  if (!line) {
    notes.push("D1 round trips: the test printed no counts");
    return;
  }
  const counts = JSON.parse(line.slice(line.indexOf("D1_ROUND_TRIPS ") + 15));
  for (const [name, n] of Object.entries(counts)) {
    const budgeted = name === "calendar week" || name === "dashboard";
    record("D1 round trips", name, String(n), budgeted ? "<= 2" : "reported", budgeted ? n <= 2 : undefined);
  }
}

// ---------- server with seeded data ----------
const sha256 = (s) => createHash("sha256").update(s).digest("hex");
const sql = (s) => `'${String(s).replace(/'/g, "''")}'`;

function seedSql({ userId, projectId, token, posts, duePosts, dueAt, groups = 1 }) {
  const now = Date.now();
  const due0 = dueAt ?? now - 1000;
  const lines = [
    `insert into users (id, email, email_verified, created_at) values (${sql(userId)}, ${sql(`bench-${userId.slice(0, 8)}@example.com`)}, 1, ${now});`,
    `insert into sessions (id, user_id, created_at, expires_at) values (${sql(sha256(token))}, ${sql(userId)}, ${now}, ${now + 86_400_000});`,
    `insert into projects (id, user_id, name, industry, brand_voice, description, has_seen_onboarding, created_at, updated_at) values (${sql(projectId)}, ${sql(userId)}, 'Bench Brand', 'Technology', 'Professional & Friendly', 'A project with many posts for benchmarks', 1, ${now}, ${now});`,
  ];
  const platforms = [TEXT_NETWORK, IMAGE_NETWORK];
  const statuses = ["scheduled", "published", "failed"];
  // 10,000 posts spread over a year around now; chunks keep statements small.
  const rows = [];
  for (let i = 0; i < posts; i++) {
    const t = now - 180 * 86_400_000 + Math.floor((i / posts) * 365 * 86_400_000);
    const status = t > now ? "scheduled" : statuses[i % 3];
    rows.push(
      `(${sql(randomUUID())}, ${sql(projectId)}, ${sql(platforms[i % 2])}, ${sql(`Bench post ${i} about our brand`)}, '["bench"]', ${t}, ${sql(status)}, 0, ${now - (i % 60) * 86_400_000}, ${now})`,
    );
  }
  // D1 caps one statement at 100 KB: 100 rows per insert.
  for (let i = 0; i < rows.length; i += 100) {
    lines.push(
      `insert into posts (id, project_id, platform, content, hashtags, scheduled_for, status, publish_attempts, created_at, updated_at) values ${rows.slice(i, i + 100).join(",\n")};`,
    );
  }
  const due = [];
  for (let g = 0; g < groups; g++)
    for (let i = 0; i < duePosts; i++)
      due.push(
        `(${sql(randomUUID())}, ${sql(projectId)}, ${sql(TEXT_NETWORK)}, ${sql(`Due post ${g}.${i}`)}, '[]', ${due0 + g * 60_000 - i}, 'scheduled', 0, ${now}, ${now})`,
      );
  for (let i = 0; i < due.length; i += 100) {
    lines.push(
      `insert into posts (id, project_id, platform, content, hashtags, scheduled_for, status, publish_attempts, created_at, updated_at) values ${due.slice(i, i + 100).join(",\n")};`,
    );
  }
  return lines.join("\n");
}

function startServer(persistDir) {
  return startLocalServer({ port, sandboxPort, persistDir, env: { ...env, SKIP_BUILD: "1" } });
}

// ---------- CPU per route (decision 179) ----------
const CLK_TCK = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;
/** Every workerd process started under `rootPid` (wrangler dev runs the Worker in one). */
function workerdPids(rootPid) {
  const parent = new Map();
  const comm = new Map();
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      comm.set(Number(pid), stat.slice(stat.indexOf("(") + 1, close));
      parent.set(Number(pid), Number(stat.slice(close + 2).split(" ")[1]));
    } catch {
      /* gone */
    }
  }
  const under = (pid) => {
    for (let p = pid, i = 0; p > 1 && i < 50; p = parent.get(p) ?? 0, i++) if (p === rootPid) return true;
    return false;
  };
  return [...comm.entries()].filter(([pid, name]) => name.startsWith("workerd") && under(pid)).map(([pid]) => pid);
}
/** CPU milliseconds (user + system) the processes have used so far. */
function cpuMsOf(pids) {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
    } catch {
      /* gone */
    }
  }
  return (ticks * 1000) / CLK_TCK;
}
/** CPU per call of `once` (n sequential calls, after 3 warm-up calls). */
async function cpuPerCall(pids, n, once) {
  for (let i = 0; i < 3; i++) await once(-1 - i);
  const before = cpuMsOf(pids);
  for (let i = 0; i < n; i++) await once(i);
  return (cpuMsOf(pids) - before) / n;
}

/**
 * A text PDF of about `bytes` (pages of brand sentences in uncompressed content streams, Helvetica),
 * built like test/fixtures/brain/make-fixtures.mjs: what the brain extracts with unpdf.
 */
function brandPdf(bytes) {
  const text = brandText(Math.ceil(bytes * 0.92));
  const lines = text.match(/.{1,90}(\s|$)/g) ?? [];
  const pages = [];
  for (let i = 0; i < lines.length; i += 50) pages.push(lines.slice(i, i + 50));
  const objects = ["<< /Type /Catalog /Pages 2 0 R >>", null, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"];
  const kids = [];
  for (const page of pages) {
    const ops = ["BT", "/F1 10 Tf", "12 TL", "50 740 Td", ...page.map((l) => `(${l.trim().replace(/[()\\]/g, (c) => "\\" + c)}) Tj T*`), "ET"].join("\n");
    objects.push(`<< /Length ${ops.length} >>\nstream\n${ops}\nendstream`);
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${objects.length} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`);
    kids.push(`${objects.length} 0 R`);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.join(" ")}] /Count ${kids.length} >>`;
  return { bytes: pdfFile(objects), pages: pages.length };
}

/** Polls a brain document until it is ready or failed (or 10 minutes pass); its last status. */
async function documentSettled(basePath, headers, id) {
  let status = "unknown";
  for (let i = 0; id && i < 2400; i++) {
    const d = await (await fetch(base + `${basePath}/documents/${id}`, { headers })).json();
    status = d.status ?? d.document?.status;
    if (status === "ready" || status === "failed") break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return status;
}

async function measureCpu(serverPid, user, brainUser, publishUser, cronJobsUser) {
  const pids = workerdPids(serverPid);
  if (!pids.length || process.platform !== "linux") {
    notes.push("cpu: no workerd process found under the server (Linux /proc needed)");
    return;
  }
  const json = { origin: base, "content-type": "application/json" };
  const signed = (u) => ({ ...json, cookie: `bp_session=${u.token}` });
  const call = async (p, init = {}) => {
    const res = await fetch(base + p, init);
    await res.arrayBuffer();
    return res.status;
  };
  const floor = await cpuPerCall(pids, 200, () => call("/api/health"));
  record("CPU per request", "/api/health (floor, subtracted below)", `${floor.toFixed(2)} ms`, "reference");
  const report = (name, perCall, n, note = "") => {
    const net = Math.max(0, perCall - floor);
    record("CPU per request", name, `${net.toFixed(2)} ms (n=${n}${note})`, "Free plan: <= 10 ms", net <= 10);
    return net;
  };
  const stamp = Date.now().toString(36);
  // BENCH_CPU=routes,ingest,pdf,cron,publish picks parts of this section (default: all).
  const part = (name) => !process.env.BENCH_CPU || process.env.BENCH_CPU.split(",").includes(name);
  const basePath = `/api/projects/${brainUser.projectId}/brain`;
  if (part("routes")) {
    const password = "correct horse battery staple 42";
    const statuses = new Set();
    const signUp = await cpuPerCall(pids, 10, async (i) =>
      statuses.add(
        await call("/api/auth/signup", { method: "POST", headers: json, body: JSON.stringify({ email: `cpu-${stamp}-${i + 10}@example.com`, password }) }),
      ),
    );
    report("sign-up (PBKDF2 100,000 iterations)", signUp, 10, `; HTTP ${[...statuses].join("/")}`);
    statuses.clear();
    // Wrong or right, the password is hashed; an unverified account then answers 403.
    const signIn = await cpuPerCall(pids, 10, async () =>
      statuses.add(await call("/api/auth/login", { method: "POST", headers: json, body: JSON.stringify({ email: `cpu-${stamp}-10@example.com`, password }) })),
    );
    report("sign-in (PBKDF2 100,000 iterations)", signIn, 10, `; HTTP ${[...statuses].join("/")}`);
    const now = new Date();
    const from = new Date(now.getTime() - 3 * 86_400_000).toISOString();
    const to = new Date(now.getTime() + 4 * 86_400_000).toISOString();
    report(
      "calendar week (10,000 posts)",
      await cpuPerCall(pids, 50, () =>
        call(`/api/projects/${user.projectId}/calendar?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, { headers: signed(user) }),
      ),
      50,
    );
    report("dashboard (10,000 posts)", await cpuPerCall(pids, 50, () => call(`/api/projects/${user.projectId}/dashboard`, { headers: signed(user) })), 50);
    const later = new Date(now.getTime() + 7 * 86_400_000).toISOString();
    report(
      "create post (scheduled)",
      await cpuPerCall(pids, 30, (i) =>
        call(`/api/projects/${user.projectId}/posts`, {
          method: "POST",
          headers: signed(user),
          body: JSON.stringify({ content: `CPU bench post ${stamp} ${i}`, platform: TEXT_NETWORK, mode: "schedule", scheduled_for: later }),
        }),
      ),
      30,
    );
    report(
      "brain query",
      await cpuPerCall(pids, 20, () =>
        call(`/api/projects/${brainUser.projectId}/brain/query`, {
          method: "POST",
          headers: signed(brainUser),
          body: JSON.stringify({ question: "Where do your beans come from?" }),
        }),
      ),
      20,
    );
    report(
      "generation (local engine, one post)",
      await cpuPerCall(pids, 5, () =>
        call(`/api/projects/${brainUser.projectId}/generate`, {
          method: "POST",
          headers: signed(brainUser),
          body: JSON.stringify({ prompt: "Tell people about our single origin espresso", type: "social_post", time_zone: "UTC" }),
        }),
      ),
      5,
    );
  }
  // Ingestion runs in the queue consumer after the request: its whole CPU, over all invocations.
  if (part("ingest")) {
    const before = cpuMsOf(pids);
    const res = await fetch(base + `${basePath}/documents`, {
      method: "POST",
      headers: signed(brainUser),
      body: JSON.stringify({ title: `CPU bench ${stamp}`, content: brandText(1_000_000) }),
    });
    const doc = await res.json().catch(() => ({}));
    const id = doc.id ?? doc.document?.id;
    for (let i = 0; id && i < 2400; i++) {
      const d = await (await fetch(base + `${basePath}/documents/${id}`, { headers: signed(brainUser) })).json();
      const status = d.status ?? d.document?.status;
      if (status === "ready" || status === "failed") break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const total = cpuMsOf(pids) - before;
    record(
      "CPU per request",
      "ingest 1 MB of text (request + every queue invocation, total)",
      `${total.toFixed(0)} ms`,
      "reported: split over queue invocations",
      undefined,
    );
  }

  // A 2 MB PDF: the upload request extracts the text (unpdf) before it answers 202, then the
  // queue consumer splits, embeds and indexes it. The request's share is read when it answers.
  if (part("pdf")) {
    const pdf = brandPdf(2 * 1024 * 1024);
    const form = new FormData();
    form.set("file", new Blob([pdf.bytes], { type: "application/pdf" }), "brand-book.pdf");
    const pdfBefore = cpuMsOf(pids);
    const upload = await fetch(base + `${basePath}/documents`, {
      method: "POST",
      headers: { origin: base, cookie: `bp_session=${brainUser.token}` },
      body: form,
    });
    const pdfDoc = await upload.json().catch(() => ({}));
    const pdfRequest = cpuMsOf(pids) - pdfBefore - floor;
    const pdfStatus = await documentSettled(basePath, signed(brainUser), pdfDoc.id ?? pdfDoc.document?.id);
    const pdfTotal = cpuMsOf(pids) - pdfBefore;
    const pdfLabel = `${(pdf.bytes.length / 2 ** 20).toFixed(1)} MB PDF, ${pdf.pages} pages`;
    record(
      "CPU per request",
      `ingest a ${pdfLabel}: the upload request (text extraction; HTTP ${upload.status})`,
      `${pdfRequest.toFixed(0)} ms (n=1)`,
      "Free plan: <= 10 ms",
      pdfRequest <= 10,
    );
    record(
      "CPU per request",
      `ingest a ${pdfLabel}: request + every queue invocation (${pdfStatus})`,
      `${pdfTotal.toFixed(0)} ms`,
      "reported: split over queue invocations",
      undefined,
    );
  }

  // Each cron job alone (decision 263): POST /dev/cron/<job>?time= runs one job of the tick
  // (worker/jobs/cron.ts). The Worker is warmed up on every job first (the floor fell from 8 to
  // 3 ms over a first run's minutes); each figure is then taken on an idle Worker, minus a floor
  // measured just before it, and judged against the Free plan's 10 ms. /proc counts CPU in
  // 10 ms ticks, hence n = 100 calls a figure.
  if (part("cron") && cronJobsUser) {
    const jobs = ["publish-dispatch", "token-refresh", "brain-sweep", "metrics-collection", "activity-sweep", "feed-poll"];
    const post = (p) => call(p, { method: "POST", headers: { origin: base } });
    const idle = async () => {
      for (let i = 0; i < 120; i++) {
        const t0 = cpuMsOf(pids);
        await new Promise((r) => setTimeout(r, 1000));
        if (cpuMsOf(pids) - t0 < 15) return;
      }
      notes.push("cpu: cron jobs: the Worker did not go idle within 2 minutes");
    };
    const codes = new Set();
    const n = 100;
    const measure = async (name, once) => {
      await idle();
      const floorHere = await cpuPerCall(pids, n, () => call("/api/health"));
      const perCall = await cpuPerCall(pids, n, async (i) => codes.add(await once(i)));
      const net = Math.max(0, perCall - floorHere);
      record("CPU per request", name, `${net.toFixed(2)} ms (n=${n}; floor ${floorHere.toFixed(2)} ms)`, "Free plan: <= 10 ms", net <= 10);
      return net;
    };
    // A minute past the hour, a day before the seeded posts: nothing is due, the activity sweep skips.
    const hour = 3_600_000;
    const quiet = Math.floor((cronJobsUser.dueAt - 86_400_000) / hour) * hour + 60_000;
    for (let round = 0; round < 3; round++) {
      for (const job of jobs) for (let i = 0; i < 20; i++) codes.add(await post(`/dev/cron/${job}?time=${quiet}`));
      for (let i = 0; i < 20; i++) await call("/api/health");
    }
    const each = {};
    for (const job of jobs) each[job] = await measure(`cron job ${job} (nothing due: the every-minute case)`, () => post(`/dev/cron/${job}?time=${quiet}`));
    await measure("cron job activity-sweep on the hour (deletes activity older than 90 days)", () => post(`/dev/cron/activity-sweep?time=${quiet - 60_000}`));
    const sum = Object.values(each).reduce((a, b) => a + b, 0);
    record("CPU per request", "the five jobs above together (one tick off the hour)", `${sum.toFixed(2)} ms`, "Free plan: <= 10 ms", sum <= 10);
    // The seeded project's posts, due before any other, in groups a minute apart: each dispatch
    // claims and enqueues one group. Read when the job answers; the queue consumer may start on
    // the first posts meanwhile (each fails fast: the project has no account), so this is an
    // upper bound. The Worker goes idle between groups.
    let total = 0;
    let claimed = 0;
    for (let g = 0; g < cronJobsUser.groups; g++) {
      await idle();
      const floorNow = await cpuPerCall(pids, 20, () => call("/api/health"));
      const before = cpuMsOf(pids);
      const answer = await (
        await fetch(`${base}/dev/cron/publish-dispatch?time=${cronJobsUser.dueAt + g * 60_000}`, { method: "POST", headers: { origin: base } })
      ).json();
      total += cpuMsOf(pids) - before - floorNow;
      claimed += answer.result?.claimed ?? 0;
    }
    if (claimed === cronJobsUser.groups * cronJobsUser.duePosts) {
      const perTick = total / cronJobsUser.groups;
      record(
        "CPU per request",
        `cron job publish-dispatch with ${cronJobsUser.duePosts} due posts (claim + enqueue; mean of ${cronJobsUser.groups} ticks; upper bound)`,
        `${perTick.toFixed(2)} ms (${(perTick / cronJobsUser.duePosts).toFixed(3)} ms a post)`,
        "Free plan: <= 10 ms",
        perTick <= 10,
      );
    } else notes.push(`cpu: cron jobs: the dispatches claimed ${claimed} of the seeded posts (an earlier section claimed them), not measured`);
    await idle();
    if ([...codes].some((c) => c !== 200)) notes.push(`cpu: cron jobs answered ${[...codes].join(", ")}`);
  }

  // Publishing: N due posts, one cron tick, the queue consumer publishing each to the text network's sandbox.
  // Only the sandbox (a Node process, not counted) is polled while the Worker publishes. A tick
  // also runs the cron's other jobs (sweeps, refreshes), so the same wait after a tick with no
  // due post is measured first and subtracted: what is left is the publishing of N posts.
  if (publishUser && part("publish")) {
    const n = 30;
    const username = `cpu_${publishUser.projectId.slice(0, 8)}`;
    await connectSandboxAccount(publishUser, username).catch((err) => notes.push(`cpu: publishing: connect ${err.message}`));
    const at = Date.now() + 60_000;
    for (let i = 0; i < n; i++) {
      await call(`/api/projects/${publishUser.projectId}/posts`, {
        method: "POST",
        headers: signed(publishUser),
        body: JSON.stringify({
          content: `CPU bench publish ${stamp} ${i}`,
          platform: TEXT_NETWORK,
          mode: "schedule",
          scheduled_for: new Date(at).toISOString(),
        }),
      });
    }
    const tickOnly = async (time) => {
      const t0 = cpuMsOf(pids);
      await fetch(`${base}/cdn-cgi/local/scheduled?time=${time}`);
      await new Promise((r) => setTimeout(r, 4000));
      return cpuMsOf(pids) - t0;
    };
    // The first tick claims whatever else is due (the cron section's 1,000 seeded posts): wait
    // until the queue has drained and the Worker is idle (under 50 ms of CPU in 2 s).
    await tickOnly(Date.now());
    for (let i = 0; i < 90; i++) {
      const t0 = cpuMsOf(pids);
      await new Promise((r) => setTimeout(r, 2000));
      if (cpuMsOf(pids) - t0 < 50) break;
    }
    const idleTick = await tickOnly(Date.now() + 1000);
    const onSandbox = async () =>
      ((await (await fetch(`http://127.0.0.1:${sandboxPort}/x/_state?account=${username}`)).json()).items ?? []).filter((p) =>
        String(p.text).includes(`CPU bench publish ${stamp}`),
      ).length;
    const pubBefore = cpuMsOf(pids);
    await fetch(`${base}/cdn-cgi/local/scheduled?time=${at}`);
    const started = Date.now();
    let seen = 0;
    while (Date.now() - started < 120_000 && (seen = await onSandbox()) < n) await new Promise((r) => setTimeout(r, 100));
    // The consumer marks the post published after the sandbox answers: let it finish, then wait
    // out the rest of the idle tick's window so both figures cover the same time.
    const waited = Date.now() - started;
    await new Promise((r) => setTimeout(r, Math.max(1500, 4000 - waited)));
    const pubTotal = cpuMsOf(pids) - pubBefore;
    const perPost = Math.max(0, pubTotal - idleTick) / n;
    record("CPU per request", "cron tick with no due post (its other jobs; subtracted below)", `${idleTick.toFixed(0)} ms`, "reference");
    record(
      "CPU per request",
      `publish one post (queue consumer, ${seen}/${n} on the ${networkName(TEXT_NETWORK)} sandbox in ${(waited / 1000).toFixed(1)} s; (tick with ${n} due - idle tick) / ${n})`,
      `${perPost.toFixed(2)} ms per post (a queue invocation takes up to 10)`,
      "Free plan: <= 10 ms per invocation",
      perPost * 10 <= 10,
    );
  }
}

async function load(urlPath, headers, connections, seconds = 8) {
  const r = await autocannon({ url: base + urlPath, connections, duration: seconds, headers });
  const non2xx = r.non2xx + r.errors;
  return { p50: r.latency.p50, p99: r.latency.p99, rps: r.requests.average, non2xx };
}

async function measureApi(user) {
  const headers = { cookie: `bp_session=${user.token}` };
  const now = new Date();
  const sunday = new Date(now);
  sunday.setUTCHours(0, 0, 0, 0);
  sunday.setUTCDate(sunday.getUTCDate() - sunday.getUTCDay());
  const to = new Date(sunday.getTime() + 7 * 86_400_000);
  const range = `?from=${encodeURIComponent(sunday.toISOString())}&to=${encodeURIComponent(to.toISOString())}`;
  // The calendar page's own request (its lighter shape, decision 171); the full post list of the
  // same week is measured beside it (reported).
  const week = `/api/projects/${user.projectId}/calendar${range}`;
  const weekPosts = `/api/projects/${user.projectId}/posts${range}`;
  const dashboard = `/api/projects/${user.projectId}/dashboard`;
  for (const p of [week, weekPosts, dashboard]) {
    const res = await fetch(base + p, { headers });
    if (!res.ok) notes.push(`${p} answered ${res.status} before the load run`);
  }
  // The machine is shared and its load moves within seconds: the session (the reference), the week
  // and the dashboard are loaded in turn, BENCH_API_ROUNDS times (default 3) at 10 clients, each
  // round's ratio compares loads seconds apart, and the median is reported with every round's ratio.
  const rounds = Math.max(1, Number(process.env.BENCH_API_ROUNDS ?? 3));
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
  for (const connections of [10, 50]) {
    await load("/api/health", {}, connections, 2); // warm-up
    const health = await load("/api/health", {}, connections);
    record(
      `API (${connections} clients)`,
      "/api/health (no D1)",
      `p50 ${ms(health.p50)} · p99 ${ms(health.p99)} · ${health.rps.toFixed(0)} req/s`,
      "reference",
    );
    const targets = [
      ["session", "/api/auth/session"],
      ["calendar week (10,000 posts)", week],
      ["dashboard (10,000 posts)", dashboard],
      ["post list, same week (full posts)", weekPosts],
    ];
    for (const [, p] of targets) await load(p, headers, connections, 2); // warm-up
    const n = connections === 10 ? rounds : 1;
    const runs = new Map(targets.map(([name]) => [name, []]));
    for (let i = 0; i < n; i++) for (const [name, p] of targets) runs.get(name).push(await load(p, headers, connections));
    const sessions = runs.get("session");
    const roundsNote = n > 1 ? `, median of ${n} rounds` : "";
    // The goal's reference: a signed-in request with one lookup (the session).
    record(
      `API (${connections} clients)`,
      "/api/auth/session (signed in, one D1 lookup)",
      `p50 ${ms(median(sessions.map((r) => r.p50)))} · p99 ${ms(median(sessions.map((r) => r.p99)))} · ${median(sessions.map((r) => r.rps)).toFixed(0)} req/s${roundsNote}`,
      "reference",
    );
    for (const [name] of targets.slice(1)) {
      const rs = runs.get(name);
      const ratios = rs.map((r, i) => r.p50 / Math.max(sessions[i].p50, 1));
      const ratio = median(ratios);
      const p99 = median(rs.map((r) => r.p99));
      const errors = rs.reduce((s, r) => s + r.non2xx, 0);
      const budgeted = name !== "post list, same week (full posts)";
      const ok = errors === 0 && ratio <= 1.5 && p99 <= 250;
      record(
        `API (${connections} clients)`,
        name,
        `p50 ${ms(median(rs.map((r) => r.p50)))} (${ratio.toFixed(2)}x session${n > 1 ? `; rounds ${ratios.map((x) => x.toFixed(2)).join(" / ")}` : ""}) · p99 ${ms(p99)} · ${median(rs.map((r) => r.rps)).toFixed(0)} req/s${roundsNote}${errors ? ` · ${errors} errors` : ""}`,
        connections === 10 && budgeted ? "p50 <= 1.5x session p50, p99 <= 250 ms" : "reported",
        connections === 10 && budgeted ? ok : undefined,
      );
    }
  }
}

async function measureCron(user, duePosts) {
  const headers = { cookie: `bp_session=${user.token}` };
  const started = performance.now();
  await fetch(`${base}/cdn-cgi/local/scheduled`);
  // The tick claims with conditional updates and enqueues; poll until no due post is left scheduled.
  let remaining = duePosts;
  while (performance.now() - started < 30_000) {
    const res = await fetch(`${base}/api/projects/${user.projectId}/posts?status=scheduled&to=${encodeURIComponent(new Date().toISOString())}&limit=1000`, {
      headers,
    });
    if (!res.ok) {
      notes.push(`cron poll answered ${res.status}`);
      break;
    }
    remaining = (await res.json()).length;
    if (remaining === 0) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  const elapsed = performance.now() - started;
  record(
    "Cron tick",
    `${duePosts} due posts claimed and enqueued`,
    remaining === 0 ? ms(elapsed) : `${remaining} left after ${ms(elapsed)}`,
    "< 2 s",
    remaining === 0 && elapsed < 2000,
  );
}

// Connects a sandbox account of TEXT_NETWORK through the real OAuth routes (start -> authorize page -> approve
// -> callback), as a person does on /social-connect.
async function connectSandboxAccount(user, username) {
  const headers = { cookie: `bp_session=${user.token}`, origin: base, "content-type": "application/json" };
  const start = await fetch(`${base}/api/oauth/${TEXT_NETWORK}/start?projectId=${user.projectId}`, { headers });
  if (!start.ok) throw new Error(`oauth start answered ${start.status}: ${await start.text()}`);
  const { url } = await start.json();
  const page = await (await fetch(url)).text();
  const action = new URL(page.match(/action="([^"]+)"/)[1].replace(/&amp;/g, "&"), url);
  const form = new URLSearchParams(new URL(url).searchParams);
  form.set("decision", "approve");
  form.set("username", username);
  const approved = await fetch(action, { method: "POST", body: form, redirect: "manual" });
  const back = new URL(approved.headers.get("location"));
  const cb = await fetch(`${base}/api/oauth/${TEXT_NETWORK}/callback`, {
    method: "POST",
    headers,
    body: JSON.stringify({ code: back.searchParams.get("code"), state: back.searchParams.get("state") }),
  });
  if (!cb.ok) throw new Error(`oauth callback answered ${cb.status}: ${await cb.text()}`);
}

async function measurePublishThroughput(user, count) {
  const headers = { cookie: `bp_session=${user.token}`, origin: base, "content-type": "application/json" };
  const username = `bench_${user.projectId.slice(0, 8)}`;
  await connectSandboxAccount(user, username);
  const at = Date.now() + 120_000;
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${base}/api/projects/${user.projectId}/posts`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        content: `Throughput post ${i} from the bench`,
        platform: TEXT_NETWORK,
        mode: "schedule",
        scheduled_for: new Date(at).toISOString(),
      }),
    });
    if (!res.ok) throw new Error(`create post answered ${res.status}: ${await res.text()}`);
  }
  const started = performance.now();
  // Fire the tick at the posts' time (miniflare takes the tick's scheduledTime from ?time=).
  await fetch(`${base}/cdn-cgi/local/scheduled?time=${at}`);
  let published = 0;
  let failed = 0;
  while (performance.now() - started < 300_000) {
    const list = await (await fetch(`${base}/api/projects/${user.projectId}/posts?limit=1000`, { headers })).json();
    published = list.filter((p) => p.status === "published").length;
    failed = list.filter((p) => p.status === "failed").length;
    if (published + failed >= count) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const elapsed = (performance.now() - started) / 1000;
  const state = await (await fetch(`http://127.0.0.1:${sandboxPort}/x/_state?account=${username}`)).json();
  const onPlatform = state.items.length;
  const distinct = new Set(state.items.map((p) => p.text)).size;
  const duplicates = onPlatform - distinct;
  record(
    "Publishing",
    `${count} due posts: cron tick -> queue -> sandbox (${networkName(TEXT_NETWORK)})`,
    `${(published / elapsed).toFixed(1)} posts/s (${published} published, ${failed} failed in ${elapsed.toFixed(1)} s)`,
    "0 duplicates",
    duplicates === 0 && published === count,
  );
  record("Publishing", "posts on the sandbox / duplicates", `${onPlatform} / ${duplicates}`, "0 duplicates", duplicates === 0);
}

function measureRetrieval() {
  const out = spawnSync(bin("vitest"), ["run", "--project", "worker", "test/worker/retrieval-quality.test.ts"], {
    cwd: root,
    env,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const line = `${out.stdout}\n${out.stderr}`.split("\n").find((l) => l.includes("RETRIEVAL_BENCH "));
  if (!line) {
    notes.push("retrieval: the quality test printed no figures");
    return;
  }
  const r = JSON.parse(line.slice(line.indexOf("RETRIEVAL_BENCH ") + 16));
  const fmt = (x) =>
    `recall@3 ${x.recallAt3} · recall@1 ${x.recallAt1} · MRR ${x.mrr} · off-topic matched ${x.offTopicMatchRate} · by kind ${Object.entries(x.byKind)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")}`;
  const title = `Brain retrieval (own set: test/fixtures/retrieval, ${r.local.brands} brands, ${r.local.questions} questions)`;
  record(
    title,
    `local engine (${r.local.engine}, hybrid BM25 + vectors, floor ${r.local.floor})`,
    fmt(r.local),
    "recall@3 >= 0.9, off-topic <= 0.1 (decision 116)",
    r.local.recallAt3 >= 0.9 && r.local.offTopicMatchRate <= 0.1,
  );
  record(title, "local engine: vectors alone (no BM25)", `recall@3 ${r.local.vectorOnlyRecallAt3}`, "reference");
  record(
    title,
    "local engine: held-out brand / tuning brands",
    Object.entries(r.local.bySplit)
      .map(([k, v]) => `${k} recall@3 ${v.recallAt3}, answered ${v.answered}`)
      .join(" · "),
    "reported",
  );
  record(title, "hashing only (baseline engine, same ranking)", fmt(r.hashingOnly), "reference");
  const freshLine = `${out.stdout}\n${out.stderr}`.split("\n").find((l) => l.includes("RETRIEVAL_FRESH "));
  if (freshLine) {
    const f = JSON.parse(freshLine.slice(freshLine.indexOf("RETRIEVAL_FRESH ") + 16));
    record(title, `local engine: ${f.questions} new questions never tuned on (brand-qa-fresh.json)`, `${fmt(f)} · answered ${f.answeredAt3}`, "reported");
  }
  const heldLine = `${out.stdout}\n${out.stderr}`.split("\n").find((l) => l.includes("RETRIEVAL_HELDOUT "));
  if (heldLine) {
    const h = JSON.parse(heldLine.slice(heldLine.indexOf("RETRIEVAL_HELDOUT ") + 18));
    record(
      title,
      `local engine: held-out brand of another trade, ${h.questions} questions (brand-qa-heldout.json)`,
      `${fmt(h)} · answered ${h.answeredAt3}`,
      "recall@3 >= 0.9, off-topic <= 0.1 (decision 116)",
      h.recallAt3 >= 0.9 && h.offTopicMatchRate <= 0.1,
    );
  }
  // Two more brands of other trades (decision 116): the bakery was a second check while tuning, the
  // accounting firm was never tuned on.
  for (const [tag, file, what] of [
    ["RETRIEVAL_BAKERY", "brand-qa-heldout-bakery.json", "bakery chain written before tuning"],
    ["RETRIEVAL_ACCOUNTING", "brand-qa-heldout-accounting.json", "accounting firm never tuned on"],
    ["RETRIEVAL_HOTEL", "brand-qa-heldout-hotel.json", "family-run hotel never tuned on (decision 109)"],
  ]) {
    const l = `${out.stdout}\n${out.stderr}`.split("\n").find((x) => x.includes(`${tag} `));
    if (!l) continue;
    const h = JSON.parse(l.slice(l.indexOf(`${tag} `) + tag.length + 1));
    record(
      title,
      `local engine: ${what}, ${h.questions} questions (${file})`,
      `${fmt(h)} · answered ${h.answeredAt3}`,
      "recall@3 >= 0.9, off-topic <= 0.1 (decision 116)",
      h.recallAt3 >= 0.9 && h.offTopicMatchRate <= 0.1,
    );
  }
  notes.push(
    "retrieval: the OpenAI-compatible and Workers AI engines need a model; run the retrieval test with one configured to measure them (the offline bench measures the local engine).",
  );
}

// Brand books as a user pastes them (decisions 182, 257): each engine, each brand, the held-out
// books of decision 182 and the fresh one of decision 257 reported apart, against the issue's goals.
function measureBrandBooks() {
  const cmd = "npx vitest run --project worker test/worker/brand-book-retrieval.test.ts";
  const out = spawnSync(bin("vitest"), ["run", "--project", "worker", "test/worker/brand-book-retrieval.test.ts"], {
    cwd: root,
    env,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const line = `${out.stdout}\n${out.stderr}`.split("\n").find((l) => l.includes("BRANDBOOK_ENGINES "));
  if (!line) {
    notes.push("brand books: the test printed no figures");
    return;
  }
  const rows = JSON.parse(line.slice(line.indexOf("BRANDBOOK_ENGINES ") + 18));
  for (const r of rows) {
    const ok = r.recallAt3 >= 0.8 && r.unanswered <= 2 && r.offTopicAnswered <= 1;
    record(
      `Brain retrieval, brand books, ${r.set} (test/fixtures/brand-books; \`${cmd}\`)`,
      `${r.engineName} engine (${r.engine}) · ${r.trade} (${r.brand}), ${r.segments} passages with roles and questions`,
      `recall@3 ${r.recallAt3} · unanswered ${r.unanswered}/${r.questions} · off-topic answered ${r.offTopicAnswered}/${r.offTopic}`,
      "recall@3 >= 0.8, <= 2/25 unanswered, <= 1/5 off-topic (issue 22)",
      ok,
    );
  }
  notes.push(
    "brand books: the OpenAI-compatible and Workers AI engines need a model (embeddings, bge-reranker-base, written questions); their paths are tested against fakes, not measured here.",
  );
}

// The writer's quality (decision 186): campaigns on two held-out brands (never tuned on) and the
// fixture brand, counted by test/worker/writer-checks.ts.
function measureWriter() {
  const out = spawnSync(bin("vitest"), ["run", "--project", "worker", "test/worker/writer-quality.test.ts"], {
    cwd: root,
    env,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const text = `${out.stdout}\n${out.stderr}`;
  const title = "Writer quality (decision 186; test/worker/writer-quality.test.ts)";
  for (const [tag, what] of [
    ["WRITER_HELDOUT", "held-out brands (vet practice, heating engineer), 2 briefs each, never tuned on"],
    ["WRITER_FIXTURE", "fixture brand (yoga studio), 2 briefs, the one `npm test` asserts on"],
  ]) {
    const line = text.split("\n").find((l) => l.includes(`${tag} `));
    if (!line) {
      notes.push(`writer: the quality test printed no ${tag} figures`);
      continue;
    }
    const f = JSON.parse(line.slice(line.indexOf(`${tag} `) + tag.length + 1));
    const zero = ["internalNotes", "labelEchoes", "badHashtags", "unsupportedFigures", "pastedBriefs", "repeatedSentences"].every((k) => f[k] === 0);
    record(
      title,
      what,
      `${f.messages} messages / ${f.posts} posts · on brief ${f.onBriefPct}% · internal notes ${f.internalNotes} · label echoes ${f.labelEchoes} · industry/fragment hashtags ${f.badHashtags} · unsupported figures ${f.unsupportedFigures} · pasted briefs ${f.pastedBriefs} · repeated sentences ${f.repeatedSentences} · stock calls to action ${f.stockCtas}`,
      ">= 90% on brief, 0 of each defect (decision 186)",
      f.onBriefPct >= 90 && zero,
    );
  }
}

// Due-to-published latency under faults and after a crash: the seeded chaos run of decision 123
// (busy accounts, lost replies, a worker killed mid-batch) on its simulated one-minute cron clock.
function measureRecoveryLatency() {
  const out = spawnSync(bin("vitest"), ["run", "--project", "worker", "test/worker/publish-chaos-recovery.test.ts"], {
    cwd: root,
    env,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const line = `${out.stdout}\n${out.stderr}`.split("\n").find((l) => l.includes("chaos-recovery {"));
  if (!line || out.status !== 0) {
    notes.push("publishing recovery: the chaos run failed or printed no figures");
    return;
  }
  const r = JSON.parse(line.slice(line.indexOf("{")));
  const fmt = (x) => `p50 ${x.p50} min · p99 ${x.p99} min · max ${x.max} min (${x.n} posts)`;
  record(
    "Publishing (chaos run, seed " + r.seed + ")",
    "due -> published under faults (busy accounts, lost replies)",
    fmt(r.latencyMinutes.faults),
    "<= 5 min",
    r.latencyMinutes.faults.max <= 5,
  );
  record(
    "Publishing (chaos run, seed " + r.seed + ")",
    "due -> published after a worker was killed mid-batch",
    fmt(r.latencyMinutes.crash),
    "<= 5 min",
    r.latencyMinutes.crash.max <= 5,
  );
}

async function measureLighthouse(user) {
  const file = path.join(root, "scripts", "bench-lighthouse.mjs");
  if (!existsSync(file)) return;
  try {
    const { runLighthouse } = await import(file);
    const results = await runLighthouse(base, { cookie: `bp_session=${user.token}` });
    for (const r of results) {
      // docs/architecture.md budget: 95 everywhere, except /dashboard on the mobile preset (90).
      const goal = /dashboard/.test(r.page) && /mobile/.test(r.page) ? 90 : 95;
      record(
        "Lighthouse",
        `${r.page} performance (median of ${r.runs.length}: ${r.runs.join(", ")})`,
        String(r.performance),
        `>= ${goal}`,
        r.performance >= goal,
      );
      record("Lighthouse", `${r.page} accessibility`, String(r.accessibility), ">= 95", r.accessibility >= 95);
    }
  } catch (err) {
    notes.push(`lighthouse: ${err.message}`);
  }
}

function brandText(bytes) {
  const words =
    "brand coffee roastery ethically sourced beans single origin espresso subscription sustainable packaging customers community cafe baristas tasting notes chocolate citrus Ethiopia Colombia Kenya delivery weekly fresh roasted small batch".split(
      " ",
    );
  let out = "";
  let i = 0;
  while (out.length < bytes) {
    let sentence = [];
    for (let w = 0; w < 14; w++) sentence.push(words[(i * 7 + w * 3 + (i % 5)) % words.length]);
    out += sentence.join(" ") + `. Our ${i % 97} product line is loved by customers. `;
    i++;
  }
  return out.slice(0, bytes);
}

async function measureBrain(user) {
  const headers = { cookie: `bp_session=${user.token}`, origin: base, "content-type": "application/json" };
  const basePath = `${base}/api/projects/${user.projectId}/brain`;
  const ingest = async (title, bytes) => {
    const started = performance.now();
    const res = await fetch(`${basePath}/documents`, { method: "POST", headers, body: JSON.stringify({ title, content: brandText(bytes) }) });
    if (!res.ok) throw new Error(`brain document answered ${res.status}: ${await res.text()}`);
    const doc = await res.json();
    const id = doc.id ?? doc.document?.id;
    while (performance.now() - started < 600_000) {
      const r = await fetch(`${basePath}/documents/${id}`, { headers });
      const d = await r.json();
      const status = d.status ?? d.document?.status;
      if (status === "ready") return performance.now() - started;
      if (status === "failed") throw new Error(`ingestion failed: ${JSON.stringify(d)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error("ingestion did not finish in 10 minutes");
  };
  try {
    const t = await ingest("One megabyte of brand text", 1_000_000);
    record("Brain", "1 MB of text ingested (local engine, end to end)", `${(t / 1000).toFixed(1)} s`, "< 60 s", t < 60_000);
    await ingest("More brand text", 600_000);
    const segments = spawnSync(
      bin("wrangler"),
      [
        "d1",
        "execute",
        "DB",
        "--local",
        "--persist-to",
        path.join(work, "state"),
        "--json",
        "--command",
        `select count(*) as n from brain_segments where project_id = '${user.projectId}'`,
      ],
      { cwd: root, env, encoding: "utf8" },
    );
    let n = "?";
    try {
      n = JSON.parse(segments.stdout)[0].results[0].n;
    } catch {
      /* reported as ? */
    }
    const times = [];
    const questions = ["Where do your beans come from?", "Do you offer a subscription?", "What does the espresso taste like?", "Is the packaging sustainable?"];
    for (let i = 0; i < 40; i++) {
      const started = performance.now();
      const res = await fetch(`${basePath}/query`, { method: "POST", headers, body: JSON.stringify({ question: questions[i % questions.length] }) });
      await res.text();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const p50 = times[Math.floor(times.length / 2)];
    record("Brain", `query over ${n} segments (40 sequential queries)`, `p50 ${ms(p50)} · max ${ms(times[times.length - 1])}`, "p50 < 200 ms", p50 < 200);
  } catch (err) {
    notes.push(`brain: ${err.message}`);
  }
}

function writeReport() {
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  const lines = [
    "# Benchmarks",
    "",
    `Measured by \`npm run bench\` (scripts/bench.mjs) on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} cores (${cpu}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}.`,
    "API figures are `wrangler dev --local` on loopback driven by autocannon from the same machine, so client and server share the two cores.",
    "",
    "| area | measurement | figure | goal | verdict |",
    "|---|---|---|---|---|",
    ...results.map((r) => `| ${r.area} | ${r.name} | ${r.value} | ${r.goal} | ${r.verdict} |`),
    "",
  ];
  if (notes.length) lines.push("## Notes from this run", "", ...notes.map((n) => `- ${n}`), "");
  const extra = path.join(root, "docs", "benchmarks-notes.md");
  if (existsSync(extra)) lines.push(readFileSync(extra, "utf8"));
  // A partial run (BENCH_ONLY) never replaces the full report.
  const target = process.env.BENCH_ONLY ? path.join(work, "BENCHMARKS.partial.md") : path.join(root, "BENCHMARKS.md");
  writeFileSync(target, lines.join("\n"));
  console.log(`[bench] wrote ${path.relative(root, target)}`);
}

// ---------- planner: month view and analytics (decision 150) ----------
/** 90 days of metrics for the project's published posts: the series, the totals and the rollup. */
function plannerMetricsSql({ projectId }) {
  const now = Date.now();
  const p = sql(projectId);
  return [
    `insert into post_metric_totals (post_id, project_id, platform, published_at, likes, reposts, replies, impressions, engagement, collected_at)
     select id, project_id, platform, scheduled_for, abs(random() % 200), abs(random() % 40), abs(random() % 30), abs(random() % 5000), 0, ${now}
     from posts where project_id = ${p} and status = 'published' and scheduled_for >= ${now - 90 * 86_400_000};`,
    `update post_metric_totals set engagement = likes + reposts + replies where project_id = ${p};`,
    `insert into post_metrics (post_id, day, project_id, likes, reposts, replies, impressions, collected_at)
     with recursive d(n) as (select 0 union all select n + 1 from d where n < 89)
     select t.post_id, date((${now} - d.n * 86400000) / 1000, 'unixepoch'), t.project_id, t.likes, t.reposts, t.replies, t.impressions, ${now} - d.n * 86400000
     from post_metric_totals t, d where t.project_id = ${p} and t.published_at <= ${now} - d.n * 86400000;`,
    `insert into project_metrics_daily (project_id, day, platform, likes, reposts, replies, impressions)
     with recursive d(n) as (select 0 union all select n + 1 from d where n < 179)
     select ${p}, date((${now} - d.n * 86400000) / 1000, 'unixepoch'), pl.platform, abs(random() % 300), abs(random() % 60), abs(random() % 40), abs(random() % 9000)
     from d, (select ${sql(TEXT_NETWORK)} as platform union all select ${sql(IMAGE_NETWORK)}) pl;`,
  ].join("\n");
}

async function measurePlanner(user) {
  const headers = { cookie: `bp_session=${user.token}` };
  // The month grid around today: Sunday before the 1st to the Saturday after the month's end (UTC here).
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const from = new Date(first.getTime() - first.getUTCDay() * 86_400_000);
  const to = new Date(from.getTime() + 42 * 86_400_000);
  // The calendar page's request for the month (decision 171).
  const month = `/api/projects/${user.projectId}/calendar?from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`;
  const analytics = `/api/projects/${user.projectId}/analytics?days=90&time_zone=UTC`;
  for (const p of [month, analytics]) {
    const res = await fetch(base + p, { headers });
    if (!res.ok) notes.push(`${p} answered ${res.status} before the load run`);
  }
  const health = await load("/api/health", {}, 10);
  for (const [name, p] of [
    ["month view (10,000 posts)", month],
    ["analytics 90 days (90 days of metrics)", analytics],
  ]) {
    const r = await load(p, headers, 10);
    record(
      "Planner (10 clients)",
      name,
      `p50 ${ms(r.p50)} · p99 ${ms(r.p99)} · ${r.rps.toFixed(0)} req/s${r.non2xx ? ` · ${r.non2xx} errors` : ""} (health p50 ${ms(health.p50)})`,
      "p99 <= 250 ms",
      r.non2xx === 0 && r.p99 <= 250,
    );
  }
}

async function main() {
  mkdirSync(work, { recursive: true });
  // BENCH_ONLY=api,lighthouse,... runs some sections (for quick checks); the default runs all.
  const only = new Set((process.env.BENCH_ONLY ?? "").split(",").filter(Boolean));
  const want = (name) => only.size === 0 || only.has(name);
  if (want("bundles")) measureBundles();
  // Lighthouse audits dist/: a partial run builds it as well, so it never audits a stale build.
  else if (want("lighthouse")) run(bin("vite"), ["build", "--logLevel", "warn"], { NODE_ENV: "production" });
  if (want("worker")) await measureWorkerSize();
  if (want("roundtrips")) measureRoundTrips();
  if (want("retrieval")) measureRetrieval();
  if (want("retrieval")) measureBrandBooks();
  if (want("recovery")) measureRecoveryLatency();
  if (want("writer")) measureWriter();
  if (!["api", "planner", "cron", "publishing", "brain", "lighthouse", "cpu"].some(want)) return writeReport();

  const persistDir = path.join(work, "state");
  rmSync(persistDir, { recursive: true, force: true });
  run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistDir]);
  const user = { userId: randomUUID(), projectId: randomUUID(), token: randomUUID() + randomUUID() };
  const cronUser = { userId: randomUUID(), projectId: randomUUID(), token: randomUUID() + randomUUID() };
  const brainUser = { userId: randomUUID(), projectId: randomUUID(), token: randomUUID() + randomUUID() };
  const publishUser = { userId: randomUUID(), projectId: randomUUID(), token: randomUUID() + randomUUID() };
  // 10 groups of 100 posts due a year ago, a minute apart, before any other post: the cron-jobs
  // part of the CPU section claims them group by group.
  const cronJobsUser = {
    userId: randomUUID(),
    projectId: randomUUID(),
    token: randomUUID() + randomUUID(),
    duePosts: 100,
    groups: 10,
    dueAt: Date.now() - 365 * 86_400_000,
  };
  const seedFile = path.join(work, "seed.sql");
  writeFileSync(
    seedFile,
    [
      seedSql({ ...user, posts: 10_000, duePosts: 0 }),
      seedSql({ ...cronUser, posts: 0, duePosts: 1000 }),
      seedSql({ ...brainUser, posts: 0, duePosts: 0 }),
      seedSql({ ...publishUser, posts: 0, duePosts: 0 }),
      seedSql({ ...cronJobsUser, posts: 0 }),
    ].join("\n"),
  );
  run(bin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", persistDir, "--file", seedFile]);
  const metricsFile = path.join(work, "seed-metrics.sql");
  writeFileSync(metricsFile, plannerMetricsSql(user));
  run(bin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", persistDir, "--file", metricsFile]);

  const stop = startServer(persistDir);
  try {
    await waitFor(`${base}/api/health`, 120_000);
    if (want("api")) await measureApi(user);
    if (want("planner")) await measurePlanner(user);
    if (want("cron")) await measureCron(cronUser, 1000);
    if (want("publishing")) await measurePublishThroughput(publishUser, 200).catch((err) => notes.push(`publishing: ${err.message}`));
    if (want("brain")) await measureBrain(brainUser);
    if (want("lighthouse")) await measureLighthouse(user);
    // After the brain section (its documents make the query and generation realistic).
    if (want("cpu")) await measureCpu(stop.pid, user, brainUser, publishUser, cronJobsUser);
  } finally {
    stop();
  }
  writeReport();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
