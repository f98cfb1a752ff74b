// X (Twitter): what the SPA, the Worker and the sandbox share. The rules are X's own
// (docs/decisions/122): 280 weighted characters counted by X's own twitter-text library (a URL
// counts 23, emoji and CJK count 2), images JPEG/PNG/GIF up to 5 MB, 2,400 posts a day.
import twitterText from "twitter-text";
import { composeWithHashtags, defineMeta } from "../shared/meta.ts";

/** X's weighted length of a text (twitter-text's parseTweet with X's current configuration). */
const xWeightedLength = (text: string): number => twitterText.parseTweet(text).weightedLength;

export const xMeta = defineMeta({
  id: "twitter",
  label: "Twitter",
  brand: "X",
  selectLabel: "Twitter (X)",
  displayName: "X (Twitter)",
  shortName: "X",
  color: "#111111",
  iconPath: "M17.8 3h3.1l-6.8 7.7 8 10.3h-6.2l-4.9-6.3L5.4 21H2.3l7.3-8.3L2 3h6.4l4.4 5.8L17.8 3Zm-1.1 16.2h1.7L7.4 4.7H5.6l11.1 14.5Z",
  connect: "oauth",
  // The spec's words for a post on X without an account (docs/product-spec.md, Validation), naming
  // the network as everywhere else (decision 291); "a X" would not read.
  noAccountMessage: "Please connect an X (Twitter) account first",
  setupUrl: "https://developer.x.com/en/portal/dashboard",
  setupGuide: (callbackUrl) => [
    "Sign in to the X Developer Portal and create a project with an app.",
    'In the app\'s "User authentication settings", enable OAuth 2.0 as a "Web App".',
    `Add ${callbackUrl} as the callback URL.`,
    "Give the app Read and Write permissions.",
    "Put the Client ID and Client Secret in the server configuration (X_CLIENT_ID, X_CLIENT_SECRET).",
    "Click Connect below and approve access on X.",
  ],
  rules: {
    maxLength: 280,
    countLength: xWeightedLength,
    composeText: composeWithHashtags,
    images: { types: ["image/jpeg", "image/png", "image/gif"], maxBytes: 5 * 1024 * 1024, maxCount: 4, required: false, altText: true },
    dailyCap: 2400,
    hashtagCap: 2,
  },
});

/** The sandbox's registered app (test/fakes): not a secret, it only exists locally. */
export const X_SANDBOX_CLIENT = { clientId: "sandbox-x-client" } as const;
