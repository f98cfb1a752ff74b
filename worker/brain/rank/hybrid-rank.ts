// Hybrid ranking of brain segments: BM25 over Porter-stemmed words of the project's own segments
// (exact terms, product names, numbers) fused with the engine's vector cosine (paraphrases), and
// a relevance floor calibrated per engine (decision 111). Vectors alone cannot tell a paraphrase
// from an off-topic question on a small brand book, and words alone miss every paraphrase; each
// score is brought to a 0-1 scale before they are mixed, so one floor works for any brain size.
import { porterStem } from "../../text/nlp";
import { STOPWORDS, wordSet, words } from "../../text/tokenize";
import type { RelatedStems, RelationClass } from "../../text/word-relations";
import type { PassageRole } from "../../../schema/api/passage-roles";
import { rolesAskedFor } from "./question-types";

/** What the brain knows of each passage besides its text: its role and the questions it answers (decisions 182, 183). */
export type PassageInfo = { roles?: readonly (PassageRole | null | undefined)[]; questions?: readonly (string | null | undefined)[] };

/** A passage of the role a question asks for counts as this share of one matched term. */
const ROLE_TERM_WEIGHT = 0.5;

/** How an engine's cosine maps to relevance: `unrelated` and below is 0, `strong` and above is 1. */
export type RelevanceCalibration = {
  unrelated: number;
  strong: number;
  /** Weight of the vector score (the lexical score gets 1 - vectorWeight). */
  vectorWeight: number;
  /** Minimum fused relevance for a match to be shown at all. */
  floor: number;
  /**
   * Question coverage (Bm25Index.score) below which every match's relevance is scaled down in
   * proportion: a question mostly about words the project does not know is probably off-topic.
   */
  minCoverage?: number;
  /**
   * Second-stage confidence (decision 293): near the floor, the best match answers only when its
   * two independent signals agree. Under `high` it needs a vector score (the cosine on this 0-1
   * scale) of at least `vector`, and with that it answers from `low` up, under the floor too.
   * `runnerUpVector` (decision 330): when the best match does not answer, one of the next two
   * answers from `low` up with a vector score of at least this (stronger than the best's `vector`).
   */
  agreement?: { low: number; high: number; vector: number; runnerUpVector?: number };
};

const K1 = 1.2;
const B = 0.75;

/** A word's unit vector from the bundled word-vector table, or null (unknown word). */
type WordVectorLookup = (word: string) => Float32Array | null;

export type SoftMatchOptions = {
  lookup: WordVectorLookup;
  /** Synonym rings of a word (words of one ring stand for each other), optional. */
  rings?: (word: string) => number[];
  /** Match strength of a synonym from the same ring (0-1). */
  ringStrength?: number;
  /** Word cosines at or below this count as no match; 1 counts as the word itself. */
  minSimilarity: number;
  /** Weight of a soft (synonym) match relative to an exact one. */
  weight: number;
  /** Related words from a lexical resource (WordNet, decision 115), by stem, optional. */
  related?: RelatedStems;
  /** Match strength of a related word per relation class (synonym, derivation, attribute...). */
  relationStrength?: Record<RelationClass, number>;
  /** Use related words only for question words the project never uses. */
  relatedOnlyForUnknown?: boolean;
  /** Question words with more related stems than this are not expanded (too vague). */
  maxRelated?: number;
  /** With relatedOnlyForUnknown: words the project uses are expanded too, at this share of the strength (0 = not). */
  knownRelatedFactor?: number;
};

/** Words that frame a question rather than say what it is about ("Tell me about...", "What happens if..."). */
const QUESTION_FRAME = wordSet(
  "tell know need want get happen happens happened possible able anything something someone way kind sort please okay ok really actually thing things option options available",
);

/**
 * What an amount answers: a question asking "how far" is answered by a distance, "how long" by a
 * duration, "how heavy" by a weight, "how much does it cost" by a price, whatever the brand sells.
 * Each intent is a question pattern and the amounts (a number and its unit) that answer it.
 */
/** A question pattern and the segment pattern that answers it. */
type Intent = { name: string; question: RegExp; segment: RegExp };

