// LinkedIn: listed on Social Connect with its setup guide; connecting shows the spec's placeholder
// toast until the network has an adapter (issue 12).
import { codePointLength, composeWithHashtags, defineMeta } from "../shared/meta.ts";

export const linkedinMeta = defineMeta({
  id: "linkedin",
  label: "LinkedIn",
  brand: "LinkedIn",
  selectLabel: "LinkedIn",
  color: "#0A66C2",
  iconPath:
    "M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5ZM3 9.5h4V21H3V9.5Zm6.5 0h3.8v1.6h.1c.5-1 1.8-2 3.7-2 4 0 4.7 2.6 4.7 6V21h-4v-5.2c0-1.2 0-2.9-1.8-2.9s-2 1.4-2 2.8V21h-4V9.5Z",
  connect: "placeholder",
  setupUrl: "https://www.linkedin.com/developers/apps",
  setupGuide: () => [
    "Sign in to the LinkedIn Developer Portal and create an app linked to your company page.",
    'Request the "Share on LinkedIn" and "Sign In with LinkedIn" products.',
    "Add the redirect URL of this app in the Auth settings.",
  ],
  rules: {
    maxLength: 3000,
    countLength: codePointLength,
    composeText: composeWithHashtags,
    images: { types: ["image/jpeg", "image/png", "image/gif"], maxBytes: 5 * 1024 * 1024, maxCount: 1, required: false },
    dailyCap: null,
  },
});
