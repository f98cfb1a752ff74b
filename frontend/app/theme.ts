import { createSystem, defaultBaseConfig, defineConfig } from "@chakra-ui/react";
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  semanticTokens,
  separatorRecipe,
  spinnerRecipe,
  textStyles,
  tokens,
} from "@chakra-ui/react/theme";
import { APP_RECIPES, APP_SLOT_RECIPES } from "./theme-app-recipe-keys";
import { brandConfig } from "./theme-brand";

// Why not `defaultConfig`: it carries ~75 component recipes and every recipe in the config
// ships in the initial chunk, which alone breaks the 150 KiB gzip budget for / and /login.
// This is Chakra's default theme with two sets of recipes (docs/decisions/030):
// - here, the few that the public screens (landing, sign-in, legal) use;
// - in theme-app-recipe-keys.ts (built into a virtual module, loaded by loadAppRecipes()), the ones
//   only signed-in screens use. The router waits for them before rendering any other screen.
// Using another Chakra component? Add its recipe to one of the two sets: test/frontend/shell-theme.test.ts
// fails until you do.
// Two cuts to the tokens, for the start-up task that blocks a phone (decision 167):
// - colour palettes that nothing uses (no colorPalette prop, colour token or recipe of ours names
//   them; test/frontend/shell-theme.test.ts checks the sources) are left out: ~75 fewer CSS
//   variables for createSystem to build. To use one, take it off this list;
// - Brandpilot is light only (index.html's color-scheme; no colour-mode switch anywhere): every
//   semantic token keeps its light value as a plain value, so createSystem builds one variable
//   per token instead of a light and a dark rule each.
export const UNUSED_PALETTES: readonly string[] = ["yellow", "teal", "cyan", "pink"];
const trimTokens = <T>(tree: T): T =>
  JSON.parse(JSON.stringify(tree), (key, v: { _light?: unknown } | null) =>
    UNUSED_PALETTES.includes(key) ? undefined : v && typeof v === "object" && "_light" in v ? v._light : v,
  ) as T;

const themeConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: trimTokens(tokens),
    semanticTokens: trimTokens(semanticTokens),
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      field: fieldSlotRecipe,
    },
  },
});

export const system = createSystem(defaultBaseConfig, themeConfig, brandConfig);

/**
 * The system ChakraProvider gets (decision 168). A pre-rendered page (#root[data-prerendered], the
 * build's / , /login and /dashboard frame) already has the theme's global CSS in <head>: the
 * preflight, the global styles and every token's CSS variable, written by the build. There
 * ChakraProvider's <Global> gets none to build, serialize and insert: the build's tags stay as they
 * are (nothing else removes them; the theme never changes at run time). The build makes
 * `system._global` lazy (vite.config.ts), so createSystem no longer builds that CSS at start-up
 * either; every other page builds it on ChakraProvider's first render, as before.
 */
export function chakraSystem(): typeof system {
  if (typeof document === "undefined" || document.getElementById("root")?.dataset.prerendered === undefined) return system;
  return Object.create(system, { _global: { value: [] } }) as typeof system;
}

/** Keys of the recipes loaded by loadAppRecipes(). */
export const APP_RECIPE_KEYS: ReadonlySet<string> = new Set<string>([...APP_RECIPES, ...APP_SLOT_RECIPES]);

let appRecipesLoaded = false;
let appRecipes: Promise<void> | null = null;

/** Adds the signed-in screens' recipes to the system (once); resolves when they are in. */
export function loadAppRecipes(): Promise<void> {
  appRecipes ??= import("virtual:chakra-app-recipes").then((m) => {
    const theme = system._config.theme!;
    Object.assign((theme.recipes ??= {}), m.recipes);
    Object.assign((theme.slotRecipes ??= {}), m.slotRecipes);
    appRecipesLoaded = true;
  });
  return appRecipes;
}

// Chakra caches a recipe function per key on first use. A component of the second set that
// renders before loadAppRecipes() finished must not cache an empty recipe: it gets an uncached
// one (and the load starts), so its next render is styled. Unknown keys are reported in dev.
for (const [name, has, empty] of [
  ["getRecipeFn", system.isRecipe, () => system.cva({})],
  ["getSlotRecipeFn", system.isSlotRecipe, () => system.sva({ slots: [] })],
] as const) {
  const original = system[name] as (key: string, fallback?: unknown) => unknown;
  (system as unknown as Record<string, unknown>)[name] = (key: string, fallback?: unknown) => {
    if (!appRecipesLoaded && APP_RECIPE_KEYS.has(key)) {
      void loadAppRecipes();
      return empty();
    }
    // Chakra's own `Text` asks for a "text" recipe its default theme lacks too: no warning for it.
    if (import.meta.env.DEV && !has(key) && key !== "text") {
      console.warn(`[theme] Chakra recipe "${key}" is not in the app theme (frontend/app/theme.ts): the component renders unstyled.`);
    }
    return original(key, fallback);
  };
}
