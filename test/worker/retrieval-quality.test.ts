// Retrieval quality of the local engine on a brand Q&A set of our own (test/fixtures/retrieval):
// four brands, each its own index as each project is; 3 brands x 30+ questions to tune on and a
// fourth brand held out; off-topic questions asked of every brand. Ranking is the product's hybrid
// ranking (BM25 with synonyms + vectors, decision 111). Floors are the measured figures rounded
// down; `npm run bench` reads the RETRIEVAL_BENCH line this test prints.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import set from "../fixtures/retrieval/brand-qa.json";
import fresh from "../fixtures/retrieval/brand-qa-fresh.json";
import heldout from "../fixtures/retrieval/brand-qa-heldout.json";
import bakery from "../fixtures/retrieval/brand-qa-heldout-bakery.json";
import accounting from "../fixtures/retrieval/brand-qa-heldout-accounting.json";
import hotel from "../fixtures/retrieval/brand-qa-heldout-hotel.json";
import { createAiEngine } from "../../worker/adapters/ai/index";
import { Bm25Index, rankHybrid } from "../../worker/brain/rank/hybrid-rank";
import { LocalAiEngine } from "../../worker/adapters/ai/local/local-engine";
import { relevanceOf } from "../../worker/brain/rank/relevance";
import { evaluateRetrieval, type RetrievalReport } from "../brain-eval/retrieval-eval";
import { bundledSoftMatch } from "../../worker/brain/rank/soft-match";
import { bundledWordRelations } from "../../worker/text/word-relations-data";
import { parseWordRelations } from "../../worker/text/word-relations";
import { benchText } from "./bench-text";
import { segmentText } from "../../worker/services/brain/text";

function summary(r: RetrievalReport) {
  return {
    engine: r.engine,
    questions: r.questions,
    brands: r.brands,
    recallAt3: +r.recallAtK.toFixed(3),
    recallAt1: +r.recallAt1.toFixed(3),
    mrr: +r.mrr.toFixed(3),
    vectorOnlyRecallAt3: +r.vectorOnlyRecallAtK.toFixed(3),
    byKind: Object.fromEntries(Object.entries(r.byKind).map(([k, v]) => [k, +v.recallAtK.toFixed(3)])),
    bySplit: Object.fromEntries(Object.entries(r.bySplit).map(([k, v]) => [k, { recallAt3: +v.recallAtK.toFixed(3), answered: +v.answered.toFixed(3) }])),
    floor: r.floor,
    answeredAt3: +r.answeredAtK.toFixed(3),
    offTopicMatchRate: +r.offTopicMatchRate.toFixed(3),
  };
}

const localEngine = () => createAiEngine({ ...env, OPENAI_API_KEY: undefined });

