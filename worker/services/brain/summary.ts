// The project summary (elevator pitch, value props, positioning, brand story, content themes,
// insights by type, top topics). It is cached per project in brain_summaries (DESIGN: the server
// is the truth) and cleared whenever a document is added or deleted; a cache miss regenerates
// topics and insights from the documents (batches of 2, 1000 characters each) and rebuilds the
// summary from each document's first 2000 characters, capped at 4000 in all (docs/product-spec.md section 9).
import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { brainDocuments, brainInsights, brainSegments, brainSummaries, brainTopics } from "../../../schema/db/brain";
import { projects } from "../../../schema/db/projects";
import type { BrainSummary, BrainTopicDto, InsightsByType } from "../../../schema/api/brain";
import type { Insight, Topic } from "../../adapters/ai/types";
import type { Db } from "../../lib/db";
import { newId } from "../../lib/ids";
import { ownedProject } from "../../lib/ownership";
import type { ServiceContext } from "../context";
import { brainDepsFor, type BrainDeps } from "./deps";
import { BRAIN, BRAIN_MESSAGES, clamp01 } from "./text";
import { isTopicName, overviewHints, pillarsOf, type RolePassage } from "../../brain/overview";
import { loadTagger } from "../../text/pos";

type DocText = { id: string; title: string; content: string };

/** Source documents (not their parts) that finished processing, newest first. */
export async function readyDocuments(db: Db, projectId: string): Promise<DocText[]> {
  return db
    .select({ id: brainDocuments.id, title: brainDocuments.title, content: brainDocuments.content })
    .from(brainDocuments)
    .where(
      and(eq(brainDocuments.projectId, projectId), eq(brainDocuments.status, "ready"), isNull(sql`json_extract(${brainDocuments.metadata}, '$.parentId')`)),
    )
    .orderBy(desc(brainDocuments.createdAt))
    .all();
}

export async function clearSummary(db: Db, projectId: string): Promise<void> {
  await db.delete(brainSummaries).where(eq(brainSummaries.projectId, projectId));
}

async function groupedInsights(db: Db, projectId: string): Promise<InsightsByType> {
  const rows = await db
    .select({ type: brainInsights.type, content: brainInsights.content, confidence: brainInsights.confidence })
    .from(brainInsights)
    .where(eq(brainInsights.projectId, projectId))
    .orderBy(desc(brainInsights.confidence))
    .all();
  return byType(rows);
}

function byType(rows: { type: string; content: string; confidence: number }[]): InsightsByType {
  const out: InsightsByType = {};
  for (const r of rows) (out[r.type] ??= []).push({ content: r.content, confidence: r.confidence });
  return out;
}

async function topTopics(db: Db, projectId: string): Promise<BrainTopicDto[]> {
  return db
    .select({ name: brainTopics.name, description: brainTopics.description, relevance_score: brainTopics.relevanceScore })
    .from(brainTopics)
    .where(eq(brainTopics.projectId, projectId))
    .orderBy(desc(brainTopics.relevanceScore))
    .limit(BRAIN.topTopics)
    .all();
}

/**
 * Re-extracts topics and insights from the documents in batches of 2 (1000 characters each).
 * A failed batch is skipped with a warning; if every batch fails the old rows are kept.
 */
