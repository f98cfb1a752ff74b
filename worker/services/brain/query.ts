// Public surface of the brain area for other areas (generation uses searchBrain and topInsights),
// plus the owned-project query behind POST /brain/query. A query is ranked hybrid (decision 111):
// BM25 over the project's own segments (stemmed, with word-vector synonym matches) fused with the
// current engine's vector cosine — compared only with that engine's vectors of that project — and
// answered only when the best match clears the engine's relevance floor (its next best follow it,
// decision 173), so an off-topic question gets no match at all.
// Each match names its document and position, with the neighbouring segments as context.
import { desc, eq, sql } from "drizzle-orm";
import { brainDocuments, brainInsights, brainSegments } from "../../../schema/db/brain";
import { Bm25Index, lexicalTerms, rankHybrid, type Ranked } from "../../brain/rank/hybrid-rank";
import { judgeAnswer, type Confidence } from "../../brain/rank/confidence";
import { sentenceTexts } from "../../text/nlp";
import { PASSAGE_ROLES, type PassageRole } from "../../../schema/api/passage-roles";
import type { BrainQueryMatch } from "../../../schema/api/brain";

/** Each role's position in one string: a checksum of a project's roles changes with any edit. */
const ROLE_POSITIONS = `|${PASSAGE_ROLES.join("|")}|`;
import { relevanceOf } from "../../brain/rank/relevance";
import { bundledSoftMatch } from "../../brain/rank/soft-match";
import type { AiEngine, Insight } from "../../adapters/ai/types";
import type { Env } from "../../env";
import type { Db } from "../../lib/db";
import { ownedProject } from "../../lib/ownership";
import type { ServiceContext } from "../context";
import { brainDeps, brainDepsFor, spaceOf, type BrainDeps } from "./deps";
import { BRAIN } from "./text";

/** One matching passage: the API's shape (schema/api/brain.ts), which the writer reads too. */
export type BrainMatch = BrainQueryMatch;

/** POST /brain/query's answer: the answering sentence with its source, then the matching passages. */
export type BrainAnswer = {
  confidence: Confidence;
  answer: { text: string; segment_id: string; document_title: string; role: PassageRole | null } | null;
  matches: BrainMatch[];
};

/** Vector candidates per query; BM25 adds its own. */
const VECTOR_CANDIDATES = 100;

type SegmentRow = { id: string; documentId: string; title: string; content: string; position: number; role: PassageRole | null; questions: string | null };
type ProjectSegments = { token: string; rows: SegmentRow[]; byId: Map<string, number>; index: Bm25Index };

// Segment texts and their BM25 index per project, kept per isolate while the project's segments
// are unchanged (a cheap count/rowid token is read on every query, as the D1 vector index does).
const cache = new Map<string, ProjectSegments>();
const MAX_CACHED_PROJECTS = 20;

async function projectSegments(db: Db, projectId: string): Promise<ProjectSegments> {
  const stat = await db
    .select({
      n: sql<number>`count(*)`,
      s: sql<number>`total(${brainSegments}.rowid)`,
      m: sql<number>`max(${brainSegments}.rowid)`,
      // A role edit changes what the index knows of a passage: a checksum of the roles is part of the token.
      r: sql<number>`total(instr(${ROLE_POSITIONS}, '|' || ${brainSegments.role} || '|') * ${brainSegments}.rowid)`,
    })
    .from(brainSegments)
    .where(eq(brainSegments.projectId, projectId))
    .get();
  const token = `${stat?.n}|${stat?.s}|${stat?.m}|${stat?.r}`;
  const hit = cache.get(projectId);
  if (hit && hit.token === token) return hit;
  const rows = await db
    .select({
      id: brainSegments.id,
      documentId: brainSegments.documentId,
      title: brainDocuments.title,
      content: brainSegments.content,
      position: brainSegments.segmentIndex,
      role: brainSegments.role,
      questions: brainSegments.questions,
    })
    .from(brainSegments)
    .innerJoin(brainDocuments, eq(brainDocuments.id, brainSegments.documentId))
    .where(eq(brainSegments.projectId, projectId))
    .orderBy(brainSegments.documentId, brainSegments.segmentIndex)
    .all();
  const entry: ProjectSegments = {
    token,
    rows,
    byId: new Map(rows.map((r, i) => [r.id, i])),
    index: new Bm25Index(
      rows.map((r) => r.content),
      bundledSoftMatch(),
      { roles: rows.map((r) => r.role), questions: rows.map((r) => r.questions) },
    ),
  };
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
 * 173) or, near it, its vector agrees (decision 293). `floor` overrides both:
 * a campaign ranks the whole brain (-Infinity) to spread over the brand's facts.
 */
export async function searchBrainWith(
  deps: BrainDeps,
  projectId: string,
  question: string,
  k: number = BRAIN.queryResults,
  opts: { floor?: number } = {},
): Promise<BrainMatch[]> {
  return (await rankBrain(deps, projectId, question, k, opts)).matches;
}

