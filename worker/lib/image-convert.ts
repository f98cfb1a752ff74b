// A small Worker-capable image converter (decision 123): decode PNG (fast-png), GIF (first frame,
// omggif) or JPEG (jpeg-js), flatten transparency onto white, scale down to a maximum width and
// encode JPEG (jpeg-js), if need be at smaller widths until it fits a byte limit (decision 126).
// Pure JavaScript, so it runs in workerd, in the tests and offline; where the Cloudflare Images binding is bound, services/media-prepare.ts uses that instead. Decoding is
// bounded by pixel count before memory is spent (docs/architecture.md security rules).
import { decode as decodePng } from "fast-png";
import { decode as decodeJpeg, encode as encodeJpeg } from "jpeg-js";
import { GifReader } from "omggif";
import { imageSize } from "../../platforms/shared/image-size";
import { CONVERTER_MAX_PIXELS } from "../../platforms/shared/image-copy";

/** Larger images are refused rather than decoded (RGBA at 40 MP is 160 MB). */
const MAX_PIXELS = CONVERTER_MAX_PIXELS;
const JPEG_QUALITY = 88;
/**
 * jpeg-js's memory bound for one decode, set from MAX_PIXELS so that every image under it can be
 * read (a 36 MP photo for a network's pixel cap, decision 128): jpeg-js counts about 21 bytes per pixel
 * (coefficient blocks of three components, planes and the RGBA output; 6200x5900 needed 770 MB by
 * its count), so the former 256 MB refused JPEGs over about 12 MP. A deployed Worker has 128 MB:
 * large photos there need the Images binding (decision 123).
 */
const JPEG_DECODE_MB = Math.ceil((MAX_PIXELS * 22) / 1e6);

export class ImageConvertError extends Error {}

type Rgba = { width: number; height: number; data: Uint8Array };

function fromPng(bytes: Uint8Array): Rgba {
  const png = decodePng(bytes);
  const { width, height, channels, palette } = png;
  const src = png.data;
  const out = new Uint8Array(width * height * 4);
  const scale = png.depth === 16 ? 257 : 1;
  for (let i = 0, p = 0; p < width * height; p++) {
    let r: number,
      g: number,
      b: number,
      a = 255;
    if (palette) {
      const c = palette[src[p]!] ?? [0, 0, 0];
      [r, g, b] = [c[0]!, c[1]!, c[2]!];
      a = c[3] ?? (png.transparency ? (png.transparency[src[p]!] ?? 255) : 255);
    } else if (channels <= 2) {
      r = g = b = src[i]! / scale;
      if (channels === 2) a = src[i + 1]! / scale;
    } else {
      r = src[i]! / scale;
      g = src[i + 1]! / scale;
      b = src[i + 2]! / scale;
      if (channels === 4) a = src[i + 3]! / scale;
    }
    i += palette ? 1 : channels;
    out.set([r, g, b, a], p * 4);
  }
  return { width, height, data: out };
}

function fromGif(bytes: Uint8Array): Rgba {
  const reader = new GifReader(bytes);
  const data = new Uint8Array(reader.width * reader.height * 4);
  reader.decodeAndBlitFrameRGBA(0, data);
  return { width: reader.width, height: reader.height, data };
}

function fromJpeg(bytes: Uint8Array): Rgba {
  const img = decodeJpeg(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: MAX_PIXELS / 1e6, maxMemoryUsageInMB: JPEG_DECODE_MB });
  return { width: img.width, height: img.height, data: img.data };
}

/** Area-average downscale (and alpha flattened onto white) to `width` x `height`. */
function resizeOntoWhite(src: Rgba, width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height * 4);
  const sx = src.width / width;
  const sy = src.height / height;
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor(y * sy);
    const y1 = Math.max(y0 + 1, Math.floor((y + 1) * sy));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor(x * sx);
      const x1 = Math.max(x0 + 1, Math.floor((x + 1) * sx));
      let r = 0,
        g = 0,
        b = 0,
        n = 0;
      for (let yy = y0; yy < y1; yy++) {
        for (let xx = x0; xx < x1; xx++) {
          const i = (yy * src.width + xx) * 4;
          const a = src.data[i + 3]! / 255;
          r += src.data[i]! * a + 255 * (1 - a);
          g += src.data[i + 1]! * a + 255 * (1 - a);
          b += src.data[i + 2]! * a + 255 * (1 - a);
          n++;
        }
      }
      const o = (y * width + x) * 4;
      out[o] = r / n;
      out[o + 1] = g / n;
      out[o + 2] = b / n;
      out[o + 3] = 255;
    }
  }
  return out;
}

