// The landing page's demo for this network (its mark and a sample coffee roaster's posts): read
// only by scripts/gen-network-names.mjs, which writes them into the landing page's generated file,
// so the app never loads them.
import { landingSamples } from "../shared/landing.ts";

// One post a line: its text, then its hashtags.
export const landing = landingSamples(
  "M",
  `
Build the cosiest home coffee corner: a grinder, a kettle, a plant and your favourite mug. #HomeBarista #CozyHome
Cold brew concentrate, step by step: 1:4 ratio, 18 hours in the fridge, strain and enjoy for a week. #ColdBrew #DIY
`,
);
