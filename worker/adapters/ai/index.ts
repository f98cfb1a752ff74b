import type { Env } from "../../env";
import { LOCAL_ENGINE_NAME, LocalAiEngine } from "./local/local-engine";
import { bundledWordVectors } from "../../text/word-vectors-data";
import { OpenAiEngine } from "./openai-engine";
import type { AiEngine, AiEngineModels } from "./types";
import { WorkersAiEngine, type AiBinding } from "./workers-ai-engine";

let local: LocalAiEngine | undefined;

function num(v: string | undefined): number | undefined {
  if (v === undefined || v.trim() === "") return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * The OpenAI-compatible engine when OPENAI_API_KEY is set; else Workers AI when the `AI` binding
 * exists (deployed on Cloudflare); else the offline local engine (`npm start`, tests).
 */
export function createAiEngine(env: Env): AiEngine {
  if (env.OPENAI_API_KEY) {
    const maxRetries = num(env.OPENAI_MAX_RETRIES);
    return new OpenAiEngine({
      apiKey: env.OPENAI_API_KEY,
      baseURL: env.OPENAI_BASE_URL,
      chatModel: env.OPENAI_CHAT_MODEL,
      embeddingModel: env.OPENAI_EMBEDDING_MODEL,
      matchThreshold: num(env.OPENAI_MATCH_THRESHOLD),
      timeoutMs: num(env.OPENAI_TIMEOUT_MS),
      imageModel: env.OPENAI_IMAGE_MODEL,
      imageQuality: env.OPENAI_IMAGE_QUALITY,
      ...(maxRetries !== undefined ? { retry: { maxRetries } } : {}),
    });
  }
  if (env.AI) {
    return new WorkersAiEngine(env.AI as unknown as AiBinding, {
      chatModel: env.WORKERS_AI_CHAT_MODEL,
      embeddingModel: env.WORKERS_AI_EMBEDDING_MODEL,
      imageModel: env.WORKERS_AI_IMAGE_MODEL,
    });
  }
  return localAiEngine();
}

/** The offline local engine (one per isolate): the default, and the writer's fallback (decision 226). */
export function localAiEngine(): LocalAiEngine {
  local ??= new LocalAiEngine({ table: bundledWordVectors() });
  return local;
}

/**
 * The engine createAiEngine chooses for this configuration and the model in use per task
 * (/api/health and Settings; decision 191). The local engine is described without loading its
 * word-vector table.
 */
export function describeAiEngine(env: Env): AiEngineModels {
  if (!env.OPENAI_API_KEY && !env.AI) return { provider: "local", chat: "local writer", embeddings: LOCAL_ENGINE_NAME, image: null };
  const engine = createAiEngine(env);
  return engine.models?.() ?? { provider: "local", chat: "local writer", embeddings: engine.engine, image: null };
}
