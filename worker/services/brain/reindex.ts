// Vectors of different engines are never compared (docs/architecture.md), so when the project's AI engine
// changes (an OpenAI key added, deployed with Workers AI, a new local table), the brain's segments
// and documents must be embedded again by the new engine. The index status compares the
// project's segments with the current engine's segment vectors; a stale brain gets a background
// re-index job (brain-jobs queue) that embeds what is missing in batches, re-enqueues itself at a
// time budget, and is idempotent (deterministic vector ids, upserts). Brain Studio polls the status
// to show progress (decision 113).
import { and, eq, sql } from "drizzle-orm";
import { brainDocuments, brainSegments } from "../../../schema/db/brain";
import type { BrainIndexStatus } from "../../../schema/api/brain";
import { ownedProject } from "../../lib/ownership";
import type { ServiceContext } from "../context";
import { brainDepsFor, documentVectorIdOf, spaceOf, type BrainDeps, type BrainTools } from "./deps";
import { BRAIN } from "./text";
import { passagesOf } from "./passages";
import { resegmentDocument } from "./pipeline";
import { classifyPassage } from "../../brain/roles/classify";
import { localPassageQuestions } from "../../brain/expand";

const BATCH = 64;

/** A ready source document stored by an older segmentation (decision 256), as SQL over brain_documents `d`. */
const STALE_DOC = `d.status = 'ready' and json_extract(d.metadata, '$.parentId') is null
  and coalesce(json_extract(d.metadata, '$.segmentation'), 0) < ${BRAIN.segmentationVersion}`;

/** Segments and ready units of the project, and how many of them have the current engine's vector. */
async function indexStatus(deps: BrainDeps, projectId: string): Promise<BrainIndexStatus> {
  const space = spaceOf(deps.engine);
  const row = await deps.env.DB.prepare(
    // A passage is done when it has its role and the engine's vector and its document was cut by
    // the current segmentation (a stale document's passages are all still to do: decision 256).
    `select (select count(*) from brain_segments where project_id = ?1) as total,
            (select count(*) from brain_segments s join brain_documents u on u.id = s.document_id
               join brain_documents d on d.id = coalesce(json_extract(u.metadata, '$.parentId'), u.id)
             where s.project_id = ?1 and s.role is not null and not (${STALE_DOC})
               and exists (select 1 from brain_vectors v where v.id = s.id and v.project_id = ?1 and v.kind = 'segment' and v.engine = ?2 and v.dim = ?3)) as done`,
  )
    .bind(projectId, space.engine, space.dim)
    .first<{ total: number; done: number }>();
  const total = row?.total ?? 0;
  const done = Math.min(total, row?.done ?? 0);
  return { engine: space.engine, total, done, reindexing: done < total };
}

/** GET .../brain/index: the status, and a re-index job queued when the brain is stale. */
export async function indexStatusFor(ctx: ServiceContext, projectId: string, tools: BrainTools = {}): Promise<BrainIndexStatus> {
  const deps = brainDepsFor(ctx, tools);
  await ownedProject(deps.db, ctx.caller.id, projectId, "read");
  const status = await indexStatus(deps, projectId);
  // Documents still processing write their own vectors; only a finished brain is re-indexed.
  const busy = await deps.db
    .select({ n: sql<number>`count(*)` })
    .from(brainDocuments)
    .where(and(eq(brainDocuments.projectId, projectId), sql`${brainDocuments.status} in ('queued', 'processing')`))
    .get();
  if (status.reindexing && !(busy?.n ?? 0)) await deps.env.BRAIN_JOBS.send({ kind: "reindex", projectId });
  return status;
}

/**
 * Embeds the segments (and document units) that lack a vector of the current engine, until done
 * or past the deadline. Returns true when the project is fully indexed.
 */
