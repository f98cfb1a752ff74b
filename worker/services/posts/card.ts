// Networks that publish nothing without an image (`images.required`) get an on-brand card on a generated
// post: the post's key line in Inter Bold and the project's name in Inter Regular on the brand's
// colour (project settings) or, without one, a colour chosen from the project's name. Inter is
// shipped as two subset TrueType files (./fonts, OFL; Latin-1, Latin Extended punctuation and
// £ € $ ¥ ₹) and drawn by ./font.ts, so "£" is drawn as "£" (docs/decisions/270). Three layouts
// (square 1:1, portrait 4:5, landscape 1.91:1) are chosen by the network's image rules; text
// wraps and shrinks until every line fits inside the text box, so nothing is cropped. PNG via
// fast-png (pure JS, already in the bundle; decision 112). The card is stored through the upload
// path (same checks, R2, public key), so the user can replace or remove it like any upload; the
// SPA says "Card added - replace or remove" where it is attached.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- ambient "*.ttf" module type, also needed where tests compile this file
/// <reference path="./fonts/font-modules.d.ts" />
import { encode } from "fast-png";
import type { ImageRules } from "../../../platforms/shared/meta";
import { MAX_ALT_TEXT, type MediaInfo } from "../../../schema/api/posts";
import { fnv1a } from "../../text/tokenize";
import { CoverageMask, readFont, type Font } from "./font";
import interBoldBytes from "./fonts/inter-bold-subset.ttf";
import interRegularBytes from "./fonts/inter-regular-subset.ttf";
import { uploadImage } from "./media";
import type { ServiceContext } from "../context";

type Rgb = [number, number, number];
type CardFormat = "square" | "portrait" | "landscape";

const FORMATS: Record<CardFormat, { width: number; height: number }> = {
  square: { width: 1080, height: 1080 },
  portrait: { width: 1080, height: 1350 },
  landscape: { width: 1200, height: 628 },
};

let fonts: { bold: Font; regular: Font } | undefined;
const loadFonts = () => (fonts ??= { bold: readFont(interBoldBytes), regular: readFont(interRegularBytes) });

/** Background / accent / text colours; one is chosen per project name when the brand has no colour. */
const PALETTES: [Rgb, Rgb, Rgb][] = [
  [
    [24, 46, 88],
    [255, 196, 61],
    [255, 255, 255],
  ],
  [
    [18, 84, 70],
    [248, 225, 108],
    [255, 255, 255],
  ],
  [
    [120, 36, 56],
    [255, 183, 150],
    [255, 255, 255],
  ],
  [
    [250, 244, 232],
    [214, 88, 52],
    [34, 34, 34],
  ],
  [
    [40, 40, 48],
    [120, 220, 200],
    [255, 255, 255],
  ],
];

