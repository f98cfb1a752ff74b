// Retrieval quality measurement, the way the product ranks: each brand of the set is its own index
// (as each project is), questions are ranked by the hybrid ranker (BM25 + the engine's vectors,
// decision 111) and by vectors alone for comparison. recall@k counts questions whose expected
// passage is among the k best; "answered" counts those whose passage is in the product's answer,
// the same ranking with the engine's relevance floor (decision 173); the off-topic rate counts
// (off-topic question, brand) pairs that get any answer.
// Used by the retrieval test and, through it, by `npm run bench`.
import { judgeAnswer, standout } from "../../worker/brain/rank/confidence";
import { Bm25Index, rankHybrid, type RelevanceCalibration, type SoftMatchOptions } from "../../worker/brain/rank/hybrid-rank";
import { relevanceOf } from "../../worker/brain/rank/relevance";
import type { AiEngine } from "../../worker/adapters/ai/types";
import type { PassageRole } from "../../schema/api/passage-roles";

export type RetrievalSet = {
  /** Each passage, with the role and questions ingest gives it (decisions 182, 183) when measured with them. */
  segments: { id: string; text: string; role?: PassageRole | null; questions?: string | null }[];
  questions: { q: string; expected: string[]; kind?: string; split?: string }[];
  /** Questions no brand can answer: asked of every brand, nothing should clear the floor. */
  unanswerable?: string[];
};

export type RetrievalReport = {
  engine: string;
  k: number;
  questions: number;
  segments: number;
  brands: number;
  recallAtK: number;
  recallAt1: number;
  mrr: number;
  /** recall@k with the vector score alone (no BM25), for comparison. */
  vectorOnlyRecallAtK: number;
  byKind: Record<string, { questions: number; recallAtK: number }>;
  bySplit: Record<string, { questions: number; recallAtK: number; answered: number }>;
  /** Share of questions whose expected passage is in the product's answer (top k, with the floor). */
  answeredAtK: number;
  /** Share of (off-topic question, brand) pairs that get any answer (a best match at or above the floor). */
  offTopicMatchRate: number;
  /** On-topic questions the product answers with nothing (its best match is under the floor). */
  unanswered: number;
  /** (Off-topic question, brand) pairs that get an answer, as a count. */
  offTopicAnswered: number;
  /** Per question: its best relevance and how far it stands out (confidence.ts), for choosing the thresholds. */
  stats: { kind: "on" | "off"; best: number; standout: number; found: boolean }[];
  floor: number;
  misses: { q: string; expected: string[]; got: string[] }[];
};

type EvalEngine = Pick<AiEngine, "embed" | "engine" | "matchThreshold" | "relevance">;

function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

function norm(v: Float32Array): Float32Array {
  const n = Math.sqrt(dot(v, v)) || 1;
  return v.map((x) => x / n);
}

/** Brand of a passage id ("lumen-03" -> "lumen"). */
const brandOf = (id: string) => id.replace(/-[^-]*$/, "");

type BrandIndex = { ids: string[]; vecs: (Float32Array | null)[]; bm25: Bm25Index };

