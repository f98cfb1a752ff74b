// A Workers AI text-to-image model through the `AI` binding as the Workers AI engine's image model
// (decision 118). The default, @cf/black-forest-labs/flux-1-schnell, takes { prompt (1-2048
// characters), steps (at most 8, default 4) } and nothing else (its input schema sets
// additionalProperties: false), and answers { image: <base64 JPEG> }. Other text-to-image models
// get { prompt } only (required by all of them); models that answer raw bytes (a stream, e.g. the
// Stable Diffusion ones) are read as bytes. Any error or an answer without an image throws, and
// the caller falls back to the brand card, except "No such model" (a retired model), which moves
// down the model list first (decision 230).
import { decodeBase64Image, ImageModelError } from "./image-model";
import { modelInUse, withModelFallback, WORKERS_AI_FLUX_SCHNELL, WORKERS_AI_MODELS } from "./models";
import type { AiImageModel } from "./types";
import type { AiBinding } from "./workers-ai-engine";

export const WORKERS_AI_IMAGE_DEFAULT = WORKERS_AI_MODELS.image[0];
/** flux-1-schnell's own default; the schema allows up to 8 (more time, more cost per image). */
const FLUX_SCHNELL_STEPS = 4;
const FLUX_PROMPT_MAX = 2048;

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export class WorkersAiImageModel implements AiImageModel {
  constructor(
    private readonly ai: AiBinding,
    /** The image models in order of preference; `model` is the one in use. */
    readonly models: readonly string[] = [WORKERS_AI_IMAGE_DEFAULT],
    private readonly warn: (message: string, detail?: unknown) => void = (m, d) => console.warn(`[ai] ${m}`, d ?? ""),
  ) {}

  get model(): string {
    return modelInUse("image", this.models);
  }

  generate(prompt: string, options: { signal?: AbortSignal } = {}): Promise<Uint8Array> {
    return withModelFallback("image", this.models, (model) => this.generateWith(model, prompt, options), this.warn);
  }

  private async generateWith(model: string, prompt: string, options: { signal?: AbortSignal }): Promise<Uint8Array> {
    options.signal?.throwIfAborted();
    const inputs: Record<string, unknown> =
      model === WORKERS_AI_FLUX_SCHNELL ? { prompt: prompt.slice(0, FLUX_PROMPT_MAX), steps: FLUX_SCHNELL_STEPS } : { prompt };
    const res: unknown = await this.ai.run(model, inputs);
    if (res instanceof ReadableStream) return bytesOf(res as ReadableStream<Uint8Array>);
    if (res instanceof Uint8Array) return res;
    if (res instanceof ArrayBuffer) return new Uint8Array(res);
    const image = (res as { image?: unknown } | null)?.image;
    if (typeof image !== "string") throw new ImageModelError("the answer holds no image");
    return decodeBase64Image(image);
  }
}
