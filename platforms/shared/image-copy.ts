// Whether a network gets the upload as it is or a JPEG copy, and how large that copy may be
// (decisions 123, 126, 128, 129): a type the network does not take (Instagram: JPEG only; Threads:
// no GIF), wider than it shows, more bytes than it or the account's server accepts (Bluesky,
// Facebook, a Mastodon server's own image_size_limit), or more pixels than it accepts (LinkedIn).
// Pure: the Worker prepares the copy at publish time (worker/services/publishing/media-prepare.ts) and checks
// at scheduling that one can be made (worker/services/posts/rules.ts) from the same plan.
import { sentAsJpegCopy, type ImageRules } from "./meta.ts";

export type ImageFacts = { type: string; size: number; width?: number; height?: number };

/**
 * The most pixels the Worker's JavaScript converter decodes (worker/lib/image-convert.ts; RGBA at
 * 40 MP is 160 MB).
 */
export const CONVERTER_MAX_PIXELS = 40_000_000;

/** What a converter can take in: pixels, and the longest side where it has such a limit. */
export type ConverterLimits = { maxPixels: number; maxSide?: number };

/** The JavaScript converter (offline runs and tests). */
export const JS_CONVERTER_LIMITS: ConverterLimits = { maxPixels: CONVERTER_MAX_PIXELS };

/**
 * The Cloudflare Images binding (decision 175): images of at most 100 megapixels and 12,000 pixels a
 * side ("Limits and formats", remote images, which the binding's input is).
 */
export const IMAGES_BINDING_LIMITS: ConverterLimits = { maxPixels: 100_000_000, maxSide: 12_000 };
export type CopyPlan = { maxWidth?: number; maxBytes: number };

/** The widest width whose image (aspect kept, height rounded as the encoder does) has fewer than `maxPixels` pixels. */
export function widthUnderPixels(width: number, height: number, maxPixels: number): number {
  let w = Math.min(width, Math.floor(Math.sqrt((maxPixels * width) / height)));
  while (w > 1 && w * Math.max(1, Math.round((height * w) / width)) >= maxPixels) w--;
  return Math.max(1, w);
}

/**
 * The copy the network needs, or null when the upload goes as it is. `accountMaxBytes` is the
 * account's own limit where the network has one (rules.accountImageMaxBytes).
 */
export function imageCopyPlan(rules: ImageRules, image: ImageFacts, accountMaxBytes?: number | null): CopyPlan | null {
  const maxBytes = Math.min(rules.maxBytes, accountMaxBytes && accountMaxBytes > 0 ? accountMaxBytes : Infinity);
  const { width, height } = image;
  const pixelWidth = rules.maxPixels && width && height && width * height >= rules.maxPixels ? widthUnderPixels(width, height, rules.maxPixels) : undefined;
  const needsType = sentAsJpegCopy(rules, image.type);
  const needsWidth = rules.maxWidth && width && width > rules.maxWidth;
  const needsBytes = rules.shrinkToFit && image.size > maxBytes;
  if (!needsType && !needsWidth && !needsBytes && pixelWidth === undefined) return null;
  const maxWidth = Math.min(rules.maxWidth ?? Infinity, pixelWidth ?? Infinity);
  return { ...(Number.isFinite(maxWidth) ? { maxWidth } : {}), maxBytes };
}

/**
 * Why the copy a network needs cannot be made by the converter in use (the image has more pixels,
 * or a longer side, than it takes in), or null. Checked at scheduling, so such a photo is refused
 * then rather than failing at its due time (decisions 128, 175).
 */
export function copyOutOfReach(
  label: string,
  rules: ImageRules,
  image: ImageFacts,
  accountMaxBytes?: number | null,
  limits: ConverterLimits = JS_CONVERTER_LIMITS,
): string | null {
  if (!image.width || !image.height || !imageCopyPlan(rules, image, accountMaxBytes)) return null;
  if (image.width * image.height > limits.maxPixels)
    return `This image has too many pixels to prepare for ${label} (at most ${limits.maxPixels / 1e6} megapixels). Please upload a smaller image.`;
  if (limits.maxSide && Math.max(image.width, image.height) > limits.maxSide) {
    return `This image is too wide or too tall to prepare for ${label} (at most ${limits.maxSide.toLocaleString("en-US")} pixels a side). Please upload a smaller image.`;
  }
  return null;
}