const AMOUNT_INTENTS: Intent[] = [
  {
    name: "distance",
    question: /\bhow (?:far|long a (?:ride|trip|distance))\b|\b(?:range|distance)\b/i,
    segment: /\d\s?(?:km|kilomet(?:re|er)s?|miles?|mi|metres?|meters?)\b/i,
  },
  {
    name: "duration",
    question: /\bhow (?:long|soon|quickly|fast|often)\b/i,
    segment:
      /\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve|a)\s?(?:-\s?)?(?:(?:business|working)\s)?(?:seconds?|minutes?|min|hours?|hrs?|h|days?|weeks?|months?|years?)\b|\b(?:daily|weekly|monthly|yearly|annually)\b/i,
  },
  {
    name: "weight",
    question: /\bhow (?:heavy|light)\b|\bweigh(?:s|t)?\b|\bhow much (?:can|will) .* (?:carry|hold|haul|take)\b/i,
    segment: /\d\s?(?:kg|kilos?|kilograms?|g|grams?|lbs?|pounds|tonnes?)\b/i,
  },
  // Opening hours (decision 116): a question naming a day or asking for hours is answered by a
  // segment stating times or days, whatever the trade ("Can I come in on the weekend?" ~ "open
  // Monday to Friday ... Saturday mornings"). "What time" is left out: it asks of trains and films.
  {
    name: "schedule",
    question:
      /\b(?:opening|business|office|support) hours\b|\bwhen (?:are|is|do|does|can|will) (?:you|it|we|i)\b.*\b(?:open|close|shut|visit|call|ring|reach)\b|\b(?:weekends?|weekdays?|mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?)\b/i,
    segment: /\b\d{1,2}(?:[:.]\d\d)?\s?(?:am|pm)\b|\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b|\bweek(?:ends?|days?)\b/i,
  },
  // A founding (decision 116): "who started / when did you open" is answered by the segment that
  // dates the brand's beginning ("began in 2011 as...", "founded in Manchester in 2016").
  {
    name: "founding",
    question:
      /\bwho (?:started|founded|opened|set up|created|began|established)\b|\bwhen (?:was|were|did)\b.*\b(?:found|founded|start|started|open|opened|set up|established|begin|began)\b|\bhow (?:did|was)\b.*\b(?:start|begin|founded)\b/i,
    segment: /\b(?:founded|started|began|established|opened|set up|since)\b.*\b(?:19|20)\d\d\b|\bin (?:19|20)\d\d\b/i,
  },
  // A discount (decision 116): "is there a reduced rate / a deal" ~ "20% off", "half price".
  {
    name: "discount",
    question: /\b(?:discounts?|discounted|cheaper|reduced|reductions?|deals?|concessions?|promotions?|coupons?|savings?)\b/i,
    segment: /\b\d+(?:\.\d+)?\s?%\s?(?:off|discount)\b|\b\d+p off\b|[$€£]\s?\d+(?:\.\d\d)? off\b|\bhalf[- ]price\b|\bdiscount/i,
  },
  {
    name: "price",
    question: /\bhow much (?:is|are|does|do|will|would)\b(?!.*\b(?:weigh|carry|hold|haul)\b)|\bcost|\bprice/i,
    segment: /[$€£¥]\s?\d|\d\s?(?:usd|eur|gbp|dollars?|euros?)\b/i,
  },
];

/** The amount intents (the customer intents of decision 109 were retired, decision 221). */
const INTENTS: Intent[] = AMOUNT_INTENTS;

/** Query and document terms: content words, stemmed; numbers kept ("48", "90"). */
export function lexicalTerms(text: string): string[] {
  return words(text)
    .filter((w) => !STOPWORDS.has(w) && (w.length > 1 || /\d/.test(w)))
    .map((w) => porterStem(w));
}

/** Match strength of a word sharing its root with a segment's word (prefix or compound part). */
const PREFIX_STRENGTH = 0.7;

/** Word-forming prefixes short enough to be no word of their own ("re-charge", "un-pack"). */
const PREFIXES = new Set(["re", "un", "co", "de"]);

