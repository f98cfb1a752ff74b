// Decision 182 goals, measured on two brand books written before its changes and never tuned on
// (test/fixtures/brand-books): each book pasted as one text, segmented by the product, 25 questions
// in a customer's own words and 5 off-topic ones, each brand its own index as each project is.
// `npm run bench` reads the BRANDBOOK_HELDOUT line. Misses are not printed, so nobody tunes to them.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import drivingSchool from "../fixtures/brand-books/driving-school.json";
import vegBoxFarm from "../fixtures/brand-books/veg-box-farm.json";
import bikeRepair from "../fixtures/brand-books/bike-repair-shop.json";
import dogGrooming from "../fixtures/brand-books/dog-grooming-salon.json";
import removals from "../fixtures/brand-books/removals-company.json";
import locksmith from "../fixtures/brand-books/locksmith.json";
import bookbinding from "../fixtures/brand-books/bookbinding-workshop.json";
import { LocalAiEngine } from "../../worker/adapters/ai/local/local-engine";
import { bookAsSet, type BrandBook } from "../brain-eval/brand-books";
import { createAiEngine } from "../../worker/adapters/ai/index";
import { relevanceOf } from "../../worker/brain/rank/relevance";
import { evaluateRetrieval } from "../brain-eval/retrieval-eval";
import { bundledSoftMatch } from "../../worker/brain/rank/soft-match";
import { segmentPassages, segmentText } from "../../worker/services/brain/text";

const HELD_OUT: BrandBook[] = [drivingSchool, vegBoxFarm];
/** Written for decision 257 and measured before any of its changes: the fresh held-out brand, reported apart. */
const FRESH: BrandBook[] = [bikeRepair];
/**
 * Written for decision 293 and measured before any of its changes: reported apart again. Measured
 * once before (0.72 / 4 / 0) and once after (0.72 / 4 / 1) that decision's second stage.
 */
const FRESH_293: BrandBook[] = [dogGrooming];
/** Written for decision 305 and committed before any of its changes: reported apart. */
const FRESH_305: BrandBook[] = [removals];
/** Written for decision 330 and committed with their baseline before any of its changes: reported apart. */
const FRESH_330: BrandBook[] = [locksmith, bookbinding];

type Engine = Parameters<typeof evaluateRetrieval>[0];
const ENGINES: [string, () => Engine][] = [
  ["local", () => createAiEngine({ ...env, OPENAI_API_KEY: undefined })],
  // The same ranking on hashed n-grams alone (no word vectors): the engine-independent baseline.
  ["hashing-only", () => new LocalAiEngine({ table: null, engine: "local-hashing-only" })],
];

async function measure(book: BrandBook, engine: Engine = ENGINES[0]![1]()) {
  // As the product ingests: passages with their shapes, roles and the local engine's questions (decisions 181-183).
  const set = bookAsSet(book, segmentPassages, { roles: true, questions: true });
  const r = await evaluateRetrieval(engine, set, 3, relevanceOf(engine), bundledSoftMatch());
  return {
    brand: book.brand,
    trade: (book as { trade?: string }).trade ?? "",
    engine: r.engine,
    segments: r.segments,
    questions: book.questions.length,
    expectedNotFound: set.missingExpected.length,
    recallAt3: +((r.recallAtK * r.questions) / book.questions.length).toFixed(3),
    unanswered: r.unanswered + set.missingExpected.length,
    offTopicAnswered: r.offTopicAnswered,
    offTopic: book.unanswerable.length,
  };
}

