// The Workers AI engine: Cloudflare's models through the Worker's `AI` binding, so a deployed
// Brandpilot writes with a real model without any outside account (decision 116). It is the
// OpenAI-compatible engine with another transport: the same prompts, JSON parsing, fallbacks and
// retries (decision 042), but chat runs `env.AI.run(<text model>, { messages,
// max_completion_tokens, reasoning_effort, temperature })` and embeddings `env.AI.run(<embedding
// model>, { text: [...] })` -> { shape, data }. The current text models (glm-4.7-flash,
// gemma-4-26b-a4b-it: reasoning models whose schemas mark max_tokens deprecated) answer in the
// OpenAI chat.completion shape, older ones { response }; both are read. Models come from
// WORKERS_AI_MODELS, the configured one (the deploy's pick from the account's catalog) first, and
// a "No such model" moves down the list (decision 191; contracts in test/contracts/workers-ai/).
// Workers AI has no local mode, so `npm start` never uses it: the binding exists only when the
// deploy adds it (decision 113).
import { EMBEDDING_DIMENSIONS, modelChain, WORKERS_AI_MODELS, WORKERS_AI_STRUCTURED_OUTPUT } from "./models";
import { OpenAiEngine, REASONING_ALLOWANCE, TEMPERATURE } from "./openai-engine";
import { SYSTEM_PROMPT } from "./openai-prompts";
import { withRetry } from "./retry";
import type { OutputFormat } from "./writer/prompts";
import type { AiEngineModels, AiImageModel } from "./types";
import { WORKERS_AI_IMAGE_DEFAULT, WorkersAiImageModel } from "./workers-ai-image";

/** The part of the `Ai` binding this engine uses. */
export type AiBinding = { run(model: string, inputs: Record<string, unknown>): Promise<unknown> };

export const WORKERS_AI_DEFAULTS = {
  chatModel: WORKERS_AI_MODELS.chat[0]!,
  embeddingModel: WORKERS_AI_MODELS.embeddings[0]!,
  embeddingDim: EMBEDDING_DIMENSIONS[WORKERS_AI_MODELS.embeddings[0]!]!,
  /** bge-base cosines: unrelated texts ~0.45, close paraphrases ~0.75 (decision 113). */
  matchThreshold: 0.6,
} as const;

/** Worth retrying: capacity and upstream errors of the binding (it throws plain Errors). */
function transientBindingError(err: unknown): boolean {
  const text = err instanceof Error ? `${err.name} ${err.message}` : String(err);
  return /capacity|overloaded|timeout|timed out|upstream|\b(?:3040|3043)\b|temporarily/i.test(text);
}

/** Text-to-image is on by default (flux-1-schnell); "off" or "none" keeps the brand card (decision 118). */
function imageModelName(setting: string | undefined): string | null {
  const name = setting?.trim();
  if (!name) return WORKERS_AI_IMAGE_DEFAULT;
  return /^(off|none|false|0)$/i.test(name) ? null : name;
}

/** The text of a text-generation answer: chat.completion's choices[0].message.content, or { response }. */
function answerText(res: unknown): string {
  const r = res as { response?: unknown; choices?: { message?: { content?: unknown } }[] } | null;
  const content = r?.choices?.[0]?.message?.content;
  if (typeof content === "string") return content;
  const response = r?.response;
  // Some models answer JSON prompts with an already parsed object.
  if (response && typeof response === "object") return JSON.stringify(response);
  return typeof response === "string" ? response : "";
}

export class WorkersAiEngine extends OpenAiEngine {
  override readonly image: AiImageModel | undefined;
  readonly rerankModel: string;

