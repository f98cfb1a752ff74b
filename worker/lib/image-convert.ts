// A small Worker-capable image converter (decision 123): decode PNG (fast-png), GIF (first frame,
// omggif) or JPEG (jpeg-js), flatten transparency onto white, scale down to a maximum width and
// encode JPEG (jpeg-js), if need be at smaller widths until it fits a byte limit (decision 126).
// Pure JavaScript, so it runs in workerd, in the tests and offline; where the Cloudflare Images binding is bound, services/media-prepare.ts uses that instead. Decoding is
// bounded by pixel count before memory is spent (DESIGN security rules).
import { decode as decodePng } from "fast-png";
import { decode as decodeJpeg, encode as encodeJpeg } from "jpeg-js";
import { GifReader } from "omggif";
import { imageSize } from "./image-size";

/** Larger images are refused rather than decoded (RGBA at 40 MP is 160 MB). */
export const MAX_PIXELS = 40_000_000;
export const JPEG_QUALITY = 88;

export class ImageConvertError extends Error {}

type Rgba = { width: number; height: number; data: Uint8Array };

function fromPng(bytes: Uint8Array): Rgba {
  const png = decodePng(bytes);
  const { width, height, channels, palette } = png;
  const src = png.data;
  const out = new Uint8Array(width * height * 4);
  const scale = png.depth === 16 ? 257 : 1;
  for (let i = 0, p = 0; p < width * height; p++) {
    let r: number, g: number, b: number, a = 255;
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
  const img = decodeJpeg(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: MAX_PIXELS / 1e6, maxMemoryUsageInMB: 256 });
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
      let r = 0, g = 0, b = 0, n = 0;
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

/** The image as a JPEG at most `maxWidth` wide (aspect ratio kept). */
export function toJpeg(bytes: Uint8Array, type: string, maxWidth = Infinity): { data: Uint8Array; width: number; height: number } {
  return encodeAtWidth(decodeImage(bytes, type), maxWidth);
}

/** Tries before giving up on fitting a byte limit (each one scales down by the size overshoot). */
export const FIT_ATTEMPTS = 6;

/**
 * The next width to try when a JPEG `width` px wide came out at `size` bytes against a limit of
 * `maxBytes`: JPEG size grows about with the pixel count, so the width shrinks by the square
 * root of the overshoot, with a 10% margin so one step usually lands under the limit.
 */
export function nextFitWidth(width: number, size: number, maxBytes: number): number {
  return Math.max(1, Math.min(width - 1, Math.floor(width * Math.sqrt(maxBytes / size) * 0.9)));
}

/**
 * The width to encode first: at most `maxWidth`; for a JPEG over the limit, already scaled by
 * the square root of its overshoot (re-encoding a photo at the same width keeps about its size,
 * so that first full-size encode would be spent for nothing).
 */
export function firstFitWidth(type: string, size: number, width: number, maxBytes: number, maxWidth = Infinity): number {
  const capped = Math.min(width, maxWidth);
  if (type !== "image/jpeg" || size <= maxBytes) return capped;
  return Math.max(1, Math.min(capped, Math.floor(width * Math.sqrt(maxBytes / size))));
}

/**
 * The image as a JPEG of at most `maxBytes` bytes (and `maxWidth` wide): decoded once, then
 * encoded at smaller widths until it fits (decision 126).
 */
export function toJpegUnder(bytes: Uint8Array, type: string, maxBytes: number, maxWidth = Infinity): { data: Uint8Array; width: number; height: number } {
  const rgba = decodeImage(bytes, type);
  let out = encodeAtWidth(rgba, firstFitWidth(type, bytes.byteLength, rgba.width, maxBytes, maxWidth));
  for (let i = 1; out.data.byteLength > maxBytes && i < FIT_ATTEMPTS && out.width > 1; i++) {
    out = encodeAtWidth(rgba, nextFitWidth(out.width, out.data.byteLength, maxBytes));
  }
  if (out.data.byteLength > maxBytes) throw new ImageConvertError(`The image could not be made smaller than ${maxBytes.toLocaleString("en-US")} bytes`);
  return out;
}
