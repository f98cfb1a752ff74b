// The landing page's demo for this network (its mark and a sample coffee roaster's posts): read
// only by scripts/gen-network-names.mjs, which writes them into the landing page's generated file,
// so the app never loads them.
import type { LandingSamples } from "../shared/landing.ts";

export const landing: LandingSamples = {
  initial: "X",
  posts: [
    {
      content: "Monday fuel: our Ethiopia Yirgacheffe is back. Bright, floral, a little like blueberries. Grab a bag before Friday.",
      hashtags: ["coffee", "MondayMotivation"],
    },
    {
      content: "Hot take: the best cup of coffee is the one you share. Tag the person who gets your first sip.",
      hashtags: ["CoffeeLovers"],
    },
    {
      content: "Espresso or filter? Reply with your pick and we'll brew the winner free for everyone tomorrow 8-9 am.",
      hashtags: ["CoffeePoll"],
    },
    {
      content: "Pro tip: grind right before you brew. Ground coffee loses most of its aroma within 15 minutes.",
      hashtags: ["CoffeeTips"],
    },
    {
      content: "New single origin just landed: Kenya AA. Blackcurrant, grapefruit, syrupy body. Tasting flight all week.",
      hashtags: ["SingleOrigin"],
    },
    {
      content: "We asked 100 regulars their go-to order. 41% said oat flat white. The other 59% are wrong (kidding).",
      hashtags: ["CoffeeData"],
    },
    {
      content: "Decaf doesn't have to be sad. Our Swiss Water decaf Peru tastes of cocoa and caramel. Sleep well.",
      hashtags: ["Decaf"],
    },
    {
      content: "Thank you for 10,000 followers. Coffee's on us: show this post at any shop this weekend.",
      hashtags: ["ThankYou", "Community"],
    },
  ],
};