describe("held-out brand books (decision 182)", { timeout: 60_000 }, () => {
  it("each book has 25 everyday questions and 5 off-topic ones, every expected phrase in the book", () => {
    for (const book of [...HELD_OUT, ...FRESH, ...FRESH_293, ...FRESH_305, ...FRESH_330]) {
      expect(book.questions).toHaveLength(25);
      expect(book.unanswerable).toHaveLength(5);
      expect(bookAsSet(book, segmentText).missingExpected).toEqual([]);
    }
  });

  it("every engine's figures per brand, held-out brands apart (printed for npm run bench)", async () => {
    const rows = [];
    for (const [name, make] of ENGINES) {
      for (const book of HELD_OUT) rows.push({ set: "held-out (decision 182)", engineName: name, ...(await measure(book, make())) });
      for (const book of FRESH) rows.push({ set: "fresh held-out (decision 257)", engineName: name, ...(await measure(book, make())) });
      for (const book of FRESH_293) rows.push({ set: "fresh held-out (decision 293)", engineName: name, ...(await measure(book, make())) });
      for (const book of FRESH_305) rows.push({ set: "fresh held-out (decision 305)", engineName: name, ...(await measure(book, make())) });
      for (const book of FRESH_330) rows.push({ set: "new held-out (decision 330)", engineName: name, ...(await measure(book, make())) });
    }
    console.log(`BRANDBOOK_ENGINES ${JSON.stringify(rows)}`);
    expect(rows).toHaveLength(ENGINES.length * (HELD_OUT.length + FRESH.length + FRESH_293.length + FRESH_305.length + FRESH_330.length));
    for (const r of rows) expect(r.expectedNotFound).toBe(0);
  });

  it("the local engine's figures on each held-out book", async () => {
    const results = [];
    for (const book of HELD_OUT) results.push(await measure(book));
    console.log(`BRANDBOOK_HELDOUT ${JSON.stringify(results)}`);
    const [driving, farm] = results;
    // Baseline before decision 182 (decision 180), measured once when the books were written: driving
    // school recall@3 0.6, 6 of 25 answered with nothing, 0 of 5 off-topic answered; farm 0.76 / 4 / 1.
    // FAQ-aware passages (decision 181): driving school 0.72 / 6 / 0; farm 0.76 / 4 / 1.
    // With roles, question types and the local engine's questions (decisions 182, 183), measured once:
    // driving school 0.8 / 5 / 0; farm 0.84 / 3 / 2. Decision 182 goals (recall@3 >= 0.8, <= 2
    // unanswered, <= 1 off-topic) hold for recall only: the farm answers one more off-topic question.
    // With decision 293's second stage (words and vector must agree near the floor), measured once:
    // driving school 0.8 / 3 / 0; farm 0.84 / 1 / 2.
    expect(driving!.recallAt3).toBeGreaterThanOrEqual(0.8);
    expect(driving!.unanswered).toBeLessThanOrEqual(3);
    expect(driving!.offTopicAnswered).toBeLessThanOrEqual(0);
    expect(farm!.recallAt3).toBeGreaterThanOrEqual(0.84);
    expect(farm!.unanswered).toBeLessThanOrEqual(1);
    expect(farm!.offTopicAnswered).toBeLessThanOrEqual(2);
  });

  it("the local engine's figures on the removals company (decision 305), reported apart", async () => {
    const removalsCompany = await measure(removals);
    console.log(`BRANDBOOK_FRESH_305 ${JSON.stringify(removalsCompany)}`);
    // Written and committed before any change of decision 305 and measured once then: 0.76 / 7 / 3.
    // Decision 305 measured four general levers on the tuning sets and shipped none (each lost on
    // the books written before it), so this is both its before and its after. Goals not met.
    expect(removalsCompany.expectedNotFound).toBe(0);
    expect(removalsCompany.recallAt3).toBeGreaterThanOrEqual(0.76);
    expect(removalsCompany.unanswered).toBeLessThanOrEqual(7);
    expect(removalsCompany.offTopicAnswered).toBeLessThanOrEqual(3);
  });

  it("the local engine's figures on the locksmith and the bookbinding workshop (decision 330), reported apart", async () => {
    const [lock, bind] = [await measure(locksmith), await measure(bookbinding)];
    console.log(`BRANDBOOK_FRESH_330 ${JSON.stringify([lock, bind])}`);
    // Baseline, measured once when the books were committed (main 56f7c4a, before any change of
    // decision 330): locksmith 0.76 / 2 / 0, bookbinding workshop 0.84 / 4 / 2. After decision 330's one
    // shipped change (a runner-up agreeing with a stronger vector answers), measured once: the same.
    // Goals met: locksmith unanswered and off-topic, bookbinding recall.
    expect(lock!.expectedNotFound).toBe(0);
    expect(bind!.expectedNotFound).toBe(0);
    expect(lock!.recallAt3).toBeGreaterThanOrEqual(0.76);
    expect(lock!.unanswered).toBeLessThanOrEqual(2);
    expect(lock!.offTopicAnswered).toBeLessThanOrEqual(0);
    expect(bind!.recallAt3).toBeGreaterThanOrEqual(0.84);
    expect(bind!.unanswered).toBeLessThanOrEqual(4);
    expect(bind!.offTopicAnswered).toBeLessThanOrEqual(2);
  });
});
