// The landing page's demo for this network (its mark and a sample coffee roaster's posts): read
// only by scripts/gen-network-names.mjs, which writes them into the landing page's generated file,
// so the app never loads them.
import type { LandingSamples } from "../shared/landing.ts";

export const landing: LandingSamples = {
  initial: "B",
  posts: [
    {
      content: "Iced honey cinnamon latte: five ingredients, two minutes, and the perfect afternoon pick-me-up.",
      hashtags: ["IcedCoffee", "CoffeeRecipes"],
    },
    {
      content: "Five ways to reuse coffee grounds: garden fertiliser, fridge deodoriser, body scrub, and two more.",
      hashtags: ["Upcycling", "ZeroWaste"],
    },
    {
      content: "The perfect French press in four steps, with a printable brew card.",
      hashtags: ["FrenchPress", "Printable"],
    },
  ],
};
