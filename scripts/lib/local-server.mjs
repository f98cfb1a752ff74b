// The product started by `scripts/start.mjs` for the bench scripts (scripts/bench.mjs,
// scripts/bench-lighthouse.mjs): on 127.0.0.1 at the given ports, in its own process group so that
// stopping it (by its pid) stops wrangler and workerd too.
import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..", "..");

/** Starts the product; returns `stop()` (with `stop.pid`, the group's leader). */
export function startLocalServer({ port, sandboxPort, persistDir, env = {} }) {
  const child = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
    cwd: root,
    env: {
      ...process.env,
      // This Node first on PATH: wrangler's launcher runs `node` from PATH and needs 22+.
      PATH: [path.dirname(process.execPath), path.join(root, "node_modules", ".bin"), process.env.PATH].join(path.delimiter),
      ...env,
      PORT: String(port),
      SANDBOX_PORT: String(sandboxPort),
      PERSIST_DIR: persistDir,
      CRON_TICK_MS: "0",
      LOG_LEVEL: "error",
    },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const stop = () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      /* gone */
    }
  };
  stop.pid = child.pid;
  return stop;
}

/** Resolves once `url` answers 2xx; throws after `timeoutMs`. */
export async function waitFor(url, timeoutMs) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} not up after ${timeoutMs} ms`);
}
