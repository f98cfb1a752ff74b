// Passages that keep their meaning (decision 181): a FAQ's question stays with its answer, a
// heading with its paragraph, a list item with its lead-in, a "Label: text" line with its label;
// prose is packed from whole sentences.
import { describe, expect, it } from "vitest";
import { isHeading, passagesOf } from "../../worker/services/brain/passages";
import { BRAIN, segmentText } from "../../worker/services/brain/text";

const texts = (t: string) => passagesOf(t, BRAIN.segmentChars).map((p) => p.text);

describe("brain passages", () => {
  it("a FAQ pasted as prose: each question starts a passage and keeps its answer (never glued to the previous answer)", () => {
    const faq =
      "Skates can be hired for £4 a pair. Is there parking? Yes, 12 free spaces behind the building. Do you do birthday parties? Yes, on Saturdays from 2pm to 4pm, for up to 12 children.";
    const out = passagesOf(faq, BRAIN.segmentChars);
    expect(out.map((p) => p.text)).toEqual([
      "Skates can be hired for £4 a pair.",
      "Is there parking? Yes, 12 free spaces behind the building.",
      "Do you do birthday parties? Yes, on Saturdays from 2pm to 4pm, for up to 12 children.",
    ]);
    expect(out.map((p) => p.shape)).toEqual(["prose", "faq", "faq"]);
    expect(out[1]!.label).toBe("Is there parking?");
  });

  it("Q:/A: lines and questions on their own line are one passage with their answer, without the markers", () => {
    const text =
      "FAQ\nQ: Can I order just once?\nA: Yes, one-off boxes are fine.\nQ: How do I pay?\nA: By card when you order.\nRegular boxes are charged the day before.";
    expect(texts(text)).toEqual([
      "Can I order just once? Yes, one-off boxes are fine.",
      "How do I pay? By card when you order. Regular boxes are charged the day before.",
    ]);
    const lines = "Do you have parking?\nYes, behind the studio.\nCan I bring my dog?\nOnly guide dogs, sorry.";
    expect(texts(lines)).toEqual(["Do you have parking? Yes, behind the studio.", "Can I bring my dog? Only guide dogs, sorry."]);
    // A section heading over questions names the section: it is not put before each one.
    expect(texts("Frequently asked questions\nIs there parking? Yes.\nDo you open on Sundays? No, Monday to Saturday.")).toEqual([
      "Is there parking? Yes.",
      "Do you open on Sundays? No, Monday to Saturday.",
    ]);
  });

  it("a heading stays with its paragraph, on the next line or after a blank line", () => {
    expect(texts("Parking\nThere are 12 free spaces behind the studio.\n\nOpening hours\n\nWe are open every day from 7am.")).toEqual([
      "Parking: There are 12 free spaces behind the studio.",
      "Opening hours: We are open every day from 7am.",
    ]);
    expect(passagesOf("Parking\nThere are 12 free spaces.", 150)[0]).toMatchObject({ shape: "heading", label: "Parking" });
    // A title repeated by its paragraph is not said twice.
    expect(texts("Furrow & Field\n\nFurrow & Field is an organic farm.")).toEqual(["Furrow & Field is an organic farm."]);
    expect(isHeading("Our story")).toBe(true);
    expect(isHeading("We are open daily.")).toBe(false);
    expect(isHeading("Brand voice: calm")).toBe(false);
    expect(isHeading("- item")).toBe(false);
  });

  it("list items keep their lead-in; a 'Label: text' line keeps its label", () => {
    const out = passagesOf("Our classes include:\n- beginners' yoga\n- pregnancy yoga\n* back care pilates\n\nBrand voice: calm, warm and plain-spoken.", 150);
    expect(out.map((p) => p.text)).toEqual([
      "Our classes include: beginners' yoga",
      "Our classes include: pregnancy yoga",
      "Our classes include: back care pilates",
      "Brand voice: calm, warm and plain-spoken.",
    ]);
    expect(out.map((p) => p.shape)).toEqual(["list", "list", "list", "label"]);
    expect(out[3]!.label).toBe("Brand voice");
    // Items under a heading keep the heading.
    expect(texts("What to bring\n- a towel\n- water")).toEqual(["What to bring: a towel.", "What to bring: water."]);
  });

  it("long prose stays sentence segments of about 150 characters, never cut inside a sentence", () => {
    const prose = Array.from({ length: 12 }, (_, i) => `Sentence number ${i + 1} tells one plain fact about the brand.`).join(" ");
    const segs = segmentText(prose);
    expect(segs.join(" ")).toBe(prose);
    for (const s of segs) {
      expect(s.length).toBeLessThanOrEqual(BRAIN.segmentChars);
      expect(s).toMatch(/\.$/);
    }
    // Under a heading, every passage of the paragraph keeps the heading.
    const headed = segmentText(`Our story\n${prose}`);
    expect(headed.length).toBe(segs.length);
    expect(headed.every((s) => s.startsWith("Our story: "))).toBe(true);
  });
});
