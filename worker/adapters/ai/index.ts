import type { Env } from "../../env";
import type { AiEngine } from "./types";

/** The OpenAI-compatible engine when OPENAI_API_KEY is set, otherwise the offline local engine. */
export function createAiEngine(_env: Env): AiEngine {
  throw new Error("AI engine not implemented yet");
}
