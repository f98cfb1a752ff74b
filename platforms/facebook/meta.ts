// Facebook Page rules, pure: 63,206 characters of message, one photo (JPEG, PNG, GIF, BMP, TIFF)
// of at most 4 MB (a larger upload is sent as a JPEG copy shrunk to fit, decision 126), posted on the Page the user picked when connecting. No fixed daily count is
// documented for Page posts (rate limits answer 4/17/32/613, which are retried). Sources in
// docs/decisions/140 (Pages API posts, Page Photos reference).
import { codePointLength, composeWithHashtags, defineMeta } from "../shared/meta.ts";
export const facebookMeta = defineMeta({
  id: "facebook",
  label: "Facebook",
  color: "#1877F2",
  iconPath: "M14 8.5V6.8c0-.8.5-1 1-1h2.4V2.1L14.1 2C10.6 2 10 4.6 10 6.3v2.2H7.5V12H10v10h4V12h3l.4-3.5H14Z",
  setupUrl: "https://developers.facebook.com/apps",
  setupGuide: (callbackUrl) => [
    "In Meta for Developers, create a Business app and add Facebook Login for Business.",
    "Request the pages_show_list, pages_manage_posts and pages_read_engagement permissions.",
    `Add ${callbackUrl} as a valid OAuth redirect URI.`,
    "Put the app ID and secret in the server configuration (FACEBOOK_CLIENT_ID, FACEBOOK_CLIENT_SECRET).",
    "Click Connect below, approve access, then choose which of your Pages Brandpilot posts to.",
  ],
  connect: "oauth",
  rules: {
    maxLength: 63206,
    countLength: codePointLength,
    composeText: composeWithHashtags,
    images: { types: ["image/jpeg", "image/png", "image/gif"], maxBytes: 4 * 1024 * 1024, maxCount: 1, required: false, shrinkToFit: true },
    dailyCap: null,
    hashtagCap: 3,
  },
});

/** The sandbox's registered app (test/fakes): not secrets, they only exist locally. */
export const FACEBOOK_SANDBOX_CLIENT = { clientId: "sandbox-facebook-app", clientSecret: "sandbox-facebook-secret" } as const;
