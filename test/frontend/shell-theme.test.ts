import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { defaultConfig } from "@chakra-ui/react";
import { describe, expect, it } from "vitest";
import { system } from "../../frontend/app/theme";

// The app theme carries only the recipes of Chakra components the app uses (bundle budget,
// docs/decisions/030). This test finds every Chakra component imported under frontend/ and
// checks that its recipe is in the theme, so a new component never renders unstyled.
const root = path.resolve(import.meta.dirname, "../..");
const chakraDir = path.join(root, "node_modules/@chakra-ui/react/dist/esm");
const chakraKeys = new Set([...Object.keys(defaultConfig.theme?.recipes ?? {}), ...Object.keys(defaultConfig.theme?.slotRecipes ?? {})]);
const barrel = readFileSync(path.join(chakraDir, "index.js"), "utf8");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(tsx?|jsx?)$/.test(name) ? [full] : [];
  });
}

/** Names imported from "@chakra-ui/react" across the frontend. */
function importedNames(): Map<string, string> {
  const names = new Map<string, string>();
  for (const file of sourceFiles(path.join(root, "frontend"))) {
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*"@chakra-ui\/react"/g)) {
      for (const part of m[1].split(",")) {
        const name = part.trim().replace(/^type\s+/, "").split(/\s+as\s+/)[0];
        if (name) names.set(name, path.relative(root, file));
      }
    }
  }
  return names;
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

/** Recipe keys a component folder asks for, following imports of other component folders. */
function recipeKeys(dir: string, seen = new Set<string>()): Set<string> {
  const keys = new Set<string>();
  if (seen.has(dir)) return keys;
  seen.add(dir);
  const folder = path.join(chakraDir, "components", dir);
  for (const file of readdirSync(folder).filter((f) => f.endsWith(".js"))) {
    const text = readFileSync(path.join(folder, file), "utf8");
    for (const m of text.matchAll(/key: "(\w+)"/g)) keys.add(m[1]);
    for (const m of text.matchAll(/from '\.\.\/([\w-]+)\//g)) for (const k of recipeKeys(m[1], seen)) keys.add(k);
  }
  return keys;
}

describe("app theme", () => {
  it("has the recipe of every Chakra component the frontend imports", () => {
    const missing: string[] = [];
    for (const [name, file] of importedNames()) {
      const dir = componentDir(name);
      if (!dir) continue;
      for (const key of recipeKeys(dir)) {
        // Keys Chakra's own theme has no recipe for (e.g. "text") need nothing.
        if (chakraKeys.has(key) && !system.isRecipe(key) && !system.isSlotRecipe(key)) missing.push(`${name} (recipe "${key}", used in ${file})`);
      }
    }
    expect(missing, "add these recipes to frontend/app/theme.ts").toEqual([]);
  });

  it("the check itself sees recipes: Dialog needs the dialog recipe, Button the button recipe", () => {
    expect(recipeKeys(componentDir("Dialog")!)).toContain("dialog");
    expect(recipeKeys(componentDir("Button")!)).toContain("button");
    expect(recipeKeys(componentDir("Checkbox")!)).toEqual(new Set(["checkbox", "checkmark"]));
    expect(system.isSlotRecipe("datePicker")).toBe(false);
  });
});
