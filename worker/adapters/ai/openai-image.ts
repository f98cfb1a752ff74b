// The OpenAI Images API (`client.images.generate`, POST /v1/images/generations) as the OpenAI
// engine's image model, only when OPENAI_IMAGE_MODEL names one (decision 118). Parameters differ
// per model family (the SDK's ImageGenerateParams, from OpenAI's API reference):
// - GPT image models (gpt-image-2, and the older gpt-image-1 family) always answer base64 and
//   refuse `response_format`; they take `output_format` (jpeg asked: a few hundred KB instead of a
//   multi-MB PNG, and what an image-only network publishes) and quality low|medium|high|auto.
// - Any other name (an OpenAI-compatible server) gets the dall-e shape, the most widely copied
//   (dall-e-2/3 themselves were shut down by OpenAI on 2026-05-12): a URL unless
//   `response_format: "b64_json"`, which we ask. Square 1024x1024 is a size every one accepts.
// A URL answer is not followed (it would be an outside fetch of an address the server chose).
// A model that answers "not found" (retired) is replaced by the next of its list (decision 230).
import type OpenAI from "openai";
import { decodeBase64Image, ImageModelError } from "./image-model";
import { modelInUse, withModelFallback } from "./models";
import { isRetryable, withRetry, type RetryPolicy } from "./retry";
import type { AiImageModel } from "./types";

const SIZE = "1024x1024";
const GPT_QUALITY = new Set(["low", "medium", "high", "auto"]);

function isGptImageModel(model: string): boolean {
  return /^(gpt-image|chatgpt-image)/.test(model);
}

/** The request body for one square image with this model. */
export function openAiImageParams(model: string, prompt: string, quality?: string): OpenAI.Images.ImageGenerateParamsNonStreaming {
  const q = quality?.trim().toLowerCase();
  if (isGptImageModel(model)) {
    return { model, prompt, n: 1, size: SIZE, output_format: "jpeg", ...(q && GPT_QUALITY.has(q) ? { quality: q as "low" } : {}) };
  }
  return { model, prompt, n: 1, size: SIZE, response_format: "b64_json" };
}

export class OpenAiImageModel implements AiImageModel {
  constructor(
    private readonly client: OpenAI,
    /** The image models in order of preference; `model` is the one in use. */
    readonly models: readonly string[],
    private readonly config: { quality?: string; retry: RetryPolicy; warn: (message: string, detail?: unknown) => void },
  ) {}

  get model(): string {
    return modelInUse("image", this.models);
  }

  generate(prompt: string, options: { signal?: AbortSignal } = {}): Promise<Uint8Array> {
    return withModelFallback("image", this.models, (model) => this.generateWith(model, prompt, options), this.config.warn);
  }

  private async generateWith(model: string, prompt: string, options: { signal?: AbortSignal }): Promise<Uint8Array> {
    options.signal?.throwIfAborted();
    const params = openAiImageParams(model, prompt, this.config.quality);
    // One retry at most for a 429/5xx, never after the deadline aborted the call.
    const retryable = this.config.retry.retryable ?? isRetryable;
    const res = await withRetry(() => this.client.images.generate(params, { ...(options.signal ? { signal: options.signal } : {}) }), {
      ...this.config.retry,
      maxRetries: Math.min(1, this.config.retry.maxRetries),
      retryable: (err) => !options.signal?.aborted && retryable(err),
    });
    const first = res.data?.[0];
    if (!first?.b64_json) throw new ImageModelError(first?.url ? "the model answered a URL, not base64" : "the answer holds no image");
    return decodeBase64Image(first.b64_json);
  }
}
