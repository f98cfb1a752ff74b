// Decision 127: the Worker's build maps twitter-text's core-js 2 polyfills to an empty module
// (wrangler.toml [alias]). Every core-js module twitter-text imports must be in that list (else
// an upgrade quietly brings the polyfills back), each alias must point at a file that exists, and
// X's weighted length must still count as X does without them (the worker tests run with the same
// aliases: vitest.config.ts).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { experimental_readRawConfig } from "wrangler";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

function jsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? jsFiles(p) : p.endsWith(".js") ? [p] : [];
  });
}

describe("the Worker's build aliases", () => {
  const alias = (experimental_readRawConfig({ config: path.join(root, "wrangler.toml") }).rawConfig.alias ?? {}) as Record<string, string>;

  it("cover exactly the core-js modules twitter-text's ES module build imports", () => {
    const imported = new Set<string>();
    for (const file of jsFiles(path.join(root, "node_modules/twitter-text/dist/esm"))) {
      for (const m of readFileSync(file, "utf8").matchAll(/^import "(core-js\/[^"]+)";$/gm)) imported.add(m[1]!);
    }
    expect(imported.size).toBeGreaterThan(0);
    const aliased = Object.keys(alias).filter((k) => k.startsWith("core-js/"));
    expect(aliased.sort()).toEqual([...imported].sort());
  });

  it("point at files that exist and export nothing", () => {
    for (const to of new Set(Object.values(alias))) {
      const file = path.resolve(root, to);
      expect(existsSync(file), to).toBe(true);
      expect(
        readFileSync(file, "utf8")
          .replace(/\/\/.*$/gm, "")
          .trim(),
      ).toBe("export {};");
    }
  });
});
