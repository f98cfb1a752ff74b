// The landing page's demo for this network (its mark and a sample coffee roaster's posts): read
// only by scripts/gen-network-names.mjs, which writes them into the landing page's generated file,
// so the app never loads them.
import { landingSamples } from "../shared/landing.ts";

// One post a line: its text, then its hashtags.
export const landing = landingSamples(
  "in",
  `
We pay our farmers 40% above fair-trade minimums. Here's why direct trade is the best business decision we ever made. #DirectTrade #Sustainability
Three lessons from scaling a neighbourhood coffee shop to four locations without losing the neighbourhood feel. #SmallBusiness #Leadership
We're hiring a roaster's apprentice. No experience needed, curiosity required. Paid training and a lifetime of good coffee. #Hiring #Careers
Customer reviews taught us more than any survey. 248 reviews later, here's what our regulars value most. #CustomerExperience
How we cut our roastery's energy use by 30% with a heat-recovery system, and what it cost. #Sustainability #Operations
Our subscription programme passed 2,000 members. The one change that doubled retention: letting people skip a month. #Subscriptions #Growth
Why we publish our green-coffee prices every quarter, and how transparency became our best marketing. #Transparency #Branding
`,
);
