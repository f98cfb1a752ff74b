// What every image model shares (decision 118): the prompt, built only from the post's key line
// and the project's brand fields, each cut to a fixed length, so no user text reaches a model
// beyond these limits (1000 characters in all: dall-e-2's limit, the smallest of the supported
// models; Workers AI's flux-1-schnell takes 2048); and the decoding of a base64 answer.
import type { BrandProfile } from "./types";

/** The whole prompt fits every supported model (dall-e-2: 1000 characters). */
export const IMAGE_PROMPT_MAX = 1000;
const KEY_LINE_MAX = 300;
const FIELD_MAX = 80;

/** A refusal or an unusable answer of an image model (the caller falls back to the card). */
export class ImageModelError extends Error {
  override name = "ImageModelError";
}

/** One line of plain text: no control characters, quotes or line breaks, at most `max` characters. */
function clean(text: string, max: number): string {
  const flat = text
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .replace(/["“”]/g, "'")
    .replace(/\s+/g, " ")
    .trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return (space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, "");
}

/**
 * The image prompt for a post: what the post says (its key line) in the brand's look and voice,
 * and no lettering (image models garble text; the post's words are in its caption).
 */
export function imagePrompt(input: { keyLine: string; brand: Pick<BrandProfile, "name" | "industry" | "brand_voice"> }): string {
  const name = clean(input.brand.name, FIELD_MAX) || "the brand";
  const industry = clean(input.brand.industry, FIELD_MAX);
  const voice = clean(input.brand.brand_voice, FIELD_MAX);
  const line = clean(input.keyLine, KEY_LINE_MAX);
  const prompt = [
    `A square social media image for ${name}${industry ? `, a ${industry} brand` : ""}.`,
    line ? `It illustrates the post: "${line}".` : "",
    voice ? `Mood and style match a ${voice.toLowerCase()} brand voice.` : "",
    "One clear subject, clean modern composition, natural light, brand-appropriate colours.",
    "No text, letters, words, logos or watermarks in the image.",
  ]
    .filter(Boolean)
    .join(" ");
  return prompt.slice(0, IMAGE_PROMPT_MAX);
}

/** Bytes of a base64 answer; throws when it is not base64. */
export function decodeBase64Image(b64: unknown): Uint8Array {
  if (typeof b64 !== "string" || b64.length === 0) throw new ImageModelError("the answer holds no image");
  let bin: string;
  try {
    bin = atob(b64.replace(/^data:[^,]*,/, "").replace(/\s+/g, ""));
  } catch {
    throw new ImageModelError("the image is not valid base64");
  }
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}
