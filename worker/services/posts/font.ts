// A small TrueType reader and anti-aliased rasteriser for the brand card (docs/decisions/270): it
// reads the subset Inter files in ./fonts (cmap format 4, hmtx, loca, simple glyf outlines; the
// subset has no composite glyphs and no hinting) and fills quadratic outlines with the non-zero
// rule on 4 sub-scanlines per pixel with exact horizontal coverage. A font library or an SVG
// renderer would not fit the Worker's size budget (decision 112); this is ~200 lines and no bytes.

type Point = { x: number; y: number };
type Outline = Point[][];

export type Font = {
  unitsPerEm: number;
  ascender: number;
  descender: number;
  /** Glyph index of a character, 0 (.notdef) when the font lacks it. */
  glyphIndex(codePoint: number): number;
  advance(glyph: number): number;
  outline(glyph: number): Outline;
};

function table(view: DataView, tag: string): number {
  const count = view.getUint16(4);
  for (let i = 0; i < count; i++) {
    const rec = 12 + i * 16;
    const t = String.fromCharCode(view.getUint8(rec), view.getUint8(rec + 1), view.getUint8(rec + 2), view.getUint8(rec + 3));
    if (t === tag) return view.getUint32(rec + 8);
  }
  throw new Error(`font has no ${tag} table`);
}

/** cmap format 4 (the BMP), as a code point -> glyph map. */
function readCmap(view: DataView): Map<number, number> {
  const cmap = table(view, "cmap");
  const map = new Map<number, number>();
  const n = view.getUint16(cmap + 2);
  for (let i = 0; i < n; i++) {
    const sub = cmap + view.getUint32(cmap + 4 + i * 8 + 4);
    if (view.getUint16(sub) !== 4) continue;
    const segX2 = view.getUint16(sub + 6);
    const ends = sub + 14;
    const starts = ends + segX2 + 2;
    const deltas = starts + segX2;
    const ranges = deltas + segX2;
    for (let s = 0; s < segX2 / 2; s++) {
      const end = view.getUint16(ends + s * 2);
      const start = view.getUint16(starts + s * 2);
      const delta = view.getInt16(deltas + s * 2);
      const rangeOffset = view.getUint16(ranges + s * 2);
      for (let c = start; c <= end && c !== 0xffff; c++) {
        let g: number;
        if (rangeOffset === 0) g = (c + delta) & 0xffff;
        else {
          const at = ranges + s * 2 + rangeOffset + (c - start) * 2;
          g = view.getUint16(at);
          if (g !== 0) g = (g + delta) & 0xffff;
        }
        if (g) map.set(c, g);
      }
    }
    return map;
  }
  throw new Error("font has no format 4 cmap");
}

/** Reads a TrueType font (glyf outlines). */
export function readFont(bytes: ArrayBuffer): Font {
  const view = new DataView(bytes);
  const head = table(view, "head");
  const unitsPerEm = view.getUint16(head + 18);
  const longLoca = view.getInt16(head + 50) === 1;
  const hhea = table(view, "hhea");
  const ascender = view.getInt16(hhea + 4);
  const descender = view.getInt16(hhea + 6);
  const metrics = view.getUint16(hhea + 34);
  const numGlyphs = view.getUint16(table(view, "maxp") + 4);
  const hmtx = table(view, "hmtx");
  const loca = table(view, "loca");
  const glyf = table(view, "glyf");
  const cmap = readCmap(view);
  const offset = (g: number) => (longLoca ? view.getUint32(loca + g * 4) : view.getUint16(loca + g * 2) * 2);
  const cache = new Map<number, Outline>();

  const outline = (g: number): Outline => {
    const hit = cache.get(g);
    if (hit) return hit;
    const result: Outline = [];
    if (g < numGlyphs && offset(g + 1) > offset(g)) {
      let p = glyf + offset(g);
      const contours = view.getInt16(p);
      if (contours < 0) throw new Error("composite glyphs are not supported (the subset has none)");
      p += 10;
      const ends: number[] = [];
      for (let i = 0; i < contours; i++, p += 2) ends.push(view.getUint16(p));
      const count = contours ? ends[contours - 1]! + 1 : 0;
      p += 2 + view.getUint16(p); // instructions
      const flags: number[] = [];
      while (flags.length < count) {
        const f = view.getUint8(p++);
        flags.push(f);
        if (f & 8) for (let r = view.getUint8(p++); r > 0; r--) flags.push(f);
      }
      const coords = (short: number, same: number) => {
        const out: number[] = [];
        let v = 0;
        for (const f of flags) {
          if (f & short) v += f & same ? view.getUint8(p++) : -view.getUint8(p++);
          else if (!(f & same)) {
            v += view.getInt16(p);
            p += 2;
          }
          out.push(v);
        }
        return out;
      };
      const xs = coords(2, 16);
      const ys = coords(4, 32);
      let start = 0;
      for (const end of ends) {
        // Expand implied on-curve points so each contour is on, (off), on, ... pairs.
        const pts: { x: number; y: number; on: boolean }[] = [];
        for (let i = start; i <= end; i++) pts.push({ x: xs[i]!, y: ys[i]!, on: (flags[i]! & 1) === 1 });
        start = end + 1;
        if (pts.length === 0) continue;
        const firstOn = pts.findIndex((q) => q.on);
        const ring = firstOn < 0 ? pts : [...pts.slice(firstOn), ...pts.slice(0, firstOn)];
        if (firstOn < 0) ring.unshift({ x: (pts[0]!.x + pts[pts.length - 1]!.x) / 2, y: (pts[0]!.y + pts[pts.length - 1]!.y) / 2, on: true });
        const flat: Point[] = [{ x: ring[0]!.x, y: ring[0]!.y }];
        let ctrl: Point | null = null;
        const curveTo = (to: Point) => {
          if (!ctrl) flat.push(to);
          else {
            const from = flat[flat.length - 1]!;
            for (let t = 1; t <= 8; t++) {
              const u = t / 8;
              const a = (1 - u) * (1 - u);
              const b = 2 * (1 - u) * u;
              const c = u * u;
              flat.push({ x: a * from.x + b * ctrl.x + c * to.x, y: a * from.y + b * ctrl.y + c * to.y });
            }
          }
          ctrl = null;
        };
        for (let i = 1; i <= ring.length; i++) {
          const q = ring[i % ring.length]!;
          if (q.on) curveTo(q);
          else if (ctrl) {
            curveTo({ x: (ctrl.x + q.x) / 2, y: (ctrl.y + q.y) / 2 });
            ctrl = q;
          } else ctrl = q;
        }
        result.push(flat);
      }
    }
    cache.set(g, result);
    return result;
  };

  return {
    unitsPerEm,
    ascender,
    descender,
    glyphIndex: (c) => cmap.get(c) ?? 0,
    advance: (g) => view.getUint16(hmtx + Math.min(g, metrics - 1) * 4),
    outline,
  };
}

