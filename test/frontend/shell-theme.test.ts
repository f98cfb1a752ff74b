import { defaultConfig } from "@chakra-ui/react";
import * as chakraTheme from "@chakra-ui/react/theme";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { APP_RECIPE_KEYS, loadAppRecipes, system, UNUSED_PALETTES } from "../../frontend/app/theme";
import * as generated from "virtual:chakra-app-recipes";

// The app theme carries only the recipes of Chakra components the app uses, split into the
// public screens' set (initial chunk) and the signed-in screens' set (loaded later); see
// docs/decisions/030. These tests keep both sets complete and the generated copy exact.
const root = path.resolve(import.meta.dirname, "../..");
const chakraDir = path.join(root, "node_modules/@chakra-ui/react/dist/esm");
const chakraKeys = new Set([...Object.keys(defaultConfig.theme?.recipes ?? {}), ...Object.keys(defaultConfig.theme?.slotRecipes ?? {})]);
const barrel = readFileSync(path.join(chakraDir, "index.js"), "utf8");
const publicKeys = new Set(
  [...Object.keys(system._config.theme?.recipes ?? {}), ...Object.keys(system._config.theme?.slotRecipes ?? {})].filter((k) => !APP_RECIPE_KEYS.has(k)),
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(tsx?|jsx?)$/.test(name) ? [full] : [];
  });
}

/** Names a file imports from "@chakra-ui/react". */
function chakraImports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*"@chakra-ui\/react"/g)].flatMap((m) =>
    m[1]
      .split(",")
      .map(
        (part) =>
          part
            .trim()
            .replace(/^type\s+/, "")
            .split(/\s+as\s+/)[0],
      )
      .filter(Boolean),
  );
}

/** The component folder a barrel export comes from, or null for non-components. */
function componentDir(name: string): string | null {
  const ns = new RegExp(`export \\{ (namespace\\$?\\w*) as ${name} \\}`).exec(barrel);
  if (ns) {
    const imp = new RegExp(`import \\* as ${ns[1].replace("$", "\\$")} from '\\./components/([\\w-]+)/`).exec(barrel);
    return imp?.[1] ?? null;
  }
  const direct = new RegExp(`export \\{[^}]*\\b${name}\\b[^}]*\\} from '\\./components/([\\w-]+)/`).exec(barrel);
  return direct?.[1] ?? null;
}

/** Theme recipe keys a component folder asks for, following imports of other component folders. */
function recipeKeys(dir: string, seen = new Set<string>()): Set<string> {
  const keys = new Set<string>();
  if (seen.has(dir)) return keys;
  seen.add(dir);
  const folder = path.join(chakraDir, "components", dir);
  for (const file of readdirSync(folder).filter((f) => f.endsWith(".js"))) {
    const text = readFileSync(path.join(folder, file), "utf8");
    for (const m of text.matchAll(/key: "(\w+)"/g)) if (chakraKeys.has(m[1])) keys.add(m[1]);
    for (const m of text.matchAll(/from '\.\.\/([\w-]+)\//g)) for (const k of recipeKeys(m[1], seen)) keys.add(k);
  }
  return keys;
}

function keysUsedBy(files: string[]): Map<string, string> {
  const used = new Map<string, string>();
  for (const file of files) {
    for (const name of chakraImports(file)) {
      const dir = componentDir(name);
      if (dir) for (const key of recipeKeys(dir)) used.set(key, `${name} in ${path.relative(root, file)}`);
    }
  }
  return used;
}

/** A file plus the local files it imports statically (lazy import() calls are not followed). */
function staticClosure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = readFileSync(file, "utf8");
  for (const m of text.matchAll(/^import[^;]*?from\s*"(\.[^"]+)"/gm)) {
    const base = path.resolve(path.dirname(file), m[1]);
    const target = [".tsx", ".ts", "/index.ts"].map((ext) => base + ext).find((f) => statSync(f, { throwIfNoEntry: false }));
    if (target) staticClosure(target, seen);
  }
  return seen;
}

