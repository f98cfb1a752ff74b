// The Project Overview by passage role (decision 255), on the held-out brand books
// (test/fixtures/brand-books) as the product ingests them: every field from its role's passages,
// whole sentences that read alone (no "Yes,"/"No." opener, no FAQ question, no cut sentence), no
// price list or founding date among the value propositions, the book's content pillars as its
// themes, topics that are noun phrases (no number, currency or weekday), and a field with no
// passage of its role says what to add. The LLM path writes from the role-grouped passages.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import drivingSchool from "../fixtures/brand-books/driving-school.json";
import vegBoxFarm from "../fixtures/brand-books/veg-box-farm.json";
import type { BrainSummary } from "../../schema/api/brain";
import type { BrandBook } from "../brain-eval/brand-books";
import { assembleOverview, isTopicName, OVERVIEW_HINTS, statementsOf } from "../../worker/brain/overview";
import { classifyPassage } from "../../worker/brain/roles/classify";
import { segmentPassages } from "../../worker/services/brain/text";
import { addTextDocument } from "../../worker/services/brain/documents";
import { OpenAiEngine, REASONING_ALLOWANCE } from "../../worker/adapters/ai/openai-engine";
import { WorkersAiEngine } from "../../worker/adapters/ai/workers-ai-engine";
import { fakeAiBinding } from "../fakes/workers-ai-binding";
import { json, serviceCtx, signIn } from "./helpers";
import { deliver, quietEnv } from "./brain-test-kit";

const BOOKS: BrandBook[] = [drivingSchool, vegBoxFarm];
const passagesOf = (book: BrandBook) => book.documents.flatMap((d) => segmentPassages(d.text)).map((p) => ({ text: p.text, role: classifyPassage(p) }));