async function regenerateTopicsAndInsights(deps: BrainDeps, projectId: string, docs: DocText[]): Promise<void> {
  const topics = new Map<string, Topic>();
  const insights = new Map<string, Insight>();
  let succeeded = 0;
  // Topics are noun phrases of the brand's domain: no number, amount, weekday or lone adjective (decision 255).
  const tagger = await loadTagger();
  // Tagged in lower case: a capitalised phrase reads as a name whatever its words are ("Trails Clean").
  const isNoun = (phrase: string) => {
    const lower = phrase.trim().toLowerCase();
    return tagger.isNounAt(lower, lower.lastIndexOf(" ") + 1);
  };
  for (let i = 0; i < docs.length; i += BRAIN.topicBatchDocs) {
    const batch = docs.slice(i, i + BRAIN.topicBatchDocs).map((d) => ({ title: d.title, content: d.content.slice(0, BRAIN.topicDocChars) }));
    try {
      const res = await deps.engine.extractTopicsAndInsights(batch);
      succeeded++;
      for (const t of res.topics ?? []) {
        const name = String(t?.name ?? "").trim();
        if (!name || !isTopicName(name, isNoun)) continue;
        const topic = { name, description: String(t.description ?? "").trim(), relevance_score: clamp01(Number(t.relevance_score)) };
        const prev = topics.get(name.toLowerCase());
        if (!prev || prev.relevance_score < topic.relevance_score) topics.set(name.toLowerCase(), topic);
      }
      for (const ins of res.insights ?? []) {
        const content = String(ins?.content ?? "").trim();
        const type = String(ins?.type ?? "").trim();
        if (!content || !type) continue;
        const key = `${type}\u0000${content.toLowerCase()}`;
        const insight = { type, content, confidence: clamp01(Number(ins.confidence)) };
        const prev = insights.get(key);
        if (!prev || prev.confidence < insight.confidence) insights.set(key, insight);
      }
    } catch (err) {
      console.warn("brain: topic batch skipped", err instanceof Error ? err.message : err);
    }
  }
  if (docs.length > 0 && succeeded === 0) return;
  const now = Date.now();
  // One batch = one transaction: readers never see a half-replaced set, and concurrent rebuilds cannot duplicate.
  const statements = [
    deps.db.delete(brainTopics).where(eq(brainTopics.projectId, projectId)),
    deps.db.delete(brainInsights).where(eq(brainInsights.projectId, projectId)),
    ...[...topics.values()].map((t) =>
      deps.db
        .insert(brainTopics)
        .values({ id: newId(), projectId, name: t.name, description: t.description, relevanceScore: t.relevance_score, createdAt: now }),
    ),
    ...[...insights.values()].map((i) =>
      deps.db.insert(brainInsights).values({ id: newId(), projectId, type: i.type, content: i.content, confidence: i.confidence, createdAt: now }),
    ),
  ] as const;
  await deps.db.batch(statements as unknown as Parameters<typeof deps.db.batch>[0]);
}

/** Summary input: each document's first 2000 characters, newest first, 4000 characters in all. */
function summaryInput(docs: DocText[]): { title: string; content: string }[] {
  const out: { title: string; content: string }[] = [];
  let left = BRAIN.summaryInputChars;
  for (const d of docs) {
    if (left <= 0) break;
    const content = d.content.slice(0, Math.min(BRAIN.summaryDocChars, left));
    left -= content.length;
    out.push({ title: d.title, content });
  }
  return out;
}

function placeholder(kind: BrainSummary["engine"]): Omit<BrainSummary, "insights" | "topics"> {
  return {
    elevator_pitch: BRAIN_MESSAGES.placeholderPitch,
    value_props: [],
    positioning: "",
    brand_story: "",
    content_themes: [],
    engine: kind,
    placeholder: true,
    generated_at: Date.now(),
  };
}

/** The project's passages with their roles, in book order (the overview groups them by role: decision 255). */
async function rolePassages(db: Db, projectId: string): Promise<RolePassage[]> {
  const rows = await db
    .select({
      content: brainSegments.content,
      role: brainSegments.role,
      document: brainDocuments.id,
      parent: sql<string | null>`json_extract(${brainDocuments.metadata}, '$.parentId')`,
    })
    .from(brainSegments)
    .innerJoin(brainDocuments, eq(brainDocuments.id, brainSegments.documentId))
    .where(and(eq(brainSegments.projectId, projectId), isNotNull(brainSegments.role)))
    .orderBy(brainDocuments.createdAt, brainSegments.documentId, brainSegments.segmentIndex)
    .limit(BRAIN.overviewPassages)
    .all();
  return rows.map((r) => ({ text: r.content, role: r.role!, document: r.parent ?? r.document }));
}