describe("app theme", () => {
  it("has the recipe of every Chakra component the frontend imports", () => {
    const missing = [...keysUsedBy(sourceFiles(path.join(root, "frontend")))]
      .filter(([key]) => !publicKeys.has(key) && !APP_RECIPE_KEYS.has(key))
      .map(([key, where]) => `"${key}" (${where})`);
    expect(missing, "add these recipes to frontend/app/theme.ts or frontend/app/theme-app-recipe-keys.ts").toEqual([]);
  });

  it("the screens that skip loadAppRecipes() (/, /login, /terms, /privacy) use only the public recipes", () => {
    const lightPages = ["landing/landing-page.tsx", "landing/landing-demo.tsx", "auth/login-page.tsx", "legal/terms-page.tsx", "legal/privacy-page.tsx"];
    const files = new Set(lightPages.flatMap((p) => [...staticClosure(path.join(root, "frontend/features", p))]));
    files.add(path.join(root, "frontend/components/ui/loading-screen.tsx"));
    const offenders = [...keysUsedBy([...files])].filter(([key]) => !publicKeys.has(key)).map(([key, where]) => `"${key}" (${where})`);
    expect(offenders, "move these recipes to the public set in frontend/app/theme.ts").toEqual([]);
  });

  it("the build's copy (virtual:chakra-app-recipes) equals Chakra's own recipes", () => {
    const live = chakraTheme as unknown as Record<string, unknown>;
    expect(new Set([...Object.keys(generated.recipes), ...Object.keys(generated.slotRecipes)])).toEqual(APP_RECIPE_KEYS);
    for (const [key, recipe] of Object.entries(generated.recipes)) expect(recipe, key).toEqual(JSON.parse(JSON.stringify(live[`${key}Recipe`])));
    for (const [key, recipe] of Object.entries(generated.slotRecipes)) expect(recipe, key).toEqual(JSON.parse(JSON.stringify(live[`${key}SlotRecipe`])));
  });

  it("the check sees recipes, and loadAppRecipes() adds the second set to the system", async () => {
    expect(recipeKeys(componentDir("Checkbox")!)).toEqual(new Set(["checkbox", "checkmark"]));
    expect(recipeKeys(componentDir("IconButton")!)).toContain("button");
    expect(recipeKeys(componentDir("Dialog")!)).toContain("dialog");
    const landing = [...staticClosure(path.join(root, "frontend/features/landing/landing-page.tsx"))].map((f) => path.basename(f));
    expect(landing).toContain("brand-logo.tsx");
    expect(landing).not.toContain("landing-demo.tsx"); // loaded with import(), not statically
    expect(publicKeys.has("button")).toBe(true);
    expect(publicKeys.has("datePicker")).toBe(false);
    await loadAppRecipes();
    expect(system.isSlotRecipe("dialog")).toBe(true);
    expect(system.getSlotRecipe("dialog")).toEqual(JSON.parse(JSON.stringify(chakraTheme.dialogSlotRecipe)));
  });

  it("a second-set component rendered before the load is not stuck unstyled", async () => {
    vi.resetModules();
    const fresh = await import("../../frontend/app/theme");
    expect(fresh.system.isSlotRecipe("dialog")).toBe(false);
    const early = fresh.system.getSlotRecipeFn("dialog");
    expect(early.classNameMap).toEqual({}); // empty for now...
    await fresh.loadAppRecipes(); // (the early call already started this load)
    const late = fresh.system.getSlotRecipeFn("dialog");
    expect(late).not.toBe(early); // ...and not cached: the next render gets the real recipe
    expect(late.classNameMap).toMatchObject({ content: "chakra-dialog__content" });
  });

  it("leaves out only colour palettes that no screen, token or recipe names (decision 167)", async () => {
    expect(UNUSED_PALETTES.length).toBeGreaterThan(0);
    const word = new RegExp(`\\b(${UNUSED_PALETTES.join("|")})\\b`);
    const theme = path.join(root, "frontend/app/theme.ts");
    for (const file of sourceFiles(path.join(root, "frontend")).filter((f) => f !== theme)) {
      expect(word.exec(readFileSync(file, "utf8"))?.[0], path.relative(root, file)).toBeUndefined();
    }
    await loadAppRecipes();
    const { recipes, slotRecipes, semanticTokens } = system._config.theme!;
    expect(word.exec(JSON.stringify({ recipes, slotRecipes, semanticTokens }))?.[0]).toBeUndefined();
    // Gone from the system's CSS variables; the palettes in use are still there.
    for (const name of UNUSED_PALETTES) expect(system.tokens.getVar(`colors.${name}.500`)).toBeUndefined();
    for (const name of ["brand", "gray", "red", "orange", "green", "blue", "purple"]) expect(system.tokens.getVar(`colors.${name}.500`)).toBeDefined();
  });

  it("is light only: semantic tokens carry their light value, with no dark rule (decision 167)", () => {
    expect(JSON.stringify(system._config.theme?.semanticTokens)).not.toMatch(/_dark|_light/);
    expect(JSON.stringify(chakraTheme.semanticTokens)).toContain("_dark"); // the check sees them
    // The light values are the ones in force: fg.muted is gray.600, the border gray.200.
    const css = JSON.stringify(system.getTokenCss());
    expect(css).toContain('"--chakra-colors-fg-muted":"var(--chakra-colors-gray-600)"');
    expect(css).toContain('"--chakra-colors-border":"var(--chakra-colors-gray-200)"');
    expect(css).toContain('"--chakra-colors-fg-error":"var(--chakra-colors-red-600)"');
    expect(css).not.toContain(".dark");
  });
});
