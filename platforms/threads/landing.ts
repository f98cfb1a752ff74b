// The landing page's demo for this network (its mark and a sample coffee roaster's posts): read
// only by scripts/gen-network-names.mjs, which writes them into the landing page's generated file,
// so the app never loads them.
import { landingSamples } from "../shared/landing.ts";

// One post a line: its text, then its hashtags.
export const landing = landingSamples(
  "@",
  `
Coffee and chocolate pairing guide: fruity coffees with dark chocolate, nutty coffees with milk chocolate. #FoodPairing #CoffeeGuide
Minimalist coffee bar ideas for small kitchens, all under one metre of counter space. #SmallSpaces #KitchenIdeas
`,
);