/**
 * "recharg" ~ "charg", "workload" ~ "work", "waterproof" ~ "water": one stem (4+ letters) starts or
 * ends the other and what is left is a word part of 3+ letters or a prefix. "plane" ~ "plan" is not.
 */
function sharesRoot(a: string, b: string): boolean {
  if (a === b) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  const rest = long.length - short.length;
  if (short.length < 4 || rest > 6) return false;
  if (long.startsWith(short)) return rest >= 3;
  return short.length >= 5 && long.endsWith(short) && (rest >= 3 || PREFIXES.has(long.slice(0, rest)));
}

/** Related stems other than definition words (how vague a word is). */
function countRelated(related: ReadonlyMap<string, RelationClass>): number {
  let n = 0;
  for (const cls of related.values()) if (cls !== "g") n++;
  return n;
}

/** A BM25 index over one project's segments (built per query or cached by the caller). */
export class Bm25Index {
  private readonly postings = new Map<string, { doc: number; tf: number }[]>();
  private readonly lengths: number[];
  private readonly avgLength: number;
  /** Per segment: the distinct content words' vectors (for synonym matches), built lazily. */
  private docWordVectors: { vectors: (Float32Array | null)[]; docIds: Int32Array[] } | undefined;
  private docRings: Set<number>[] | undefined;
  private readonly docWords: string[][];
  /** Segments that state an amount of money ("$12", "€3,900") answer questions about price. */
  private readonly docMoney: boolean[];
  /** Per amount intent (distance, duration...): the segments that state such an amount. */
  private readonly docAmounts: Map<string, Set<number>>;
  /** Per segment: stems of its content words, for prefix/compound matches ("recharging" ~ "charge"). */
  private readonly docStems: string[][];
  private docStemIds: { stems: string[]; docIds: Int32Array[] } | undefined;
  readonly size: number;

  private readonly roles: readonly (PassageRole | null | undefined)[];

  constructor(
    texts: string[],
    private readonly soft?: SoftMatchOptions,
    info: PassageInfo = {},
  ) {
    this.size = texts.length;
    this.roles = info.roles ?? [];
    // A passage is indexed with the questions it answers (ingest-time expansion, decision 183).
    if (info.questions) texts = texts.map((t, i) => (info.questions![i] ? `${t}\n${info.questions![i]}` : t));
    this.docWords = texts.map((t) => [...new Set(words(t).filter((w) => !STOPWORDS.has(w) && w.length > 2))]);
    this.docMoney = texts.map((t) => /[$€£¥]\s?\d|\d\s?(?:usd|eur|gbp|dollars?|euros?|pounds)\b/i.test(t));
    this.docAmounts = new Map(INTENTS.map((a) => [a.name, new Set(texts.flatMap((t, i) => (a.segment.test(t) ? [i] : [])))]));
    this.docStems = this.docWords.map((ws) => [...new Set(ws.map((w) => porterStem(w)))]);
    this.lengths = texts.map((text, doc) => {
      const terms = lexicalTerms(text);
      const tf = new Map<string, number>();
      for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
      for (const [t, n] of tf) {
        let list = this.postings.get(t);
        if (!list) this.postings.set(t, (list = []));
        list.push({ doc, tf: n });
      }
      return terms.length;
    });
    this.avgLength = this.lengths.reduce((a, b) => a + b, 0) / Math.max(1, this.size) || 1;
  }

  private idf(term: string): number {
    const df = this.postings.get(term)?.length ?? 0;
    return Math.log(1 + (this.size - df + 0.5) / (df + 0.5));
  }

