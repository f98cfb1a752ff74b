// The models each engine may use, per task, in order of preference (DESIGN.md "Adapters": never one
// hard-coded id). The deploy picks the first one the account's catalog lists and the Worker falls
// back down the list when a model answers "not found". Owned by the real-services work (issue 24),
// which keeps these lists current against the providers' published catalogs (test/contracts/).
export type ModelTask = "chat" | "embeddings" | "rerank" | "image";

export const WORKERS_AI_MODELS: Record<ModelTask, readonly string[]> = {
  chat: ["@cf/zai-org/glm-4.7-flash", "@cf/google/gemma-4-26b-a4b-it"],
  embeddings: ["@cf/baai/bge-base-en-v1.5"],
  rerank: ["@cf/baai/bge-reranker-base"],
  image: ["@cf/black-forest-labs/flux-1-schnell"],
};

export const OPENAI_MODELS: Record<ModelTask, readonly string[]> = {
  chat: ["gpt-5-mini"],
  embeddings: ["text-embedding-3-small"],
  rerank: [],
  image: ["gpt-image-1"],
};
