import { z } from "zod";
import { passageRoleSchema, type PassageRole } from "./passage-roles";

// Request schemas and response types of /api/projects/:projectId/brain. Texts are the spec's
// (docs/product-spec.md sections 5 and 8).
export const BRAIN_FILE_ACCEPT = ".pdf,.doc,.docx,.txt";
export const BRAIN_MAX_FILE_BYTES = 10 * 1024 * 1024;
const BRAIN_MAX_TEXT_CHARS = 2_000_000;

export const brainTextDocumentSchema = z.object({
  title: z.string().trim().min(1, "Please enter a document title").max(200, "Title must be at most 200 characters"),
  content: z.string().trim().min(1, "Content cannot be empty").max(BRAIN_MAX_TEXT_CHARS, "The document text is too long (max 2,000,000 characters)"),
});
export type BrainTextDocumentInput = z.infer<typeof brainTextDocumentSchema>;

export const brainUrlDocumentSchema = z.object({
  url: z.string().trim().min(1, "Please enter a valid URL").max(2048, "Please enter a valid URL"),
});

export const brainQuerySchema = z.object({
  question: z.string().trim().min(1, "Please enter a question").max(2000, "Question must be at most 2000 characters"),
});

type BrainDocumentStatus = "queued" | "processing" | "ready" | "failed";

export type BrainDocumentDto = {
  id: string;
  project_id: string;
  title: string;
  type: "document" | "scrape";
  source_name: string | null;
  status: BrainDocumentStatus;
  progress_done: number;
  progress_total: number;
  error_message: string | null;
  /** First 200 characters (lists) or the stored 2000 characters (single document). */
  content: string;
  /** Length of the full extracted text. */
  char_count: number;
  parts: number;
  created_at: number;
};

/** A brain match: the segment, its relevance (0-1), where it sits, its neighbours as context and its role. */
export type BrainQueryMatch = {
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
  /** What the passage is for (null until the re-index classifies an older passage); the writer leaves internal roles out of post text. */
  role: PassageRole | null;
};
/**
 * The brain's answer (decision 183): "clear" leads with the answering sentence and its source;
 * "possible" shows candidates labelled "Possible match"; "none" means nothing in the brain answers it.
 */
export type BrainQueryResponse = {
  confidence: "clear" | "possible" | "none";
  answer: { text: string; segment_id: string; document_title: string; role: PassageRole | null } | null;
  matches: BrainQueryMatch[];
};

/** PATCH .../brain/segments/:segmentId: the user corrects a passage's role (decision 182). */
export const brainSegmentRoleSchema = z.object({ role: z.enum(passageRoleSchema.options, { message: "Please choose one of the passage roles" }) });
export type BrainSegmentDto = { id: string; document_id: string; content: string; role: PassageRole | null; role_source: "auto" | "user" };

/** How much of the brain is embedded by the current AI engine (a re-index runs when behind). */
export type BrainIndexStatus = { engine: string; total: number; done: number; reindexing: boolean };

export type BrainTopicDto = { name: string; description: string; relevance_score: number };
export type InsightsByType = Record<string, { content: string; confidence: number }[]>;

export type BrainSummary = {
  elevator_pitch: string;
  value_props: string[];
  positioning: string;
  brand_story: string;
  content_themes: string[];
  insights: InsightsByType;
  topics: BrainTopicDto[];
  /** Which engine wrote it: the UI labels local-engine output as such. */
  engine: "local" | "openai";
  /** True when there are no documents yet ("Add content to generate an elevator pitch"). */
  placeholder: boolean;
  /**
   * What to add for each field or insight type that no passage of its role fills ("Add a sentence
   * about who your customers are"), keyed by field or insight type (decision 255).
   */
  hints?: Record<string, string>;
  generated_at: number;
};