  constructor(
    private readonly ai: AiBinding,
    config: { chatModel?: string; embeddingModel?: string; imageModel?: string; rerankModel?: string; matchThreshold?: number; maxRetries?: number } = {},
  ) {
    const embeddingModel = config.embeddingModel?.trim() || WORKERS_AI_DEFAULTS.embeddingModel;
    super({
      apiKey: "workers-ai-binding", // unused: no HTTP client call is made
      chatModel: config.chatModel,
      chatModels: WORKERS_AI_MODELS.chat,
      embeddingModel,
      embeddingModels: WORKERS_AI_MODELS.embeddings,
      embeddingDim: EMBEDDING_DIMENSIONS[embeddingModel],
      matchThreshold: config.matchThreshold ?? WORKERS_AI_DEFAULTS.matchThreshold,
      enginePrefix: "workers-ai",
      jsonMode: false,
      embedBatchSize: 50,
      retry: { retryable: transientBindingError, ...(config.maxRetries !== undefined ? { maxRetries: config.maxRetries } : {}) },
    });
    this.rerankModel = modelChain(WORKERS_AI_MODELS.rerank, config.rerankModel)[0]!;
    const imageModel = imageModelName(config.imageModel);
    this.image = imageModel ? new WorkersAiImageModel(ai, modelChain(WORKERS_AI_MODELS.image, imageModel), this.warn) : undefined;
  }

  override models(): AiEngineModels {
    return { provider: "workers-ai", chat: this.chatModel, embeddings: this.embeddingModel, image: this.image?.model ?? null };
  }

  protected override async chatOnce(model: string, prompt: string, maxTokens: number, system: string = SYSTEM_PROMPT, format?: OutputFormat): Promise<string> {
    // JSON Mode (the writer's schemas) only for models whose published input schema takes
    // response_format (models.ts); any other model is asked for the JSON in the prompt alone.
    const structured =
      format && WORKERS_AI_STRUCTURED_OUTPUT.has(model)
        ? { response_format: { type: "json_schema", json_schema: { name: format.name, schema: format.schema, strict: true } } }
        : {};
    const res = await withRetry(
      () =>
        this.ai.run(model, {
          messages: [
            { role: "system", content: system },
            { role: "user", content: prompt },
          ],
          // Reasoning models: the budget covers the thinking too, kept short by reasoning_effort.
          max_completion_tokens: maxTokens + REASONING_ALLOWANCE,
          reasoning_effort: "low",
          temperature: TEMPERATURE,
          ...structured,
        }),
      this.retry,
    );
    return answerText(res);
  }

  /**
   * Cross-encoder scores from the first rerank model of WORKERS_AI_MODELS (bge-reranker-base:
   * { query, contexts: [{ text }] } -> { response: [{ id, score }] }, contract in
   * test/contracts/workers-ai/models/). Scores come back by context id, in any order.
   */
  async rerank(query: string, passages: string[]): Promise<number[]> {
    const q = query.trim();
    const contexts = passages.map((p) => ({ text: p.trim() || "-" }));
    if (!q || !contexts.length) return passages.map(() => 0);
    const res = await withRetry(() => this.ai.run(this.rerankModel, { query: q, contexts }), this.retry);
    const list = (res as { response?: unknown } | null)?.response;
    if (!Array.isArray(list)) throw new Error(`rerank: ${this.rerankModel} answered without a response list`);
    const scores = passages.map(() => 0);
    for (const r of list as { id?: unknown; score?: unknown }[]) {
      if (typeof r?.id === "number" && Number.isInteger(r.id) && r.id >= 0 && r.id < scores.length && typeof r.score === "number" && Number.isFinite(r.score)) {
        scores[r.id] = Math.min(1, Math.max(0, r.score));
      }
    }
    return scores;
  }

  protected override async embedBatchOnce(model: string, input: string[]): Promise<(Float32Array | null)[]> {
    const res = await withRetry(() => this.ai.run(model, { text: input }), this.retry);
    const data = (res as { data?: unknown } | null)?.data;
    const out: (Float32Array | null)[] = input.map(() => null);
    if (!Array.isArray(data)) return out;
    data.slice(0, input.length).forEach((row, i) => {
      if (!Array.isArray(row) || row.length === 0 || !row.every((x) => typeof x === "number" && Number.isFinite(x))) return;
      if (this.fitsDimension(model, row.length)) out[i] = Float32Array.from(row as number[]);
    });
    return out;
  }
}
