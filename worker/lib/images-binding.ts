// Cloudflare's Images binding (IMAGES), optional: wrangler.toml does not bind it, `npm run deploy`
// does (decision 175). Where it is bound, network copies of photos are made by it; without it by
// the JavaScript converter (worker/lib/image-convert.ts). The scheduling rules check the limits of
// whichever is in use (decisions 128, 175). Its calls and errors follow the binding's contract
// (test/contracts/cf-images/binding.json, decision 262); the type is workers-types' own.
import { IMAGES_BINDING_LIMITS, JS_CONVERTER_LIMITS, type ConverterLimits } from "../../platforms/shared/image-copy";
import type { Env } from "../env";

/** The Images binding where it is bound. */
export const imagesBinding = (env: Env): ImagesBinding | undefined => (env as unknown as { IMAGES?: ImagesBinding }).IMAGES;

/** What the converter in use takes in: the binding's limits where it is bound, else the JavaScript converter's. */
export const converterLimits = (env: Env): ConverterLimits => (imagesBinding(env) ? IMAGES_BINDING_LIMITS : JS_CONVERTER_LIMITS);

/**
 * Codes of an ImagesError worth trying again later: the service busy, aborted or failing inside
 * (Cloudflare Images, "Errors", the 5xx rows). Every other code is about the image, the options or
 * the account, and would be answered the same again.
 */
export const IMAGES_TRANSIENT_CODES: readonly number[] = [9522, 9523, 9527, 9528, 9529];

/**
 * Why the binding refused, in the user's words, and whether trying again later may help; null when
 * `err` is not the binding's (an ImagesError is an Error with a numeric `code`).
 */
export function imagesBindingFailure(err: unknown): { retry: boolean; message: string } | null {
  const code = err instanceof Error ? (err as Error & { code?: unknown }).code : undefined;
  if (typeof code !== "number") return null;
  if (IMAGES_TRANSIENT_CODES.includes(code)) return { retry: true, message: `Cloudflare Images is busy (error ${code}). The post will be retried.` };
  if (code === 9422)
    return {
      retry: false,
      message:
        "this account's free Cloudflare Images transformations for the month are used up (error 9422). Enable Images Paid in the Cloudflare dashboard, then publish the post again.",
    };
  if (code === 9430 || code === 9423)
    return { retry: false, message: `this Worker may not use Cloudflare Images (error ${code}). Enable Images for the account, then publish the post again.` };
  return { retry: false, message: `Cloudflare Images could not convert it (error ${code}). Please upload the image again as a JPEG or PNG.` };
}