/** A field reads on its own: capitalised whole sentences, none opening with an answer word or asking. */
function expectReadable(field: string) {
  expect(field.trim()).not.toBe("");
  expect(field).not.toMatch(/^(?:yes|no)\b/i);
  expect(field).not.toMatch(/(?:^|[.!]\s)(?:Yes|No)\b[,.!]/);
  expect(field).not.toContain("?");
  expect(field).toMatch(/^[\p{Lu}\d]/u);
  expect(field).toMatch(/[.!…]["'”’)]?$/);
  expect(field).not.toMatch(/…|\.\.\.$/);
}

const WEEKDAY_OR_MONEY = /\d|[£$€]|\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b|\b(?:pounds?|pence|dollars?|euros?)\b/i;

describe("overview by role (decision 255)", { timeout: 60_000 }, () => {
  it("statements drop headings, questions, labels and answer openers, and keep whole sentences", () => {
    expect(statementsOf("Is there parking? Yes, 12 spaces behind the building.")).toEqual(["12 spaces behind the building."]);
    expect(statementsOf("No. Most of our members started with us as complete beginners.")).toEqual([
      "Most of our members started with us as complete beginners.",
    ]);
    expect(statementsOf("How it started\nSam and Ellie took over the farm in 2016.")).toEqual(["Sam and Ellie took over the farm in 2016."]);
    expect(statementsOf("Plans: we want to add a bread and eggs option next spring.")).toEqual(["We want to add a bread and eggs option next spring."]);
    expect(statementsOf("Q: Can I order just once?\nA: Yes, one-off boxes are fine.")).toEqual(["One-off boxes are fine."]);
    // A sentence cut by a length limit is no statement.
    expect(statementsOf("Our vans reach every village in the county and")).toEqual([]);
  });

  it("with several documents each one reaches the fields (taken in turn), and a title label is dropped", () => {
    const fact = (document: string, text: string) => ({ text, role: "fact" as const, document });
    const o = assembleOverview([
      fact("a", "Halcyon Kiteworks designs stunt kites for beach festivals."),
      fact("a", "The Skylark Pro kite folds into a pocket-sized pouch for you."),
      fact("a", "Every kite is hand-sewn in Galway from recycled sailcloth."),
      fact("a", "Our crew teaches kite flying on the beach every weekend."),
      fact("a", "Repairs are done in the workshop behind the shop."),
      fact("a", "Kites come in twelve colours and three sizes."),
      fact("b", "Acme Trail Co. Brand Guide: The Summit 30 pack weighs under one kilogram."),
    ]);
    expect(o.value_props.some((v) => v.startsWith("The Summit 30 pack"))).toBe(true);
    expect(o.value_props.join(" ")).not.toContain("Brand Guide:");
  });

  it("topics are noun phrases: numbers, currencies, weekdays, units of time and lone adjectives are not", () => {
    const noun = (p: string) => !/^(?:free|cheap)$/i.test(p.trim().split(/\s+/).pop()!);
    for (const bad of ["Pounds", "Saturday", "£5", "25 years", "Weekends", "Free", "9am", "June"]) expect(isTopicName(bad, noun)).toBe(false);
    for (const good of ["Organic vegetables", "Gift vouchers", "Dual-control car", "Soil Association"]) expect(isTopicName(good, noun)).toBe(true);
  });

  for (const book of BOOKS) {
    it(`${book.brand}: every field from its role, readable alone, the book's pillars as themes`, () => {
      const passages = passagesOf(book);
      const o = assembleOverview(passages, { themes: ["Ignored when pillars exist"] });
      for (const field of [o.elevator_pitch, o.positioning, o.brand_story, ...o.value_props, ...o.insights.map((i) => i.content)]) expectReadable(field);
      // The pitch opens with what the brand is, as the book defines it.
      expect(o.elevator_pitch).toMatch(/^[^.]* is an? /);
      // Value propositions are benefits: no price, no year, no opening time.
      for (const v of o.value_props) expect(v).not.toMatch(/[£$€]|\b(?:19|20)\d\d\b|\b\d{1,2}(?:am|pm)\b/i);
      expect(o.value_props.length).toBeGreaterThanOrEqual(2);
      // Market position is the book's competitors passage; the pitch carries it after the description.
      const competitors = passages.filter((p) => p.role === "competitors").map((p) => statementsOf(p.text)[0]!);
      expect(competitors.length).toBeGreaterThan(0);
      expect(o.positioning).toContain(competitors[0]!);
      expect(o.elevator_pitch).toContain(competitors[0]!);
      // Content themes are the book's own pillars, as named.
      const pillarLine = book.documents[0]!.text.split("\n").find((l) => /^Content pillars:/.test(l))!;
      expect(o.content_themes.length).toBeGreaterThanOrEqual(3);
      for (const t of o.content_themes) expect(pillarLine.toLowerCase()).toContain(t.toLowerCase());
      // Insights of each type from their roles.
      expect(new Set(o.insights.map((i) => i.type))).toEqual(new Set(["goal", "audience", "brand_trait", "feature", "social_hook"]));
    });
  }

  it("through the API: the farm book's overview has no fragment, topics are domain noun phrases, themes are its pillars", async () => {
    const user = await signIn();
    const { e, sent } = quietEnv();
    await addTextDocument(serviceCtx(user, e), user.projectId, { title: vegBoxFarm.documents[0]!.title, content: vegBoxFarm.documents[0]!.text });
    for (let i = 0; i < 10 && sent.length > 0; i++) await deliver(e, sent.splice(0));
    const s = (await (await json(user, "GET", `/api/projects/${user.projectId}/brain/summary`)).json()) as BrainSummary;
    expect(s.placeholder).toBe(false);
    for (const field of [s.elevator_pitch, s.positioning, s.brand_story, ...s.value_props]) expectReadable(field);
    expect(s.content_themes).toEqual(["What's growing this week", "Recipes from the box", "Life on the farm", "Soil and wildlife"]);
    expect(s.topics.length).toBeGreaterThan(0);
    for (const t of s.topics) expect(t.name).not.toMatch(WEEKDAY_OR_MONEY);
    for (const list of Object.values(s.insights)) for (const i of list) expectReadable(i.content);
    expect(s.hints ?? {}).toEqual({});
  });

  it("a field with no passage of its role says what to add, never a fragment", async () => {
    const user = await signIn();
    const { e, sent } = quietEnv();
    const text = [
      "Brightside Bikes repairs bicycles in a small workshop on Mill Lane in Leeds.",
      "",
      "Is there parking? Yes, two spaces in front of the shop.",
      "",
      "Every repair comes with a free safety check of brakes and tyres.",
    ].join("\n");
    await addTextDocument(serviceCtx(user, e), user.projectId, { title: "Notes", content: text });
    for (let i = 0; i < 10 && sent.length > 0; i++) await deliver(e, sent.splice(0));
    const s = (await (await json(user, "GET", `/api/projects/${user.projectId}/brain/summary`)).json()) as BrainSummary;
    expect(s.elevator_pitch).toMatch(/^Brightside Bikes repairs bicycles/);
    expect(s.positioning).toBe("");
    expect(s.brand_story).toBe("");
    expect(s.hints?.positioning).toBe(OVERVIEW_HINTS.positioning);
    expect(s.hints?.brand_story).toBe(OVERVIEW_HINTS.brand_story);
    expect(s.hints?.audience).toBe("Add a sentence about who your customers are");
    expect(s.hints?.elevator_pitch).toBeUndefined();
    for (const v of s.value_props) expectReadable(v);
  });

  it("an LLM engine writes the fields from the role-grouped passages in one call within the token limit", async () => {
    const marker = `overview-${crypto.randomUUID()}`;
    const e = new OpenAiEngine({ apiKey: "sk-test", baseURL: `${env.FAKES_URL}/openai/v1`, retry: { maxRetries: 1, baseDelayMs: 5, maxDelayMs: 10 } });
    const passages = passagesOf(vegBoxFarm);
    passages[0] = { ...passages[0]!, text: `${passages[0]!.text} ${marker}` };
    const s = await e.summarize({ brand: { name: "Furrow & Field", industry: "Farm", brand_voice: "warm", description: "" }, documents: [], passages });
    const competitors = passages.find((p) => p.role === "competitors")!.text;
    expect(s.positioning).toBe(competitors);
    expect(s.content_themes).toEqual(["what's growing this week", "recipes from the box", "life on the farm", "soil and wildlife"]);
    const res = await fetch(`${env.FAKES_URL}/openai/_requests?contains=${encodeURIComponent(marker)}`);
    const logged = ((await res.json()) as { requests: { body: { max_completion_tokens?: number; messages: { content: string }[] } }[] }).requests;
    expect(logged).toHaveLength(1);
    const prompt = logged[0]!.body.messages.map((m) => m.content).join("\n");
    expect(prompt).toContain("### Market position (competitors and positioning)");
    expect(prompt).toContain("### Content pillars");
    expect(logged[0]!.body.max_completion_tokens).toBe(1000 + REASONING_ALLOWANCE);
    // The passages sent stay within the summary input cap (docs/product-spec.md: 4000 characters).
    const sent = prompt.split("Passages by role:")[1]!.split("Answer with JSON")[0]!;
    expect(
      sent
        .replace(/^### .*$/gm, "")
        .replace(/^- /gm, "")
        .replace(/\s+/g, "").length,
    ).toBeLessThanOrEqual(4000);
  });

  it("Workers AI writes the same fields from the role-grouped passages (the fake checks the model's input schema)", async () => {
    const e = new WorkersAiEngine(fakeAiBinding(env.FAKES_URL));
    const passages = passagesOf(drivingSchool);
    const s = await e.summarize({ brand: { name: "Clearway", industry: "Driving school", brand_voice: "calm", description: "" }, documents: [], passages });
    expect(s.positioning).toBe(passages.find((p) => p.role === "competitors")!.text);
    expect(s.content_themes).toEqual(["learner success stories", "road safety tips", "test-day advice", "behind the scenes with our instructors"]);
    expect(s.brand_story).not.toBe("");
  });
});
