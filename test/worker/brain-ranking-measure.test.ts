// Measures each ranking change of decision 182 on the tuning sets (test/fixtures/retrieval) and, apart,
// on the held-out brand books: with neither roles nor expansion, with roles (question types), with
// roles and the local engine's questions. Prints BRAIN_RANKING lines for decision 183.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import set from "../fixtures/retrieval/brand-qa.json";
import heldout from "../fixtures/retrieval/brand-qa-heldout.json";
import bakery from "../fixtures/retrieval/brand-qa-heldout-bakery.json";
import hotel from "../fixtures/retrieval/brand-qa-heldout-hotel.json";
import accounting from "../fixtures/retrieval/brand-qa-heldout-accounting.json";
import drivingSchool from "../fixtures/brand-books/driving-school.json";
import vegBoxFarm from "../fixtures/brand-books/veg-box-farm.json";
import { annotated, bookAsSet } from "../brain-eval/brand-books";
import { createAiEngine } from "../../worker/adapters/ai/index";
import { relevanceOf } from "../../worker/brain/rank/relevance";
import { evaluateRetrieval, type RetrievalSet } from "../brain-eval/retrieval-eval";
import { bundledSoftMatch } from "../../worker/brain/rank/soft-match";
import { segmentPassages } from "../../worker/services/brain/text";

const CONFIGS = [
  { name: "plain", roles: false, questions: false },
  { name: "roles", roles: true, questions: false },
  { name: "roles+questions", roles: true, questions: true },
];

describe("ranking changes, measured (decision 183)", { timeout: 120_000 }, () => {
  it("prints recall@3, answered and off-topic for each configuration", async () => {
    const engine = createAiEngine({ ...env, OPENAI_API_KEY: undefined });
    const cal = relevanceOf(engine);
    const tuning: [string, RetrievalSet][] = [
      ["own", set],
      ["dental", { ...heldout, segments: [...heldout.segments, ...set.segments] }],
      ["bakery", bakery],
      ["hotel", hotel],
      ["accounting", accounting],
    ];
    const heldRecall: Record<string, number> = {};
    for (const c of CONFIGS) {
      const row: Record<string, unknown> = {};
      for (const [name, s] of tuning) {
        const r = await evaluateRetrieval(engine, { ...s, segments: annotated(s.segments, c) }, 3, cal, bundledSoftMatch());
        row[name] = { r3: +r.recallAtK.toFixed(3), ans: +r.answeredAtK.toFixed(3), none: r.unanswered, off: +r.offTopicMatchRate.toFixed(3) };
      }
      console.log(`BRAIN_RANKING tuning ${c.name} ${JSON.stringify(row)}`);
      const held: Record<string, unknown> = {};
      for (const book of [drivingSchool, vegBoxFarm]) {
        const s = bookAsSet(book, segmentPassages, c);
        const r = await evaluateRetrieval(engine, s, 3, cal, bundledSoftMatch());
        heldRecall[c.name] = (heldRecall[c.name] ?? 0) + r.recallAtK;
        held[book.brand] = { r3: +r.recallAtK.toFixed(3), ans: +r.answeredAtK.toFixed(3), none: r.unanswered, off: r.offTopicAnswered };
      }
      console.log(`BRAIN_RANKING heldout ${c.name} ${JSON.stringify(held)}`);
    }
    // What the product ingests (roles and questions) finds at least as many held-out answers as neither.
    expect(heldRecall["roles+questions"]!).toBeGreaterThanOrEqual(heldRecall.plain!);
  });
});
