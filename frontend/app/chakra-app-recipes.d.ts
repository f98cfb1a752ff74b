// The build's virtual module of the signed-in screens' recipes (scripts/vite/chakra-app-recipes.ts).
declare module "virtual:chakra-app-recipes" {
  import type { RecipeDefinition, SlotRecipeConfig } from "@chakra-ui/react";
  export const recipes: Record<string, RecipeDefinition>;
  export const slotRecipes: Record<string, SlotRecipeConfig>;
}
