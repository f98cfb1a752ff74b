// The models each engine may use, per task, in order of preference (docs/architecture.md "Adapters": never one
// hard-coded id). The deploy picks the first one the account's catalog lists and the Worker falls
// back down the list when a model answers "not found" (decision 191 for chat, decision 230 for
// embeddings and images: withModelFallback below). Every id is checked against
// the providers' published contracts (test/contracts/, read 2026-11-27; test/scripts/contracts.test.ts
// fails when one is retired or has no contract):
// - Workers AI: the 2026-05-08 changelog "Planned model deprecations on Workers AI" retired the
//   Llama 3/3.1 8B instruct models on 2026-05-30 and names glm-4.7-flash and gemma-4-26b-a4b-it as
//   replacements; both answer in the OpenAI chat.completion shape (choices[0].message.content).
// - OpenAI: gpt-5-mini shuts down on 2026-12-11 (deprecations page, replacement gpt-5.6-terra);
//   DALL-E 2/3 shut down on 2026-05-12 and gpt-image-1.5/-mini on 2026-12-01; gpt-image-2 is in the
//   OpenAPI description's CreateImageRequest.model.
export type ModelTask = "chat" | "embeddings" | "rerank" | "image";

/** The Workers AI image default; workers-ai-image.ts sends it its own published inputs (steps, prompt length). */
export const WORKERS_AI_FLUX_SCHNELL = "@cf/black-forest-labs/flux-1-schnell";

export const WORKERS_AI_MODELS: Record<ModelTask, readonly string[]> = {
  chat: ["@cf/zai-org/glm-4.7-flash", "@cf/google/gemma-4-26b-a4b-it"],
  embeddings: ["@cf/baai/bge-base-en-v1.5"],
  rerank: ["@cf/baai/bge-reranker-base"],
  image: [WORKERS_AI_FLUX_SCHNELL],
};

/**
 * The Workers AI text models whose published input schema has `response_format` (as OpenAI's:
 * `{ type: "json_schema", json_schema: { name, schema, strict } }`), so the writer sends its answers' JSON Schema
 * (decision 258); test/scripts/contracts.test.ts checks this list against test/contracts/workers-ai/.
 */
export const WORKERS_AI_STRUCTURED_OUTPUT: ReadonlySet<string> = new Set(["@cf/zai-org/glm-4.7-flash", "@cf/google/gemma-4-26b-a4b-it"]);

export const OPENAI_MODELS: Record<ModelTask, readonly string[]> = {
  chat: ["gpt-5.6-terra", "gpt-5.4-mini"],
  embeddings: ["text-embedding-3-small"],
  rerank: [],
  image: ["gpt-image-2"],
};

/** Output dimensions of the embedding models in the lists (each model's published card). */
export const EMBEDDING_DIMENSIONS: Record<string, number> = {
  "@cf/baai/bge-base-en-v1.5": 768,
  "@cf/baai/bge-small-en-v1.5": 384,
  "@cf/baai/bge-large-en-v1.5": 1024,
  "text-embedding-3-small": 1536,
  "text-embedding-3-large": 3072,
  "text-embedding-ada-002": 1536,
};

/**
 * The models to try for a task: the configured one (a setting such as WORKERS_AI_CHAT_MODEL, which
 * the deploy writes from the account's catalog) first, then the rest of the list.
 */
export function modelChain(list: readonly string[], configured?: string): string[] {
  const first = configured?.trim();
  return [...new Set([...(first ? [first] : []), ...list])];
}

/**
 * A model that does not exist (retired, misspelt, not on this account): the caller moves down its
 * list. OpenAI answers 404 `model_not_found` ("The model `x` does not exist"); the Workers AI
 * binding throws "AiError: No such model <id> or task" (error 5007).
 */
export function isModelNotFound(err: unknown): boolean {
  const e = err as { status?: unknown; code?: unknown; error?: { code?: unknown } } | null;
  if (e && (e.code === "model_not_found" || e.error?.code === "model_not_found")) return true;
  const text = err instanceof Error ? err.message : String(err);
  return /model_not_found|no such model|model .{0,80} does not exist|\b5007\b|model not found/i.test(text);
}

/** Reasoning models refuse max_tokens and any temperature but the default (OpenAI reasoning guide). */
export function isOpenAiReasoningModel(model: string): boolean {
  return /^(o\d|gpt-5)/.test(model);
}

/** Names OpenAI publishes (its current parameters apply); anything else is an OpenAI-compatible server's model. */
export function isOpenAiModelName(model: string): boolean {
  return /^(gpt-|o\d|chatgpt-)/.test(model);
}

/**
 * The model each chain settled on in this isolate: a model that answered "not found" is not asked
 * again by the next request. Keyed by task and chain, so engines with other lists are unaffected.
 */
const modelInUseIndex = new Map<string, number>();

const chainKey = (task: ModelTask, chain: readonly string[]) => `${task}:${chain.join("|")}`;

/** The model in use for a task: the first of the chain that has not answered "not found" here. */
export function modelInUse(task: ModelTask, chain: readonly string[]): string {
  return chain[modelInUseIndex.get(chainKey(task, chain)) ?? 0]!;
}

/** Forgets the fallbacks made in this isolate (tests that exhaust a list on purpose). */
export function forgetModelFallbacks(): void {
  modelInUseIndex.clear();
}

/**
 * One call with the model in use for the task; a model that answers "not found" (retired, not on
 * this account) is replaced by the next one of the chain for this and every later call, and the
 * call is made again (decision 191 for chat, decision 230 for embeddings and images). Any other
 * error, or "not found" from the last model, is thrown to the caller.
 */
export async function withModelFallback<T>(
  task: ModelTask,
  chain: readonly string[],
  call: (model: string) => Promise<T>,
  warn: (message: string, detail?: unknown) => void,
): Promise<T> {
  for (;;) {
    const model = modelInUse(task, chain);
    try {
      return await call(model);
    } catch (err) {
      if (!isModelNotFound(err) || !moveDownChain(task, chain, model, err, warn)) throw err;
    }
  }
}

/**
 * Records that `model` answered "not found": the chain's next model is used from now on in this
 * isolate. False when it was the last one (nothing changes). A model already left behind (another
 * request moved on first) is not moved past twice.
 */
export function moveDownChain(
  task: ModelTask,
  chain: readonly string[],
  model: string,
  err: unknown,
  warn: (message: string, detail?: unknown) => void,
): boolean {
  const at = chain.indexOf(model);
  const current = modelInUseIndex.get(chainKey(task, chain)) ?? 0;
  if (at < current) return current < chain.length;
  const next = at + 1;
  if (next >= chain.length) return false;
  modelInUseIndex.set(chainKey(task, chain), next);
  warn(`${task} model ${model} answered "not found"; using ${chain[next]} from now on`, err instanceof Error ? err.message : String(err));
  return true;
}

/**
 * The embedding models a configured one may fall back to: only those with the same output
 * dimension (the Vectorize index and the stored vectors have one dimension; a model with another
 * would have every insert refused). A configured model of unknown dimension keeps the whole list.
 */
export function embeddingChain(list: readonly string[], configured?: string): string[] {
  const chain = modelChain(list, configured);
  const dim = EMBEDDING_DIMENSIONS[chain[0]!];
  return dim === undefined ? chain : chain.filter((m, i) => i === 0 || EMBEDDING_DIMENSIONS[m] === dim);
}
