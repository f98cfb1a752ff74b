// Requests and responses of the writer's tools on a draft: the claim check (decision 225) and the
// AI helpers of the post editor (decision 227). Shared by the Worker and the SPA.
import { z } from "zod";
import { PLATFORMS } from "./common";

const CLAIM_KINDS = ["price", "figure", "time", "date", "name", "absolute"] as const;

export const claimCheckRequestSchema = z.object({
  content: z.string().max(5000, "Content is too long"),
});

const claimFindingSchema = z.object({
  text: z.string(),
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  kind: z.enum(CLAIM_KINDS),
  reason: z.string(),
  nearest: z.object({ text: z.string(), source: z.string(), segment_id: z.string().nullable() }).nullable(),
  suggestion: z.string().nullable(),
});
export type ClaimFindingDto = z.infer<typeof claimFindingSchema>;

export const claimCheckResponse = z.object({
  /** The claims no brand passage supports, in reading order. */
  findings: z.array(claimFindingSchema),
  /** Passages the draft was checked against (0: the brain is empty, so nothing could be confirmed). */
  passages: z.number().int().nonnegative(),
});
export type ClaimCheckResponse = z.infer<typeof claimCheckResponse>;

/** The post editor's helpers that work on every engine (decision 227). */
const ASSIST_ACTIONS = ["shorten", "adapt", "hashtags"] as const;

export const assistRequestSchema = z.object({
  action: z.enum(ASSIST_ACTIONS, { error: "Please choose a helper" }),
  content: z.string().trim().min(1, "Please enter some content").max(5000, "Content is too long"),
  hashtags: z.array(z.string().trim().min(1).max(100)).max(30).default([]),
  platform: z.enum(PLATFORMS),
});
export type AssistRequest = z.input<typeof assistRequestSchema>;

export const assistResponse = z.object({
  content: z.string(),
  hashtags: z.array(z.string()),
});
export type AssistResponse = z.infer<typeof assistResponse>;
