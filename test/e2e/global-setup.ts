import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import type { TestProject } from "vitest/node";

// Starts the product exactly as `npm start` does, on its own ports and a fresh state folder, and
// stops it (with the platform sandbox it starts) when the journeys end. Ports are free ones the
// system hands out (or E2E_PORT / E2E_SANDBOX_PORT, refused with a clear message when taken): a
// server left over from a run that was killed must never be mistaken for this run's. The server
// is told to stop with this process (STOP_WITH_PARENT: it exits when its stdin pipe closes), so it
// dies however the run ends, a kill -9 or a CI time limit included.
const root = path.resolve(import.meta.dirname, "../..");

/** A port nobody listens on: the one asked for (refused when taken), or one the system picks. */
async function freePort(wanted: number | undefined, name: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", (err: NodeJS.ErrnoException) =>
      reject(
        err.code === "EADDRINUSE"
          ? new Error(
              `${name}=${wanted} is taken: another server listens there (a journey run that was stopped?). Stop it, or unset ${name} to use a free port.`,
            )
          : err,
      ),
    );
    server.listen(wanted ?? 0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function portSetting(name: string): number | undefined {
  const value = process.env[name];
  return value ? Number(value) : undefined;
}

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

/** Resolves when the child has exited, or after timeoutMs. */
function exited(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (!child.pid) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    /* already gone */
  }
}

/** A running product: its origins, and how to stop it (with its sandbox). */
export type Product = { baseUrl: string; sandboxUrl: string; demoWebUrl: string; stop: () => Promise<void> };

/**
 * Starts the product as `npm start` does, on free ports and a fresh state folder. `extraEnv` is
 * added to start.mjs's environment (a journey that needs the LLM engine passes FAKE_AI=openai and
 * SKIP_BUILD=1: the SPA was built by this setup).
 */
export async function startProduct(
  persistDir: string,
  extraEnv: Record<string, string> = {},
  ports: { port?: number; sandboxPort?: number } = {},
): Promise<Product> {
  const port = ports.port ?? (await freePort(undefined, "PORT"));
  const sandboxPort = ports.sandboxPort ?? (await freePort(undefined, "SANDBOX_PORT"));
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
      STOP_WITH_PARENT: "1",
      ...extraEnv,
    },
    stdio: ["pipe", "inherit", "inherit"],
    detached: true,
  });
  const stop = async () => {
    killGroup(child, "SIGTERM");
    if (!(await exited(child, 10_000))) killGroup(child, "SIGKILL");
  };
  try {
    await waitFor(`http://127.0.0.1:${port}/api/health`, 150_000);
    await waitFor(`http://127.0.0.1:${sandboxPort}/health`, 30_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    sandboxUrl: `http://127.0.0.1:${sandboxPort}`,
    // The sample brand pages for scraping live on their own server (scripts/start.mjs writes its URL).
    demoWebUrl: readFileSync(path.join(persistDir, "demo-web-url"), "utf8").trim(),
    stop,
  };
}

export default async function setup(project: TestProject) {
  const port = await freePort(portSetting("E2E_PORT"), "E2E_PORT");
  const sandboxPort = await freePort(portSetting("E2E_SANDBOX_PORT"), "E2E_SANDBOX_PORT");
  const product = await startProduct(process.env.E2E_STATE_DIR ?? path.join(root, ".e2e", "state"), {}, { port, sandboxPort });
  project.provide("baseUrl", product.baseUrl);
  project.provide("sandboxUrl", product.sandboxUrl);
  project.provide("demoWebUrl", product.demoWebUrl);
  return product.stop;
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    sandboxUrl: string;
    demoWebUrl: string;
  }
}
