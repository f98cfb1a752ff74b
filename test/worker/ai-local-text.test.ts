// The local engine's text pieces run in workerd without a language model: sentences come from
// Intl.Segmenter (which workerd must provide), words are Porter-stemmed.
import { describe, expect, it } from "vitest";
import { porterStem, sentenceTexts } from "../../worker/text/nlp";
import { keyphrases } from "../../worker/adapters/ai/local/text";

describe("local engine text without a language model", () => {
  it("workerd provides Intl.Segmenter with sentence granularity", () => {
    expect(typeof Intl.Segmenter).toBe("function");
    const parts = [...new Intl.Segmenter("en", { granularity: "sentence" }).segment("One sentence. Another one!")].map((s) => s.segment.trim());
    expect(parts).toEqual(["One sentence.", "Another one!"]);
  });

  it("splits sentences, keeping abbreviations, line breaks and decimals", () => {
    expect(sentenceTexts("Dr. Lee rides 90.5 km a day. The bike costs $2,400, e.g. less than a car!\nFree service\nAsk us.")).toEqual([
      "Dr. Lee rides 90.5 km a day.",
      "The bike costs $2,400, e.g. less than a car!",
      "Free service",
      "Ask us.",
    ]);
  });

  it("stems inflections to one form", () => {
    expect(porterStem("riding")).toBe(porterStem("rides"));
    expect(porterStem("batteries")).toBe(porterStem("battery"));
    expect(porterStem("recharging")).toBe(porterStem("recharge"));
  });

  it("finds names and recurring noun phrases as keyphrases, not verbs", () => {
    const text =
      "The Cargo One carries two kids and the weekly shop. Our mobile repair van visits your street. " +
      "The mobile repair van fixes flat tyres at your door. The Cargo One has a 90 km range.";
    const got = keyphrases(text, 4).map((p) => p.text);
    expect(got).toContain("Cargo One");
    expect(got.some((p) => /repair van/.test(p))).toBe(true);
    expect(got.every((p) => !/\b(carries|visits|fixes)\b/.test(p))).toBe(true);
  });
});
