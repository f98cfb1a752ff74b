// The landing page's demo for this network (its mark and a sample coffee roaster's posts): read
// only by scripts/gen-network-names.mjs, which writes them into the landing page's generated file,
// so the app never loads them.
import { landingSamples } from "../shared/landing.ts";

// One post a line: its text, then its hashtags.
export const landing = landingSamples(
  "IG",
  `
Slow mornings start with a pour-over. Swipe for our 4-step recipe: 22 g coffee, 350 g water, 3 minutes, zero stress. #pourover #coffeetime #slowliving
Behind the roast: every batch is cupped by hand before it leaves the roastery. 14 tastings a day, every day. #roastery #behindthescenes
Meet Rosa, who grows our Colombian Huila on a hillside at 1,800 m. Her secret: patience and a lot of shade trees. #meetthefarmer #colombiancoffee
Autumn menu drop: maple oat latte, spiced cold brew and our pumpkin-free pumpkin-spice (you'll see). #autumnmenu #newdrinks
Your Sunday reset: a fresh notebook, a window seat and a flat white. #sundayvibes #flatwhite
Latte art progress: week 1 vs week 12. Practice beats talent when talent doesn't practise. #latteart #baristalife
Fresh out of the roaster: that first crack sound is our favourite song. #roastday #coffeeroasting
`,
);
