// X counts a post by its own rules (weighted length: URLs 23, CJK and emoji 2, most Latin text 1),
// so a draft is measured with X's own `twitter-text` library, on the text exactly as it will be
// sent: the content, then a blank line and the hashtags it does not already contain, joined by
// spaces (the same join as composePostText in worker/services/publishing.ts).
import twitter from "twitter-text";

export const X_MAX_WEIGHTED_LENGTH = 280;

/** The text published for a post (content + hashtags not already in it). */
export function textAsSent(content: string, hashtags: string[]): string {
  const lower = content.toLowerCase();
  const tags = hashtags
    .map((h) => h.replace(/^#+/, "").trim())
    .filter((h) => h && !lower.includes(`#${h.toLowerCase()}`))
    .map((h) => `#${h}`);
  return tags.length ? `${content.trim()}\n\n${tags.join(" ")}` : content.trim();
}

/** X's weighted length of the post as sent. */
export function xWeightedLength(content: string, hashtags: string[]): number {
  return twitter.parseTweet(textAsSent(content, hashtags)).weightedLength;
}

/** Whether X accepts the post as sent (weighted length within 280, no invalid characters). */
export function fitsX(content: string, hashtags: string[]): boolean {
  const r = twitter.parseTweet(textAsSent(content, hashtags));
  return r.valid && r.weightedLength <= X_MAX_WEIGHTED_LENGTH;
}
