// The issue-23 quality checks, written independently of the writer's own helpers so they can
// judge it: a campaign's posts against its brand book and brief. Each count is a defect count
// except `onBrief` (posts naming the brief's subject). Posts of one message (same message_id)
// may share sentences; sentences repeated across messages count.
import type { QualityBrand, QualityBrief } from "../fixtures/writer/heldout";
import { NUMBER_WORDS } from "../../worker/text/number-words";

export type CheckedPost = { content: string; hashtags: string[]; platform: string; message_id?: string };

export type QualityCounts = {
  posts: number;
  messages: number;
  onBrief: number;
  internalNotes: number;
  labelEchoes: number;
  badHashtags: number;
  unsupportedFigures: number;
  pastedBriefs: number;
  repeatedSentences: number;
  /** Calls to action the brand book never offers ("Book a call with our team" on a yoga class). */
  stockCtas: number;
  /** What was counted, for the failure message. */
  findings: string[];
};

const lowerWords = (t: string) => t.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Lines of the book that are internal notes ("Brand voice: ...", "Content pillars: ..."). */
const INTERNAL_LABEL =
  /^(?:brand voice|voice|tone(?: of voice)?|style|content pillars|pillars|audience|target audience|goals?(?: for [^:]{1,30})?|competitors?|positioning)\s*:/i;

function internalLines(book: string): string[] {
  return book
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => INTERNAL_LABEL.test(l));
}

/** Labels the book writes at a line start ("Referral programme:"), lower-case. */
function bookLabels(book: string): string[] {
  return book
    .split("\n")
    .map((l) =>
      l
        .trim()
        .match(/^([\p{L}][\p{L} &'-]{1,40}):\s/u)?.[1]
        ?.toLowerCase(),
    )
    .filter((x): x is string => !!x);
}

function longestSharedRun(a: string[], b: string[]): number {
  let best = 0;
  for (let i = 0; i < a.length; i++)
    for (let j = 0; j < b.length; j++) {
      let n = 0;
      while (i + n < a.length && j + n < b.length && a[i + n] === b[j + n]) n++;
      if (n > best) best = n;
    }
  return best;
}

/** The figures a text states: digits (commas dropped), and number words as digits. */
export function figuresIn(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\d[\d,]*(?:\.\d+)?/g)) out.push(m[0].replace(/,/g, "").replace(/\.0+$/, ""));
  for (const w of lowerWords(text)) if (NUMBER_WORDS[w]) out.push(String(NUMBER_WORDS[w]));
  return out;
}

/** Sentences of a post, as lower-case word keys of 4 words or more. */
function sentenceKeys(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => lowerWords(s).join(" "))
    .filter((s) => s.split(" ").length >= 4);
}

/** Capitalised multi-word names in the book ("Back Care Yoga", "Priya Raman"). */
function multiWordNames(text: string): string[][] {
  const out: string[][] = [];
  for (const m of text.matchAll(/\p{Lu}[\p{L}'-]*(?:\s+(?:&\s+)?\p{Lu}[\p{L}'-]*)+/gu)) out.push(m[0].split(/\s+/).filter((w) => w !== "&"));
  return out;
}

const tagKey = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

/** Why a hashtag is wrong for this post, or null: the industry field, a fragment of a name, or a person not in the post. */
export function hashtagDefect(tag: string, post: string, brand: QualityBrand): string | null {
  const key = tagKey(tag);
  const industry = brand.industry.trim();
  if (industry && (key === tagKey(industry) || industry.split(/\s+/).some((w) => w.length > 3 && tagKey(w) === key))) return "industry field";
  for (const person of brand.people) {
    if (key === tagKey(person) && !post.toLowerCase().includes(person.toLowerCase())) return "a person the post is not about";
    if (person.split(/\s+/).some((w) => tagKey(w) === key)) return "a fragment of a person's name";
  }
  // Words the brand also uses as ordinary words (in its public lines or its description) are topics.
  const publicText = [...brand.book.split("\n").filter((l) => !INTERNAL_LABEL.test(l.trim())), brand.description].join("\n");
  const ordinary = new Set(lowerWords(publicText.replace(/\p{Lu}[\p{L}'-]*(?:\s+(?:&\s+)?\p{Lu}[\p{L}'-]*)+/gu, " ")));
  for (const name of [...multiWordNames(brand.book), brand.name.split(/\s+/).filter((w) => w !== "&")]) {
    if (name.length < 2 || tagKey(name.join("")) === key) continue;
    // One word of a longer name, used as a tag on its own ("#Back" of "Back Care Yoga").
    if (name.some((w) => tagKey(w) === key) && !ordinary.has(key)) return "a fragment of a name";
  }
  return null;
}

