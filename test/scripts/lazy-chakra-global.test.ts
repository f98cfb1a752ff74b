// Decision 168: the client build makes Chakra's `system._global` (the theme's whole global CSS)
// a getter built on first read, instead of CSS that createSystem builds at once. This runs the
// build's transform on the installed Chakra, loads the result and checks that the CSS is not
// built by createSystem but is the same CSS when read; and that a Chakra whose createSystem
// changed fails the build instead of silently losing the change.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Plugin } from "vite";
import { describe, expect, it } from "vitest";
import { lazyChakraGlobalCss } from "../../vite.config";

const root = path.resolve(import.meta.dirname, "../..");
const styledSystem = path.join(root, "node_modules/@chakra-ui/react/dist/esm/styled-system");
const file = path.join(styledSystem, "system.js");

function transform(code: string, id = file): string | null {
  const plugin = lazyChakraGlobalCss() as Plugin & { transform: (code: string, id: string) => string | null };
  return plugin.transform(code, id);
}

describe("the build's lazy Chakra global CSS", () => {
  it("createSystem no longer builds the global CSS; reading system._global builds the same CSS once", async () => {
    const original = readFileSync(file, "utf8");
    const lazy = transform(original)!;
    expect(lazy).not.toBe(original);
    // Loaded from inside node_modules, so its bare imports resolve; relative ones point at Chakra's files.
    const out = path.join(root, "node_modules", `.lazy-chakra-test-${process.pid}.mjs`);
    writeFileSync(
      out,
      lazy
        .replace(/from '\.\/([^']+)'/g, (_, f: string) => `from '${pathToFileURL(path.join(styledSystem, f)).href}'`)
        .replace(/from '\.\.\/([^']+)'/g, (_, f: string) => `from '${pathToFileURL(path.join(styledSystem, "..", f)).href}'`),
    );
    try {
      const { createSystem } = (await import(pathToFileURL(out).href)) as typeof import("@chakra-ui/react");
      const { createSystem: eagerCreateSystem, defaultBaseConfig } = await import("@chakra-ui/react");
      const { tokens, semanticTokens, globalCss } = await import("@chakra-ui/react/theme");
      const config = { ...defaultBaseConfig, globalCss, theme: { tokens, semanticTokens } };

      const system = createSystem(config);
      const descriptor = Object.getOwnPropertyDescriptor(system, "_global");
      expect(descriptor?.get).toBeTypeOf("function");
      expect(descriptor && "value" in descriptor).toBe(false);

      const built = system._global;
      expect(built).toEqual(eagerCreateSystem(config)._global);
      expect(JSON.stringify(built)).toContain("--chakra-colors-gray-500");
      expect(system._global).toBe(built);
      // The rest of the system is untouched.
      expect(system.token("colors.gray.500")).toBe(eagerCreateSystem(config).token("colors.gray.500"));
    } finally {
      rmSync(out, { force: true });
    }
  });

  it("leaves every other module alone, and fails the build when createSystem's lines changed", () => {
    expect(transform("export const x = 1;", "/x/node_modules/@chakra-ui/react/dist/esm/styled-system/css.js")).toBeNull();
    const original = readFileSync(file, "utf8");
    expect(() => transform(original.replace("getTokenCss()];", "getTokenCss(), extra()];"))).toThrow(/createSystem changed/);
  });
});
