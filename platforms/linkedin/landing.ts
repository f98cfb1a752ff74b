// The landing page's demo for this network (its mark and a sample coffee roaster's posts): read
// only by scripts/gen-network-names.mjs, which writes them into the landing page's generated file,
// so the app never loads them.
import type { LandingSamples } from "../shared/landing.ts";

export const landing: LandingSamples = {
  initial: "in",
  posts: [
    {
      content: "We pay our farmers 40% above fair-trade minimums. Here's why direct trade is the best business decision we ever made.",
      hashtags: ["DirectTrade", "Sustainability"],
    },
    {
      content: "Three lessons from scaling a neighbourhood coffee shop to four locations without losing the neighbourhood feel.",
      hashtags: ["SmallBusiness", "Leadership"],
    },
    {
      content: "We're hiring a roaster's apprentice. No experience needed, curiosity required. Paid training and a lifetime of good coffee.",
      hashtags: ["Hiring", "Careers"],
    },
    {
      content: "Customer reviews taught us more than any survey. 248 reviews later, here's what our regulars value most.",
      hashtags: ["CustomerExperience"],
    },
    {
      content: "How we cut our roastery's energy use by 30% with a heat-recovery system, and what it cost.",
      hashtags: ["Sustainability", "Operations"],
    },
    {
      content: "Our subscription programme passed 2,000 members. The one change that doubled retention: letting people skip a month.",
      hashtags: ["Subscriptions", "Growth"],
    },
    {
      content: "Why we publish our green-coffee prices every quarter, and how transparency became our best marketing.",
      hashtags: ["Transparency", "Branding"],
    },
  ],
};
