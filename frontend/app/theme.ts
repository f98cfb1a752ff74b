import { createSystem, defaultBaseConfig, defineConfig } from "@chakra-ui/react";
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  semanticTokens,
  separatorRecipe,
  spinnerRecipe,
  statSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
  tooltipSlotRecipe,
} from "@chakra-ui/react/theme";
import { brandConfig } from "./theme-brand";

// Why not `defaultConfig`: it carries ~75 component recipes and every recipe in the config
// ships in the initial chunk (~18 KiB gzip), which alone breaks the 150 KiB budget for / and
// /login. This is Chakra's default theme with only the recipes of components the app uses.
// Using another Chakra component? Add its recipe here: test/frontend/shell-theme.test.ts fails
// until you do, and in development a missing recipe is reported in the console.
// See docs/decisions/030-bundle-budget.md.
const themeConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dialog: dialogSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      stat: statSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
      tooltip: tooltipSlotRecipe,
    },
  },
});

export const system = createSystem(defaultBaseConfig, themeConfig, brandConfig);

if (import.meta.env.DEV) {
  for (const [name, has] of [
    ["getRecipeFn", system.isRecipe],
    ["getSlotRecipeFn", system.isSlotRecipe],
  ] as const) {
    const original = system[name] as (key: string, fallback?: unknown) => unknown;
    (system as unknown as Record<string, unknown>)[name] = (key: string, fallback?: unknown) => {
      if (!has(key)) console.warn(`[theme] Chakra recipe "${key}" is not in frontend/app/theme.ts: the component renders unstyled.`);
      return original(key, fallback);
    };
  }
}
