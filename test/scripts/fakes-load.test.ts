// `npm start` loads the local fakes with Node's own TypeScript support (scripts/start.mjs), which
// needs every relative import spelled with its extension; Vite, which runs the other tests, does
// not. An extensionless import once made `npm start` fail at boot while every other test passed.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

it("the fakes npm start loads import under plain Node", () => {
  const script = "await import('./test/fakes/server.ts'); await import('./test/fakes/demo-web-server.ts'); await import('./test/fakes/registry.ts');";
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: root, encoding: "utf8" });
  expect(run.stderr).not.toMatch(/ERR_MODULE_NOT_FOUND/);
  expect(run.status).toBe(0);
});
