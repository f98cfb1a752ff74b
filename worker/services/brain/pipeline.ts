// Processing of one brain document (run by the brain-jobs queue consumer), following SPEC
// section 9: parts of ~4000 characters by words ("Document Part i/n"), stored content cut to 2000,
// a document embedding from title + first 2000 characters, ~150-character segments with their
// own vectors, "semantic" connections above cosine 0.7 (ada-002; each engine declares its own), then topics/insights and the summary.
//
// Delivery is at-least-once, so processing is idempotent: every row written has a deterministic
// id (part, segment, vector, connection) and a part's old segments/vectors are removed before it
// is written again, so a redelivered or retried message replaces rows and never duplicates them.
// Progress (progress_done/progress_total) counts finished parts plus one final analysis step; a
// long document yields after a time budget and re-enqueues itself, continuing where it stopped.
// A failure marks only this document failed (with its message) and removes only its own rows.
import { emitEvent } from "../api/webhooks";
import { and, eq, inArray, sql } from "drizzle-orm";
import { brainConnections, brainDocuments, brainSegments } from "../../../schema/db/brain";
import type { ProcessDocumentJob } from "../../env";
import type { BrainDeps } from "./deps";
import { documentVectorIdOf, partIdOf, segmentIdOf, spaceOf } from "./deps";
import { clearSummary, readyDocuments, rebuildSummary } from "./summary";
import { BRAIN, BRAIN_MESSAGES, documentParts, segmentPassages } from "./text";
import { classifyPassage } from "../../brain/roles/classify";
import { localPassageQuestions } from "../../brain/expand";
import type { PassageRole } from "../../../schema/api/passage-roles";

/** An error whose message is meant for the user; the document fails at once (no retry). */
export class BrainProcessingError extends Error {}

const EMBED_BATCH = 64;
const SEGMENT_ROWS_PER_INSERT = 11; // 9 columns, D1's 100-parameter limit
const STATEMENTS_PER_BATCH = 50;

type Unit = { id: string; title: string; text: string; child: boolean; part: number; parts: number };

export type ProcessOutcome = "ready" | "continued" | "skipped";

async function loadSource(deps: BrainDeps, sourceKey: string | null): Promise<string> {
  if (!sourceKey) throw new BrainProcessingError(BRAIN_MESSAGES.sourceMissing);
  const obj = await deps.env.BUCKET.get(sourceKey);
  if (!obj) throw new BrainProcessingError(BRAIN_MESSAGES.sourceMissing);
  return obj.text();
}

/** Ids of the document and its parts (parts exist only for documents over ~4000 characters). */
export async function unitIdsOf(deps: BrainDeps, projectId: string, documentId: string): Promise<string[]> {
  const parts = await deps.db
    .select({ id: brainDocuments.id })
    .from(brainDocuments)
    .where(and(eq(brainDocuments.projectId, projectId), sql`json_extract(${brainDocuments.metadata}, '$.parentId') = ${documentId}`))
    .all();
  return [documentId, ...parts.map((p) => p.id)];
}

/**
 * Statements deleting the segments, D1 vectors and connections of these units. With another
 * vector index (Vectorize) its vectors are deleted by id first.
 */
async function removalStatements(deps: BrainDeps, projectId: string, unitIds: string[]): Promise<D1PreparedStatement[]> {
  const out: D1PreparedStatement[] = [];
  for (let i = 0; i < unitIds.length; i += 40) {
    const chunk = unitIds.slice(i, i + 40);
    if (deps.vectors.name !== "d1") {
      const segs = await deps.db
        .select({ id: brainSegments.id })
        .from(brainSegments)
        .where(and(eq(brainSegments.projectId, projectId), inArray(brainSegments.documentId, chunk)))
        .all();
      await deps.vectors.deleteByIds(projectId, [...segs.map((s) => s.id), ...chunk.map(documentVectorIdOf)]);
    }
    const marks = chunk.map(() => "?").join(", ");
    out.push(
      deps.env.DB.prepare(`delete from brain_segments where project_id = ? and document_id in (${marks})`).bind(projectId, ...chunk),
      deps.env.DB.prepare(`delete from brain_vectors where project_id = ? and document_id in (${marks})`).bind(projectId, ...chunk),
      deps.env.DB.prepare(`delete from brain_connections where project_id = ? and (source_id in (${marks}) or target_id in (${marks}))`).bind(
        projectId,
        ...chunk,
        ...chunk,
      ),
    );
  }
  return out;
}

