import { sqliteTable, text, integer, real, blob, index } from "drizzle-orm/sqlite-core";
import { projects } from "./projects";
import { PASSAGE_ROLES } from "../api/passage-roles";

// Every brain row belongs to a project, most to a document too, and goes with it.
const projectRef = () =>
  text("project_id")
    .notNull()
    .references(() => projects.id, { onDelete: "cascade" });
const documentRef = (name: string) =>
  text(name)
    .notNull()
    .references(() => brainDocuments.id, { onDelete: "cascade" });

export const brainDocuments = sqliteTable(
  "brain_documents",
  {
    id: text("id").primaryKey(),
    projectId: projectRef(),
    title: text("title").notNull(),
    // Stored content is cut to 2000 characters (spec); the full text lives in R2 under sourceKey.
    content: text("content").notNull(),
    type: text("type", { enum: ["document", "scrape"] }).notNull(),
    sourceName: text("source_name"),
    sourceKey: text("source_key"),
    status: text("status", { enum: ["queued", "processing", "ready", "failed"] }).notNull(),
    progressDone: integer("progress_done").notNull().default(0),
    progressTotal: integer("progress_total").notNull().default(0),
    errorMessage: text("error_message"),
    metadata: text("metadata", { mode: "json" }).$type<Record<string, unknown>>().notNull().default({}),
    createdAt: integer("created_at").notNull(),
    // Last progress of the pipeline: the cron re-sends a document whose job was lost (queued or
    // processing with no progress for minutes), so nothing a user fed the brain stays stuck.
    updatedAt: integer("updated_at"),
  },
  (t) => [index("brain_documents_project_idx").on(t.projectId, t.createdAt), index("brain_documents_status_idx").on(t.status, t.updatedAt)],
);

export const brainSegments = sqliteTable(
  "brain_segments",
  {
    id: text("id").primaryKey(),
    projectId: projectRef(),
    documentId: documentRef("document_id"),
    content: text("content").notNull(),
    segmentIndex: integer("segment_index").notNull(),
    metadata: text("metadata", { mode: "json" }).$type<Record<string, unknown>>().notNull().default({}),
    // What the passage is for (schema/api/passage-roles.ts), set at ingest by the role classifier;
    // null on passages stored before roles existed, until the re-index classifies them (decision 182).
    role: text("role", { enum: PASSAGE_ROLES }),
    // "user" once the user corrected the role in Explore Knowledge: re-indexing keeps it.
    roleSource: text("role_source", { enum: ["auto", "user"] })
      .notNull()
      .default("auto"),
    // The questions the passage answers, written by the engine at ingest (an LLM writes them; the
    // local engine derives them from the role and the passage's noun phrases); indexed with it (decision 183).
    questions: text("questions"),
  },
  (t) => [index("brain_segments_document_idx").on(t.documentId), index("brain_segments_project_idx").on(t.projectId)],
);

// The D1 vector index (embedded default for Vectorize). Every vector records its engine and
// dimension so vectors of different engines are never compared.
export const brainVectors = sqliteTable(
  "brain_vectors",
  {
    id: text("id").primaryKey(),
    projectId: projectRef(),
    documentId: documentRef("document_id"),
    kind: text("kind", { enum: ["document", "segment"] }).notNull(),
    engine: text("engine").notNull(),
    dim: integer("dim").notNull(),
    vector: blob("vector", { mode: "buffer" }).notNull(),
  },
  (t) => [index("brain_vectors_lookup_idx").on(t.projectId, t.engine, t.kind), index("brain_vectors_document_idx").on(t.documentId)],
);

export const brainConnections = sqliteTable(
  "brain_connections",
  {
    id: text("id").primaryKey(),
    projectId: projectRef(),
    sourceId: documentRef("source_id"),
    targetId: documentRef("target_id"),
    relationshipType: text("relationship_type").notNull(),
    strength: real("strength").notNull(),
  },
  (t) => [index("brain_connections_project_idx").on(t.projectId)],
);

export const brainInsights = sqliteTable(
  "brain_insights",
  {
    id: text("id").primaryKey(),
    projectId: projectRef(),
    documentId: text("document_id").references(() => brainDocuments.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    content: text("content").notNull(),
    confidence: real("confidence").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("brain_insights_project_idx").on(t.projectId, t.confidence)],
);

export const brainTopics = sqliteTable(
  "brain_topics",
  {
    id: text("id").primaryKey(),
    projectId: projectRef(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    relevanceScore: real("relevance_score").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("brain_topics_project_idx").on(t.projectId, t.relevanceScore)],
);

// Server-side summary cache (DESIGN: the server is the truth), cleared when a document is added.
export const brainSummaries = sqliteTable("brain_summaries", {
  projectId: text("project_id")
    .primaryKey()
    .references(() => projects.id, { onDelete: "cascade" }),
  summary: text("summary", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
  engine: text("engine").notNull(),
  createdAt: integer("created_at").notNull(),
});
