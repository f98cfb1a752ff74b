// Cloudflare's Images binding (IMAGES), optional: wrangler.toml does not require it. Where it is
// bound, network copies of photos are made by it; without it by the JavaScript converter
// (worker/lib/image-convert.ts), whose pixel limit the scheduling rules then check (decision 128).
import type { Env } from "../env";

/** The minimal surface of the Cloudflare Images binding used here. */
export type ImagesBinding = {
  input(stream: ReadableStream<Uint8Array>): {
    transform(options: { width?: number; fit?: string }): { output(options: { format: string; quality?: number }): Promise<{ response(): Response }> };
  };
};

/** The Images binding where it is bound. */
export const imagesBinding = (env: Env): ImagesBinding | undefined => (env as unknown as { IMAGES?: ImagesBinding }).IMAGES;
