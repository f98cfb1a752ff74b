// Public surface of the brain area for other areas (generation uses searchBrain and topInsights),
// plus the owned-project query behind POST /brain/query. A query embeds the question with the
// current engine and compares it only with that engine's vectors of that project, keeping
// matches at or above the engine's own threshold (0.8 is ada-002's; the local engine's is lower).
import { desc, eq, and, inArray } from "drizzle-orm";
import { brainInsights, brainSegments } from "../../schema/db/brain";
import type { Insight } from "../adapters/ai/types";
import type { Env } from "../env";
import type { Db } from "../lib/db";
import { ownedProject } from "../lib/ownership";
import { brainDeps, spaceOf, type BrainDeps } from "./brain-deps";
import { BRAIN } from "./brain-text";

export type BrainMatch = { content: string; similarity: number };

export async function searchBrainWith(deps: BrainDeps, projectId: string, question: string, k: number = BRAIN.queryResults): Promise<BrainMatch[]> {
  const q = question.trim();
  if (!q || k <= 0) return [];
  const [vector] = await deps.engine.embed([q]);
  if (!vector) return [];
  const matches = await deps.vectors.query(projectId, spaceOf(deps.engine), vector, {
    kind: "segment",
    topK: k,
    threshold: deps.engine.matchThreshold,
  });
  if (matches.length === 0) return [];
  const rows = await deps.db
    .select({ id: brainSegments.id, content: brainSegments.content })
    .from(brainSegments)
    .where(and(eq(brainSegments.projectId, projectId), inArray(brainSegments.id, matches.map((m) => m.id))))
    .all();
  const content = new Map(rows.map((r) => [r.id, r.content]));
  return matches
    .filter((m) => content.has(m.id))
    .map((m) => ({ content: content.get(m.id)!, similarity: Math.round(Math.max(0, Math.min(1, m.score)) * 10000) / 10000 }));
}

/** Top-k brain segments of a project for a question, above the engine's threshold. Project must be owned (checked by caller). */
export async function searchBrain(db: Db, env: Env, projectId: string, question: string, k = 3): Promise<BrainMatch[]> {
  return searchBrainWith(brainDeps(env, { db }), projectId, question, k);
}

/** The project's top insights by confidence. */
export async function topInsights(db: Db, projectId: string, n = 2): Promise<Insight[]> {
  if (n <= 0) return [];
  return db
    .select({ type: brainInsights.type, content: brainInsights.content, confidence: brainInsights.confidence })
    .from(brainInsights)
    .where(eq(brainInsights.projectId, projectId))
    .orderBy(desc(brainInsights.confidence))
    .limit(n)
    .all();
}

/** POST /brain/query: the caller must own the project. */
export async function queryBrain(deps: BrainDeps, userId: string, projectId: string, question: string): Promise<BrainMatch[]> {
  await ownedProject(deps.db, userId, projectId);
  return searchBrainWith(deps, projectId, question, BRAIN.queryResults);
}
