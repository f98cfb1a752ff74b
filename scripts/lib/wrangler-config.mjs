// wrangler.toml as wrangler itself reads it (experimental_readRawConfig), for the deploy and
// doctor scripts. Importing wrangler loads its 15 MB CLI bundle: about 2 s a run, 6-7 s at load 10.
// BRANDPILOT_RAW_CONFIG names a JSON file of that same object, read once by a caller that runs the
// scripts many times (test/scripts/deploy.test.ts and doctor.test.ts; docs/decisions/324).
import { readFileSync } from "node:fs";
import path from "node:path";

/** The committed wrangler.toml under `root`, as wrangler reads it. */
export async function readWranglerConfig(root) {
  const given = process.env.BRANDPILOT_RAW_CONFIG;
  if (given) return JSON.parse(readFileSync(given, "utf8"));
  const { experimental_readRawConfig } = await import("wrangler");
  return experimental_readRawConfig({ config: path.join(root, "wrangler.toml") }).rawConfig;
}
