// Extractive text analysis for the local engine: keyphrases, TextRank with a diversity (MMR) step,
// and cue-based classification of the brand's own sentences into insights. Nothing is invented:
// every output string is a phrase or sentence taken from the input (lightly trimmed).
import { analyse, sentenceTexts, type Token } from "./nlp";
import { cosine } from "../../../lib/cosine";
import { fnv1a, stem, STOPWORDS, truncateWords, words } from "./tokenize";

/** Verbs and fillers that make poor keyphrase words even though they are not stopwords. */
const WEAK = new Set(
  (
    "new best great good better help helps helping want wants need needs needed get gets getting give gives " +
    "take takes keep keeps go goes going come comes know knows see sees find finds look looks feel feels " +
    "think believe say says said tell told start started offer offers offering include includes including " +
    "provide provides providing create creates allow allows love loves today " +
    "just right able sure whether always never still already around across within without able first last " +
    "next every each another others something anything everything someone everyone people thing things lot " +
    "based top real truly simply easy easily fully completely perfect perfectly amazing awesome " +
    "share announce promote write post tell show highlight celebrate introduce invite remind explain describe " +
    "generate make talk focus feature"
  ).split(/\s+/),
);

export type Phrase = { text: string; key: string; score: number; count: number };

const PHRASE_POS = new Set(["ADJ", "NOUN", "PROPN"]);
const HEAD_POS = new Set(["NOUN", "PROPN"]);

function usable(t: Token): boolean {
  return (
    PHRASE_POS.has(t.pos) &&
    t.kind === "word" &&
    !t.stop &&
    !STOPWORDS.has(t.lower) &&
    !WEAK.has(t.lower) &&
    t.lower.length >= 2 &&
    !/^\d/.test(t.lower)
  );
}

/** Noun phrases of a sentence: runs of adjectives and nouns ending in a noun, at most 3 words. */
function nounPhrases(tokens: Token[]): Token[][] {
  const out: Token[][] = [];
  let run: Token[] = [];
  const flush = () => {
    while (run.length && !HEAD_POS.has(run[run.length - 1]!.pos)) run.pop();
    if (run.length > 3) run = run.slice(run.length - 3);
    while (run.length > 1 && run[0]!.pos === "ADJ" && run.length > 2) run = run.slice(1);
    if (run.length) out.push(run);
    run = [];
  };
  tokens.forEach((t, i) => {
    if (usable(t)) run.push(t);
    else flush();
    // A capitalised first word followed by a lower-case one is usually a capitalised verb or
    // common word ("Store beans", "Join our"), not a name ("Sunrise Blend"): drop it.
    if (i === 1 && run.length === 2 && /^\p{Lu}/u.test(run[0]!.text) && /^\p{Ll}/u.test(run[1]!.text)) run.shift();
  });
  flush();
  return out;
}

/**
 * Keyphrases: noun phrases (part-of-speech tagged by wink-nlp) scored by how often the phrase and
 * its words recur, with a bonus for multi-word phrases and proper nouns (product and brand names).
 */
