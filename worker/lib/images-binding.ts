// Cloudflare's Images binding (IMAGES), optional: wrangler.toml does not bind it, `npm run deploy`
// does (decision 175). Where it is bound, network copies of photos are made by it; without it by
// the JavaScript converter (worker/lib/image-convert.ts). The scheduling rules check the limits of
// whichever is in use (decisions 128, 175).
import { IMAGES_BINDING_LIMITS, JS_CONVERTER_LIMITS, type ConverterLimits } from "../../platforms/shared/image-copy";
import type { Env } from "../env";

/** The minimal surface of the Cloudflare Images binding used here. */
export type ImagesBinding = {
  input(stream: ReadableStream<Uint8Array>): {
    transform(options: { width?: number; fit?: string }): { output(options: { format: string; quality?: number }): Promise<{ response(): Response }> };
  };
};

/** The Images binding where it is bound. */
export const imagesBinding = (env: Env): ImagesBinding | undefined => (env as unknown as { IMAGES?: ImagesBinding }).IMAGES;

/** What the converter in use takes in: the binding's limits where it is bound, else the JavaScript converter's. */
export const converterLimits = (env: Env): ConverterLimits => (imagesBinding(env) ? IMAGES_BINDING_LIMITS : JS_CONVERTER_LIMITS);
