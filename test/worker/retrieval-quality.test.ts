// Retrieval quality of the local engine on a brand Q&A set of our own (test/fixtures/retrieval):
// each of 50 questions must find its segment among the top 3 of all 42 segments of three brands.
// The floors below are the measured figures rounded down (docs/decisions/040-local-ai-engine.md).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import set from "../fixtures/retrieval/brand-qa.json";
import { createAiEngine } from "../../worker/adapters/ai/index";
import { LocalAiEngine } from "../../worker/adapters/ai/local/local-engine";
import { evaluateRetrieval, type RetrievalReport } from "../../worker/adapters/ai/retrieval-eval";

function summary(r: RetrievalReport) {
  return {
    engine: r.engine,
    recallAt3: +r.recallAtK.toFixed(3),
    recallAt1: +r.recallAt1.toFixed(3),
    mrr: +r.mrr.toFixed(3),
    byKind: Object.fromEntries(Object.entries(r.byKind).map(([k, v]) => [k, +v.recallAtK.toFixed(3)])),
    threshold: r.threshold,
    recallAt3AboveThreshold: +r.recallAtKAboveThreshold.toFixed(3),
    unanswerableMatched: +r.falseMatchRate.toFixed(3),
  };
}

describe("retrieval quality (recall@3)", () => {
  it("the set is big enough to mean something", () => {
    expect(set.segments.length).toBeGreaterThanOrEqual(30);
    expect(set.questions.length).toBeGreaterThanOrEqual(20);
    expect(set.questions.some((q) => q.kind === "paraphrase")).toBe(true);
    expect(set.questions.some((q) => q.kind === "product")).toBe(true);
  });

  it("the local engine beats hashing alone and reaches its measured floor", async () => {
    const engine = createAiEngine({ ...env, OPENAI_API_KEY: undefined });
    const local = await evaluateRetrieval(engine, set);
    const hashingOnly = await evaluateRetrieval(new LocalAiEngine({ table: null, engine: "local-hashing-only" }), set, 3, engine.matchThreshold);
    console.log(`RETRIEVAL_BENCH ${JSON.stringify({ local: summary(local), hashingOnly: summary(hashingOnly) })}`);
    for (const m of local.misses) console.log(`  miss: ${m.q} -> expected ${m.expected.join(",")}, got ${m.got.join(",")}`);

    expect(local.recallAtK).toBeGreaterThanOrEqual(0.76);
    expect(local.byKind.product!.recallAtK).toBeGreaterThanOrEqual(0.9);
    expect(local.recallAtK - hashingOnly.recallAtK).toBeGreaterThanOrEqual(0.08);
  });

  it("the engine's threshold keeps most right answers and drops most off-topic questions", async () => {
    const engine = createAiEngine({ ...env, OPENAI_API_KEY: undefined });
    expect(engine.matchThreshold).toBe(0.3);
    const r = await evaluateRetrieval(engine, set);
    // Measured: 0.62 of questions keep their right segment above 0.3; 2 of 16 off-topic questions match.
    expect(r.recallAtKAboveThreshold).toBeGreaterThanOrEqual(0.55);
    expect(r.falseMatchRate).toBeLessThanOrEqual(0.2);
    // A lower threshold would answer far more off-topic questions; a higher one would lose answers.
    const lower = await evaluateRetrieval(engine, set, 3, 0.24);
    const higher = await evaluateRetrieval(engine, set, 3, 0.4);
    expect(lower.falseMatchRate).toBeGreaterThan(r.falseMatchRate);
    expect(higher.recallAtKAboveThreshold).toBeLessThan(r.recallAtKAboveThreshold);
  });
});
