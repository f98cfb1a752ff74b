// Extractive text analysis for the local engine: keyphrases, TextRank with a diversity (MMR) step,
// and cue-based classification of the brand's own sentences into insights. Nothing is invented:
// every output string is a phrase or sentence taken from the input (lightly trimmed).
import { analyse, sentenceTexts, type Token } from "../../../text/nlp";
import { cosine } from "../../../lib/cosine";
import { fnv1a, stem, STOPWORDS, truncateWords, wordSet, words } from "../../../text/tokenize";

/** Verbs and fillers that make poor keyphrase words even though they are not stopwords. */
const WEAK = wordSet(
  "new best great good better help helps helping want wants need needs needed get gets getting give gives " +
    "take takes keep keeps go goes going come comes know knows see sees find finds look looks feel feels " +
    "think believe say says said tell told start started offer offers offering include includes including " +
    "provide provides providing create creates allow allows love loves today " +
    "just right able sure whether always never still already around across within without able first last " +
    "next every each another others something anything everything someone everyone people thing things lot " +
    "based top real truly simply easy easily fully completely perfect perfectly amazing awesome " +
    "share announce promote write post tell show highlight celebrate introduce invite remind explain describe " +
    "generate make talk focus feature",
);

export type Phrase = { text: string; key: string; score: number; count: number };

/** Words that usually act as verbs or adverbs in brand copy: they end a candidate phrase. */
const VERBISH =
  /^(?:\w+ly|is|are|was|were|be|been|has|have|had|does|did|can|will|\w+ed|hidden|built|made|known|given|taken|shown|grown|worn|torn|sold|kept|left|found|held|brought|bought|sent|spent|paid|done|seen|written|chosen|driven|ridden|broken|frozen|stolen|lets|gets|makes|takes|comes|goes)$/;

function usable(t: Token): boolean {
  return t.kind === "word" && !t.stop && !WEAK.has(t.lower) && t.lower.length >= 2 && !VERBISH.test(t.lower);
}

/** A word written with a capital inside a sentence (or an acronym): part of a name. */
const isName = (t: Token, i: number) => t.text.length > 1 && ((i > 0 && /^\p{Lu}/u.test(t.text)) || /^\p{Lu}{2,}$/u.test(t.text));

/** Words that follow a verb rather than a noun ("visits your street", "carries two kids"). */
const AFTER_VERB = wordSet("a an the your our their my his her its this these those every each some any all no two three four five six seven eight nine ten");

/**
 * Candidate phrases of a sentence, RAKE-style: runs of content words between stopwords and
 * punctuation. Without a part-of-speech model, an "-s" word after a noun and before a determiner
 * or another word is taken to be a verb ("The van visits your street") and ends the run. Names (capitalised words inside a
 * sentence) stay whole; other runs offer every sub-phrase of 1-3 words, and recurrence decides.
 */
function candidatePhrases(sentence: string, toks: Token[]): { toks: Token[]; proper: boolean }[] {
  const out: { toks: Token[]; proper: boolean }[] = [];
  let run: { t: Token; i: number }[] = [];
  const flush = () => {
    const names = run.filter((r) => isName(r.t, r.i));
    if (names.length === run.length && run.length) out.push({ toks: run.slice(0, 4).map((r) => r.t), proper: true });
    else if (run.length) {
      const plain = run.map((r) => r.t);
      for (let n = 1; n <= 3; n++) {
        for (let i = 0; i + n <= plain.length; i++) out.push({ toks: plain.slice(i, i + n), proper: false });
      }
    }
    run = [];
  };
  toks.forEach((t, i) => {
    // Punctuation between two words breaks a run ("coffee, tea").
    const prev = toks[i - 1];
    if (run.length && prev && /[^\s]/.test(sentence.slice(prev.start + prev.text.length, t.start))) flush();
    const next = toks[i + 1];
    // English rarely puts a plural noun before another noun, so inside a run an "-s" word followed
    // by a determiner or another content word is read as the verb ("van fixes flat tyres").
    const verb = !isName(t, i) && /[^su]s$/.test(t.lower) && run.length > 0 && next !== undefined && (AFTER_VERB.has(next.lower) || usable(next));
    if (!verb && (usable(t) || (isName(t, i) && t.kind === "word"))) run.push({ t, i });
    else flush();
    // A capitalised first word followed by a lower-case one is usually a capitalised verb or
    // common word ("Store beans", "Join our"), not a name ("Sunrise Blend"): drop it.
    if (run.length === 2 && run[0]!.i === 0 && /^\p{Ll}/u.test(run[1]!.t.text)) run.shift();
  });
  flush();
  return out;
}

/**
 * Keyphrases: candidate phrases scored by how often the phrase and its words recur, with a bonus
 * for multi-word phrases and names (product and brand names).
 */
export function keyphrases(text: string, limit = 10): Phrase[] {
  const sents = analyse(text);
  const wordFreq = new Map<string, number>();
  const phrases = new Map<string, { forms: Map<string, number>; count: number; proper: boolean; first: number }>();
  let position = 0;
  for (const s of sents) {
    for (const t of s.tokens) if (usable(t)) wordFreq.set(t.stem, (wordFreq.get(t.stem) ?? 0) + 1);
    for (const p of candidatePhrases(s.text, s.tokens)) {
      const key = p.toks.map((t) => t.stem).join(" ");
      const form = p.toks.map((t) => (p.proper || /^\p{Lu}{2,}$/u.test(t.text) ? t.text : t.lower)).join(" ");
      const cur = phrases.get(key) ?? { forms: new Map<string, number>(), count: 0, proper: false, first: position };
      cur.count++;
      cur.forms.set(form, (cur.forms.get(form) ?? 0) + 1);
      cur.proper ||= p.proper;
      phrases.set(key, cur);
      position++;
    }
  }
  const list: Phrase[] = [...phrases.entries()].map(([key, p]) => {
    const keys = key.split(" ");
    const wordScore = keys.reduce((sum, k) => sum + Math.log2(1 + (wordFreq.get(k) ?? 1)), 0) / Math.sqrt(keys.length);
    const lengthBonus = keys.length === 1 ? 1 : keys.length === 2 ? 1.35 : 1.45;
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
      return (
        ` ${c.key} `.includes(` ${p.key} `) ||
        ` ${p.key} `.includes(` ${c.key} `) ||
        pw.filter((w) => cw.includes(w)).length >= Math.min(pw.length, cw.length, 2)
      );
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

type InsightKind = "goal" | "audience" | "brand_trait" | "feature" | "social_hook";

/** Spec section 9: insight confidences by type. */
const INSIGHT_CONFIDENCE: Record<InsightKind, number> = {
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
  const sents = (typeof texts === "string" ? [texts] : texts).flatMap((t) => completeSentences(t)).filter((s) => s.length >= 25 && words(s).length >= 5);
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