export function keyphrases(text: string, limit = 10): Phrase[] {
  const sents = analyse(text);
  const wordFreq = new Map<string, number>();
  const phrases = new Map<string, { forms: Map<string, number>; count: number; proper: boolean; first: number }>();
  let position = 0;
  for (const s of sents) {
    for (const p of nounPhrases(s.tokens)) {
      const key = p.map((t) => stem(t.lemma)).join(" ");
      const form = p.map((t) => (t.pos === "PROPN" ? t.text : t.lower)).join(" ");
      for (const t of p) wordFreq.set(stem(t.lemma), (wordFreq.get(stem(t.lemma)) ?? 0) + 1);
      const cur = phrases.get(key) ?? { forms: new Map<string, number>(), count: 0, proper: false, first: position };
      cur.count++;
      cur.forms.set(form, (cur.forms.get(form) ?? 0) + 1);
      cur.proper ||= p.some((t) => t.pos === "PROPN");
      phrases.set(key, cur);
      position++;
    }
  }
  const list: Phrase[] = [...phrases.entries()].map(([key, p]) => {
    const keys = key.split(" ");
    const wordScore = keys.reduce((sum, k) => sum + Math.log2(1 + (wordFreq.get(k) ?? 1)), 0) / Math.sqrt(keys.length);
    const lengthBonus = keys.length === 1 ? 1 : keys.length === 2 ? 1.35 : 1.2;
    const score = (p.count * 0.8 + wordScore) * lengthBonus * (p.proper ? 1.25 : 1) * (1 + 0.15 / (1 + p.first / 10));
    const text = [...p.forms.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
    return { text, key, score, count: p.count };
  });
  list.sort((a, b) => b.score - a.score || a.key.localeCompare(b.key));
  // Drop phrases that overlap a better one word-for-word ("brew kit" after "cold brew kit").
  const chosen: Phrase[] = [];
  for (const p of list) {
    const pw = p.key.split(" ");
    const overlaps = chosen.some((c) => {
      const cw = c.key.split(" ");
      return ` ${c.key} `.includes(` ${p.key} `) || ` ${p.key} `.includes(` ${c.key} `) || pw.filter((w) => cw.includes(w)).length >= Math.min(pw.length, cw.length, 2);
    });
    if (overlaps) continue;
    chosen.push(p);
    if (chosen.length >= limit) break;
  }
  return chosen;
}

/** Bag-of-stems vector used for sentence similarity inside TextRank. */
function sentenceVector(s: string, dim = 512): Float32Array {
  const v = new Float32Array(dim);
  for (const w of words(s)) {
    if (STOPWORDS.has(w) || w.length < 2) continue;
    v[fnv1a(stem(w)) % dim]! += 1;
  }
  return v;
}

export type RankedSentence = { text: string; score: number; index: number };

/**
 * TextRank over sentences (cosine similarity graph, PageRank with damping 0.85), then an MMR step
 * that trades score for novelty so the picked sentences do not repeat each other.
 */
export function textRank(sents: string[], pick: number, lambda = 0.7): RankedSentence[] {
  const n = sents.length;
  if (n === 0) return [];
  const vecs = sents.map((s) => sentenceVector(s));
  const sim: number[][] = vecs.map((a, i) => vecs.map((b, j) => (i === j ? 0 : cosine(a, b))));
  let score = new Array<number>(n).fill(1 / n);
  const outSum = sim.map((row) => row.reduce((x, y) => x + y, 0));
  for (let iter = 0; iter < 40; iter++) {
    const next = new Array<number>(n).fill((1 - 0.85) / n);
    for (let j = 0; j < n; j++) {
      if (outSum[j] === 0) continue;
      for (let i = 0; i < n; i++) if (sim[j]![i]! > 0) next[i]! += (0.85 * score[j]! * sim[j]![i]!) / outSum[j]!;
    }
    score = next;
  }
  // Slight preference for earlier sentences (lead bias) and for sentences of a readable length.
  const adjusted = score.map((s, i) => {
    const len = sents[i]!.length;
    const lenFactor = len < 40 ? 0.6 : len > 300 ? 0.8 : 1;
    return s * lenFactor * (1 + 0.3 / (1 + i));
  });
  const max = Math.max(...adjusted) || 1;
  const chosen: number[] = [];
  const remaining = new Set(sents.map((_, i) => i));
  while (chosen.length < Math.min(pick, n)) {
    let best = -1;
    let bestVal = -Infinity;
    for (const i of remaining) {
      const redundancy = chosen.length ? Math.max(...chosen.map((c) => sim[i]![c]!)) : 0;
      const val = lambda * (adjusted[i]! / max) - (1 - lambda) * redundancy;
      if (val > bestVal || (val === bestVal && i < best)) {
        bestVal = val;
        best = i;
      }
    }
    chosen.push(best);
    remaining.delete(best);
  }
  return chosen.map((i) => ({ text: sents[i]!, score: adjusted[i]! / max, index: i }));
}

export type InsightKind = "goal" | "audience" | "brand_trait" | "feature" | "social_hook";

/** Spec section 9: insight confidences by type. */
export const INSIGHT_CONFIDENCE: Record<InsightKind, number> = {
  goal: 0.9,
  audience: 0.85,
  brand_trait: 0.95,
  feature: 0.8,
  social_hook: 0.75,
};

const CUES: Record<InsightKind, RegExp[]> = {
  goal: [
    /\b(mission|goal|goals|aim|aims|vision|purpose|strive|striving|committed to|commitment|dedicated to|on a mission|we want to|our aim|ambition|by 20\d\d|pledge)\b/i,
    /\b(we help|helping|to help|to make|to bring|to give|to empower|empower|so that|in order to)\b/i,
  ],
  audience: [
    /\b(designed for|built for|made for|created for|perfect for|ideal for|for anyone|for people|for those|people who|anyone who|those who|customers?|clients?|audience|community|users?)\b/i,
    /\b(busy|small business(?:es)?|owners?|parents|families|teams|professionals|students|developers|marketers|beginners|athletes|runners|travell?ers|commuters|millennials|gen z|creators|freelancers|startups|enthusiasts|lovers|fans|shoppers|homeowners|pet owners)\b/i,
  ],
  brand_trait: [
    /\b(we are|we're|our (?:voice|tone|brand|personality|values?|culture|style)|at heart|we believe|we care|we value|values)\b/i,
    /\b(friendly|bold|playful|honest|transparent|sustainab\w*|authentic|warm|premium|quirky|trusted|reliable|innovative|eco-friendly|ethical|independent|family-owned|handmade|handcrafted|artisan\w*|local|organic|fair[- ]trade|inclusive|fun|caring|responsible|craft|simple|minimal\w*)\b/i,
  ],
  feature: [
    /\b(features?|includes?|including|comes with|built-in|integrat\w+|supports?|dashboard|lets you|allows you|automatic\w*|made from|made with|ingredients?|powered by|available in|offers?|provides?|delivers?|tracks?|syncs?|certified|warranty|subscription|free shipping|plans?|pricing)\b/i,
    /\b\d+(?:[.,]\d+)?\s?(?:%|percent|hours?|days?|minutes?|mins?|mg|ml|g|kg|oz|lbs?|gb|tb|x|times|\$|€|£)|[$€£]\s?\d/i,
  ],
  social_hook: [
    /\?|\b(did you know|imagine|ever wondered|secret|surprising|behind the scenes|fun fact|story|challenge|tip|tips|hack|myth|why we|what if|join|share your|tag a friend|giveaway|launch\w*|limited|exclusive)\b/i,
    /!|\b(every|each|first|only|record|award\w*|winning|favo(?:u)?rite|loved by|\d[\d,]*\s+(?:customers|people|fans|members|cups|bottles|trees|miles))\b/i,
  ],
};

function cueScore(sentence: string, kind: InsightKind): number {
  let s = 0;
  for (const re of CUES[kind]) if (re.test(sentence)) s += 1;
  return s;
}

export type ExtractedInsight = { type: InsightKind; content: string; confidence: number };

/**
 * Insights from the brand's sentences: each sentence is scored against cue patterns of every type
 * and assigned to its best type; each type keeps its best (at most `perType`) sentences, ties
 * broken by TextRank centrality so the most representative statements win.
 */
export function extractInsights(texts: string | string[], perType = 2): ExtractedInsight[] {
  const sents = (typeof texts === "string" ? [texts] : texts)
    .flatMap((t) => completeSentences(t)).filter((s) => s.length >= 25 && words(s).length >= 5);
  if (sents.length === 0) return [];
  const ranked = new Map(textRank(sents, sents.length, 1).map((r) => [r.index, r.score]));
  const kinds = Object.keys(INSIGHT_CONFIDENCE) as InsightKind[];
  const buckets = new Map<InsightKind, { text: string; score: number }[]>(kinds.map((k) => [k, []]));
  sents.forEach((s, i) => {
    let best: InsightKind | null = null;
    let bestScore = 0;
    for (const k of kinds) {
      const c = cueScore(s, k);
      if (c > bestScore) {
        best = k;
        bestScore = c;
      }
    }
    if (best) buckets.get(best)!.push({ text: s, score: bestScore + (ranked.get(i) ?? 0) });
  });
  const out: ExtractedInsight[] = [];
  for (const k of kinds) {
    const list = buckets.get(k)!.sort((a, b) => b.score - a.score);
    for (const item of list.slice(0, perType)) {
      out.push({ type: k, content: truncateWords(item.text, 280), confidence: INSIGHT_CONFIDENCE[k] });
    }
  }
  return out;
}

/**
 * Sentences that are whole: a text cut to a fixed length (the spec cuts documents at 1000 and 2000
 * characters) starts or ends mid-sentence, and those fragments must not be quoted as brand facts.
 */
export function completeSentences(text: string): string[] {
  const all = sentenceTexts(text);
  return all.filter((s, i) => {
    if (i === 0 && /^[\p{Ll}]/u.test(s)) return false;
    if (i === all.length - 1 && all.length > 1 && !/[.!?…"”')\]]$/.test(s) && words(s).length > 6) return false;
    return true;
  });
}

export function titleCase(phrase: string): string {
  return phrase
    .split(/\s+/)
    .map((w) => (w === w.toLowerCase() ? w.charAt(0).toUpperCase() + w.slice(1) : w))
    .join(" ");
}

/** Sentences of a text that contain all stems of a phrase (for topic descriptions). */
export function sentenceContaining(text: string, key: string): string | undefined {
  const need = key.split(" ");
  return completeSentences(text).find((s) => {
    const have = new Set(words(s).map(stem));
    return need.every((k) => have.has(k));
  });
}