/** Removes the segments, vectors and connections of these units (documents or parts). */
export async function removeUnitData(deps: BrainDeps, projectId: string, unitIds: string[]): Promise<void> {
  const statements = await removalStatements(deps, projectId, unitIds);
  for (let i = 0; i < statements.length; i += STATEMENTS_PER_BATCH) await deps.env.DB.batch(statements.slice(i, i + STATEMENTS_PER_BATCH));
}

type SegmentRow = { index: number; content: string; role: PassageRole; roleSource: "auto" | "user"; questions: string };

function segmentStatements(deps: BrainDeps, projectId: string, unitId: string, rows: SegmentRow[]): D1PreparedStatement[] {
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < rows.length; i += SEGMENT_ROWS_PER_INSERT) {
    const chunk = rows.slice(i, i + SEGMENT_ROWS_PER_INSERT);
    statements.push(
      deps.env.DB.prepare(
        "insert or replace into brain_segments (id, project_id, document_id, content, segment_index, metadata, role, role_source, questions) values " +
          chunk.map(() => "(?, ?, ?, ?, ?, ?, ?, ?, ?)").join(", "),
      ).bind(
        ...chunk.flatMap((r) => [
          segmentIdOf(unitId, r.index),
          projectId,
          unitId,
          r.content,
          r.index,
          JSON.stringify({ segment_index: r.index }),
          r.role,
          r.roleSource,
          r.questions,
        ]),
      ),
    );
  }
  return statements;
}

/** Roles the user set on this unit's passages, by content: processing the unit again keeps them (decision 182). */
async function userRoles(deps: BrainDeps, projectId: string, unitId: string): Promise<Map<string, PassageRole>> {
  const rows = await deps.db
    .select({ content: brainSegments.content, role: brainSegments.role })
    .from(brainSegments)
    .where(and(eq(brainSegments.projectId, projectId), eq(brainSegments.documentId, unitId), eq(brainSegments.roleSource, "user")))
    .all();
  return new Map(rows.flatMap((r) => (r.role ? [[r.content, r.role] as const] : [])));
}

async function embedAll(deps: BrainDeps, texts: string[]): Promise<(Float32Array | null)[]> {
  const out: (Float32Array | null)[] = [];
  for (let i = 0; i < texts.length; i += EMBED_BATCH) {
    const batch = texts.slice(i, i + EMBED_BATCH);
    let vecs: (Float32Array | null)[];
    try {
      vecs = await deps.engine.embed(batch);
    } catch (err) {
      // A failed segment embedding is skipped (docs/product-spec.md section 8).
      console.warn("brain: segment embeddings skipped", err instanceof Error ? err.message : err);
      vecs = batch.map(() => null);
    }
    for (let j = 0; j < batch.length; j++) {
      const v = vecs[j];
      out.push(v && v.length === deps.engine.embeddingDim ? v : null);
    }
  }
  return out;
}

/**
 * An engine with a model writes each passage's questions (decision 220); a passage it wrote none
 * for, or a failed call, keeps the locally derived ones (worker/brain/expand.ts).
 */
async function writtenQuestions(deps: BrainDeps, kept: { content: string; role: PassageRole; questions: string }[]): Promise<void> {
  if (!deps.engine.passageQuestions || !kept.length) return;
  try {
    const written = await deps.engine.passageQuestions(kept.map((s) => ({ text: s.content, role: s.role })));
    kept.forEach((s, i) => {
      const list = written[i] ?? [];
      if (list.length) s.questions = list.join(" ");
    });
  } catch (err) {
    console.warn("brain: written passage questions failed; derived ones kept", err instanceof Error ? err.message : err);
  }
}

/** The units of a document's text: itself when short, else its parts ("Document Part i/n"). */
function unitsOf(docId: string, title: string, text: string): Unit[] {
  const parts = documentParts(title, text);
  return parts.length === 1
    ? [{ id: docId, title, text: parts[0]!.text, child: false, part: 1, parts: 1 }]
    : parts.map((p, i) => ({ id: partIdOf(docId, i + 1), title: p.title, text: p.text, child: true, part: i + 1, parts: parts.length }));
}

type DocRow = typeof brainDocuments.$inferSelect;

/** The row of a document's part, inserted with its first segments (a part exists once it has them). */
function partRowOf(deps: BrainDeps, projectId: string, doc: DocRow, unit: Unit, status: "processing" | "ready" = "processing"): D1PreparedStatement | null {
  if (!unit.child) return null;
  return deps.env.DB.prepare(
    `insert or ignore into brain_documents (id, project_id, title, content, type, status, progress_done, progress_total, metadata, created_at) values (?, ?, ?, ?, ?, '${status}', 0, 0, ?, ?)`,
  ).bind(
    unit.id,
    projectId,
    unit.title,
    unit.text.slice(0, BRAIN.storedContentChars),
    doc.type,
    JSON.stringify({ parentId: doc.id, part: unit.part, parts: unit.parts }),
    doc.createdAt,
  );
}