export async function reindexProject(deps: BrainDeps, projectId: string, deadline: number): Promise<boolean> {
  // Documents cut by an older segmentation are cut again from their text, one at a time, each
  // staying ready with every passage until its new ones replace them (decision 256).
  for (;;) {
    const stale = await deps.env.DB.prepare(`select d.id from brain_documents d where d.project_id = ? and ${STALE_DOC} order by d.created_at limit 1`)
      .bind(projectId)
      .first<{ id: string }>();
    if (!stale) break;
    const doc = await deps.db.select().from(brainDocuments).where(eq(brainDocuments.id, stale.id)).get();
    if (!doc) break;
    try {
      if (!(await resegmentDocument(deps, projectId, doc, deadline))) return false;
    } catch (err) {
      // An engine that cannot embed now leaves the document as it was; a later status call retries.
      console.warn("brain: re-segmenting a document failed; it keeps its passages", err instanceof Error ? err.message : err);
      return false;
    }
    if (Date.now() > deadline) return false;
  }
  // Passages stored before roles existed get their role and questions (decisions 182, 183).
  for (;;) {
    const unclassified = await deps.env.DB.prepare("select id, content from brain_segments where project_id = ? and role is null order by id limit ?")
      .bind(projectId, BATCH)
      .all<{ id: string; content: string }>();
    if (!unclassified.results.length) break;
    await deps.env.DB.batch(
      unclassified.results.map((r) => {
        const passage = passagesOf(r.content, BRAIN.segmentChars)[0] ?? { text: r.content, shape: "prose" as const };
        const role = classifyPassage({ ...passage, text: r.content });
        return deps.env.DB.prepare("update brain_segments set role = ?, questions = ? where id = ? and role is null").bind(
          role,
          localPassageQuestions(r.content, role).join(" "),
          r.id,
        );
      }),
    );
    if (Date.now() > deadline) return false;
  }
  const space = spaceOf(deps.engine);
  for (;;) {
    const missing = await deps.env.DB.prepare(
      `select s.id, s.document_id as documentId, s.content from brain_segments s
       where s.project_id = ?1 and not exists (select 1 from brain_vectors v where v.id = s.id and v.project_id = ?1 and v.engine = ?2 and v.dim = ?3)
       order by s.id limit ?4`,
    )
      .bind(projectId, space.engine, space.dim, BATCH)
      .all<{ id: string; documentId: string; content: string }>();
    if (!missing.results.length) break;
    const vectors = await deps.engine.embed(missing.results.map((r) => r.content));
    const records = missing.results
      .map((r, i) => ({ id: r.id, documentId: r.documentId, kind: "segment" as const, values: vectors[i] }))
      .filter((r): r is typeof r & { values: Float32Array } => !!r.values && r.values.length === space.dim);
    // A segment the engine cannot embed would be retried forever: stop and let a later status call retry.
    if (!records.length) return false;
    await deps.vectors.upsert(projectId, space, records);
    if (Date.now() > deadline) return false;
  }
  // Document vectors (used for connections) of units that have segments.
  const units = await deps.db
    .selectDistinct({ id: brainSegments.documentId, title: brainDocuments.title, content: brainDocuments.content })
    .from(brainSegments)
    .innerJoin(brainDocuments, eq(brainDocuments.id, brainSegments.documentId))
    .where(eq(brainSegments.projectId, projectId))
    .all();
  const have = await deps.env.DB.prepare("select id from brain_vectors where project_id = ? and kind = 'document' and engine = ? and dim = ?")
    .bind(projectId, space.engine, space.dim)
    .all<{ id: string }>();
  const known = new Set(have.results.map((r) => r.id));
  const todo = units.filter((u) => !known.has(documentVectorIdOf(u.id)));
  for (let i = 0; i < todo.length; i += BATCH) {
    const batch = todo.slice(i, i + BATCH);
    const vectors = await deps.engine.embed(batch.map((u) => `${u.title}\n\n${u.content.slice(0, BRAIN.embeddingChars)}`));
    const records = batch
      .map((u, k) => ({ id: documentVectorIdOf(u.id), documentId: u.id, kind: "document" as const, values: vectors[k] }))
      .filter((r): r is typeof r & { values: Float32Array } => !!r.values && r.values.length === space.dim);
    if (records.length) await deps.vectors.upsert(projectId, space, records);
    if (Date.now() > deadline && i + BATCH < todo.length) return false;
  }
  return true;
}
