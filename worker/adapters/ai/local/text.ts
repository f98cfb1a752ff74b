// Extractive text analysis for the local engine: keyphrases, TextRank with a diversity (MMR) step,
// and cue-based classification of the brand's own sentences into insights. Nothing is invented:
// every output string is a phrase or sentence taken from the input (lightly trimmed).
import { cosine, fnv1a, rawWords, sentences, stem, STOPWORDS, truncateWords, words } from "./tokenize";

/** Verbs and fillers that make poor keyphrase words even though they are not stopwords. */
const WEAK = new Set(
  (
    "new best great good better help helps helping want wants need needs needed get gets getting give gives " +
    "take takes keep keeps go goes going come comes know knows see sees find finds look looks feel feels " +
    "think believe say says said tell told start started offer offers offering include includes including " +
    "provide provides providing create creates allow allows love loves day days year years time times today " +
    "just right able sure whether always never still already around across within without able first last " +
    "next every each another others something anything everything someone everyone people thing things lot " +
    "based top real truly simply easy easily fully completely perfect perfectly amazing awesome"
  ).split(/\s+/),
);

export type Phrase = { text: string; key: string; score: number; count: number };

function phraseCandidates(sentence: string): string[][] {
  const out: string[][] = [];
  // Break at punctuation first so phrases never span clauses.
  for (const clause of sentence.split(/[,.;:!?()"“”[\]{}|/–—]+|\s-\s/)) {
    let run: string[] = [];
    for (const w of rawWords(clause)) {
      const lw = w.toLowerCase();
      const bad = STOPWORDS.has(lw) || WEAK.has(lw) || lw.length < 3 || /^\d/.test(lw) || /ly$/.test(lw);
      if (bad) {
        if (run.length) out.push(run);
        run = [];
      } else run.push(w);
    }
    if (run.length) out.push(run);
  }
  const phrases: string[][] = [];
  for (const run of out) {
    if (run.length <= 3) phrases.push(run);
    else for (let i = 0; i + 3 <= run.length; i++) phrases.push(run.slice(i, i + 3));
  }
  return phrases;
}

/**
 * Keyphrases by a RAKE-like score: each word scores by how often it appears and how many phrase
 * neighbours it has; a phrase scores the sum of its words, boosted when it recurs.
 */
export function keyphrases(text: string, limit = 10): Phrase[] {
  const sents = sentences(text);
  const freq = new Map<string, number>();
  const degree = new Map<string, number>();
  const cands: string[][] = [];
  for (const s of sents) {
    for (const p of phraseCandidates(s)) {
      cands.push(p);
      for (const w of p) {
        const k = stem(w.toLowerCase());
        freq.set(k, (freq.get(k) ?? 0) + 1);
        degree.set(k, (degree.get(k) ?? 0) + p.length);
      }
    }
  }
  const byKey = new Map<string, Phrase & { forms: Map<string, number> }>();
  for (const p of cands) {
    const keys = p.map((w) => stem(w.toLowerCase()));
    const key = keys.join(" ");
    let score = 0;
    for (const k of keys) {
      const f = freq.get(k) ?? 1;
      score += (degree.get(k) ?? 1) / f + Math.log2(1 + f);
    }
    score /= Math.sqrt(keys.length);
    const cur = byKey.get(key);
    const form = p.join(" ");
    if (cur) {
      cur.count++;
      cur.forms.set(form, (cur.forms.get(form) ?? 0) + 1);
    } else byKey.set(key, { text: form, key, score, count: 1, forms: new Map([[form, 1]]) });
  }
  const list = [...byKey.values()].map((p) => {
    // Most common surface form; prefer a lower-case form unless it is always capitalised (a name).
    const text = [...p.forms.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
    return { text, key: p.key, count: p.count, score: p.score * (1 + Math.log2(p.count)) };
  });
  list.sort((a, b) => b.score - a.score || a.key.localeCompare(b.key));
  // Drop phrases contained in a better one (e.g. "coffee" after "cold brew coffee" unless it recurs more).
  const chosen: Phrase[] = [];
  for (const p of list) {
    const overlaps = chosen.some((c) => ` ${c.key} `.includes(` ${p.key} `) || ` ${p.key} `.includes(` ${c.key} `));
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
export function extractInsights(text: string, perType = 2): ExtractedInsight[] {
  const sents = sentences(text).filter((s) => s.length >= 25 && words(s).length >= 5);
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

export function titleCase(phrase: string): string {
  return phrase
    .split(/\s+/)
    .map((w) => (w === w.toLowerCase() ? w.charAt(0).toUpperCase() + w.slice(1) : w))
    .join(" ");
}

/** Sentences of a text that contain all stems of a phrase (for topic descriptions). */
export function sentenceContaining(text: string, key: string): string | undefined {
  const need = key.split(" ");
  return sentences(text).find((s) => {
    const have = new Set(words(s).map(stem));
    return need.every((k) => have.has(k));
  });
}