/**
 * Re-segments a ready document stored by an older segmentation (decision 256): its text is read
 * again from its source and each unit's passages are replaced, in place, as processing does
 * (roles the user set are kept by content). The document stays ready throughout, and a document
 * whose whole text is no longer available keeps its passages. Parts the new cut no longer has are
 * removed. Returns false when the deadline passed before the document was done.
 */
export async function resegmentDocument(deps: BrainDeps, projectId: string, doc: DocRow, deadline: number): Promise<boolean> {
  let text: string | null = null;
  try {
    text = await loadSource(deps, doc.sourceKey);
  } catch {
    // Short documents are stored whole; a longer one without its source keeps its passages.
    if (doc.content.length < BRAIN.storedContentChars) text = doc.content;
  }
  if (text?.trim()) {
    const units = unitsOf(doc.id, doc.title, text);
    const start = Number(doc.metadata.resegmented ?? 0);
    for (let i = start; i < units.length; i++) {
      if (i > start && Date.now() > deadline) {
        await setStatus(deps, doc.id, { metadata: { ...doc.metadata, resegmented: i } });
        return false;
      }
      await processUnit(deps, projectId, units[i]!, partRowOf(deps, projectId, doc, units[i]!, "ready"));
    }
    const kept = new Set(units.map((u) => u.id));
    const stale = (await unitIdsOf(deps, projectId, doc.id)).filter((id) => !kept.has(id));
    if (stale.length) {
      await removeUnitData(deps, projectId, stale);
      await deps.db.delete(brainDocuments).where(and(eq(brainDocuments.projectId, projectId), inArray(brainDocuments.id, stale)));
    }
  }
  const { resegmented: _done, ...metadata } = doc.metadata;
  await setStatus(deps, doc.id, { metadata: { ...metadata, segmentation: BRAIN.segmentationVersion } });
  await clearSummary(deps.db, projectId);
  return true;
}

/** Embeds and stores one unit (a whole short document, or one part of a long one). */
async function processUnit(deps: BrainDeps, projectId: string, unit: Unit, parentRow: D1PreparedStatement | null): Promise<void> {
  const space = spaceOf(deps.engine);
  let docVector: Float32Array | null = null;
  try {
    [docVector] = (await deps.engine.embed([`${unit.title}\n\n${unit.text.slice(0, BRAIN.embeddingChars)}`])) as [Float32Array | null];
  } catch (err) {
    console.warn("brain: document embedding failed", err instanceof Error ? err.message : err);
  }
  if (!docVector || docVector.length !== space.dim) throw new BrainProcessingError(BRAIN_MESSAGES.embeddingFailed);

  const passages = segmentPassages(unit.text);
  const segments = passages.map((p) => p.text);
  const vectors = await embedAll(deps, segments);
  const corrected = await userRoles(deps, projectId, unit.id);
  const kept = passages
    .map((p, index) => {
      const userRole = corrected.get(p.text);
      const role = userRole ?? classifyPassage(p);
      return {
        index,
        content: p.text,
        role,
        roleSource: userRole ? ("user" as const) : ("auto" as const),
        questions: localPassageQuestions(p.text, role).join(" "),
        vector: vectors[index],
      };
    })
    .filter((s) => s.vector);
  if (kept.length === 0) throw new BrainProcessingError(BRAIN_MESSAGES.noSegments);
  await writtenQuestions(deps, kept);

  // Replace, never add: the unit's previous rows (an earlier delivery) go first, in the same
  // transaction as the new segments (and the part's own row, when it is a part).
  const statements = [
    ...(parentRow ? [parentRow] : []),
    ...(await removalStatements(deps, projectId, [unit.id])),
    ...segmentStatements(deps, projectId, unit.id, kept),
  ];
  for (let i = 0; i < statements.length; i += STATEMENTS_PER_BATCH) await deps.env.DB.batch(statements.slice(i, i + STATEMENTS_PER_BATCH));
  await deps.vectors.upsert(projectId, space, [
    ...kept.map((s) => ({ id: segmentIdOf(unit.id, s.index), documentId: unit.id, kind: "segment" as const, values: s.vector! })),
    { id: documentVectorIdOf(unit.id), documentId: unit.id, kind: "document", values: docVector },
  ]);

  // The spec's 0.7 is ada-002's scale; other engines declare their own equivalent.
  const connectionThreshold = deps.engine.connectionThreshold ?? BRAIN.connectionThreshold;
  const related = await deps.vectors.query(projectId, space, docVector, {
    kind: "document",
    topK: 50,
    threshold: connectionThreshold,
    excludeDocumentIds: [unit.id],
  });
  const strictlyAbove = related.filter((m) => m.score > connectionThreshold);
  if (strictlyAbove.length > 0) {
    await deps.db.batch(
      strictlyAbove.map((m) =>
        deps.db
          .insert(brainConnections)
          .values({ id: `${unit.id}>${m.documentId}`, projectId, sourceId: unit.id, targetId: m.documentId, relationshipType: "semantic", strength: m.score })
          .onConflictDoUpdate({ target: brainConnections.id, set: { strength: m.score } }),
      ) as unknown as Parameters<typeof deps.db.batch>[0],
    );
  }
}

