import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import type { Plugin } from "vite";
import type { PoolRunnerInitializer, PoolWorker } from "vitest/node";

// One fakes server per running Worker test file, so the Worker project can run two files at once
// (docs/decisions/324). The fakes keep state a file relies on: `{ reset: true }` wipes a network's
// sandbox, fault switches without an account hit every account, and the contract-violation log
// that test/worker/setup.ts reads after each test. Each server runs in its own process
// (test/fakes/pool-worker-fakes.mjs); a file takes a free one when its pool worker starts and gives
// it back when it stops, so at most `maxWorkers` are in use and files reuse them one after another,
// as every file used the one server before.

type Fakes = { url: string; child: ChildProcess; busy: boolean };
const main = path.join(import.meta.dirname, "pool-worker-fakes.mjs");

function startFakesProcess(): Promise<Fakes> {
  // stdin is a pipe from this process: the fakes end with the test run, however it ends.
  const child = spawn(process.execPath, [main], { stdio: ["pipe", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`the fakes server (${main}) exited with ${code} before it listened`)));
    createInterface({ input: child.stdout! }).once("line", (url) => resolve({ url, child, busy: false }));
  });
}

type PoolOptionsFn = (ctx: { inject: (key: string) => unknown }) => unknown;

/**
 * After @cloudflare/vitest-plugin's `cloudflareTest`: each pool worker's `inject("fakesUrl")` (its
 * Miniflare bindings) answers the URL of a fakes server no other running file uses.
 */
export function fakesPerPoolWorker(): Plugin {
  const all: Fakes[] = [];
  async function take(): Promise<Fakes> {
    const free = all.find((f) => !f.busy && f.child.exitCode === null);
    const fakes = free ?? (await startFakesProcess());
    if (!free) all.push(fakes);
    fakes.busy = true;
    return fakes;
  }
  return {
    name: "brandpilot:fakes-per-pool-worker",
    configureVitest({ project, vitest }) {
      const runner = project.config.poolRunner as PoolRunnerInitializer | undefined;
      if (!runner) throw new Error("fakesPerPoolWorker() must come after cloudflareTest() in the project's plugins");
      vitest.onClose(() => {
        for (const f of all) f.child.stdin?.end();
      });
      project.config.poolRunner = {
        name: runner.name,
        createPoolWorker(options) {
          const worker = runner.createPoolWorker(options) as PoolWorker & { poolOptions?: unknown };
          // The plugin resolves its options function, with `inject`, when the worker starts.
          const given = worker.poolOptions;
          if (typeof given !== "function")
            throw new Error("@cloudflare/vitest-plugin no longer keeps its options function in poolOptions: update test/fakes/per-pool-worker.ts");
          let fakes: Fakes | undefined;
          const start = worker.start.bind(worker);
          const stop = worker.stop.bind(worker);
          worker.start = async () => {
            fakes = await take();
            const url = fakes.url;
            worker.poolOptions = (ctx: Parameters<PoolOptionsFn>[0]) =>
              (given as PoolOptionsFn)({ ...ctx, inject: (key) => (key === "fakesUrl" ? url : ctx.inject(key)) });
            await start();
          };
          worker.stop = async () => {
            try {
              await stop();
            } finally {
              if (fakes) fakes.busy = false;
              fakes = undefined;
            }
          };
          return worker;
        },
      };
    },
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    fakesUrl: string;
  }
}
