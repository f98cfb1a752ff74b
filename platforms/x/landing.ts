// The landing page's demo for this network (its mark and a sample coffee roaster's posts): read
// only by scripts/gen-network-names.mjs, which writes them into the landing page's generated file,
// so the app never loads them.
import { landingSamples } from "../shared/landing.ts";

// One post a line: its text, then its hashtags.
export const landing = landingSamples(
  "X",
  `
Monday fuel: our Ethiopia Yirgacheffe is back. Bright, floral, a little like blueberries. Grab a bag before Friday. #coffee #MondayMotivation
Hot take: the best cup of coffee is the one you share. Tag the person who gets your first sip. #CoffeeLovers
Espresso or filter? Reply with your pick and we'll brew the winner free for everyone tomorrow 8-9 am. #CoffeePoll
Pro tip: grind right before you brew. Ground coffee loses most of its aroma within 15 minutes. #CoffeeTips
New single origin just landed: Kenya AA. Blackcurrant, grapefruit, syrupy body. Tasting flight all week. #SingleOrigin
We asked 100 regulars their go-to order. 41% said oat flat white. The other 59% are wrong (kidding). #CoffeeData
Decaf doesn't have to be sad. Our Swiss Water decaf Peru tastes of cocoa and caramel. Sleep well. #Decaf
Thank you for 10,000 followers. Coffee's on us: show this post at any shop this weekend. #ThankYou #Community
`,
);
