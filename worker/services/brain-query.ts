// Public surface of the brain area for other areas (the brain area fills this in).
import type { Db } from "../lib/db";
import type { Env } from "../env";
import type { Insight } from "../adapters/ai/types";

export type BrainMatch = { content: string; similarity: number };

/** Top-k brain segments of a project for a question, above the engine's threshold. Project must be owned (checked by caller). */
export async function searchBrain(_db: Db, _env: Env, _projectId: string, _question: string, _k = 3): Promise<BrainMatch[]> {
  throw new Error("not implemented yet");
}

/** The project's top insights by confidence. */
export async function topInsights(_db: Db, _projectId: string, _n = 2): Promise<Insight[]> {
  throw new Error("not implemented yet");
}
