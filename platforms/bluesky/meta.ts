// Bluesky's rules, pure (browser and Worker): 300 graphemes and 3,000 UTF-8 bytes of text, up
// to 4 images of at most 1,000,000 bytes each (a larger upload is sent as a JPEG copy shrunk to
// fit, decision 126), hashtags become tag facets (joined with a space),
// and a daily cap well inside the documented createRecord points budget. Sources in
// docs/decisions/140-five-more-networks.md (lexicons app.bsky.feed.post, app.bsky.embed.images;
// docs.bsky.app rate limits).
import { composeWithHashtags, defineMeta, graphemeLength } from "../shared/meta.ts";

const encoder = new TextEncoder();
export const utf8Length = (s: string) => encoder.encode(s).length;

export const blueskyMeta = defineMeta({
  id: "bluesky",
  label: "Bluesky",
  color: "#1185FE",
  iconPath:
    "M12 10.8c-1.1-2.1-4-6.1-6.8-8C2.6.9 1.6 1.3.9 1.6.1 1.9 0 3.1 0 3.8s.4 5.7.6 6.5c.8 2.7 3.7 3.7 6.4 3.4-3.9.6-7.4 2-2.8 7.1 5 5.2 6.9-1.1 7.8-4.3.9 3.2 2 9.3 7.7 4.3 4.3-4.3 1.2-6.5-2.7-7.1 2.7.3 5.6-.7 6.4-3.4.2-.8.6-5.8.6-6.5s-.1-1.9-.9-2.2c-.7-.3-1.7-.6-4.3 1.2-2.8 2-5.7 5.9-6.8 8Z",
  setupUrl: "https://bsky.app/settings/app-passwords",
  setupGuide: () => [
    "Sign in to Bluesky and open Settings → Privacy and security → App passwords.",
    'Create an app password named "Brandpilot" (leave direct messages off).',
    "Click Connect below and enter your handle (for example yourbrand.bsky.social) and that app password.",
    "Brandpilot keeps only the session it gets back, encrypted; you can revoke the app password at any time.",
  ],
  connect: "app-password",
  connectFields: [
    { name: "identifier", label: "Handle", placeholder: "yourbrand.bsky.social", autoComplete: "username", requiredMessage: "Enter your handle" },
    {
      name: "password",
      label: "App password",
      type: "password",
      placeholder: "xxxx-xxxx-xxxx-xxxx",
      help: "Create one in Bluesky under Settings → Privacy and security → App passwords.",
      requiredMessage: "Enter an app password",
    },
  ],
  rules: {
    maxLength: 300,
    // Graphemes, Bluesky's unit of length.
    countLength: (text) => graphemeLength(text),
    composeText: composeWithHashtags,
    images: { types: ["image/jpeg", "image/png", "image/gif"], maxBytes: 1_000_000, maxCount: 4, required: false, shrinkToFit: true, altText: true },
    dailyCap: 1000,
    hashtagCap: 3,
  },
});
