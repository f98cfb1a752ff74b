import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";

// Starts the product exactly as `npm start` does, on its own ports and a fresh state folder, and
// stops it (with the platform sandbox it starts) when the journeys end.
const root = path.resolve(import.meta.dirname, "../..");
const port = Number(process.env.E2E_PORT ?? 8799);
const sandboxPort = Number(process.env.E2E_SANDBOX_PORT ?? 8798);

async function waitFor(url: string, timeoutMs: number) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server at ${url} did not start in ${timeoutMs} ms`);
}

export default async function setup(project: TestProject) {
  const persistDir = process.env.E2E_STATE_DIR ?? path.join(root, ".e2e", "state");
  rmSync(persistDir, { recursive: true, force: true });
  const child: ChildProcess = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      SANDBOX_PORT: String(sandboxPort),
      PERSIST_DIR: persistDir,
      CRON_TICK_MS: "0",
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
      SKIP_BUILD: process.env.E2E_SKIP_BUILD ?? "0",
    },
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  });
  await waitFor(`http://127.0.0.1:${port}/api/health`, 150_000);
  await waitFor(`http://127.0.0.1:${sandboxPort}/health`, 30_000);
  project.provide("baseUrl", `http://127.0.0.1:${port}`);
  project.provide("sandboxUrl", `http://127.0.0.1:${sandboxPort}`);
  // The sample brand pages for scraping live on their own server (scripts/start.mjs writes its URL).
  project.provide("demoWebUrl", readFileSync(path.join(persistDir, "demo-web-url"), "utf8").trim());
  return async () => {
    if (child.pid) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        /* already gone */
      }
    }
    await new Promise((r) => setTimeout(r, 500));
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    sandboxUrl: string;
    demoWebUrl: string;
  }
}
