// Mastodon's rules, pure: each instance sets its own limits (GET /api/v2/instance, stored on the
// account when it connects): max_characters (500 by default), max_media_attachments (4),
// supported MIME types and image_size_limit (16 MB on 4.x; a larger image is shrunk to fit the
// account's server, decision 128). Length is counted as Mastodon's
// StatusLengthValidator does: grapheme clusters, every URL as characters_reserved_per_url (23)
// and a remote mention "@user@domain" as "@user". Sources in docs/decisions/140.
import { composeWithHashtags, defineMeta } from "../shared/meta.ts";
export type MastodonLimits = {
  maxCharacters: number;
  maxMediaAttachments: number;
  charactersReservedPerUrl: number;
  supportedMimeTypes: string[];
  imageSizeLimit: number;
};

export const MASTODON_DEFAULT_LIMITS: MastodonLimits = {
  maxCharacters: 500,
  maxMediaAttachments: 4,
  charactersReservedPerUrl: 23,
  supportedMimeTypes: ["image/jpeg", "image/png", "image/gif", "image/webp"],
  imageSizeLimit: 16 * 1024 * 1024,
};

const graphemes = (s: string) => {
  let n = 0;
  for (const _ of new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(s)) n++;
  return n;
};

/** Length as the instance counts it. */
export function mastodonLength(text: string, reservedPerUrl = 23): number {
  let urls = 0;
  const rest = text
    .replace(/https?:\/\/[^\s<>"]+/g, () => {
      urls++;
      return "";
    })
    .replace(/(^|[^\w/])@([a-zA-Z0-9_]+)@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}/g, "$1@$2");
  return graphemes(rest) + urls * reservedPerUrl;
}

export const mastodonMeta = defineMeta({
  id: "mastodon",
  label: "Mastodon",
  color: "#6364FF",
  iconPath:
    "M21.3 7.9c0-4.2-2.8-5.5-2.8-5.5-1.4-.6-3.8-.9-6.3-.9h-.1c-2.5 0-4.9.3-6.3.9 0 0-2.8 1.3-2.8 5.5v3.3c.1 4 .7 7.9 4.4 8.9 1.7.5 3.2.6 4.3.5 2.2-.1 3.4-.8 3.4-.8l-.1-1.6s-1.5.5-3.3.4c-1.7-.1-3.5-.2-3.8-2.3v-.6s1.7.4 3.8.5c1.3.1 2.5-.1 3.7-.2 2.4-.3 4.4-1.7 4.7-3 .4-2.1.4-5.1.4-5.1Zm-3.2 5.3h-2V8.4c0-1-.4-1.5-1.3-1.5-1 0-1.4.6-1.4 1.8v2.6h-2V8.7c0-1.2-.5-1.8-1.4-1.8-.9 0-1.3.5-1.3 1.5v4.8H6.6V8.2c0-1 .3-1.8.8-2.4.5-.6 1.2-.9 2.1-.9 1 0 1.8.4 2.3 1.2l.5.8.5-.8c.5-.8 1.3-1.2 2.3-1.2.9 0 1.6.3 2.1.9.5.6.8 1.4.8 2.4v5Z",
  setupUrl: "https://joinmastodon.org/servers",
  setupGuide: () => [
    "Have an account on any Mastodon server (for example mastodon.social or your own).",
    "Click Connect below and type the server's address.",
    "Brandpilot registers itself on that server the first time (nothing to set up by hand) and sends you to its sign-in page.",
    "Approve access; posts then follow that server's own character limit and image rules.",
  ],
  connect: "instance",
  connectFields: [
    {
      name: "instance",
      label: "Your Mastodon server",
      placeholder: "mastodon.social",
      autoComplete: "url",
      help: "The address of the server your account lives on.",
      requiredMessage: "Enter your Mastodon server's address, for example mastodon.social",
    },
  ],
  rules: {
    maxLength: MASTODON_DEFAULT_LIMITS.maxCharacters,
    countLength: (text: string) => mastodonLength(text),
    // Each instance sets its own limit (stored with the account when it connects).
    accountMaxLength: (meta) => (typeof meta?.maxCharacters === "number" && meta.maxCharacters > 0 ? meta.maxCharacters : null),
    composeText: composeWithHashtags,
    // A server may set a lower image_size_limit than the default (stored with the account): a
    // larger image is sent as a JPEG copy shrunk to that server's limit (decision 128).
    images: {
      types: ["image/jpeg", "image/png", "image/gif"],
      maxBytes: MASTODON_DEFAULT_LIMITS.imageSizeLimit,
      maxCount: 4,
      required: false,
      shrinkToFit: true,
      altText: true,
    },
    // Mastodon takes a file "less than" image_size_limit: the largest accepted is one byte less.
    accountImageMaxBytes: (meta) => (typeof meta?.imageSizeLimit === "number" && meta.imageSizeLimit > 1 ? meta.imageSizeLimit - 1 : null),
    dailyCap: null,
    hashtagCap: 3,
  },
});
