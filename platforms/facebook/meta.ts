// Facebook Pages: listed on Social Connect with its setup guide; connecting shows the spec's
// placeholder toast until the network has an adapter (issue 12).
import { codePointLength, composeWithHashtags, defineMeta } from "../shared/meta.ts";

export const facebookMeta = defineMeta({
  id: "facebook",
  label: "Facebook",
  brand: "Facebook",
  selectLabel: "Facebook",
  color: "#1877F2",
  iconPath: "M14 8.5V6.8c0-.8.5-1 1-1h2.4V2.1L14.1 2C10.6 2 10 4.6 10 6.3v2.2H7.5V12H10v10h4V12h3l.4-3.5H14Z",
  connect: "placeholder",
  setupUrl: "https://developers.facebook.com/apps",
  setupGuide: () => [
    "Sign in to Meta for Developers and create a Business app.",
    "Add the Facebook Login for Business product.",
    "Request the pages_manage_posts and pages_read_engagement permissions.",
    "Complete App Review before connecting a Page.",
  ],
  rules: {
    maxLength: 63206,
    countLength: codePointLength,
    composeText: composeWithHashtags,
    images: { types: ["image/jpeg", "image/png", "image/gif"], maxBytes: 5 * 1024 * 1024, maxCount: 1, required: false },
    dailyCap: null,
  },
});
