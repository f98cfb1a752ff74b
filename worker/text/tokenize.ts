// Small, dependency-free English text utilities shared by the local engine's embeddings and its
// extractive text functions. Deterministic by construction (no locale- or time-dependent calls).

/** A set of the words of a space-separated list (the engine's word lists). */
export const wordSet = (list: string): ReadonlySet<string> => new Set(list.trim().split(/\s+/));

export const STOPWORDS = wordSet(
  "a about above after again against all also am an and any are aren't as at be because been before being below " +
    "between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down during each " +
    "few for from further get gets got had hadn't has hasn't have haven't having he he'd he'll he's her here here's " +
    "hers herself him himself his how how's i i'd i'll i'm i've if in into is isn't it it's its itself just let's " +
    "me more most mustn't my myself no nor not now of off on once only or other ought our ours ourselves out over own " +
    "same shan't she she'd she'll she's should shouldn't so some such than that that's the their theirs them " +
    "themselves then there there's these they they'd they'll they're they've this those through to too under until " +
    "up upon us very was wasn't we we'd we'll we're we've were weren't what what's when when's where where's which " +
    "while who who's whom why why's will with won't would wouldn't you you'd you'll you're you've your yours yourself " +
    "yourselves via per etc e.g i.e yet may might must shall one ones every many much well even ever also really " +
    "does do like make makes made use uses used using way ways thing things lot lots can could would",
);

/** Lower-cased word tokens (letters, digits, inner apostrophes/hyphens kept). */
export function words(text: string): string[] {
  const out: string[] = [];
  const re = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;
  for (const m of text.toLowerCase().matchAll(re)) out.push(m[0].replace(/’/g, "'"));
  return out;
}

/** A light suffix-stripping stemmer: enough to match "brews"/"brewing"/"brewed" and "bottles"/"bottle". */
export function stem(w: string): string {
  let s = w.replace(/'s$/, "");
  if (s.length <= 3) return s;
  if (s.endsWith("ies") && s.length > 4) s = s.slice(0, -3) + "y";
  else if (s.endsWith("sses")) s = s.slice(0, -2);
  else if (s.endsWith("s") && !s.endsWith("ss") && !s.endsWith("us") && !s.endsWith("is")) s = s.slice(0, -1);
  if (s.length > 5 && s.endsWith("ing")) s = s.slice(0, -3);
  else if (s.length > 4 && s.endsWith("ed") && !s.endsWith("eed")) s = s.slice(0, -2);
  else if (s.length > 5 && s.endsWith("ly")) s = s.slice(0, -2);
  if (s.length > 4 && s.endsWith("e")) s = s.slice(0, -1);
  // Undouble a final consonant left by -ing/-ed ("shipping" -> "shipp" -> "ship").
  if (s.length > 3 && s[s.length - 1] === s[s.length - 2] && !/[aeiouls]/.test(s[s.length - 1]!)) s = s.slice(0, -1);
  return s;
}

/** 32-bit FNV-1a hash of a string (UTF-16 code units), used for feature hashing. */
export function fnv1a(s: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  // Final avalanche so low bits are well mixed before the modulo.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  return h >>> 0;
}

export function truncateWords(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const at = cut.lastIndexOf(" ");
  return (at > max * 0.5 ? cut.slice(0, at) : text.slice(0, max)).replace(/[\s,;:–—-]+$/, "");
}

/**
 * Splits text by words into pieces of at most `size` characters (a single longer word is cut).
 * Whitespace is collapsed to single spaces inside a piece.
 */
export function chunkByWords(text: string, size: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const out: string[] = [];
  let current = "";
  for (let word of words) {
    while (word.length > size) {
      if (current) {
        out.push(current);
        current = "";
      }
      out.push(word.slice(0, size));
      word = word.slice(size);
    }
    if (!word) continue;
    if (!current) current = word;
    else if (current.length + 1 + word.length <= size) current += " " + word;
    else {
      out.push(current);
      current = word;
    }
  }
  if (current) out.push(current);
  return out;
}