  /**
   * The project's distinct words that have a vector, and per segment the ids of its words among
   * them: a question word is compared with each distinct word once, not with every occurrence
   * (a brain of 11,000 segments has a few thousand distinct words).
   */
  private wordVectors(): { vectors: (Float32Array | null)[]; docIds: Int32Array[] } {
    if (!this.docWordVectors) {
      const lookup = this.soft!.lookup;
      const ids = new Map<string, number>();
      const vectors: (Float32Array | null)[] = [];
      const docIds = this.docWords.map((ws) => {
        const out: number[] = [];
        for (const w of ws) {
          let id = ids.get(w);
          if (id === undefined) {
            id = vectors.length;
            ids.set(w, id);
            vectors.push(lookup(w));
          }
          if (vectors[id]) out.push(id);
        }
        return Int32Array.from(out);
      });
      this.docWordVectors = { vectors, docIds };
    }
    return this.docWordVectors;
  }

  /** Distinct stems of the project and, per segment, the ids of its stems (for root matches). */
  private stemIds(): { stems: string[]; docIds: Int32Array[] } {
    if (!this.docStemIds) {
      const ids = new Map<string, number>();
      const stems: string[] = [];
      const docIds = this.docStems.map((ss) =>
        Int32Array.from(
          ss.map((st) => {
            let id = ids.get(st);
            if (id === undefined) ids.set(st, (id = stems.push(st) - 1));
            return id;
          }),
        ),
      );
      this.docStemIds = { stems, docIds };
    }
    return this.docStemIds;
  }

  private ringSets(): Set<number>[] {
    const rings = this.soft?.rings;
    this.docRings ??= this.docWords.map((ws, i) => new Set(rings ? [...ws, ...(this.docMoney[i] ? ["price"] : [])].flatMap((w) => rings(w)) : []));
    return this.docRings;
  }

  /** Segments holding a word related to a query stem (WordNet), with the strongest relation's strength. */
  private relatedMatches(stem: string): Map<number, number> {
    const out = new Map<number, number>();
    const related = this.soft?.related?.(stem);
    const strengths = this.soft?.relationStrength;
    if (!related || !strengths) return out;
    // A word the project itself uses is matched as written at full strength; its related words reach
    // the segments that lack it only at knownRelatedFactor of their strength (decision 116): "loaf"
    // is the brand's word, yet a question about a loaf may be answered by a passage about bread.
    const known = this.postings.has(stem);
    const factor = known && this.soft?.relatedOnlyForUnknown ? (this.soft.knownRelatedFactor ?? 0) : 1;
    if (!(factor > 0)) return out;
    // A word related to very many others ("go", "make", "come") is too vague to stand in for any.
    // Definition words (class g) are not counted: every word has a few.
    const maxRelated = this.soft?.maxRelated;
    if (maxRelated && countRelated(related) > maxRelated) return out;
    // The evidence is no rarer than the related word: a question word the project never uses
    // ("Peru") does not lend its high IDF to a common word of the project it happens to relate to.
    const own = known ? this.idf(stem) : Math.log(1 + (this.size + 0.5) / 0.5);
    for (const [other, cls] of related) {
      if (!this.postings.has(other)) continue;
      const strength = factor * strengths[cls] * Math.min(1, this.idf(other) / own);
      if (!(strength > 0)) continue;
      for (const { doc } of this.postings.get(other) ?? []) if ((out.get(doc) ?? 0) < strength) out.set(doc, strength);
    }
    return out;
  }

  /**
   * Scores of every segment for a query, each divided by the score of a segment of average length
   * holding every query term once (capped at 1), so 1 means "all of the question's words".
   * A term absent from the project still counts in that maximum: a question about "Peru" asked of
   * a coffee brand matches only in part even if it shares "capital" with a segment.
   * With soft matching, a query word missing from a segment earns part of its weight from the
   * segment's closest word in meaning ("mend" ~ "repair", "ripped" ~ "torn").
   */
  scores(query: string): Float32Array {
    return this.score(query).scores;
  }