function decodeImage(bytes: Uint8Array, type: string): Rgba {
  const size = imageSize(bytes);
  if (!size) throw new ImageConvertError("The image could not be read");
  if (size.width * size.height > MAX_PIXELS) throw new ImageConvertError("The image has too many pixels to convert");
  try {
    return type === "image/png" ? fromPng(bytes) : type === "image/gif" ? fromGif(bytes) : fromJpeg(bytes);
  } catch {
    throw new ImageConvertError("The image could not be read");
  }
}

function encodeAtWidth(rgba: Rgba, maxWidth: number): { data: Uint8Array; width: number; height: number } {
  const width = Math.max(1, Math.min(rgba.width, Math.floor(maxWidth)));
  const height = Math.max(1, Math.round((rgba.height * width) / rgba.width));
  const pixels = resizeOntoWhite(rgba, width, height);
  const encoded = encodeJpeg({ data: pixels, width, height }, JPEG_QUALITY);
  return { data: new Uint8Array(encoded.data.buffer, encoded.data.byteOffset, encoded.data.byteLength), width, height };
}

/** Encodes tried at most when fitting a byte limit. */
export const FIT_ATTEMPTS = 6;
/** A fitting copy at least this share of the limit is kept; a smaller one is tried wider. */
const FIT_GOOD_ENOUGH = 0.7;

/**
 * The widest JPEG found within `maxBytes`, by a bounded search over widths (decision 126): JPEG
 * size grows about with the pixel count, so each next width is the last one times the square root
 * of limit / size (with a 5% margin), never at or above a width that was too large, never above
 * `maxWidth`. The first width comes from the source itself: for a JPEG over the limit, already
 * scaled by its overshoot (re-encoding a photo at its own width keeps about its size). Stops at a
 * copy of at least 70% of the limit, at `maxWidth`, or after FIT_ATTEMPTS encodes; null when no
 * width tried fits.
 */
export async function fitWidth<T extends { bytes: number }>(
  source: { type: string; size: number; width: number },
  maxBytes: number,
  maxWidth: number,
  encodeAt: (width: number) => T | Promise<T>,
): Promise<T | null> {
  const cap = Math.max(1, Math.floor(Math.min(source.width, maxWidth)));
  let width =
    source.type === "image/jpeg" && source.size > maxBytes ? Math.max(1, Math.min(cap, Math.floor(source.width * Math.sqrt(maxBytes / source.size)))) : cap;
  let best: { out: T; width: number } | null = null;
  let tooWide = Infinity;
  for (let i = 0; i < FIT_ATTEMPTS; i++) {
    const out = await encodeAt(width);
    if (out.bytes <= maxBytes) {
      if (!best || width > best.width) best = { out, width };
      if (out.bytes >= maxBytes * FIT_GOOD_ENOUGH || width >= cap) break;
    } else {
      tooWide = Math.min(tooWide, width);
    }
    const next = Math.max(1, Math.min(cap, tooWide - 1, Math.floor(width * Math.sqrt(maxBytes / out.bytes) * 0.95)));
    if (next === width || (best && next <= best.width) || width === 1) break;
    width = next;
  }
  return best?.out ?? null;
}

/** The image as a JPEG of at most `maxBytes` bytes (and `maxWidth` wide): decoded once, encoded until it fits. */
export async function toJpegUnder(
  bytes: Uint8Array,
  type: string,
  maxBytes: number,
  maxWidth = Infinity,
): Promise<{ data: Uint8Array; width: number; height: number }> {
  const rgba = decodeImage(bytes, type);
  const fit = await fitWidth({ type, size: bytes.byteLength, width: rgba.width }, maxBytes, maxWidth, (w) => {
    const out = encodeAtWidth(rgba, w);
    return { ...out, bytes: out.data.byteLength };
  });
  if (!fit) throw new ImageConvertError(`The image could not be made smaller than ${maxBytes.toLocaleString("en-US")} bytes`);
  return fit;
}
