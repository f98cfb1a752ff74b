// The landing page's demo for this network (its mark and a sample coffee roaster's posts): read
// only by scripts/gen-network-names.mjs, which writes them into the landing page's generated file,
// so the app never loads them.
import type { LandingSamples } from "../shared/landing.ts";

export const landing: LandingSamples = {
  initial: "M",
  posts: [
    {
      content: "Build the cosiest home coffee corner: a grinder, a kettle, a plant and your favourite mug.",
      hashtags: ["HomeBarista", "CozyHome"],
    },
    {
      content: "Cold brew concentrate, step by step: 1:4 ratio, 18 hours in the fridge, strain and enjoy for a week.",
      hashtags: ["ColdBrew", "DIY"],
    },
  ],
};
