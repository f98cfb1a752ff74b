// Instagram needs an image on every post, so a generated Instagram post gets an on-brand card: the
// post's key line and the project's name on a colour chosen from the name, rasterised in the
// Worker with a pixel font (js-pixel-fonts' "Seven plus", MIT) and encoded as PNG by fast-png
// (pure JS on fflate, already in the bundle). An SVG renderer that fits the 3 MiB Worker does not
// exist (resvg-wasm alone is ~2.5 MB), so the card is drawn directly (decision 112). The PNG is
// stored through the upload path (same checks, R2, public media key), so the user can replace it
// like any upload; decision 123 converts it to JPEG for Instagram at publish time.
import { encode } from "fast-png";
import sevenPlus from "js-pixel-fonts/data/seven-plus.json";
import type { MediaInfo } from "../../../schema/api/posts";
import type { Env } from "../../env";
import type { Db } from "../../lib/db";
import { fnv1a } from "../../text/tokenize";
import { uploadImage } from "./media";

type Glyph = { offset: number; pixels: number[][] };
const FONT = sevenPlus as unknown as { lineHeight: number; glyphs: Record<string, Glyph> };

/** Instagram's square format. */
const CARD_SIZE = 1080;
const MARGIN = 96;

/** Background / accent / text colours; one is chosen per project name. */
const PALETTES: [number, number, number][][] = [
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
  [
    [236, 242, 250],
    [52, 96, 220],
    [20, 28, 48],
  ],
];

/** Characters the font lacks become their closest ASCII form, or are dropped. */
function fontText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, "-")
    .replace(/…/g, "...")
    .replace(/€/g, "EUR ")
    .replace(/£/g, "GBP ")
    .split("")
    .filter((c) => c === " " || FONT.glyphs[c])
    .join("")
    .replace(/\s+/g, " ")
    .trim();
}

function glyphWidth(c: string): number {
  if (c === " ") return 3;
  return FONT.glyphs[c]?.pixels[0]?.length ?? 0;
}

/** Width in font pixels (1 pixel between letters). */
function textWidth(text: string): number {
  let w = 0;
  for (const c of text) w += glyphWidth(c) + 1;
  return Math.max(0, w - 1);
}

/** Greedy word wrap to a width in font pixels; a word longer than a line is split. */
function wrap(text: string, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (let word of text.split(" ")) {
    while (textWidth(word) > maxWidth) {
      let cut = word.length - 1;
      while (cut > 1 && textWidth(word.slice(0, cut)) > maxWidth) cut--;
      if (line) lines.push(line);
      lines.push(word.slice(0, cut));
      line = "";
      word = word.slice(cut);
    }
    const next = line ? `${line} ${word}` : word;
    if (textWidth(next) <= maxWidth) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

class Canvas {
  readonly data: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Uint8Array(width * height * 3);
  }
  rect(x: number, y: number, w: number, h: number, [r, g, b]: [number, number, number]) {
    const x0 = Math.max(0, Math.floor(x));
    const x1 = Math.min(this.width, Math.floor(x + w));
    for (let yy = Math.max(0, Math.floor(y)); yy < Math.min(this.height, Math.floor(y + h)); yy++) {
      let i = (yy * this.width + x0) * 3;
      for (let xx = x0; xx < x1; xx++) {
        this.data[i++] = r;
        this.data[i++] = g;
        this.data[i++] = b;
      }
    }
  }
  /** Draws text with its top-left at (x, y), each font pixel `scale` pixels wide. */
  text(text: string, x: number, y: number, scale: number, color: [number, number, number]) {
    let cx = x;
    for (const c of text) {
      const g = FONT.glyphs[c];
      if (g) {
        g.pixels.forEach((row, ry) =>
          row.forEach((on, rx) => {
            if (on) this.rect(cx + rx * scale, y + (ry + g.offset) * scale, scale, scale, color);
          }),
        );
      }
      cx += (glyphWidth(c) + 1) * scale;
    }
  }
}

/** The card as PNG bytes: the key line large and wrapped, the project's name below an accent bar. */
function renderCardPng(input: { keyLine: string; projectName: string }): Uint8Array {
  const palette = PALETTES[fnv1a(input.projectName.toLowerCase()) % PALETTES.length]!;
  const [bg, accent, fg] = palette as [[number, number, number], [number, number, number], [number, number, number]];
  const canvas = new Canvas(CARD_SIZE, CARD_SIZE);
  canvas.rect(0, 0, CARD_SIZE, CARD_SIZE, bg);
  const inner = CARD_SIZE - 2 * MARGIN;
  const line = fontText(input.keyLine) || fontText(input.projectName) || "...";
  // The largest scale at which the key line fits in the upper three quarters of the card.
  let scale = 12;
  let lines = wrap(line, Math.floor(inner / scale));
  const room = CARD_SIZE * 0.68;
  while (scale > 3 && lines.length * (FONT.lineHeight + 4) * scale > room) {
    scale--;
    lines = wrap(line, Math.floor(inner / scale));
  }
  const lineHeight = (FONT.lineHeight + 4) * scale;
  const top = MARGIN + Math.max(0, (room - lines.length * lineHeight) / 2);
  lines.slice(0, Math.floor(room / lineHeight)).forEach((l, i) => canvas.text(l, MARGIN, top + i * lineHeight, scale, fg));
  // Accent bar and the project's name at the bottom.
  canvas.rect(MARGIN, CARD_SIZE - MARGIN - 110, 140, 14, accent);
  const name = fontText(input.projectName);
  let nameScale = 7;
  while (nameScale > 2 && textWidth(name) * nameScale > inner) nameScale--;
  canvas.text(name, MARGIN, CARD_SIZE - MARGIN - 70, nameScale, accent);
  return encode({ width: CARD_SIZE, height: CARD_SIZE, data: canvas.data, channels: 3, depth: 8 });
}

/** Renders a card and stores it like an upload of the project; returns its media info. */
export async function makePostCard(db: Db, env: Env, userId: string, projectId: string, input: { keyLine: string; projectName: string }): Promise<MediaInfo> {
  const png = renderCardPng(input);
  const file = new File([new Uint8Array(png)], "brand-card.png", { type: "image/png" });
  return uploadImage(db, env, userId, projectId, { file });
}