/** A coverage mask (0..1 per pixel) that glyph outlines are filled into. */
export class CoverageMask {
  readonly cover: Float32Array;
  private readonly edges: { x0: number; y0: number; x1: number; y1: number; dir: number }[] = [];
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.cover = new Float32Array(width * height);
  }

  /** Adds a glyph's outline with its origin (baseline, left) at (x, y), `scale` pixels per font unit. */
  addGlyph(outline: Outline, x: number, y: number, scale: number) {
    for (const contour of outline) {
      for (let i = 0; i < contour.length; i++) {
        const a = contour[i]!;
        const b = contour[(i + 1) % contour.length]!;
        const ax = x + a.x * scale;
        const ay = y - a.y * scale;
        const bx = x + b.x * scale;
        const by = y - b.y * scale;
        if (ay === by) continue;
        this.edges.push(ay < by ? { x0: ax, y0: ay, x1: bx, y1: by, dir: 1 } : { x0: bx, y0: by, x1: ax, y1: ay, dir: -1 });
      }
    }
  }

  /** Fills the added outlines (non-zero rule) into the mask and clears the edge list. */
  fill() {
    const SUB = 4;
    const edges = this.edges;
    if (edges.length === 0) return;
    let minY = Infinity;
    let maxY = -Infinity;
    for (const e of edges) {
      minY = Math.min(minY, e.y0);
      maxY = Math.max(maxY, e.y1);
    }
    const row0 = Math.max(0, Math.floor(minY));
    const row1 = Math.min(this.height - 1, Math.ceil(maxY));
    const crossings: { x: number; dir: number }[] = [];
    for (let row = row0; row <= row1; row++) {
      for (let s = 0; s < SUB; s++) {
        const sy = row + (s + 0.5) / SUB;
        crossings.length = 0;
        for (const e of edges) {
          if (sy < e.y0 || sy >= e.y1) continue;
          crossings.push({ x: e.x0 + ((sy - e.y0) / (e.y1 - e.y0)) * (e.x1 - e.x0), dir: e.dir });
        }
        crossings.sort((p, q) => p.x - q.x);
        let winding = 0;
        for (let i = 0; i < crossings.length - 1; i++) {
          winding += crossings[i]!.dir;
          if (winding !== 0) this.span(row, crossings[i]!.x, crossings[i + 1]!.x, 1 / SUB);
        }
      }
    }
    edges.length = 0;
  }

  /** Adds `weight` × the covered part of each pixel in [x0, x1) on one row. */
  private span(row: number, x0: number, x1: number, weight: number) {
    const a = Math.max(0, x0);
    const b = Math.min(this.width, x1);
    if (b <= a) return;
    const base = row * this.width;
    const ia = Math.floor(a);
    const ib = Math.floor(b);
    if (ia === ib) {
      this.cover[base + ia]! += (b - a) * weight;
      return;
    }
    this.cover[base + ia]! += (ia + 1 - a) * weight;
    for (let i = ia + 1; i < ib; i++) this.cover[base + i]! += weight;
    if (ib < this.width) this.cover[base + ib]! += (b - ib) * weight;
  }
}
