// Adding, listing and deleting brain documents. Every function is given the caller's user id and
// checks ownership of the project first: another user's project answers 404 like a missing one.
// Input is fully checked (text, URL, file content) before anything is stored, so a refused
// request changes nothing. The full text goes to R2 (brain-sources/{projectId}/{documentId}.txt),
// the row starts "queued", and processing happens in the brain-jobs queue.
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { brainDocuments } from "../../../schema/db/brain";
import type { BrainDocumentDto, BrainTextDocumentInput } from "../../../schema/api/brain";
import { badRequest, notFound, payloadTooLarge } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { Action } from "../../../schema/api/permissions";
import { ownedProject } from "../../lib/ownership";
import { htmlToText, safeFetchText, SafeFetchError, scrapeOptions } from "../../lib/safe-fetch";
import type { Db } from "../../lib/db";
import type { ServiceContext } from "../context";
import { brainDepsFor, sourceKeyOf, type BrainDeps } from "./deps";
import { EXTRACT_MESSAGES, ExtractError, extractText, MAX_BRAIN_FILE_BYTES, MAX_BRAIN_TEXT_CHARS, normalizeText } from "./extract";
import { removeUnitData, unitIdsOf } from "./pipeline";
import { clearSummary } from "./summary";
import { BRAIN, BRAIN_MESSAGES, documentParts } from "./text";
import { brainInsights, brainTopics } from "../../../schema/db/brain";

type Row = typeof brainDocuments.$inferSelect;

function toDto(row: Row, full = false): BrainDocumentDto {
  const meta = row.metadata ?? {};
  return {
    id: row.id,
    project_id: row.projectId,
    title: row.title,
    type: row.type,
    source_name: row.sourceName,
    status: row.status,
    progress_done: row.progressDone,
    progress_total: row.progressTotal,
    error_message: row.errorMessage,
    content: full ? row.content : row.content.slice(0, 200),
    char_count: typeof meta.charCount === "number" ? meta.charCount : row.content.length,
    parts: typeof meta.parts === "number" ? meta.parts : 1,
    created_at: row.createdAt,
  };
}

const isSource = () => isNull(sql`json_extract(${brainDocuments.metadata}, '$.parentId')`);

/**
 * Stores the text and the queued row, then enqueues processing (unless told not to, e.g. by the
 * bench, which processes inline). Nothing is left behind on failure. Project must be owned.
 */
async function storeDocument(
  deps: BrainDeps,
  projectId: string,
  input: { title: string; text: string; type: "document" | "scrape"; sourceName: string | null },
  opts: { enqueue?: boolean } = {},
): Promise<BrainDocumentDto> {
  const text = normalizeText(input.text);
  if (!text) throw badRequest(BRAIN_MESSAGES.contentEmpty, { content: BRAIN_MESSAGES.contentEmpty });
  if (text.length > MAX_BRAIN_TEXT_CHARS) throw payloadTooLarge(EXTRACT_MESSAGES.tooLong);
  const id = newId();
  const sourceKey = sourceKeyOf(projectId, id);
  const row: Row = {
    id,
    projectId,
    title: input.title.trim().slice(0, 200),
    content: text.slice(0, BRAIN.storedContentChars),
    type: input.type,
    sourceName: input.sourceName,
    sourceKey,
    status: "queued",
    progressDone: 0,
    // Known up front, so the UI can show "Processing... (0/n)" while queued: parts + final step.
    progressTotal: documentParts(input.title, text).length + 1,
    errorMessage: null,
    metadata: { charCount: text.length },
    createdAt: Date.now(),
    updatedAt: null,
  };
  await deps.env.BUCKET.put(sourceKey, text, { httpMetadata: { contentType: "text/plain; charset=utf-8" } });
  try {
    await deps.db.insert(brainDocuments).values(row);
    // A new document invalidates the summary (docs/product-spec.md section 4).
    await clearSummary(deps.db, projectId);
    if (opts.enqueue !== false) await deps.env.BRAIN_JOBS.send({ kind: "process-document", projectId, documentId: id });
  } catch (err) {
    await deps.db.delete(brainDocuments).where(eq(brainDocuments.id, id));
    await deps.env.BUCKET.delete(sourceKey);
    throw err;
  }
  return toDto(row);
}

export async function addTextDocument(ctx: ServiceContext, projectId: string, input: BrainTextDocumentInput) {
  const deps = brainDepsFor(ctx);
  const userId = ctx.caller.id;
  await ownedProject(deps.db, userId, projectId);
  return storeDocument(deps, projectId, { title: input.title, text: input.content, type: "document", sourceName: null });
}

