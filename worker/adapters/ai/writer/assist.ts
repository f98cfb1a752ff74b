// The post editor's helpers that need no model (decision 227): Shorten, Adapt to a
// network and Suggest hashtags, deterministic on every engine. Nothing is invented: Shorten keeps
// the draft's own sentences (dropping filler words and the last sentences), Adapt fits the draft to
// the network's length and hashtag cap (platforms/<id>/meta.ts), and hashtags are phrases of the
// draft itself that the brand's brain also uses, then the brand's name.
import type { Platform } from "../../../../schema/api/common";
import { sentenceTexts } from "../../../text/nlp";
import { keyphrases } from "../local/text";
import { publishedLength } from "../../../../schema/api/campaigns";
import { fitToPlatform, PLATFORM_LIMITS, toHashtag } from "../post-limits";
import { hashtagCap } from "./fit";

/** Words that add length and no meaning. */
const FILLER = /\s*\b(?:really|very|just|actually|basically|literally|truly|simply|quite|totally|absolutely)\b(?=\s)/gi;

/** A shorter draft: filler words out, then whole sentences from the end, to about 60% or the network's limit. */
export function shorten(content: string, hashtags: string[], platform: Platform): string {
  const text = content
    .replace(FILLER, "")
    .replace(/\s{2,}/g, " ")
    .trim();
  const target = Math.min(Math.ceil(content.trim().length * 0.6), PLATFORM_LIMITS[platform] - publishedLength("", hashtags));
  const sentences = sentenceTexts(text);
  const kept: string[] = [];
  for (const s of sentences) {
    if (kept.length && [...kept, s].join(" ").length > target) break;
    kept.push(s);
  }
  let out = kept.join(" ");
  // One long sentence: cut at the last clause boundary that fits, keeping a whole clause.
  if (out.length > target) {
    const cut = out.slice(0, target).search(/[,;–—-][^,;–—-]*$/);
    if (cut > 20) out = `${out.slice(0, cut).trim()}.`;
  }
  return out;
}

/** The draft fitted to a network: its hashtag cap, then its length as the network counts it. */
export function adapt(content: string, hashtags: string[], platform: Platform): { content: string; hashtags: string[] } {
  return fitToPlatform(content.trim(), hashtags.slice(0, hashtagCap(platform)), platform);
}

/** Topics of the draft itself that the brand's brain also uses, then the brand's name; within the network's cap. */
export function suggestHashtags(content: string, brand: { name: string }, brainText: string, platform: Platform): string[] {
  const brain = brainText.toLowerCase();
  const out: string[] = [];
  const add = (phrase: string) => {
    const tag = toHashtag(phrase);
    if (tag && !/^\d/.test(tag) && !out.some((t) => t.toLowerCase() === tag.toLowerCase())) out.push(tag);
  };
  const cap = Math.max(1, hashtagCap(platform));
  for (const p of keyphrases(content, 12)) {
    const n = p.text.split(" ").length;
    // A topic is a phrase (2-3 words) or a name as the draft capitalises it; a lone common word ("runs") is not.
    const at = content.toLowerCase().indexOf(p.text.toLowerCase());
    const name = n === 1 && at > 0 && /\p{Lu}/u.test(content.charAt(at)) && !/[.!?]\s*$/.test(content.slice(0, at));
    if (n > 3 || /\d/.test(p.text) || (n === 1 && !name)) continue;
    if (brain.includes(p.text.toLowerCase())) add(p.text);
  }
  // The brand's own tag always has its place, last.
  const topics = out.splice(0).slice(0, cap - 1);
  out.push(...topics);
  add(brand.name);
  return out.slice(0, cap);
}
