// Platform length limits for generated drafts, shared by both AI engines: a draft must be
// publishable as-is, so X's 280 characters count the " #tag" suffixes that publishing appends.
import type { Platform } from "../../../schema/api/common";
import { PLATFORM_METAS } from "../../../platforms/registry";
import { truncateWords } from "./local/tokenize";

/** Characters allowed per platform (the network's own limit, drafts capped at 3000); for X, hashtags appended as " #tag" count too. */
export const PLATFORM_LIMITS = Object.fromEntries(PLATFORM_METAS.map((m) => [m.id, Math.min(m.rules.maxLength, 3000)])) as Record<Platform, number>;

/** Length of a post as published: the content plus " #tag" for every hashtag. */
export function publishedLength(content: string, hashtags: string[]): number {
  return content.length + hashtags.reduce((n, t) => n + 2 + t.length, 0);
}

/** Turns a phrase into a hashtag: alphanumerics only, CamelCase, at most 24 characters. */
export function toHashtag(phrase: string): string | null {
  const parts = phrase.normalize("NFKD").replace(/[^\p{L}\p{N}\s]/gu, " ").trim().split(/\s+/).filter(Boolean);
  if (!parts.length) return null;
  // Keep names with inner capitals as written ("iOS"); capitalise plain words for CamelCase.
  const tag = parts.map((p) => (/\p{Lu}/u.test(p.slice(1)) ? p : p.charAt(0).toUpperCase() + p.slice(1))).join("");
  if (tag.length < 3 || tag.length > 24 || /^\d+$/.test(tag)) return null;
  return tag;
}

/** Fits content + hashtags within the platform limit: drops hashtags first (keeping one), then cuts the text. */
export function fitToPlatform(content: string, hashtags: string[], platform: Platform): { content: string; hashtags: string[] } {
  const limit = PLATFORM_LIMITS[platform];
  const tags = [...hashtags];
  while (tags.length > 1 && publishedLength(content, tags) > limit) tags.pop();
  let text = content;
  if (publishedLength(text, tags) > limit) {
    const room = limit - publishedLength("", tags) - 1;
    text = `${truncateWords(text, Math.max(20, room))}…`;
    if (publishedLength(text, tags) > limit) tags.length = 0;
    if (text.length > limit) text = `${text.slice(0, limit - 1)}…`;
  }
  return { content: text, hashtags: tags };
}