export async function addUrlDocument(ctx: ServiceContext, projectId: string, url: string, fetcher?: typeof fetch, requestUrl?: string) {
  const deps = brainDepsFor(ctx);
  const userId = ctx.caller.id;
  await ownedProject(deps.db, userId, projectId);
  let page;
  try {
    page = await safeFetchText(url, { ...scrapeOptions(deps.env, requestUrl), fetcher });
  } catch (err) {
    if (err instanceof SafeFetchError) throw badRequest(err.message, { url: err.message });
    throw err;
  }
  const { title, text } = page.contentType.startsWith("text/plain") ? { title: "", text: page.body } : htmlToText(page.body);
  if (!text.trim()) throw badRequest(EXTRACT_MESSAGES.empty, { url: EXTRACT_MESSAGES.empty });
  return storeDocument(deps, projectId, { title: title || new URL(page.url).hostname, text, type: "scrape", sourceName: page.url });
}

export async function addFileDocument(ctx: ServiceContext, projectId: string, file: { name: string; bytes: Uint8Array }, title?: string) {
  const deps = brainDepsFor(ctx);
  const userId = ctx.caller.id;
  await ownedProject(deps.db, userId, projectId);
  if (file.bytes.byteLength > MAX_BRAIN_FILE_BYTES) throw payloadTooLarge(EXTRACT_MESSAGES.tooLarge);
  let extracted;
  try {
    extracted = await extractText(file.name, file.bytes);
  } catch (err) {
    if (err instanceof ExtractError) throw badRequest(err.message, { file: err.message });
    throw err;
  }
  const name = file.name.split(/[\\/]/).pop()!.slice(0, 200);
  const fallbackTitle = name.replace(/\.[^.]+$/, "") || name;
  return storeDocument(deps, projectId, { title: title?.trim() || fallbackTitle, text: extracted.text, type: "document", sourceName: name });
}

export async function listDocuments(ctx: ServiceContext, projectId: string): Promise<BrainDocumentDto[]> {
  await ownedProject(ctx.db, ctx.caller.id, projectId, "read");
  const rows = await ctx.db
    .select()
    .from(brainDocuments)
    .where(and(eq(brainDocuments.projectId, projectId), isSource()))
    .orderBy(desc(brainDocuments.createdAt), desc(brainDocuments.id))
    .all();
  return rows.map((r) => toDto(r));
}

async function ownedDocument(db: Db, userId: string, projectId: string, documentId: string, action: Action = "edit"): Promise<Row> {
  await ownedProject(db, userId, projectId, action);
  const row = await db
    .select()
    .from(brainDocuments)
    .where(and(eq(brainDocuments.projectId, projectId), eq(brainDocuments.id, documentId), isSource()))
    .get();
  if (!row) throw notFound("Document not found");
  return row;
}

export async function getDocument(ctx: ServiceContext, projectId: string, documentId: string) {
  return toDto(await ownedDocument(ctx.db, ctx.caller.id, projectId, documentId, "read"), true);
}

/** Removes the document, its parts, segments, vectors, connections and R2 source; clears the summary. */
export async function deleteDocument(ctx: ServiceContext, projectId: string, documentId: string): Promise<void> {
  const deps = brainDepsFor(ctx);
  const row = await ownedDocument(deps.db, ctx.caller.id, projectId, documentId);
  const units = await unitIdsOf(deps, projectId, row.id);
  await removeUnitData(deps, projectId, units);
  for (const id of units.filter((u) => u !== row.id)) {
    await deps.db.delete(brainDocuments).where(and(eq(brainDocuments.projectId, projectId), eq(brainDocuments.id, id)));
  }
  await deps.db.delete(brainDocuments).where(and(eq(brainDocuments.projectId, projectId), eq(brainDocuments.id, row.id)));
  if (row.sourceKey) await deps.env.BUCKET.delete(row.sourceKey);
  await clearSummary(deps.db, projectId);
  // With no documents left, nothing supports the old topics and insights.
  const left = await deps.db.select({ id: brainDocuments.id }).from(brainDocuments).where(eq(brainDocuments.projectId, projectId)).limit(1).get();
  if (!left) {
    await deps.db.batch([
      deps.db.delete(brainTopics).where(eq(brainTopics.projectId, projectId)),
      deps.db.delete(brainInsights).where(eq(brainInsights.projectId, projectId)),
    ]);
  }
}
