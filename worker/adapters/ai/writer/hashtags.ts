// Writer step "hashtags" (decision 186): a post's tags are topics of the post itself (the brief's
// subjects as the brand writes them, names and recurring phrases of the brain) and the brand's own
// tag, within each network's cap (fit.ts); never the industry field, a generic word, an amount or a
// date, and never a fragment of a name.
import { toHashtag } from "../post-limits";
import { keyphrases } from "../local/text";
import type { GeneratePostsInput } from "../types";
import type { BriefSubject } from "./brief";
import { stemSet as stemsOf } from "./plan";
import { sentenceTexts, tokens } from "../../../text/nlp";
import { GENERIC_HEADS } from "../../../text/noun-phrase";
import { STOPWORDS, words } from "../../../text/tokenize";

export const MONTHS_AND_DAYS =
  /^(?:january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?$/i;

/** Words written with a capital inside a sentence anywhere in the text (names), lower-case. */
export function namesIn(text: string): Set<string> {
  const names = new Set<string>();
  for (const s of sentenceTexts(text)) for (const t of tokens(s).slice(1)) if (/^\p{Lu}/u.test(t.text)) names.add(t.lower);
  return names;
}

/** Whether `phrase` occurs as whole words in `text` (a final plural "s" allowed either way). */
function occursIn(phrase: string, text: string): boolean {
  const w = words(phrase).map((x) => x.replace(/s$/, ""));
  if (!w.length) return false;
  const t = words(text).map((x) => x.replace(/s$/, ""));
  for (let i = 0; i + w.length <= t.length; i++) if (w.every((x, k) => t[i + k] === x)) return true;
  return false;
}

const GENERIC_TAG =
  /^(?:other|general|misc|miscellaneous|n\/?a|none|business|company|services?|products?|prices?|costs?|fees?|details|facts|info|information|news|updates?)$/i;

/** Where a topic tag comes from: the brief's subjects, the brain's key phrases, or the brand itself. */
type TopicSource = "brief" | "brain" | "brand";

/**
 * Hashtag candidates that are topics: the brief's subjects as the brand writes them, names, and
 * multi-word phrases that recur in what the brain knows, the industry and the brand. A name that
 * is the tail of a longer one ("Type II" of "SOC 2 Type II") or follows "from"/"than"/"or"
 * (a competitor: "migration from Datadog") is no tag of the brand.
 */
export function topicTags(
  input: GeneratePostsInput,
  subjects: BriefSubject[],
  brainText: string,
): { tags: string[]; stems: Set<string>[]; sources: TopicSource[] } {
  const tags: string[] = [];
  const stems: Set<string>[] = [];
  const sources: TopicSource[] = [];
  const keys: string[] = [];
  let source: TopicSource = "brief";
  const add = (phrase: string) => {
    const ws = phrase.split(/\s+/);
    // Amounts and times are no topics ("#MillionPounds", "#TwoWeeks").
    const last = ws.at(-1)!.toLowerCase();
    if (
      ws.length > 3 ||
      MONTHS_AND_DAYS.test(phrase) ||
      GENERIC_TAG.test(phrase) ||
      GENERIC_HEADS.has(last) ||
      ws.some((w) => /^(?:million|billion|thousand|hundred)$/i.test(w))
    )
      return;
    const t = toHashtag(phrase);
    const key = [...stemsOf(phrase)].sort().join(" ");
    if (!t || !key || keys.includes(key)) return; // "#CargoBike" and "#CargoBikes" are one topic
    tags.push(t);
    keys.push(key);
    stems.push(stemsOf(phrase));
    sources.push(source);
  };
  const lowerBrain = brainText.toLowerCase();
  // The brief's subjects, in the longest form the brain uses ("Saturday cinnamon buns" -> "cinnamon buns").
  for (const s of subjects) {
    const ws = s.label.split(/\s+/);
    for (let k = 0; k < ws.length; k++) {
      const tail = ws.slice(k).join(" ");
      if (occursIn(tail, brainText) && !STOPWORDS.has(tail.toLowerCase()) && !/^\d/.test(tail)) {
        add(tail);
        break;
      }
    }
  }
  source = "brain";
  for (const p of keyphrases(brainText, 16)) {
    const ws = p.text.split(" ");
    const name = ws.every((w) => /^[\p{Lu}\p{N}]/u.test(w)) && !ws.every((w) => MONTHS_AND_DAYS.test(w));
    if (name) {
      const at = lowerBrain.indexOf(p.text.toLowerCase());
      const before = at >= 0 ? brainText.slice(Math.max(0, at - 24), at) : "";
      if (/[\p{Lu}\p{N}][\p{L}\p{N}]*\s+$/u.test(before) && !/(?:^|[.!?]\s*)[\p{Lu}][\p{L}]*\s+$/u.test(before)) continue;
      if (/\b(?:from|than|unlike|versus|vs\.?|instead of|or|replacing|replace)\s+$/i.test(before)) continue;
      add(p.text);
    } else if (p.count >= 2 && ws.length >= 2 && !ws.some((w) => /(?:ly|ed)$/.test(w))) add(p.text);
  }
  // The brand's own tag; never the industry field (a category, not a topic of the post: decision 186).
  source = "brand";
  if (input.brand.name.trim()) add(input.brand.name.trim());
  return { tags, stems, sources };
}

/**
 * The tags of one post: the topics it says in full, in their order; a post no topic matches carries
 * the brand's own tag (the last candidate); at most `cap`.
 */
export function postTags(topics: { tags: string[]; stems: Set<string>[] }, postStems: Set<string>, cap: number): string[] {
  const ranked = topics.tags
    .map((t, k) => ({ t, k, hit: [...topics.stems[k]!].filter((x) => postStems.has(x)).length / Math.max(1, topics.stems[k]!.size) }))
    .filter((r) => r.hit === 1)
    .sort((a, b) => a.k - b.k);
  return (ranked.length ? ranked.map((r) => r.t) : topics.tags.slice(-1)).slice(0, cap);
}