/** Whether every word of a phrase is a word of one of these titles ("Brand Guide" of "Acme Trail Co. Brand Guide"). */
function namesADocument(phrase: string, titles: string[]): boolean {
  const ws = phrase.toLowerCase().match(/\p{L}+/gu) ?? [];
  return (
    ws.length > 0 &&
    titles.some((t) => {
      const tw = new Set(t.toLowerCase().match(/\p{L}+/gu) ?? []);
      return ws.every((w) => tw.has(w));
    })
  );
}

/** Regenerates topics and insights, rebuilds the summary and caches it. Engine errors propagate. */
export async function rebuildSummary(deps: BrainDeps, projectId: string, docs?: DocText[]): Promise<BrainSummary> {
  const list = docs ?? (await readyDocuments(deps.db, projectId));
  if (list.length === 0) {
    return { ...placeholder(deps.engine.kind), insights: await groupedInsights(deps.db, projectId), topics: await topTopics(deps.db, projectId) };
  }
  await regenerateTopicsAndInsights(deps, projectId, list);
  const project = await deps.db.select().from(projects).where(eq(projects.id, projectId)).get();
  const passages = await rolePassages(deps.db, projectId);
  const topics = await topTopics(deps.db, projectId);
  const core = await deps.engine.summarize({
    brand: {
      name: project?.name ?? "",
      industry: project?.industry ?? "",
      brand_voice: project?.brandVoice ?? "",
      description: project?.description ?? "",
    },
    documents: summaryInput(list),
    passages,
    // A theme is a subject, not a document's title or the brand's own name.
    topics: topics.map((t) => t.name).filter((name) => !namesADocument(name, [project?.name ?? "", ...list.map((d) => d.title)])),
  });
  const competitors = passages.filter((p) => p.role === "competitors").map((p) => p.text);
  const pillars = pillarsOf(passages.filter((p) => p.role === "pillars").map((p) => p.text.replace(/^[^:.!?]{2,40}:\s+/, "")));
  const insights = core.insights?.length ? byType(core.insights) : await groupedInsights(deps.db, projectId);
  const fields = {
    elevator_pitch: String(core.elevator_pitch ?? ""),
    value_props: (core.value_props ?? []).map(String).filter((v) => v.trim()),
    // The book's own positioning and content pillars win over what the engine inferred (decisions 184, 255).
    positioning: String(core.positioning ?? "") || competitors[0] || "",
    brand_story: String(core.brand_story ?? ""),
    content_themes: pillars.length ? pillars : (core.content_themes ?? []).map(String).filter((t) => t.trim()),
    insights,
  };
  const summary: BrainSummary = {
    ...fields,
    hints: overviewHints(fields),
    topics,
    engine: deps.engine.kind,
    placeholder: false,
    generated_at: Date.now(),
  };
  await deps.db
    .insert(brainSummaries)
    .values({ projectId, summary, engine: deps.engine.engine, createdAt: summary.generated_at })
    .onConflictDoUpdate({ target: brainSummaries.projectId, set: { summary, engine: deps.engine.engine, createdAt: summary.generated_at } });
  return summary;
}

/** The cached summary, or a rebuilt one on a miss (or when the engine changed). */
export async function projectSummary(ctx: ServiceContext, projectId: string): Promise<BrainSummary> {
  const deps = brainDepsFor(ctx);
  await ownedProject(deps.db, ctx.caller.id, projectId, "read");
  const docs = await readyDocuments(deps.db, projectId);
  if (docs.length === 0) return rebuildSummary(deps, projectId, docs);
  const cached = await deps.db.select().from(brainSummaries).where(eq(brainSummaries.projectId, projectId)).get();
  if (cached && cached.engine === deps.engine.engine) return cached.summary as unknown as BrainSummary;
  return rebuildSummary(deps, projectId, docs);
}
