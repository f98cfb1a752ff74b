// Platform length limits for generated drafts, shared by every AI engine: a draft must be
// publishable as-is, so it is measured by the network's own rules (platforms/validation.ts: a
// weighted length, graphemes, ...) on the text as publishing sends it, and never more
// than the " #tag" character count the schedule form checks.
import type { Platform } from "../../../schema/api/common";
import { PLATFORM_METAS } from "../../../platforms/registry";
import { truncateWords } from "../../text/tokenize";
import { measurePost } from "../../../platforms/validation";
import { publishedLength } from "../../../schema/api/campaigns";

/** Characters allowed per platform (the network's own limit, drafts capped at 3000); for X, hashtags appended as " #tag" count too. */
export const PLATFORM_LIMITS = Object.fromEntries(PLATFORM_METAS.map((m) => [m.id, Math.min(m.rules.maxLength, 3000)])) as Record<Platform, number>;

/** Turns a phrase into a hashtag: alphanumerics only, CamelCase, at most 24 characters. */
export function toHashtag(phrase: string): string | null {
  const parts = phrase
    .normalize("NFKD")
    .replace(/[^\p{L}\p{N}\s]/gu, " ")
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  if (!parts.length) return null;
  // Keep names with inner capitals as written ("iOS"); capitalise plain words for CamelCase.
  const tag = parts.map((p) => (/\p{Lu}/u.test(p.slice(1)) ? p : p.charAt(0).toUpperCase() + p.slice(1))).join("");
  if (tag.length < 3 || tag.length > 24 || /^\d+$/.test(tag)) return null;
  return tag;
}

/** Whether a post fits its platform as the platform counts it, on the text as it will be sent. */
export function fitsPlatform(content: string, hashtags: string[], platform: Platform): boolean {
  const measured = measurePost(platform, content, hashtags);
  return (!measured || measured.length <= measured.limit) && publishedLength(content, hashtags) <= PLATFORM_LIMITS[platform];
}

/** Fits content + hashtags within the platform limit: drops hashtags first (keeping one), then cuts the text. */
export function fitToPlatform(content: string, hashtags: string[], platform: Platform): { content: string; hashtags: string[] } {
  const tags = [...hashtags];
  while (tags.length > 1 && !fitsPlatform(content, tags, platform)) tags.pop();
  let text = content;
  if (!fitsPlatform(text, tags, platform)) {
    // Cut at a word, shorter and shorter, until the platform accepts it.
    let room = PLATFORM_LIMITS[platform] - publishedLength("", tags) - 1;
    while (room > 20 && !fitsPlatform(text, tags, platform)) {
      text = `${truncateWords(content, room)}…`;
      room -= 10;
    }
    if (!fitsPlatform(text, tags, platform)) tags.length = 0;
    while (text.length > 1 && !fitsPlatform(text, tags, platform)) text = `${text.slice(0, Math.floor(text.length * 0.9))}…`;
  }
  return { content: text, hashtags: tags };
}
