import { writeFileSync } from "node:fs";
import path from "node:path";
// @ts-expect-error -- a plain .mjs script without type declarations
import { readWranglerConfig } from "../../scripts/lib/wrangler-config.mjs";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * wrangler.toml as wrangler reads it, written once to a JSON file in `dir` for BRANDPILOT_RAW_CONFIG:
 * the deploy and doctor tests run their script about 25 times, and each run would otherwise import
 * wrangler's 15 MB CLI bundle (docs/decisions/324). Each test file still has one run on the real path.
 */
export async function wranglerConfigFile(dir: string): Promise<{ file: string; raw: unknown }> {
  const saved = process.env.BRANDPILOT_RAW_CONFIG;
  delete process.env.BRANDPILOT_RAW_CONFIG;
  const raw: unknown = await readWranglerConfig(root);
  if (saved !== undefined) process.env.BRANDPILOT_RAW_CONFIG = saved;
  const file = path.join(dir, "wrangler-raw-config.json");
  writeFileSync(file, JSON.stringify(raw));
  return { file, raw };
}
