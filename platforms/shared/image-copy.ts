// Whether a network gets the upload as it is or a JPEG copy, and how large that copy may be
// (decisions 123, 126, 128, 129): a type the network does not take (Instagram: JPEG only; Threads:
// no GIF), wider than it shows, more bytes than it or the account's server accepts (Bluesky,
// Facebook, a Mastodon server's own image_size_limit), or more pixels than it accepts (LinkedIn).
// Pure: the Worker prepares the copy at publish time (worker/services/media-prepare.ts) and checks
// at scheduling that one can be made (worker/services/post-rules.ts) from the same plan.
import type { ImageRules } from "./meta.ts";

export type ImageFacts = { type: string; size: number; width?: number; height?: number };

/**
 * The most pixels the Worker's JavaScript converter decodes (worker/lib/image-convert.ts; RGBA at
 * 40 MP is 160 MB). With the Cloudflare Images binding there is no such bound here.
 */
export const CONVERTER_MAX_PIXELS = 40_000_000;
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
  const needsType = (rules.sendAs && image.type !== rules.sendAs) || rules.sentAsJpeg?.includes(image.type as never);
  const needsWidth = rules.maxWidth && width && width > rules.maxWidth;
  const needsBytes = rules.shrinkToFit && image.size > maxBytes;
  if (!needsType && !needsWidth && !needsBytes && pixelWidth === undefined) return null;
  const maxWidth = Math.min(rules.maxWidth ?? Infinity, pixelWidth ?? Infinity);
  return { ...(Number.isFinite(maxWidth) ? { maxWidth } : {}), maxBytes };
}

/**
 * Why the copy a network needs cannot be made by the JavaScript converter (the image has more
 * pixels than it decodes), or null. Checked at scheduling when the Images binding is not bound, so
 * such a photo is refused then rather than failing at its due time (decision 128).
 */
export function copyOutOfReach(label: string, rules: ImageRules, image: ImageFacts, accountMaxBytes?: number | null): string | null {
  if (!image.width || !image.height || image.width * image.height <= CONVERTER_MAX_PIXELS || !imageCopyPlan(rules, image, accountMaxBytes)) return null;
  return `This image has too many pixels to prepare for ${label} (at most ${CONVERTER_MAX_PIXELS / 1e6} megapixels). Please upload a smaller image.`;
}
