// The brand card (docs/decisions/270): Inter drawn from the shipped subset files (both weights
// carry £ € $ ¥ ₹), three layouts chosen by the network's image rules, the brand's colour, and
// text that always fits its box: measured line by line and checked on the decoded pixels (no ink
// in the margins).
import { decode } from "fast-png";
import { describe, expect, it } from "vitest";
import { json, signIn } from "./helpers";
import { platformMeta } from "../../platforms/registry";
import { checkPostRules } from "../../platforms/validation";
import { cardFormatFor, layoutCard, renderCardPng } from "../../worker/services/posts/card";
import { readFont } from "../../worker/services/posts/font";
import interBold from "../../worker/services/posts/fonts/inter-bold-subset.ttf";
import interRegular from "../../worker/services/posts/fonts/inter-regular-subset.ttf";

const LONG =
  "Our £25 autumn bundle — €29, $32, ¥4,800 or ₹2,600 — ships free this weekend only, with a handwritten note, a reusable tote and early access to the winter range for everyone who signs up before Sunday night";
const FORMATS = ["square", "portrait", "landscape"] as const;

describe("brand card typeface", () => {
  it("both weights have real glyphs for Latin letters and the currency signs", () => {
    for (const bytes of [interBold, interRegular]) {
      const font = readFont(bytes);
      for (const ch of "AaéßÆ£€$¥₹…’") {
        const g = font.glyphIndex(ch.codePointAt(0)!);
        expect(g, ch).toBeGreaterThan(0);
        expect(font.outline(g).length, ch).toBeGreaterThan(0);
      }
    }
    // The weights differ: Bold's "£" is wider than Regular's.
    const bold = readFont(interBold);
    const regular = readFont(interRegular);
    expect(bold.advance(bold.glyphIndex(0x48))).toBeGreaterThan(regular.advance(regular.glyphIndex(0x48)));
  });

  it("writes £ as £, never GBP", () => {
    const layout = layoutCard({ keyLine: "Tickets from £12 today", projectName: "Acme" }, "square");
    const text = layout.key.lines.join(" ");
    expect(text).toBe("Tickets from £12 today");
    expect(text).not.toContain("GBP");
  });
});

describe("brand card layouts", () => {
  it("picks the layout from the network's image rules", () => {
    expect(cardFormatFor(platformMeta("instagram").rules.images)).toBe("portrait");
    expect(cardFormatFor({ aspect: { min: 1, max: 1.91, label: "" } })).toBe("square");
    expect(cardFormatFor({ aspect: { min: 1.5, max: 2, label: "" } })).toBe("landscape");
    expect(cardFormatFor({})).toBe("portrait");
  });

  it.each(FORMATS)("%s: the PNG has the layout's aspect and Instagram's rules accept it", (format) => {
    const png = renderCardPng({ keyLine: "Hello", projectName: "Acme" }, format);
    const img = decode(png);
    const expected = { square: 1, portrait: 4 / 5, landscape: 1.91 }[format];
    expect(img.width / img.height).toBeCloseTo(expected, 2);
    const issues = checkPostRules({
      platform: "instagram",
      content: "x",
      hashtags: [],
      image: { type: "image/png", size: png.byteLength, width: img.width, height: img.height },
    });
    expect(issues.filter((i) => i.field === "media_info")).toEqual([]);
  });

  it.each(FORMATS)("%s: long text wraps and shrinks until every line fits its box", (format) => {
    const layout = layoutCard({ keyLine: LONG, projectName: "The Very Long Name Of A Small Seaside Bakery & Co" }, format);
    for (const block of [
      { b: layout.key, box: layout.keyBox },
      { b: layout.name, box: layout.nameBox },
    ]) {
      expect(block.b.lines.length * block.b.lineHeight).toBeLessThanOrEqual(block.box.height);
      for (const line of block.b.lines) {
        let w = 0;
        for (const ch of line) w += block.b.font.advance(block.b.font.glyphIndex(ch.codePointAt(0)!));
        expect((w * block.b.size) / block.b.font.unitsPerEm).toBeLessThanOrEqual(block.box.width);
      }
    }
    // Nothing is lost at this length: every word of the key line is on the card.
    expect(layout.key.lines.join(" ")).toBe(LONG);
  });

  it.each(FORMATS)("%s: no ink outside the text boxes (nothing cropped at the edges)", (format) => {
    const layout = layoutCard({ keyLine: LONG, projectName: "Acme" }, format);
    const img = decode(renderCardPng({ keyLine: LONG, projectName: "Acme", brandColor: "#123456" }, format));
    const px = (x: number, y: number) => Array.from(img.data.slice((y * img.width + x) * 3, (y * img.width + x) * 3 + 3));
    const slack = 6;
    let inkInside = 0;
    for (let y = 0; y < img.height; y += 2) {
      for (let x = 0; x < img.width; x += 2) {
        const inMargin =
          x < layout.margin - slack || x >= img.width - layout.margin + slack || y < layout.margin - slack || y >= img.height - layout.margin + slack;
        const isBg = px(x, y).join() === "18,52,86";
        if (inMargin) expect(isBg, `${x},${y}`).toBe(true);
        else if (!isBg) inkInside++;
      }
    }
    expect(inkInside).toBeGreaterThan(1000);
  });

  it("a text too long for the smallest size ends with an ellipsis inside the box", () => {
    const layout = layoutCard({ keyLine: LONG.repeat(6), projectName: "Acme" }, "landscape");
    expect(layout.key.lines.at(-1)).toMatch(/…$/);
    expect(layout.key.lines.length * layout.key.lineHeight).toBeLessThanOrEqual(layout.keyBox.height);
  });

  it("the brand's colour is the background, with readable text on light and dark colours", () => {
    for (const [brandColor, rgb] of [
      ["#0A7C59", [10, 124, 89]],
      ["#FFE8A3", [255, 232, 163]],
    ] as const) {
      const img = decode(renderCardPng({ keyLine: "Hello", projectName: "Acme", brandColor }, "square"));
      expect(Array.from(img.data.slice(0, 3))).toEqual(rgb);
    }
  });
});

describe("the brand's colour setting", () => {
  it("PATCH /api/projects/:id stores a hex colour, refuses anything else unchanged, and null clears it", async () => {
    const user = await signIn();
    const path = `/api/projects/${user.projectId}`;
    const ok = await json(user, "PATCH", path, { brand_color: "#0a7c59" });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { brand_color: string }).brand_color).toBe("#0A7C59");
    for (const bad of ["red", "#12345", "#GGGGGG", "0A7C59"]) {
      const res = await json(user, "PATCH", path, { brand_color: bad });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: { fields: Record<string, string> } };
      expect(body.error.fields.brand_color).toBe("Brand colour must be a hex colour like #1A73E8");
    }
    const list = (await (await json(user, "GET", "/api/projects")).json()) as { id: string; brand_color: string | null }[];
    expect(list.find((p) => p.id === user.projectId)?.brand_color).toBe("#0A7C59");
    const cleared = await json(user, "PATCH", path, { brand_color: null });
    expect(((await cleared.json()) as { brand_color: string | null }).brand_color).toBeNull();
  });
});
