// Instagram (API with Instagram Login): what the SPA, the Worker and the sandbox share. The rules
// are Instagram's own (docs/decisions/122): a caption of 2,200 characters, one image per post
// (required), sent as JPEG (PNG and GIF uploads are converted, decision 123), at most 8 MB, aspect
// ratio between 4:5 and 1.91:1, 50 API-published posts per rolling 24 hours.
import { codePointLength, composeWithHashtags, defineMeta } from "../shared/meta.ts";

export const INSTAGRAM_IMAGE_REQUIRED = "Instagram requires an image. Please attach an image to this post.";

export const instagramMeta = defineMeta({
  id: "instagram",
  label: "Instagram",
  color: "#E1306C",
  iconPath:
    "M12 7.4a4.6 4.6 0 1 0 0 9.2 4.6 4.6 0 0 0 0-9.2Zm0 7.6a3 3 0 1 1 0-6 3 3 0 0 1 0 6Zm4.8-8.9a1.1 1.1 0 1 0 0 2.2 1.1 1.1 0 0 0 0-2.2ZM7.5 2h9A5.5 5.5 0 0 1 22 7.5v9a5.5 5.5 0 0 1-5.5 5.5h-9A5.5 5.5 0 0 1 2 16.5v-9A5.5 5.5 0 0 1 7.5 2Zm0 1.8a3.7 3.7 0 0 0-3.7 3.7v9a3.7 3.7 0 0 0 3.7 3.7h9a3.7 3.7 0 0 0 3.7-3.7v-9a3.7 3.7 0 0 0-3.7-3.7h-9Z",
  connect: "oauth",
  setupUrl: "https://developers.facebook.com/apps",
  setupGuide: (callbackUrl) => [
    "Make sure your Instagram account is a professional (Business or Creator) account.",
    'In Meta for Developers, create an app and add "Instagram API with Instagram Login".',
    `Add ${callbackUrl} as a valid OAuth redirect URI.`,
    "Put the Instagram app ID and secret in the server configuration (INSTAGRAM_CLIENT_ID, INSTAGRAM_CLIENT_SECRET).",
    "Click Connect below and approve access on Instagram.",
  ],
  rules: {
    maxLength: 2200,
    countLength: codePointLength,
    composeText: composeWithHashtags,
    images: {
      types: ["image/jpeg", "image/png", "image/gif"],
      sendAs: "image/jpeg",
      maxBytes: 8 * 1024 * 1024,
      maxCount: 1,
      required: true,
      aspect: { min: 4 / 5, max: 1.91, label: "between 4:5 (portrait) and 1.91:1 (landscape)" },
      maxWidth: 1440,
      altText: true,
    },
    dailyCap: 50,
    hashtagCap: 5,
  },
});

/** The sandbox's registered app (test/fakes): not secrets, they only exist locally. */
export const INSTAGRAM_SANDBOX_CLIENT = { clientId: "sandbox-instagram-client", clientSecret: "sandbox-instagram-secret" } as const;
