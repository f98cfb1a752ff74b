// LinkedIn's rules, pure: 3,000 characters of commentary (as the reader sees them, before the
// little-text escaping the adapter adds), one JPG/PNG/GIF image under 36,152,320 pixels (a larger
// photo is sent as a JPEG copy scaled below it, decision 128; we cap the bytes at 10 MB), no
// documented fixed daily post count. Sources in docs/decisions/140 and 128 (Posts API, Images API).
import { codePointLength, composeWithHashtags, defineMeta } from "../shared/meta.ts";

/** The Images API takes images with fewer pixels (width × height) than this. */
export const LINKEDIN_MAX_PIXELS = 36_152_320;

export const linkedinMeta = defineMeta({
  id: "linkedin",
  label: "LinkedIn",
  color: "#0A66C2",
  iconPath:
    "M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5ZM3 9.5h4V21H3V9.5Zm6.5 0h3.8v1.6h.1c.5-1 1.8-2 3.7-2 4 0 4.7 2.6 4.7 6V21h-4v-5.2c0-1.2 0-2.9-1.8-2.9s-2.1 1.4-2.1 2.8V21h-4V9.5Z",
  setupUrl: "https://www.linkedin.com/developers/apps",
  setupGuide: (callbackUrl) => [
    "Sign in to the LinkedIn Developer Portal and create an app linked to your company page.",
    'Add the "Share on LinkedIn" and "Sign In with LinkedIn using OpenID Connect" products.',
    `In the Auth tab, add ${callbackUrl} as an authorized redirect URL.`,
    "Put the Client ID and Client Secret in the server configuration (LINKEDIN_CLIENT_ID, LINKEDIN_CLIENT_SECRET).",
    "Click Connect below and allow access on LinkedIn. Without programmatic refresh tokens you reconnect every 60 days.",
  ],
  connect: "oauth",
  rules: {
    maxLength: 3000,
    countLength: codePointLength,
    composeText: composeWithHashtags,
    images: {
      types: ["image/jpeg", "image/png", "image/gif"],
      maxBytes: 10 * 1024 * 1024,
      maxCount: 1,
      required: false,
      maxPixels: LINKEDIN_MAX_PIXELS,
      altText: true,
    },
    dailyCap: null,
    hashtagCap: 3,
  },
});

/** The sandbox's registered app (test/fakes): not secrets, they only exist locally. */
export const LINKEDIN_SANDBOX_CLIENT = { clientId: "sandbox-linkedin-client", clientSecret: "sandbox-linkedin-secret" } as const;
/** The sandbox's approved-partner app: granted r_member_social and programmatic refresh tokens. */
export const LINKEDIN_SANDBOX_PARTNER = { clientId: "sandbox-linkedin-partner", clientSecret: "sandbox-linkedin-partner-secret" } as const;
