import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";
import { APP_RECIPES, APP_SLOT_RECIPES } from "../../frontend/app/theme-app-recipe-keys.ts";

const APP_RECIPES_MODULE = "virtual:chakra-app-recipes";
const resolved = `\0${APP_RECIPES_MODULE}`;

/**
 * `virtual:chakra-app-recipes`: plain-data copies of the Chakra recipes that only signed-in screens
 * use (frontend/app/theme-app-recipe-keys.ts), written at build time from the installed Chakra.
 * Why copies: any reference to Chakra's own recipe objects makes the bundler put them in the
 * initial chunk (they are reachable from the @chakra-ui/react barrel), and the initial JS for / and
 * /login must stay <= 150 KiB gzip (docs/decisions/030). Made at build time, they follow a Chakra
 * upgrade by themselves and nothing generated is committed.
 */
export function chakraAppRecipes(): Plugin {
  return {
    name: "brandpilot-chakra-app-recipes",
    resolveId: (id) => (id === APP_RECIPES_MODULE ? resolved : null),
    load(id) {
      if (id !== resolved) return null;
      const require = createRequire(path.resolve(import.meta.dirname, "../../package.json"));
      const theme = require("@chakra-ui/react/theme") as Record<string, unknown>;
      const pick = (keys: readonly string[], suffix: string) =>
        Object.fromEntries(
          keys.map((key) => {
            const recipe = theme[`${key}${suffix}`];
            if (!recipe) throw new Error(`chakra-app-recipes: Chakra has no ${key}${suffix}`);
            return [key, recipe];
          }),
        );
      return `export const recipes = ${JSON.stringify(pick(APP_RECIPES, "Recipe"))};\nexport const slotRecipes = ${JSON.stringify(pick(APP_SLOT_RECIPES, "SlotRecipe"))};\n`;
    },
  };
}
