// Retrieval quality measurement for an AI engine's embeddings: every question is embedded and
// compared (cosine) with every segment of the set; recall@k counts questions whose expected segment
// is among the k most similar. Used by the retrieval test and by the benchmark script.
import type { AiEngine } from "./types";

export type RetrievalSet = {
  segments: { id: string; text: string }[];
  questions: { q: string; expected: string[]; kind?: string }[];
  /** Questions the set cannot answer: used to see what the match threshold lets through. */
  unanswerable?: string[];
};

export type RetrievalReport = {
  engine: string;
  k: number;
  questions: number;
  segments: number;
  recallAtK: number;
  recallAt1: number;
  mrr: number;
  byKind: Record<string, { questions: number; recallAtK: number }>;
  /** Share of questions whose expected segment is in the top k AND at or above the threshold. */
  recallAtKAboveThreshold: number;
  /** Share of unanswerable questions whose best match is at or above the threshold. */
  falseMatchRate: number;
  threshold: number;
  /** Similarity of the expected segment (median) and of the best wrong segment (median). */
  medianHit: number;
  medianBestMiss: number;
  misses: { q: string; expected: string[]; got: string[] }[];
};

function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

function norm(v: Float32Array): Float32Array {
  const n = Math.sqrt(dot(v, v)) || 1;
  return v.map((x) => x / n);
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : 0;
}

export async function evaluateRetrieval(
  engine: Pick<AiEngine, "embed" | "engine" | "matchThreshold">,
  set: RetrievalSet,
  k = 3,
  threshold = engine.matchThreshold,
): Promise<RetrievalReport> {
  const segVecs = (await engine.embed(set.segments.map((s) => s.text))).map((v) => (v ? norm(v) : null));
  const rank = async (texts: string[]) =>
    (await engine.embed(texts)).map((qv) => {
      if (!qv) return [];
      const q = norm(qv);
      return set.segments
        .map((s, i) => ({ id: s.id, sim: segVecs[i] ? dot(q, segVecs[i]!) : -1 }))
        .sort((a, b) => b.sim - a.sim || a.id.localeCompare(b.id));
    });
  const ranked = await rank(set.questions.map((q) => q.q));
  let hitK = 0;
  let hit1 = 0;
  let hitKThr = 0;
  let rr = 0;
  const hitSims: number[] = [];
  const missSims: number[] = [];
  const byKind: Record<string, { questions: number; hits: number }> = {};
  const misses: RetrievalReport["misses"] = [];
  set.questions.forEach((q, qi) => {
    const list = ranked[qi]!;
    const pos = list.findIndex((r) => q.expected.includes(r.id));
    const kind = q.kind ?? "all";
    byKind[kind] ??= { questions: 0, hits: 0 };
    byKind[kind].questions++;
    if (pos >= 0) {
      rr += 1 / (pos + 1);
      hitSims.push(list[pos]!.sim);
    }
    const bestMiss = list.find((r) => !q.expected.includes(r.id));
    if (bestMiss) missSims.push(bestMiss.sim);
    if (pos >= 0 && pos < k) {
      hitK++;
      byKind[kind].hits++;
      if (list[pos]!.sim >= threshold) hitKThr++;
    } else misses.push({ q: q.q, expected: q.expected, got: list.slice(0, k).map((r) => r.id) });
    if (pos === 0) hit1++;
  });
  const unanswerable = set.unanswerable ?? [];
  const uRanked = unanswerable.length ? await rank(unanswerable) : [];
  const falseMatches = uRanked.filter((l) => (l[0]?.sim ?? -1) >= threshold).length;
  const n = set.questions.length || 1;
  return {
    engine: engine.engine,
    k,
    questions: set.questions.length,
    segments: set.segments.length,
    recallAtK: hitK / n,
    recallAt1: hit1 / n,
    mrr: rr / n,
    byKind: Object.fromEntries(Object.entries(byKind).map(([kk, v]) => [kk, { questions: v.questions, recallAtK: v.hits / v.questions }])),
    recallAtKAboveThreshold: hitKThr / n,
    falseMatchRate: unanswerable.length ? falseMatches / unanswerable.length : 0,
    threshold,
    medianHit: median(hitSims),
    medianBestMiss: median(missSims),
    misses,
  };
}

/**
 * The benchmark's figures: recall@3 of the local engine (hashed n-grams + word vectors) and of a
 * hashing-only baseline, on a set such as test/fixtures/retrieval/brand-qa.json. Takes the table's
 * bytes so it also runs outside the Worker (e.g. under tsx, reading word-vectors.bin from disk).
 */
export async function compareLocalRetrieval(
  tableBytes: ArrayBuffer | Uint8Array,
  set: RetrievalSet,
  k = 3,
): Promise<{ local: RetrievalReport; hashingOnly: RetrievalReport }> {
  const { LocalAiEngine } = await import("./local/local-engine");
  const { parseWordVectorTable } = await import("./local/word-vectors");
  const local = new LocalAiEngine({ table: parseWordVectorTable(tableBytes) });
  const hashingOnly = new LocalAiEngine({ table: null, engine: "local-hashing-only" });
  return {
    local: await evaluateRetrieval(local, set, k),
    hashingOnly: await evaluateRetrieval(hashingOnly, set, k, local.matchThreshold),
  };
}
