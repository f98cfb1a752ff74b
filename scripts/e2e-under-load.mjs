// Runs the Chromium journeys several times in a row while busy loops load the CPU, and prints a
// table for BENCHMARKS.md ("Journeys under load"). A journey that passes only on a quiet machine
// fails here: every wait in test/e2e/ is for a state, and this shows the states arrive in time.
//
//   npm run bench:e2e-load                 # 3 runs beside 2 busy loops
//   E2E_LOAD_RUNS=5 E2E_LOAD_LOOPS=3 npm run bench:e2e-load
//
// The busy loops are child processes of this script, stopped by pid however the script ends.
import { spawn, spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const runs = Number(process.env.E2E_LOAD_RUNS ?? 3);
const loops = Number(process.env.E2E_LOAD_LOOPS ?? 2);

const busy = Array.from({ length: loops }, () => spawn(process.execPath, ["-e", "for(;;){}"], { stdio: "ignore" }));
const stopBusy = () => {
  for (const child of busy) if (child.exitCode === null) child.kill("SIGKILL");
};
process.on("exit", stopBusy);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));

// One build up front: the runs then start the built product (E2E_SKIP_BUILD), as after `npm run build`.
const build = spawnSync("npm", ["run", "-s", "build"], { cwd: root, stdio: "inherit" });
if (build.status !== 0) {
  console.error("build failed");
  process.exit(1);
}

// vitest colours its summary; the table reads the plain text.
const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");
const rows = [];
for (let run = 1; run <= runs; run++) {
  const started = Date.now();
  const result = spawnSync("npx", ["vitest", "run", "--config", "vitest.e2e.config.ts"], {
    cwd: root,
    env: { ...process.env, E2E_SKIP_BUILD: "1" },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const seconds = Math.round((Date.now() - started) / 1000);
  const out = `${result.stdout}\n${result.stderr}`.replace(ANSI_COLOUR, "");
  const files = /Test Files\s+(.*)/.exec(out)?.[1]?.trim() ?? "?";
  const tests = /Tests\s+(.*)/.exec(out)?.[1]?.trim() ?? "?";
  const failed = [...out.matchAll(/FAIL\s+(test\/e2e\/\S+)/g)].map((m) => m[1]);
  rows.push({ run, status: result.status === 0 ? "passed" : "FAILED", files, tests, seconds, failed: [...new Set(failed)].join(", ") });
  console.log(`run ${run}: ${rows.at(-1).status} in ${seconds} s (${tests})`);
}
stopBusy();

const cpu = os.cpus();
console.log(
  `\nMachine: ${cpu.length} cores (${cpu[0]?.model ?? "?"}), ${Math.round(os.totalmem() / 2 ** 30)} GiB; ${loops} busy loops; Node ${process.version}\n`,
);
console.log("| run | result | test files | tests | seconds | failed |");
console.log("|---|---|---|---|---|---|");
for (const r of rows) console.log(`| ${r.run} | ${r.status} | ${r.files} | ${r.tests} | ${r.seconds} | ${r.failed || "-"} |`);
process.exit(rows.every((r) => r.status === "passed") ? 0 : 1);
