import { readdirSync } from "node:fs";
import path from "node:path";

/**
 * Every source file under `dir` whose name matches `pattern` (declaration files, node_modules and
 * dot-folders left out): what the code-reading tests in test/scripts/ scan.
 */
export function sourceFiles(dir: string, pattern = /\.(ts|tsx|mts|mjs|js|cjs)$/): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && !entry.name.startsWith(".")) out.push(...sourceFiles(full, pattern));
    } else if (pattern.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(full);
  }
  return out;
}