export async function evaluateRetrieval(
  engine: EvalEngine,
  set: RetrievalSet,
  k = 3,
  calibration: RelevanceCalibration = relevanceOf(engine),
  soft?: SoftMatchOptions,
): Promise<RetrievalReport> {
  const brands = new Map<string, BrandIndex>();
  for (const s of set.segments) {
    const b = brandOf(s.id);
    if (!brands.has(b)) brands.set(b, { ids: [], vecs: [], bm25: new Bm25Index([]) });
    brands.get(b)!.ids.push(s.id);
  }
  const byId = new Map(set.segments.map((s) => [s.id, s]));
  for (const idx of brands.values()) {
    const segs = idx.ids.map((id) => byId.get(id)!);
    const texts = segs.map((s) => s.text);
    idx.vecs = (await engine.embed(texts)).map((v) => (v ? norm(v) : null));
    idx.bm25 = new Bm25Index(texts, soft, { roles: segs.map((s) => s.role), questions: segs.map((s) => s.questions) });
  }
  const cosines = (idx: BrandIndex, qv: Float32Array | null) => {
    const m = new Map<number, number>();
    if (!qv) return m;
    const q = norm(qv);
    idx.vecs.forEach((v, i) => v && m.set(i, dot(q, v)));
    return m;
  };
  const qVecs = await engine.embed(set.questions.map((q) => q.q));
  let hitK = 0;
  let hit1 = 0;
  let answered = 0;
  let vecHitK = 0;
  let rr = 0;
  let unanswered = 0;
  const stats: RetrievalReport["stats"] = [];
  const byKind: Record<string, { questions: number; hits: number }> = {};
  const bySplit: Record<string, { questions: number; hits: number; answered: number }> = {};
  const misses: RetrievalReport["misses"] = [];
  set.questions.forEach((q, qi) => {
    const idx = brands.get(brandOf(q.expected[0]!))!;
    const cos = cosines(idx, qVecs[qi] ?? null);
    const all = rankHybrid(idx.bm25, q.q, cos, calibration, idx.ids.length, -Infinity);
    const ids = all.map((r) => idx.ids[r.index]!);
    const judged = judgeAnswer(all, calibration.floor, k, calibration);
    if (judged.matches.length === 0) unanswered++;
    const pos = ids.findIndex((id) => q.expected.includes(id));
    stats.push({ kind: "on", best: all[0]?.relevance ?? 0, standout: standout(all), found: pos >= 0 && pos < k });
    const vecOrder = [...cos.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([i]) => idx.ids[i]!);
    if (vecOrder.slice(0, k).some((id) => q.expected.includes(id))) vecHitK++;
    const kind = q.kind ?? "all";
    const split = q.split ?? "dev";
    byKind[kind] ??= { questions: 0, hits: 0 };
    bySplit[split] ??= { questions: 0, hits: 0, answered: 0 };
    byKind[kind].questions++;
    bySplit[split].questions++;
    if (pos >= 0) rr += 1 / (pos + 1);
    if (pos >= 0 && pos < k) {
      hitK++;
      byKind[kind].hits++;
      bySplit[split].hits++;
      // What the product answers: the same ranking, kept only when the best match clears the floor.
      if (judged.matches.includes(all[pos]!)) {
        answered++;
        bySplit[split].answered++;
      }
    } else misses.push({ q: q.q, expected: q.expected, got: ids.slice(0, k) });
    if (pos === 0) hit1++;
  });
  const offTopic = set.unanswerable ?? [];
  const oVecs = offTopic.length ? await engine.embed(offTopic) : [];
  let pairs = 0;
  let falseMatches = 0;
  offTopic.forEach((q, qi) => {
    for (const idx of brands.values()) {
      pairs++;
      const all = rankHybrid(idx.bm25, q, cosines(idx, oVecs[qi] ?? null), calibration, idx.ids.length, -Infinity);
      stats.push({ kind: "off", best: all[0]?.relevance ?? 0, standout: standout(all), found: false });
      if (judgeAnswer(all, calibration.floor, 1, calibration).matches.length > 0) falseMatches++;
    }
  });
  const n = set.questions.length || 1;
  return {
    engine: engine.engine,
    k,
    questions: set.questions.length,
    segments: set.segments.length,
    brands: brands.size,
    recallAtK: hitK / n,
    recallAt1: hit1 / n,
    mrr: rr / n,
    vectorOnlyRecallAtK: vecHitK / n,
    byKind: Object.fromEntries(Object.entries(byKind).map(([kk, v]) => [kk, { questions: v.questions, recallAtK: v.hits / v.questions }])),
    bySplit: Object.fromEntries(
      Object.entries(bySplit).map(([kk, v]) => [kk, { questions: v.questions, recallAtK: v.hits / v.questions, answered: v.answered / v.questions }]),
    ),
    answeredAtK: answered / n,
    offTopicMatchRate: pairs ? falseMatches / pairs : 0,
    unanswered,
    offTopicAnswered: falseMatches,
    stats,
    floor: calibration.floor,
    misses,
  };
}