describe("retrieval quality (recall@3)", { timeout: 60_000 }, () => {
  it("the set has at least 3 brands x 30 questions, of every kind, plus off-topic ones", () => {
    const perBrand = new Map<string, number>();
    for (const q of set.questions) perBrand.set(q.expected[0]!.split("-")[0]!, (perBrand.get(q.expected[0]!.split("-")[0]!) ?? 0) + 1);
    expect([...perBrand.values()].filter((n) => n >= 30).length).toBeGreaterThanOrEqual(3);
    for (const kind of ["paraphrase", "product", "direct"]) expect(set.questions.some((q) => q.kind === kind)).toBe(true);
    expect(set.unanswerable.length).toBeGreaterThanOrEqual(20);
  });

  it("the local engine's hybrid ranking reaches its measured floors and beats vectors alone", async () => {
    const engine = localEngine();
    const local = await evaluateRetrieval(engine, set, 3, relevanceOf(engine), bundledSoftMatch());
    const hashingOnly = await evaluateRetrieval(new LocalAiEngine({ table: null, engine: "local-hashing-only" }), set, 3, relevanceOf(engine));
    console.log(`RETRIEVAL_BENCH ${JSON.stringify({ local: summary(local), hashingOnly: summary(hashingOnly) })}`);
    for (const m of local.misses) console.log(`  miss: ${m.q} -> expected ${m.expected.join(",")}, got ${m.got.join(",")}`);

    // Measured: recall@3 0.920, recall@1 0.768, answered 0.839, off-topic 0.05 (decisions 111, 114, 115, 116);
    // recall@3 0.929 after decision 109's customer intents (a question about returns).
    expect(local.recallAtK).toBeGreaterThanOrEqual(0.91); // 0.929 with the retired trade lists (decision 221)
    expect(local.recallAt1).toBeGreaterThanOrEqual(0.75);
    expect(local.offTopicMatchRate).toBeLessThanOrEqual(0.08);
    // Answered 0.839 while only matches above the floor were shown; 0.893 since the floor decides
    // whether the question is answered and its best three follow (decision 173).
    // 0.884 before decision 293's second stage, which was chosen on passages with roles and questions
    // (as the product ingests them); on these bare passages it answers 0.857.
    expect(local.answeredAtK).toBeGreaterThanOrEqual(0.85);
    expect(local.byKind.product!.recallAtK).toBeGreaterThanOrEqual(0.95);
    expect(local.byKind.direct!.recallAtK).toBe(1);
    expect(local.bySplit.heldout!.recallAtK).toBeGreaterThanOrEqual(0.9);
    expect(local.recallAtK - local.vectorOnlyRecallAtK).toBeGreaterThanOrEqual(0.1);
  });

  it("new questions on the same passages, never tuned on, are found as well (decision 114)", async () => {
    const engine = localEngine();
    const r = await evaluateRetrieval(engine, { segments: set.segments, questions: fresh.questions }, 3, relevanceOf(engine), bundledSoftMatch());
    console.log(`RETRIEVAL_FRESH ${JSON.stringify(summary(r))}`);
    for (const m of r.misses) console.log(`  fresh miss: ${m.q} -> expected ${m.expected.join(",")}, got ${m.got.join(",")}`);
    // Measured once, after the change and without tuning on it: recall@3 0.75 (0.69 before decision 114);
    // 0.813 after decision 109's customer intents (a question about a dog breed).
    expect(r.recallAtK).toBeGreaterThanOrEqual(0.75); // 0.813 with the retired trade lists (decision 221)
    expect(r.byKind.product!.recallAtK).toBe(1);
  });

  it("a held-out brand of another trade, never tuned on, is answered too (decision 115)", async () => {
    // Harbourview Dental: written from its passages only before the WordNet work; the new off-topic
    // questions are asked of it and of every brand above (5 brands).
    const engine = localEngine();
    const r = await evaluateRetrieval(
      engine,
      { segments: [...heldout.segments, ...set.segments], questions: heldout.questions, unanswerable: heldout.unanswerable },
      3,
      relevanceOf(engine),
      bundledSoftMatch(),
    );
    console.log(`RETRIEVAL_HELDOUT ${JSON.stringify(summary(r))}`);
    for (const m of r.misses) console.log(`  held-out miss: ${m.q} -> expected ${m.expected.join(",")}, got ${m.got.join(",")}`);
    expect(heldout.questions.length).toBeGreaterThanOrEqual(30);
    // After decision 116's hours and founding intents (the first prompted by this set's "weekend"
    // miss): recall@3 0.737, recall@1 0.632, answered 0.474, off-topic 0.083; after decision 109's
    // concept groups recall@1 0.658, answered 0.5.
    // Measured after the choices were made on the other sets (decision 115): recall@3 0.711,
    // recall@1 0.579, answered 0.447, off-topic 0.083 (before the WordNet table and coverage:
    // 0.684 / 0.5 / 0.421 / 0.167). Recall is below decision 116 goal of 0.9: the honest figure for a new trade.
    expect(r.recallAtK).toBeGreaterThanOrEqual(0.73);
    expect(r.byKind.direct!.recallAtK).toBe(1);
    expect(r.byKind.product!.recallAtK).toBe(1);
    // Decision 293 (bare passages): answered 0.474 -> 0.579, off-topic 0.083 -> 0.117 (5 -> 7 of 60 pairs).
    expect(r.answeredAtK).toBeGreaterThanOrEqual(0.57);
    expect(r.offTopicMatchRate).toBeLessThanOrEqual(0.12);
  });

  // Two more brands of other trades (decision 116), each asked with its own new off-topic questions
  // alongside every other brand of the sets. The bakery was a second check while tuning; the
  // accounting firm was never tuned on, and its misses are not printed (so nobody tunes to them).
  const allSegments = [...set.segments, ...heldout.segments, ...bakery.segments, ...accounting.segments, ...hotel.segments];
  const newBrand = async (brand: typeof bakery) => {
    const engine = localEngine();
    const segments = [...brand.segments, ...allSegments.filter((s) => !brand.segments.some((b) => b.id === s.id))];
    return evaluateRetrieval(engine, { segments, questions: brand.questions, unanswerable: brand.unanswerable }, 3, relevanceOf(engine), bundledSoftMatch());
  };

  it("a bakery and café chain, written before the work of decision 116, is answered", async () => {
    const r = await newBrand(bakery);
    console.log(`RETRIEVAL_BAKERY ${JSON.stringify(summary(r))}`);
    for (const m of r.misses) console.log(`  bakery miss: ${m.q} -> expected ${m.expected.join(",")}, got ${m.got.join(",")}`);
    expect(bakery.questions.length).toBeGreaterThanOrEqual(30);
    // Measured (decision 116): before 0.538 recall@3 / 0.436 recall@1 / 0.41 answered / 0 off-topic;
    // after 0.590 / 0.436 / 0.436 / 0. Decision 116 goal (0.9) is not met on a new trade's paraphrases.
    // Decision 109 (customer intents, concept groups): 0.615 / 0.462 / 0.513 / 0; answered 0.564
    // since the floor decides whether a question is answered (decision 173).
    // 0.615 / 0.564 / 0.462 with the retired trade lists (decision 221).
    expect(r.recallAtK).toBeGreaterThanOrEqual(0.58);
    // 0.538 before decision 293's second stage; 0.462 with it on these bare passages (two right
    // answers just above the floor lack the vector's agreement).
    expect(r.answeredAtK).toBeGreaterThanOrEqual(0.46);
    expect(r.recallAt1).toBeGreaterThanOrEqual(0.43);
    expect(r.byKind.direct!.recallAtK).toBe(1);
    expect(r.byKind.product!.recallAtK).toBe(1);
    expect(r.offTopicMatchRate).toBeLessThanOrEqual(0.1);
  });

  it("an accounting firm, never tuned on, is answered (the truly held-out figure of decision 116)", async () => {
    const r = await newBrand(accounting);
    console.log(`RETRIEVAL_ACCOUNTING ${JSON.stringify(summary(r))}`);
    expect(accounting.questions.length).toBeGreaterThanOrEqual(30);
    // Measured (decision 116): before recall@3 0.425, recall@1 0.3, answered 0.325, off-topic 0.048;
    // after 0.45 / 0.325 / 0.325 / 0.048 (paraphrases 0.233 -> 0.267; direct and product all found).
    // After decision 109's customer intents (with the hotel's 30 passages among the other brands):
    // 0.475 / 0.35 / 0.35 / 0.042.
    // 0.475 / 0.35 with the retired trade lists (decision 221).
    expect(r.recallAtK).toBeGreaterThanOrEqual(0.44);
    expect(r.recallAt1).toBeGreaterThanOrEqual(0.32);
    expect(r.byKind.direct!.recallAtK).toBe(1);
    expect(r.byKind.product!.recallAtK).toBe(1);
    // 0.042 before decision 293's second stage, 0.125 with it (2 -> 6 of 48 pairs): its cost, measured.
    expect(r.offTopicMatchRate).toBeLessThanOrEqual(0.125);
  });

  it("a family-run hotel, written before the work of decision 109 and never tuned on, is answered", async () => {
    // Its misses are not printed, like the accounting firm's, so nobody tunes to them.
    const r = await newBrand(hotel);
    console.log(`RETRIEVAL_HOTEL ${JSON.stringify(summary(r))}`);
    expect(hotel.questions.length).toBeGreaterThanOrEqual(30);
    // Measured (decision 109): before recall@3 0.575, recall@1 0.425, answered 0.375, off-topic 0.042;
    // after the customer intents 0.675 / 0.475 / 0.4 / 0.042 (paraphrases 0.433 -> 0.567); with the
    // concept groups too 0.725 / 0.525 / 0.475 / 0.042 (paraphrases 0.633); answered 0.5 with
    // decision 173 (chosen on the other sets; the hotel's figure was read only afterwards).
    // 0.725 / 0.525 with the retired trade lists (decision 221): their largest loss.
    expect(r.recallAtK).toBeGreaterThanOrEqual(0.57);
    expect(r.recallAt1).toBeGreaterThanOrEqual(0.42);
    expect(r.byKind.direct!.recallAtK).toBe(1);
    expect(r.byKind.product!.recallAtK).toBe(1);
    expect(r.offTopicMatchRate).toBeLessThanOrEqual(0.1);
  });

  it("WordNet relates words the table cannot (decision 115), and a question about unknown things covers little", () => {
    const related = bundledWordRelations();
    expect(related("downpour")?.get("rain")).toBe("h");
    expect(related("rain")?.get("downpour")).toBe("h");
    expect(related("far")?.has("distanc")).toBe(true);
    const index = new Bm25Index(
      set.segments.filter((s) => s.id.startsWith("kc-")).map((s) => s.text),
      bundledSoftMatch(),
    );
    expect(index.score("What is the capital of Peru?").coverage).toBeLessThan(0.5);
    expect(index.score("How far can I ride before recharging?").coverage).toBeGreaterThanOrEqual(0.5);
  });

  it("the relation table is read both ways, keeps the strongest class, and vague or known words are not expanded", () => {
    const related = parseWordRelations("bike\tsbicycl hvehicl\nbicycl\thbike\ncar\thvehicl");
    expect(related("bicycl")?.get("bike")).toBe("s"); // synonym beats the weaker line
    expect(related("vehicl")?.get("bike")).toBe("h");
    expect(() => parseWordRelations("bike\tzcar")).toThrow();
    const texts = ["The bicycle has eight gears.", "Our bike shop opens at nine.", "Parking is free."];
    const soft = { ...bundledSoftMatch(), related, relationStrength: { s: 0.9, d: 0.85, a: 0.8, l: 0.6, h: 0.6, g: 0.5 }, relatedOnlyForUnknown: true };
    // "vehicle" is unknown to these segments: the related "bike" and "bicycle" segments match.
    expect([...new Bm25Index(texts, { ...soft, lookup: () => null, rings: undefined }).scores("vehicle gears")].slice(0, 2).every((x) => x > 0)).toBe(true);
    // A word related to more stems than maxRelated ("vehicl": bike, car) is left alone.
    const vague = new Bm25Index(texts, { ...soft, lookup: () => null, rings: undefined, maxRelated: 1 });
    expect(vague.scores("vehicle")[1]).toBe(0);
    // "bike" is used by the project, so it matches as written only: not the "bicycle" segment...
    expect(new Bm25Index(texts, { ...soft, lookup: () => null, rings: undefined, knownRelatedFactor: 0 }).scores("bike")[0]).toBe(0);
    // ...or, with knownRelatedFactor (decision 116), at a share of the relation's strength, always
    // below the segment that says "bike".
    const known = new Bm25Index(texts, { ...soft, lookup: () => null, rings: undefined, knownRelatedFactor: 0.5 }).scores("bike");
    expect(known[0]).toBeGreaterThan(0);
    expect(known[0]).toBeLessThan(known[1]!);
  });

  it("a question about days, opening hours, the founding or a discount is answered by the segment stating them (decision 116)", () => {
    const texts = ["We are open Monday to Friday from 9 am to 5 pm.", "Our founder started the company in 2010.", "Delivery is free on orders over £50."];
    const index = new Bm25Index(texts); // no synonyms or vectors: only the amount intent can match
    for (const q of ["Can I come by on a Saturday?", "What are your opening hours?", "When are you open over the weekend?"]) {
      const scores = index.scores(q);
      expect(scores[0], q).toBeGreaterThan(0);
      expect(scores[1]).toBe(0);
      expect(scores[2]).toBe(0);
    }
    expect([...index.scores("What time does the train to Boston leave?")].every((x) => x === 0)).toBe(true);
    // "Who set up the business?" shares no word with "Our founder started the company in 2010.".
    const founding = index.scores("Who set up the business?");
    expect(founding[1]).toBeGreaterThan(0);
    expect(founding[0]).toBe(0);
    expect([...index.scores("Who invented the telephone?")].every((x) => x === 0)).toBe(true);
    // "Is there a reduced rate for pensioners?" ~ "20% off".
    const offers = new Bm25Index(["Pensioners get 20% off every order.", "Our shop opens at nine.", "We pay our staff fairly."]);
    expect(offers.scores("Is there a reduced rate for the elderly?")[0]).toBeGreaterThan(0);
    expect(offers.scores("Is there a reduced rate for the elderly?")[1]).toBe(0);
  });

  it("the floor keeps right answers and drops off-topic questions better than a lower or higher one", async () => {
    const engine = localEngine();
    const cal = relevanceOf(engine);
    // The floor alone (decision 293's second stage is measured in brain-confidence.test.ts and the brand books).
    const at = (floor: number) => evaluateRetrieval(engine, set, 3, { ...cal, floor, agreement: undefined }, bundledSoftMatch());
    const [r, lower, higher] = await Promise.all([at(cal.floor), at(cal.floor - 0.1), at(cal.floor + 0.1)]);
    expect(lower.offTopicMatchRate).toBeGreaterThan(r.offTopicMatchRate);
    expect(higher.answeredAtK).toBeLessThan(r.answeredAtK);
  });

  it("the floor decides whether a question is answered; the matches after its best follow it down to half the floor (decision 173)", () => {
    // Relevance here is the cosine itself (vector weight 1, no coverage discount), and the question
    // shares no word with the segments, so only the given cosines rank.
    const cal = { unrelated: 0, strong: 1, vectorWeight: 1, floor: 0.3 };
    const index = new Bm25Index(["Alpha.", "Beta.", "Gamma.", "Delta."]);
    const ranked = (cosines: number[]) => rankHybrid(index, "zzz", new Map(cosines.map((c, i) => [i, c])), cal, 3).map((r) => r.index);
    // The best clears the floor: the second (0.2) comes along, the third (0.1, under half the floor) does not.
    expect(ranked([0.5, 0.2, 0.1, 0])).toEqual([0, 1]);
    expect(ranked([0.2, 0.5, 0.16, 0.4])).toEqual([1, 3, 0]);
    // The best is under the floor: no answer at all, however close the rest.
    expect(ranked([0.29, 0.28, 0.27, 0.26])).toEqual([]);
    // A campaign ranks the whole brain: no floor, every candidate in order.
    expect(
      rankHybrid(
        index,
        "zzz",
        new Map([
          [0, 0.1],
          [1, 0.2],
        ]),
        cal,
        3,
        -Infinity,
      ).map((r) => r.index),
    ).toEqual([1, 0]);
  });

  it("a fact stated once in a 1 MB brain is found, and an off-topic question finds nothing", async () => {
    const engine = localEngine() as LocalAiEngine;
    const fact = "The Kettle Long's battery lasts about 90 kilometres per charge, even with two children on board.";
    const filler = segmentText(benchText(1_000_000, 7));
    const segments = [...filler.slice(0, 3500), fact, ...filler.slice(3500)];
    expect(segments.join(" ").length).toBeGreaterThan(1_000_000);
    const vectors = segments.map((s) => engine.embedSync(s));
    const index = new Bm25Index(segments, bundledSoftMatch());
    const cosines = (q: string) => {
      const qv = engine.embedSync(q);
      const m = new Map<number, number>();
      vectors.forEach((v, i) => {
        let d = 0;
        for (let j = 0; j < v.length; j++) d += v[j]! * qv[j]!;
        m.set(i, d);
      });
      return m;
    };
    for (const q of ["How far can I ride before recharging?", "What is the range of the Kettle Long?"]) {
      const top = rankHybrid(index, q, cosines(q), relevanceOf(engine), 3).map((r) => segments[r.index]);
      expect(top, q).toContain(fact);
    }
    expect(rankHybrid(index, "What is the capital of Peru?", cosines("What is the capital of Peru?"), relevanceOf(engine), 3)).toEqual([]);
  });
});
