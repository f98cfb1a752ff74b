import { z } from "zod";
import type { BrainDocumentDto, BrainIndexStatus, BrainQueryMatch, BrainQueryResponse, BrainSegmentDto, BrainSummary } from "./brain";
import { passageRoleSchema } from "./passage-roles";

// Response schemas of /api/projects/:projectId/brain (declared with describeRoute, checked in tests).
export const brainDocumentResponse = z.strictObject({
  id: z.string(),
  project_id: z.string(),
  title: z.string(),
  type: z.enum(["document", "scrape"]),
  source_name: z.string().nullable(),
  status: z.enum(["queued", "processing", "ready", "failed"]),
  progress_done: z.number().int().min(0),
  progress_total: z.number().int().min(0),
  error_message: z.string().nullable(),
  content: z.string(),
  char_count: z.number().int().min(0),
  parts: z.number().int().min(0),
  created_at: z.number().int(),
}) satisfies z.ZodType<BrainDocumentDto>;
export const brainDocumentListResponse = z.array(brainDocumentResponse);

const brainQueryMatch = z.strictObject({
  content: z.string(),
  similarity: z.number(),
  segment_id: z.string(),
  document_id: z.string(),
  document_title: z.string(),
  position: z.number().int(),
  context_before: z.string(),
  context_after: z.string(),
  role: passageRoleSchema.nullable(),
}) satisfies z.ZodType<BrainQueryMatch>;

export const brainQueryResponse = z.strictObject({
  confidence: z.enum(["clear", "possible", "none"]),
  answer: z.strictObject({ text: z.string(), segment_id: z.string(), document_title: z.string(), role: passageRoleSchema.nullable() }).nullable(),
  matches: z.array(brainQueryMatch),
}) satisfies z.ZodType<BrainQueryResponse>;

export const brainSegmentResponse = z.strictObject({
  id: z.string(),
  document_id: z.string(),
  content: z.string(),
  role: passageRoleSchema.nullable(),
  role_source: z.enum(["auto", "user"]),
}) satisfies z.ZodType<BrainSegmentDto>;

export const brainIndexStatusResponse = z.strictObject({
  engine: z.string(),
  total: z.number().int().min(0),
  done: z.number().int().min(0),
  reindexing: z.boolean(),
}) satisfies z.ZodType<BrainIndexStatus>;

export const brainSummaryResponse = z.strictObject({
  elevator_pitch: z.string(),
  value_props: z.array(z.string()),
  positioning: z.string(),
  brand_story: z.string(),
  content_themes: z.array(z.string()),
  insights: z.record(z.string(), z.array(z.strictObject({ content: z.string(), confidence: z.number() }))),
  topics: z.array(z.strictObject({ name: z.string(), description: z.string(), relevance_score: z.number() })),
  engine: z.enum(["local", "openai"]),
  placeholder: z.boolean(),
  generated_at: z.number().int(),
  hints: z.record(z.string(), z.string()).optional(),
}) satisfies z.ZodType<BrainSummary>;