/** WCAG relative luminance. */
function luminance([r, g, b]: Rgb): number {
  const lin = (v: number) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The brand's colour as background; text and accent in whichever of white / near-black reads better on it. */
function colours(projectName: string, brandColor: string | null | undefined): [Rgb, Rgb, Rgb] {
  const hex = brandColor?.match(/^#([0-9a-f]{6})$/i)?.[1];
  if (!hex) return PALETTES[fnv1a(projectName.toLowerCase()) % PALETTES.length]!;
  const bg: Rgb = [parseInt(hex.slice(0, 2), 16), parseInt(hex.slice(2, 4), 16), parseInt(hex.slice(4, 6), 16)];
  const dark = luminance(bg) > 0.4;
  const fg: Rgb = dark ? [20, 20, 24] : [255, 255, 255];
  const mix = (t: number): Rgb => bg.map((v, i) => Math.round(v + (fg[i]! - v) * t)) as Rgb;
  return [bg, mix(0.7), fg];
}

/** The layout a network's image rules call for: portrait 4:5 where it is accepted (it fills the feed), else square, else landscape. */
export function cardFormatFor(rules: Pick<ImageRules, "aspect">): CardFormat {
  const a = rules.aspect;
  if (!a || (a.min <= 0.8 && a.max >= 0.8)) return "portrait";
  if (a.min <= 1 && a.max >= 1) return "square";
  return "landscape";
}

function cleanText(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** Width in pixels of `text` at `size` px. */
function measure(font: Font, text: string, size: number): number {
  let w = 0;
  for (const ch of text) w += font.advance(font.glyphIndex(ch.codePointAt(0)!));
  return (w * size) / font.unitsPerEm;
}

/** Greedy word wrap to `maxWidth` pixels; a word longer than a line is split. */
function wrap(font: Font, text: string, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (let word of text.split(" ")) {
    while (measure(font, word, size) > maxWidth) {
      const chars = Array.from(word);
      let cut = chars.length - 1;
      while (cut > 1 && measure(font, chars.slice(0, cut).join(""), size) > maxWidth) cut--;
      if (line) lines.push(line);
      lines.push(chars.slice(0, cut).join(""));
      line = "";
      word = chars.slice(cut).join("");
    }
    const next = line ? `${line} ${word}` : word;
    if (!line || measure(font, next, size) <= maxWidth) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

type TextBlock = { lines: string[]; size: number; lineHeight: number; font: Font };
type Box = { x: number; y: number; width: number; height: number };

/**
 * The largest size (down to `min`) at which `text` wraps inside the box; at the smallest size a
 * text that still does not fit keeps the lines that fit and ends with "…".
 */
function fitText(font: Font, text: string, box: Box, max: number, min: number): TextBlock {
  for (let size = max; size >= min; size -= 2) {
    const lines = wrap(font, text, size, box.width);
    const lineHeight = Math.ceil(size * 1.2);
    if (lines.length * lineHeight <= box.height) return { lines, size, lineHeight, font };
  }
  const lineHeight = Math.ceil(min * 1.2);
  const room = Math.max(1, Math.floor(box.height / lineHeight));
  const lines = wrap(font, text, min, box.width).slice(0, room);
  let last = lines[room - 1] ?? "";
  while (last && measure(font, `${last}…`, min) > box.width) last = Array.from(last).slice(0, -1).join("").trimEnd();
  lines[room - 1] = `${last}…`;
  return { lines, size: min, lineHeight, font };
}

/** Where each line of the card goes: the key line's box (upper part) and the project name's (bottom). */
export function layoutCard(input: { keyLine: string; projectName: string }, format: CardFormat) {
  const { bold, regular } = loadFonts();
  const { width, height } = FORMATS[format];
  const margin = Math.round(Math.min(width, height) * 0.09);
  const nameSize = Math.round(Math.min(width, height) * 0.045);
  const footer = nameSize * 1.3 + 48;
  const keyBox: Box = { x: margin, y: margin, width: width - 2 * margin, height: height - 2 * margin - footer };
  const nameBox: Box = { x: margin, y: height - margin - nameSize * 1.3, width: width - 2 * margin, height: nameSize * 1.3 };
  const keyText = cleanText(input.keyLine) || cleanText(input.projectName) || "…";
  const key = fitText(bold, keyText, keyBox, Math.round(Math.min(width, height) * 0.085), 28);
  const name = fitText(regular, cleanText(input.projectName), nameBox, nameSize, 18);
  return { width, height, margin, keyBox, nameBox, key, name };
}

/** Draws a block's lines top-aligned from `top`; returns each line's measured box. */
function drawBlock(mask: CoverageMask, block: TextBlock, x: number, top: number) {
  const { font, size } = block;
  const scale = size / font.unitsPerEm;
  const ascent = (font.ascender * size) / font.unitsPerEm;
  block.lines.forEach((line, i) => {
    let cx = x;
    const baseline = top + i * block.lineHeight + ascent + (block.lineHeight - size * 1.2) / 2;
    for (const ch of line) {
      const g = font.glyphIndex(ch.codePointAt(0)!);
      mask.addGlyph(font.outline(g), cx, baseline, scale);
      cx += font.advance(g) * scale;
    }
  });
  mask.fill();
}

/** The card as PNG bytes. */
export function renderCardPng(input: { keyLine: string; projectName: string; brandColor?: string | null }, format: CardFormat): Uint8Array {
  const layout = layoutCard(input, format);
  const { width, height, keyBox, nameBox, key, name } = layout;
  const [bg, accent, fg] = colours(input.projectName, input.brandColor);
  const keyMask = new CoverageMask(width, height);
  // The key line is centred vertically in its box.
  drawBlock(keyMask, key, keyBox.x, keyBox.y + Math.max(0, (keyBox.height - key.lines.length * key.lineHeight) / 2));
  const nameMask = new CoverageMask(width, height);
  drawBlock(nameMask, name, nameBox.x, nameBox.y);
  const data = new Uint8Array(width * height * 3);
  const barTop = nameBox.y - 36;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const bar = y >= barTop && y < barTop + 12 && x >= nameBox.x && x < nameBox.x + 120;
      const base: Rgb = bar ? accent : bg;
      const k = Math.min(1, keyMask.cover[i]!);
      const n = Math.min(1, nameMask.cover[i]!);
      for (let c = 0; c < 3; c++) {
        let v = base[c]! + (fg[c]! - base[c]!) * k;
        v = v + (accent[c]! - v) * n;
        data[i * 3 + c] = Math.round(v);
      }
    }
  }
  return encode({ width, height, data, channels: 3, depth: 8 });
}

/** Renders a card in the layout the network's image rules call for and stores it like an upload of the project. */
export async function makePostCard(
  ctx: ServiceContext,
  projectId: string,
  input: { keyLine: string; projectName: string; brandColor?: string | null; rules: Pick<ImageRules, "aspect"> },
): Promise<MediaInfo> {
  const png = renderCardPng(input, cardFormatFor(input.rules));
  const file = new File([new Uint8Array(png)], "brand-card.png", { type: "image/png" });
  // The card is its text: the alt text says what it reads, so a screen reader hears the same.
  const altText = `${cleanText(input.projectName)}: ${cleanText(input.keyLine)}`.slice(0, MAX_ALT_TEXT);
  return uploadImage(ctx, projectId, { file, kind: "card", altText });
}
