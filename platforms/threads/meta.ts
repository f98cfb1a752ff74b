// Threads' rules, pure: 500 characters where an emoji counts as its UTF-8 byte length (the
// Threads posts documentation says so), JPEG or PNG images up to 8 MB (a GIF is sent as a JPEG of
// its first frame, decision 129), only the first #tag
// becomes a topic tag, 250 API-published posts per profile per 24 hours. Sources in
// docs/decisions/140 (developers.facebook.com/docs/threads/posts, /threads/overview).
import { composeWithHashtags, defineMeta, graphemeLength } from "../shared/meta.ts";
const encoder = new TextEncoder();

/** Length as Threads counts it: one per character, an emoji as its UTF-8 bytes. */
export const threadsLength = (text: string): number =>
  graphemeLength(text, (grapheme) => (/\p{Extended_Pictographic}/u.test(grapheme) ? encoder.encode(grapheme).length : 1));

export const threadsMeta = defineMeta({
  id: "threads",
  label: "Threads",
  color: "#000000",
  iconPath:
    "M16.7 11.1l-.3-.1c-.2-3-1.8-4.7-4.6-4.7h-.1c-1.6 0-3 .7-3.9 2l1.5 1.1c.7-1 1.7-1.2 2.4-1.2 1 0 1.7.3 2.2.9.4.4.6 1 .7 1.8-.8-.1-1.7-.2-2.6-.1-2.6.1-4.3 1.7-4.2 3.8.1 1.1.6 2 1.5 2.6.8.5 1.8.8 2.8.7 1.4-.1 2.5-.6 3.2-1.6.6-.7.9-1.7 1-2.9.7.4 1.2 1 1.4 1.6.5 1.1.5 2.9-1 4.4-1.3 1.3-2.8 1.8-5.2 1.8-2.6 0-4.6-.9-5.9-2.5-1.2-1.6-1.9-3.8-1.9-6.6s.6-5 1.9-6.6c1.3-1.6 3.3-2.4 5.9-2.4s4.7.8 6 2.5c.7.8 1.2 1.8 1.5 3l1.8-.5c-.4-1.5-1-2.7-1.8-3.8-1.7-2-4.2-3-7.6-3-3.3 0-5.8 1-7.4 3.1-1.5 1.9-2.2 4.5-2.2 7.6s.7 5.7 2.2 7.6c1.6 2.1 4.1 3.1 7.4 3.1 2.9 0 4.9-.8 6.6-2.4 2.2-2.2 2.1-5 1.4-6.6-.5-1.2-1.5-2.1-2.5-2.6Zm-4.9 4.6c-1.1.1-2.2-.4-2.3-1.4 0-.8.6-1.6 2.4-1.7h.6c.7 0 1.3.1 1.9.2-.2 2.5-1.5 2.9-2.6 2.9Z",
  setupUrl: "https://developers.facebook.com/apps",
  setupGuide: (callbackUrl) => [
    'In Meta for Developers, create an app with the "Access the Threads API" use case.',
    "Add the threads_basic and threads_content_publish permissions.",
    `Add ${callbackUrl} as a redirect callback URL.`,
    "Put the Threads app ID and secret in the server configuration (THREADS_CLIENT_ID, THREADS_CLIENT_SECRET).",
    "Click Connect below and approve access on Threads.",
  ],
  connect: "oauth",
  rules: {
    maxLength: 500,
    countLength: threadsLength,
    composeText: composeWithHashtags,
    images: { types: ["image/jpeg", "image/png"], maxBytes: 8 * 1024 * 1024, maxCount: 1, required: false, sentAsJpeg: ["image/gif"], altText: true },
    dailyCap: 250,
    hashtagCap: 1,
  },
});

/** The sandbox's registered app (test/fakes): not secrets, they only exist locally. */
export const THREADS_SANDBOX_CLIENT = { clientId: "sandbox-threads-client", clientSecret: "sandbox-threads-secret" } as const;