/** A sentence that is an invitation: an imperative of the usual calls to action, or "Questions? ...". */
const CTA_START =
  /^(?:questions\?|book|call|contact|share|visit|join|enquire|reserve|try|tag|tell us|come|ask|send|learn|read|find out|get in touch|explore|discover|compare|see for|let'?s talk|say hello|we'?d love|we look forward)/i;

/** Every defect the checks count, at zero: what a campaign without a defect measures. */
export const NO_DEFECTS = {
  internalNotes: 0,
  labelEchoes: 0,
  badHashtags: 0,
  unsupportedFigures: 0,
  pastedBriefs: 0,
  repeatedSentences: 0,
  stockCtas: 0,
} as const;

const noCounts = (): QualityCounts => ({ posts: 0, messages: 0, onBrief: 0, ...NO_DEFECTS, findings: [] });

/** Counts the defects over one campaign. */
export function checkCampaign(posts: CheckedPost[], brand: QualityBrand, brief: QualityBrief): QualityCounts {
  const findings: string[] = [];
  const internal = internalLines(brand.book);
  const labels = bookLabels(brand.book);
  const supported = new Set(figuresIn(`${brand.book}\n${brand.description}\n${brief.prompt}`));
  const briefWords = lowerWords(brief.prompt);
  const pasteRun = Math.min(8, Math.max(4, briefWords.length - 1));
  const sentenceMessage = new Map<string, string>();
  const messages = new Set<string>();
  const counts: QualityCounts = { ...noCounts(), posts: posts.length, findings };
  posts.forEach((p, i) => {
    const message = p.message_id ?? `post-${i}`;
    messages.add(message);
    const text = p.content;
    const words = lowerWords(text);
    if (brief.subject.test(text)) counts.onBrief++;
    else findings.push(`off brief: ${text}`);
    // An internal note: its label, or 5 of its words in a row (the label itself not counted).
    if (
      internal.some((line) => longestSharedRun(words, lowerWords(line.replace(INTERNAL_LABEL, ""))) >= 5) ||
      /\b(?:brand voice|content pillars|target audience)\b/i.test(text)
    ) {
      counts.internalNotes++;
      findings.push(`internal note: ${text}`);
    }
    // A label as a sentence start in the post ("Referral programme: recommend ..."), or the hook
    // naming a phrase that the next sentence opens with as a label ("A note on X. X: ...").
    const sentences = text.split(/(?<=[.!?])\s+|\n+/);
    const echo = sentences.some((s, k) => {
      const label = s
        .trim()
        .match(/^([\p{L}][\p{L} &'-]{1,40}):\s/u)?.[1]
        ?.toLowerCase();
      if (!label) return false;
      return labels.includes(label) || (k > 0 && sentences[k - 1]!.toLowerCase().includes(label));
    });
    if (echo) {
      counts.labelEchoes++;
      findings.push(`label echo: ${text}`);
    }
    for (const tag of p.hashtags) {
      const why = hashtagDefect(tag, text, brand);
      if (why) {
        counts.badHashtags++;
        findings.push(`#${tag}: ${why}`);
      }
    }
    const unsupported = figuresIn(text).filter((f) => !supported.has(f));
    if (unsupported.length) {
      counts.unsupportedFigures++;
      findings.push(`unsupported ${unsupported.join(", ")}: ${text}`);
    }
    if (longestSharedRun(words, briefWords) >= pasteRun) {
      counts.pastedBriefs++;
      findings.push(`pasted brief: ${text}`);
    }
    // The brief's ask said to the reader ("book their service" -> "Book your service") is the brand's own.
    const reader = (ws: string[]) => ws.map((w) => (w === "their" ? "your" : w === "them" || w === "they" ? "you" : w));
    const bookWords = reader(lowerWords(`${brand.book}\n${brief.prompt}`));
    const stock = sentences.filter((s) => CTA_START.test(s.trim()) && longestSharedRun(reader(lowerWords(s)), bookWords) < 4);
    if (stock.length) {
      counts.stockCtas++;
      findings.push(`stock call to action: ${stock.join(" | ")}`);
    }
    for (const key of new Set(sentenceKeys(text))) {
      const at = sentenceMessage.get(key);
      if (at !== undefined && at !== message) {
        counts.repeatedSentences++;
        findings.push(`repeated: ${key}`);
      } else sentenceMessage.set(key, message);
    }
  });
  counts.messages = messages.size;
  return counts;
}

/** Sums campaign counts (findings concatenated). */
export function sumCounts(all: QualityCounts[]): QualityCounts {
  const total = noCounts();
  for (const c of all) {
    for (const k of Object.keys(total) as (keyof QualityCounts)[]) {
      if (k === "findings") total.findings.push(...c.findings);
      else total[k] += c[k];
    }
  }
  return total;
}