async function rankBrain(
  deps: BrainDeps,
  projectId: string,
  question: string,
  k: number,
  opts: { floor?: number },
): Promise<{ confidence: Confidence; matches: BrainMatch[] }> {
  const none = { confidence: "none" as const, matches: [] };
  const q = question.trim();
  if (!q || k <= 0) return none;
  const [[vector], segments] = await Promise.all([deps.engine.embed([q]), projectSegments(deps.db, projectId)]);
  if (segments.rows.length === 0) return none;
  const cosines = new Map<number, number>();
  if (vector) {
    const matches = await deps.vectors.query(projectId, spaceOf(deps.engine), vector, { kind: "segment", topK: VECTOR_CANDIDATES, threshold: -1 });
    for (const m of matches) {
      const i = segments.byId.get(m.id);
      if (i !== undefined) cosines.set(i, m.score);
    }
  }
  const cal = relevanceOf(deps.engine);
  const all = await reranked(deps.engine, q, rankHybrid(segments.index, q, cosines, cal, segments.rows.length, -Infinity), segments.rows);
  const { confidence, matches: ranked } = judgeAnswer(all, opts.floor ?? cal.floor, k, cal);
  const matches = ranked.map((r) => {
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
      role: row.role,
    };
  });
  return { confidence, matches };
}

/** Hybrid candidates a reranking model re-scores (the rest keep their hybrid relevance). */
export const RERANK_CANDIDATES = 10;

/**
 * With a reranking model (decision 220), the best hybrid candidates are re-scored by it: each
 * one's relevance becomes the mean of its hybrid relevance and the model's score, so the floor and
 * the percentages keep their meaning on every engine while the order follows the model where it
 * is sure. A failed call keeps the hybrid order.
 */
async function reranked(engine: AiEngine, question: string, ranked: Ranked[], rows: readonly SegmentRow[]): Promise<Ranked[]> {
  if (!engine.rerank || !ranked.length) return ranked;
  const head = ranked.slice(0, RERANK_CANDIDATES);
  let scores: number[];
  try {
    scores = await engine.rerank(
      question,
      head.map((r) => rows[r.index]!.content),
    );
  } catch (err) {
    console.warn("brain: rerank failed; hybrid order kept", err instanceof Error ? err.message : err);
    return ranked;
  }
  const rescored = head.map((r, i) => ({ ...r, relevance: (r.relevance + (scores[i] ?? 0)) / 2 }));
  return [...rescored, ...ranked.slice(RERANK_CANDIDATES)].sort((a, b) => b.relevance - a.relevance);
}

/**
 * The sentence of a passage that answers the question (the local engine's answer): the one
 * sharing most of the question's words, never the FAQ's own question; the passage's label
 * ("Parking: ...") is kept when the sentence opens the passage. An answer states only what the passage says.
 */
export function answeringSentence(passage: string, question: string): string {
  const asked = new Set(lexicalTerms(question));
  const labelled = /^([^:.!?]{2,40}): (.*)$/s.exec(passage);
  const body = labelled ? labelled[2]! : passage;
  const sentences = sentenceTexts(body).filter((s) => !/\?["'”’)]*$/.test(s.trim()));
  if (!sentences.length) return passage;
  let best = 0;
  let bestScore = -1;
  sentences.forEach((s, i) => {
    const score = lexicalTerms(s).filter((t) => asked.has(t)).length;
    if (score > bestScore) [best, bestScore] = [i, score];
  });
  const sentence = sentences[best]!.replace(/^(?:yes|no)\b[,.!]?\s*/i, (m) => (sentences[best]!.length > m.length + 3 ? "" : m));
  const text = sentence.charAt(0).toUpperCase() + sentence.slice(1);
  return labelled && best === 0 ? `${labelled[1]}: ${text}` : text;
}

/** Top-k brain segments of a project for a question, gated by the engine's floor. Project must be owned (checked by caller). */
export async function searchBrain(
  db: Db,
  env: Env,
  projectId: string,
  question: string,
  k = 3,
  opts: { floor?: number; engine?: AiEngine } = {},
): Promise<BrainMatch[]> {
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

/** POST /brain/query: the caller must own the project. A clear answer leads with its answering sentence and source. */
export async function queryBrain(ctx: ServiceContext, projectId: string, question: string): Promise<BrainAnswer> {
  const deps = brainDepsFor(ctx);
  await ownedProject(deps.db, ctx.caller.id, projectId, "read");
  const { confidence, matches } = await rankBrain(deps, projectId, question, BRAIN.queryResults, {});
  const top = matches[0];
  if (confidence !== "clear" || !top) return { confidence, answer: null, matches };
  const composed = await composedAnswer(deps.engine, question, matches);
  const answer = composed ?? { text: answeringSentence(top.content, question), segment_id: top.segment_id, document_title: top.document_title, role: top.role };
  return { confidence, answer, matches };
}

/** Passages an LLM engine composes an answer from (the best matches, best first). */
const COMPOSE_FROM = 3;

/**
 * An LLM engine's answer, written from the matching passages only and citing them (decision 220);
 * its source is the first passage it cites. Null (the local sentence is used) without such an
 * engine, on a failure, or when the engine found the answer not grounded in what it cites.
 */
async function composedAnswer(engine: AiEngine, question: string, matches: BrainMatch[]): Promise<BrainAnswer["answer"]> {
  if (!engine.composeAnswer) return null;
  const from = matches.slice(0, COMPOSE_FROM);
  try {
    const res = await engine.composeAnswer(
      question,
      from.map((m) => m.content),
    );
    const source = res ? from[res.cited[0]!] : undefined;
    return res && source ? { text: res.text, segment_id: source.segment_id, document_title: source.document_title, role: source.role } : null;
  } catch (err) {
    console.warn("brain: composed answer failed; the passage's sentence is used", err instanceof Error ? err.message : err);
    return null;
  }
}