  /**
   * Scores (as `scores`) and the question's coverage: the IDF-weighted share of its words that the
   * project knows, exactly (1) or through a synonym, relation or root (that match's strength), in
   * any segment. A question about "Peru" and "lasagne" asked of a coffee brand covers little.
   */
  score(query: string): { scores: Float32Array; coverage: number } {
    const out = new Float32Array(this.size);
    let covered = 0;
    let coverageMax = 0;
    const qWords = [...new Set(words(query).filter((w) => !STOPWORDS.has(w) && !QUESTION_FRAME.has(w) && (w.length > 1 || /\d/.test(w))))];
    const terms = [...new Set(qWords.map((w) => porterStem(w)))];
    if (!terms.length || !this.size) return { scores: out, coverage: 0 };
    let max = 0;
    const exact = new Map<string, Set<number>>();
    const idfs = new Map<string, number>();
    for (const t of terms) {
      const idf = this.postings.has(t) ? this.idf(t) : Math.log(1 + (this.size + 0.5) / 0.5);
      idfs.set(t, idf);
      max += idf; // one occurrence in a segment of average length scores idf
      coverageMax += idf;
      if (this.postings.has(t)) covered += idf;
      const docs = new Set<number>();
      for (const { doc, tf } of this.postings.get(t) ?? []) {
        const norm = tf + K1 * (1 - B + (B * this.lengths[doc]!) / this.avgLength);
        out[doc]! += (idf * tf * (K1 + 1)) / norm;
        docs.add(doc);
      }
      exact.set(t, docs);
    }
    // A question asking for an amount ("how far", "how long") matches the segments stating one, as
    // one more term whose rarity is that of such amounts in the project.
    for (const intent of INTENTS) {
      const docs = this.docAmounts.get(intent.name)!;
      if (!intent.question.test(query) || !docs.size) continue;
      const idf = Math.log(1 + (this.size - docs.size + 0.5) / (docs.size + 0.5));
      max += idf;
      for (const doc of docs) out[doc]! += (idf * (K1 + 1)) / (1 + K1 * (1 - B + (B * this.lengths[doc]!) / this.avgLength));
    }
    // A question of a type ("how much", "who", "why you") matches the passages of the roles that
    // answer it, as one more term whose rarity is that of such passages in the project (decision 183).
    if (this.roles.length) {
      for (const asked of rolesAskedFor(query)) {
        const docs: number[] = [];
        this.roles.forEach((r, i) => r && asked.roles.has(r) && docs.push(i));
        if (!docs.length) continue;
        const idf = ROLE_TERM_WEIGHT * Math.log(1 + (this.size - docs.length + 0.5) / (docs.length + 0.5));
        max += idf;
        for (const doc of docs) out[doc]! += (idf * (K1 + 1)) / (1 + K1 * (1 - B + (B * this.lengths[doc]!) / this.avgLength));
      }
    }
    if (this.soft) {
      const { lookup, minSimilarity, weight } = this.soft;
      const vectors = this.wordVectors();
      const stems = this.stemIds();
      const docRings = this.ringSets();
      const ringStrength = this.soft.ringStrength ?? 0.9;
      const done = new Set<string>();
      for (const w of qWords) {
        const t = porterStem(w);
        if (done.has(t)) continue;
        done.add(t);
        const qv = lookup(w);
        const qRings = this.soft.rings?.(w) ?? [];
        const idf = idfs.get(t)!;
        const hit = exact.get(t)!;
        const relatedIn = this.relatedMatches(t);
        if (!qv && !qRings.length && t.length < 4 && !relatedIn.size) continue;
        // The question word's cosine with each distinct word of the project, and which stems share its root.
        let sims: Float32Array | undefined;
        if (qv) {
          sims = new Float32Array(vectors.vectors.length);
          vectors.vectors.forEach((dv, id) => {
            if (!dv) return;
            let c = 0;
            for (let d = 0; d < dv.length; d++) c += dv[d]! * qv[d]!;
            sims![id] = c;
          });
        }
        const roots = t.length >= 4 ? stems.stems.map((d) => sharesRoot(t, d)) : undefined;
        let termBest = 0;
        for (let doc = 0; doc < this.size; doc++) {
          if (hit.has(doc)) continue;
          let best = 0;
          if (sims) for (const id of vectors.docIds[doc]!) if (sims[id]! > best) best = sims[id]!;
          let strength = best > minSimilarity ? (weight * (best - minSimilarity)) / (1 - minSimilarity) : 0;
          if (qRings.some((r) => docRings[doc]!.has(r))) strength = Math.max(strength, ringStrength);
          strength = Math.max(strength, relatedIn.get(doc) ?? 0);
          if (strength < PREFIX_STRENGTH && roots && stems.docIds[doc]!.some((id) => roots[id])) strength = PREFIX_STRENGTH;
          if (strength > termBest) termBest = strength;
          // Scored as one occurrence of the word, discounted by how close the synonym is.
          if (strength > 0) out[doc]! += (strength * idf * (K1 + 1)) / (1 + K1 * (1 - B + (B * this.lengths[doc]!) / this.avgLength));
        }
        if (!this.postings.has(t)) covered += idf * Math.min(1, termBest);
      }
    }
    if (max > 0) for (let i = 0; i < out.length; i++) out[i] = Math.min(1, out[i]! / max);
    return { scores: out, coverage: coverageMax > 0 ? covered / coverageMax : 0 };
  }
}

