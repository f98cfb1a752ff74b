// The project wizard's submission: details plus brand documents. Everything the caller sent is
// validated (fields, file types by content, sizes) before anything is written, so a rejected
// request stores nothing; if a write fails midway, the R2 objects already written are removed.
import type { BatchItem } from "drizzle-orm/batch";
import { and, asc, eq, sql } from "drizzle-orm";
import {
  DOCUMENT_MESSAGES,
  MAX_DOCUMENT_BYTES,
  MAX_WIZARD_DOCUMENTS,
  MAX_WIZARD_TOTAL_BYTES,
  documentTypeOf,
  projectDetailsSchema,
  type DocumentType,
  type Project,
  type ProjectDetails,
  type ProjectDocument,
} from "../../../schema/api/projects";
import { projectDocuments } from "../../../schema/db/projects";
import { badRequest, notFound } from "../../lib/errors";
import { newId, now, randomToken } from "../../lib/ids";
import { ownedProject } from "../../lib/ownership";
import { fieldErrors } from "../../lib/validate";
import { DOCUMENT_MIME, contentMatches, docxWithinBounds } from "./file-check";
import { insertProjectQuery, toProject } from "./projects";
import type { ServiceContext } from "../context";

type CheckedDocument = { name: string; type: DocumentType; bytes: Uint8Array };
export type ProjectSubmission = { details: ProjectDetails; documents: CheckedDocument[] };

const DETAIL_KEYS = ["name", "industry", "brand_voice", "description"] as const;

function cleanFileName(name: string, type: DocumentType): string {
  const base = name.split(/[\\/]/).pop()?.trim() ?? "";
  return (base || `document.${type}`).slice(0, 200);
}

/** Validates a wizard submission (FormData or a JSON object without files); throws 400 with field messages. */
export async function checkSubmission(input: FormData | Record<string, unknown>): Promise<ProjectSubmission> {
  const get = (key: string): unknown => (input instanceof FormData ? input.get(key) : input[key]);
  const raw: Record<string, string> = {};
  for (const key of DETAIL_KEYS) {
    const v = get(key);
    raw[key] = typeof v === "string" ? v : "";
  }
  const fields: Record<string, string> = {};
  const parsed = projectDetailsSchema.safeParse(raw);
  if (!parsed.success) Object.assign(fields, fieldErrors(parsed.error.issues));

  const entries = input instanceof FormData ? input.getAll("documents") : [];
  // A browser form with an empty file input sends one nameless, empty file: that is "no file".
  const files = entries.filter((e) => (typeof e === "string" ? e !== "" : !(e.name === "" && e.size === 0)));
  const documents: CheckedDocument[] = [];
  const total = files.reduce((n, f) => n + (typeof f === "string" ? 0 : f.size), 0);
  if (files.length > MAX_WIZARD_DOCUMENTS) fields.documents = DOCUMENT_MESSAGES.count;
  else if (total > MAX_WIZARD_TOTAL_BYTES) fields.documents = DOCUMENT_MESSAGES.total;
  else {
    for (const [i, file] of files.entries()) {
      const key = `documents.${i}`;
      if (typeof file === "string") {
        fields[key] = DOCUMENT_MESSAGES.type;
        continue;
      }
      const type = documentTypeOf(file.name);
      if (!type) fields[key] = DOCUMENT_MESSAGES.type;
      else if (file.size > MAX_DOCUMENT_BYTES) fields[key] = DOCUMENT_MESSAGES.size(file.name);
      else if (file.size === 0) fields[key] = DOCUMENT_MESSAGES.empty(file.name);
      else {
        const bytes = new Uint8Array(await file.arrayBuffer());
        if (!contentMatches(type, bytes)) fields[key] = DOCUMENT_MESSAGES.content(file.name, type);
        else if (type === "docx" && !docxWithinBounds(bytes)) fields[key] = DOCUMENT_MESSAGES.unpacked(file.name);
        else documents.push({ name: cleanFileName(file.name, type), type, bytes });
      }
    }
  }
  if (Object.keys(fields).length > 0 || !parsed.success) {
    throw badRequest(Object.values(fields)[0] ?? "Invalid input", fields);
  }
  return { details: parsed.data, documents };
}

/** Creates the project and stores its documents in R2 under project-documents/{projectId}/. */
export async function createProject(ctx: ServiceContext, submission: ProjectSubmission): Promise<Project> {
  const { db, caller: user } = ctx;
  const bucket = ctx.env.BUCKET;
  const projectId = newId();
  const at = now();
  const stored: string[] = [];
  try {
    const docInserts: BatchItem<"sqlite">[] = [];
    for (const doc of submission.documents) {
      const key = `project-documents/${projectId}/${randomToken(18)}.${doc.type}`;
      await bucket.put(key, doc.bytes, { httpMetadata: { contentType: DOCUMENT_MIME[doc.type] } });
      stored.push(key);
      docInserts.push(
        db.insert(projectDocuments).values({
          id: newId(),
          projectId,
          name: doc.name,
          fileUrl: key,
          fileType: DOCUMENT_MIME[doc.type],
          fileSize: doc.bytes.byteLength,
          createdAt: at,
        }),
      );
    }
    await db.batch([insertProjectQuery(db, user.id, projectId, submission.details, at), ...docInserts]);
  } catch (err) {
    if (stored.length > 0) await bucket.delete(stored).catch(() => undefined);
    throw err;
  }
  return toProject(await ownedProject(db, user.id, projectId, "read"), user.email, "owner");
}

type DocumentRow = typeof projectDocuments.$inferSelect;
const toDocument = (r: DocumentRow): ProjectDocument => ({
  id: r.id,
  project_id: r.projectId,
  name: r.name,
  file_url: r.fileUrl,
  file_type: r.fileType,
  file_size: r.fileSize,
});

export async function listDocuments(ctx: ServiceContext, projectId: string): Promise<ProjectDocument[]> {
  const { db, caller: user } = ctx;
  await ownedProject(db, user.id, projectId, "read");
  const rows = await db
    .select()
    .from(projectDocuments)
    .where(eq(projectDocuments.projectId, projectId))
    .orderBy(asc(projectDocuments.createdAt), sql`rowid`);
  return rows.map(toDocument);
}

/** Removes the row, then the R2 object (an orphaned object is harmless; a dangling row is not). */
export async function deleteDocument(ctx: ServiceContext, projectId: string, documentId: string): Promise<void> {
  const { db, caller: user } = ctx;
  const bucket = ctx.env.BUCKET;
  await ownedProject(db, user.id, projectId);
  const where = and(eq(projectDocuments.id, documentId), eq(projectDocuments.projectId, projectId));
  const row = await db.delete(projectDocuments).where(where).returning().get();
  if (!row) throw notFound("Document not found");
  await bucket.delete(row.fileUrl);
}
