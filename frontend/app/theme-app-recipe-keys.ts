// The Chakra recipes only signed-in screens use (docs/decisions/030): loaded after start-up by
// loadAppRecipes() in theme.ts from the build's virtual module (scripts/vite/chakra-app-recipes.ts),
// never part of the initial chunk. Using another Chakra component on a signed-in screen? Add its
// recipe key here: test/frontend/shell-theme.test.ts fails until you do.
export const APP_RECIPES = ["textarea", "inputAddon", "checkmark", "skeleton"] as const;
export const APP_SLOT_RECIPES = [
  "avatar",
  "checkbox",
  "dialog",
  "fieldset",
  "list",
  "menu",
  "nativeSelect",
  "progress",
  "stat",
  "table",
  "tabs",
  "toast",
  "tooltip",
] as const;
