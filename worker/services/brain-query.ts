// Public surface of the brain area for other areas (generation uses searchBrain and topInsights),
// plus the owned-project query behind POST /brain/query. A query is ranked hybrid (decision 111):
// BM25 over the project's own segments (stemmed, with word-vector synonym matches) fused with the
// current engine's vector cosine — compared only with that engine's vectors of that project — and
// answered only when the best match clears the engine's relevance floor (its next best follow it,
// decision 173), so an off-topic question gets no match at all.
// Each match names its document and position, with the neighbouring segments as context.
import { desc, eq, sql } from "drizzle-orm";
import { brainDocuments, brainInsights, brainSegments } from "../../schema/db/brain";
import { Bm25Index, rankHybrid } from "../adapters/ai/hybrid-rank";
import { relevanceOf } from "../adapters/ai/relevance";
import { bundledSoftMatch } from "../adapters/ai/soft-match";
import type { AiEngine, Insight } from "../adapters/ai/types";
import type { Env } from "../env";
import type { Db } from "../lib/db";
import { ownedProject } from "../lib/ownership";
import { brainDeps, spaceOf, type BrainDeps } from "./brain-deps";
import { BRAIN } from "./brain-text";

export type BrainMatch = {
  content: string;
  /** Fused relevance, 0-1. */
  similarity: number;
  segment_id: string;
  document_id: string;
  document_title: string;
  /** Position of the segment in its document (0-based). */
  position: number;
  /** The segments just before and after it in the same document ("" at either end). */
  context_before: string;
  context_after: string;
};

/** Vector candidates per query; BM25 adds its own. */
const VECTOR_CANDIDATES = 100;

type SegmentRow = { id: string; documentId: string; title: string; content: string; position: number };
type ProjectSegments = { token: string; rows: SegmentRow[]; byId: Map<string, number>; index: Bm25Index };

// Segment texts and their BM25 index per project, kept per isolate while the project's segments
// are unchanged (a cheap count/rowid token is read on every query, as the D1 vector index does).
const cache = new Map<string, ProjectSegments>();
const MAX_CACHED_PROJECTS = 20;

async function projectSegments(db: Db, projectId: string): Promise<ProjectSegments> {
  const stat = await db
    .select({ n: sql<number>`count(*)`, s: sql<number>`total(${brainSegments}.rowid)`, m: sql<number>`max(${brainSegments}.rowid)` })
    .from(brainSegments)
    .where(eq(brainSegments.projectId, projectId))
    .get();
  const token = `${stat?.n}|${stat?.s}|${stat?.m}`;
  const hit = cache.get(projectId);
  if (hit && hit.token === token) return hit;
  const rows = await db
    .select({ id: brainSegments.id, documentId: brainSegments.documentId, title: brainDocuments.title, content: brainSegments.content, position: brainSegments.segmentIndex })
    .from(brainSegments)
    .innerJoin(brainDocuments, eq(brainDocuments.id, brainSegments.documentId))
    .where(eq(brainSegments.projectId, projectId))
    .orderBy(brainSegments.documentId, brainSegments.segmentIndex)
    .all();
  const entry: ProjectSegments = { token, rows, byId: new Map(rows.map((r, i) => [r.id, i])), index: new Bm25Index(rows.map((r) => r.content), bundledSoftMatch()) };
  cache.delete(projectId);
  cache.set(projectId, entry);
  for (const k of cache.keys()) {
    if (cache.size <= MAX_CACHED_PROJECTS) break;
    cache.delete(k);
  }
  return entry;
}

/**
 * The best k segments for a question, if its best clears the engine's relevance floor (decision
 * 173). `floor` overrides it:
 * a campaign ranks the whole brain (-Infinity) to spread over the brand's facts.
 */
export async function searchBrainWith(
  deps: BrainDeps,
  projectId: string,
  question: string,
  k: number = BRAIN.queryResults,
  opts: { floor?: number } = {},
): Promise<BrainMatch[]> {
  const q = question.trim();
  if (!q || k <= 0) return [];
  const [[vector], segments] = await Promise.all([deps.engine.embed([q]), projectSegments(deps.db, projectId)]);
  if (segments.rows.length === 0) return [];
  const cosines = new Map<number, number>();
  if (vector) {
    const matches = await deps.vectors.query(projectId, spaceOf(deps.engine), vector, { kind: "segment", topK: VECTOR_CANDIDATES, threshold: -1 });
    for (const m of matches) {
      const i = segments.byId.get(m.id);
      if (i !== undefined) cosines.set(i, m.score);
    }
  }
  const cal = relevanceOf(deps.engine);
  const ranked = rankHybrid(segments.index, q, cosines, cal, k, opts.floor ?? cal.floor);
  return ranked.map((r) => {
    const row = segments.rows[r.index]!;
    const prev = segments.rows[r.index - 1];
    const next = segments.rows[r.index + 1];
    return {
      content: row.content,
      similarity: Math.round(r.relevance * 10000) / 10000,
      segment_id: row.id,
      document_id: row.documentId,
      document_title: row.title,
      position: row.position,
      context_before: prev && prev.documentId === row.documentId ? prev.content : "",
      context_after: next && next.documentId === row.documentId ? next.content : "",
    };
  });
}

/** Top-k brain segments of a project for a question, gated by the engine's floor. Project must be owned (checked by caller). */
export async function searchBrain(db: Db, env: Env, projectId: string, question: string, k = 3, opts: { floor?: number; engine?: AiEngine } = {}): Promise<BrainMatch[]> {
  return searchBrainWith(brainDeps(env, { db, ...(opts.engine ? { engine: opts.engine } : {}) }), projectId, question, k, opts);
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
  await ownedProject(deps.db, userId, projectId, "read");
  return searchBrainWith(deps, projectId, question, BRAIN.queryResults);
}