/** The engine's cosine on a 0-1 scale: `unrelated` and below is 0, `strong` and above is 1. */
export function vectorScore(cosine: number, cal: RelevanceCalibration): number {
  return Math.max(0, Math.min(1, (cosine - cal.unrelated) / (cal.strong - cal.unrelated)));
}

/** Fused relevance in 0-1 of one segment from its cosine and its normalised BM25 score. */
function fuse(cosine: number, lexical: number, cal: RelevanceCalibration): number {
  const v = vectorScore(cosine, cal);
  const l = Math.max(0, Math.min(1, lexical));
  return cal.vectorWeight * v + (1 - cal.vectorWeight) * l;
}

export type Ranked = { index: number; relevance: number; cosine: number; lexical: number };

/** A match after the best one is kept down to this share of the floor (decision 173). */
const COMPANION_SHARE = 0.5;

/**
 * The answer a ranked list gives (best first): nothing when its best is under the floor (or, when
 * `answers` says, whatever the floor: decision 293), else its best `k` down to COMPANION_SHARE of
 * the floor (decision 173).
 */
export function answerOf(ranked: readonly Ranked[], floor: number, k: number, answers?: boolean): Ranked[] {
  if (!ranked.length || !(answers ?? ranked[0]!.relevance >= floor)) return [];
  const companionFloor = floor * COMPANION_SHARE;
  return ranked.slice(0, k).filter((r) => r.relevance >= companionFloor);
}

/**
 * Ranks segments by fused relevance and keeps the best `k`. The floor decides whether the question
 * is answered at all (decision 173): its best match must clear it, and then the matches after it
 * are kept down to COMPANION_SHARE of the floor, so an on-topic question gets its best passages
 * even when the right one scores below the first, and an off-topic one gets none. `cosines` may be
 * sparse (a vector index returns only its top candidates): a missing cosine counts as unrelated.
 */
export function rankHybrid(
  index: Bm25Index,
  query: string,
  cosines: Map<number, number>,
  cal: RelevanceCalibration,
  k: number,
  floor: number = cal.floor,
): Ranked[] {
  const { scores: lexical, coverage } = index.score(query);
  const discount = cal.minCoverage ? Math.min(1, coverage / cal.minCoverage) : 1;
  const candidates = new Set<number>(cosines.keys());
  for (let i = 0; i < lexical.length; i++) if (lexical[i]! > 0) candidates.add(i);
  // Nothing under the companions' floor can be in the answer: left out before sorting.
  const companionFloor = floor * COMPANION_SHARE;
  const ranked: Ranked[] = [];
  for (const i of candidates) {
    const cosine = cosines.get(i) ?? cal.unrelated;
    const relevance = fuse(cosine, lexical[i] ?? 0, cal) * discount;
    if (relevance >= companionFloor) ranked.push({ index: i, relevance, cosine, lexical: lexical[i] ?? 0 });
  }
  // The coverage discount is the same for every segment of a question: it never changes the order.
  ranked.sort((a, b) => b.relevance - a.relevance || fuse(b.cosine, b.lexical, cal) - fuse(a.cosine, a.lexical, cal) || a.index - b.index);
  return answerOf(ranked, floor, k);
}