async function setStatus(deps: BrainDeps, documentId: string, set: Partial<typeof brainDocuments.$inferInsert>) {
  await deps.db
    .update(brainDocuments)
    .set({ ...set, updatedAt: Date.now() })
    .where(eq(brainDocuments.id, documentId));
}

/** Marks the document failed with a user-facing message and removes whatever it had written. */
export async function failDocument(deps: BrainDeps, projectId: string, documentId: string, message: string): Promise<void> {
  const units = await unitIdsOf(deps, projectId, documentId);
  await removeUnitData(deps, projectId, units);
  await deps.db.delete(brainDocuments).where(
    and(
      eq(brainDocuments.projectId, projectId),
      inArray(
        brainDocuments.id,
        units.filter((id) => id !== documentId),
      ),
    ),
  );
  await setStatus(deps, documentId, { status: "failed", errorMessage: message });
}

/**
 * Processes (or continues) one document. Returns "continued" when it stopped at the deadline and
 * re-enqueued itself, "skipped" when the document is gone or already finished.
 */
export async function processDocument(
  deps: BrainDeps,
  job: ProcessDocumentJob,
  opts: { deadline?: number; requeue?: (job: ProcessDocumentJob) => Promise<void> } = {},
): Promise<ProcessOutcome> {
  const { projectId, documentId } = job;
  const doc = await deps.db
    .select()
    .from(brainDocuments)
    .where(and(eq(brainDocuments.id, documentId), eq(brainDocuments.projectId, projectId)))
    .get();
  if (!doc || doc.status === "ready" || doc.status === "failed") return "skipped";

  const text = await loadSource(deps, doc.sourceKey);
  if (!text.trim()) throw new BrainProcessingError(BRAIN_MESSAGES.contentEmpty);
  const units = unitsOf(doc.id, doc.title, text);
  const total = units.length + 1;
  const start = doc.status === "processing" ? Math.min(doc.progressDone, units.length) : 0;
  if (doc.status === "queued" || doc.progressTotal !== total) {
    await setStatus(deps, doc.id, { status: "processing", progressDone: start, progressTotal: total, errorMessage: null });
  }

  for (let i = start; i < units.length; i++) {
    if (opts.deadline !== undefined && i > start && Date.now() > opts.deadline && opts.requeue) {
      await opts.requeue(job);
      return "continued";
    }
    const unit = units[i]!;
    await processUnit(deps, projectId, unit, partRowOf(deps, projectId, doc, unit));
    await deps.env.DB.batch([
      ...(unit.child ? [deps.env.DB.prepare("update brain_documents set status = 'ready' where id = ?").bind(unit.id)] : []),
      deps.env.DB.prepare("update brain_documents set progress_done = ?, updated_at = ? where id = ?").bind(i + 1, Date.now(), doc.id),
    ]);
  }
  // Final step: topics, insights and the summary are rebuilt with this document, then it is ready.
  await clearSummary(deps.db, projectId);
  try {
    const others = (await readyDocuments(deps.db, projectId)).filter((d) => d.id !== doc.id);
    await rebuildSummary(deps, projectId, [{ id: doc.id, title: doc.title, content: doc.content }, ...others]);
  } catch (err) {
    // The summary is rebuilt on the next GET; the document itself is fine.
    console.warn("brain: summary rebuild failed", err instanceof Error ? err.message : err);
  }
  await setStatus(deps, doc.id, {
    status: "ready",
    progressDone: total,
    progressTotal: total,
    errorMessage: null,
    metadata: { ...doc.metadata, parts: units.length, charCount: text.length, segmentation: BRAIN.segmentationVersion },
  });
  await emitEvent(deps.env, deps.db, projectId, "brain.document_ready", { document_id: doc.id, title: doc.title, type: doc.type });
  return "ready";
}
