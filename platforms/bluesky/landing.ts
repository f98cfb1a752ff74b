// The landing page's demo for this network (its mark and a sample coffee roaster's posts): read
// only by scripts/gen-network-names.mjs, which writes them into the landing page's generated file,
// so the app never loads them.
import { landingSamples } from "../shared/landing.ts";

// One post a line: its text, then its hashtags.
export const landing = landingSamples(
  "B",
  `
Iced honey cinnamon latte: five ingredients, two minutes, and the perfect afternoon pick-me-up. #IcedCoffee #CoffeeRecipes
Five ways to reuse coffee grounds: garden fertiliser, fridge deodoriser, body scrub, and two more. #Upcycling #ZeroWaste
The perfect French press in four steps, with a printable brew card. #FrenchPress #Printable
`,
);
