// Requests and responses of the writer's tools on a draft: the claim check (decision 225) and the
// AI helpers of the post editor (decision 227). Shared by the Worker and the SPA.
import { z } from "zod";
import { PLATFORMS } from "./common";
import { contentSchema } from "./posts";
import { BRAND_VOICES } from "./projects";

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

/**
 * The post editor's helpers (decisions 227, 259): Shorten, Adapt and Suggest hashtags work on every
 * engine; Rewrite and Change tone need an AI engine (the local engine answers `needs_ai_engine`).
 */
export const ASSIST_ACTIONS = ["rewrite", "shorten", "tone", "adapt", "hashtags"] as const;
export type AssistAction = (typeof ASSIST_ACTIONS)[number];

/** Change tone's voices: the spec's five brand voices (docs/product-spec.md, "Brand voice options"). */
const ASSIST_TONES = BRAND_VOICES.map((v) => v.value) as unknown as readonly [BrandVoiceValue, ...BrandVoiceValue[]];
type BrandVoiceValue = (typeof BRAND_VOICES)[number]["value"];

export const assistRequestSchema = z
  .object({
    action: z.enum(ASSIST_ACTIONS, { error: "Please choose a helper" }),
    content: contentSchema,
    hashtags: z.array(z.string().trim().min(1).max(100)).max(30).default([]),
    platform: z.enum(PLATFORMS),
    /** Change tone: which of the five voices. */
    tone: z.enum(ASSIST_TONES, { error: "Please choose a tone" }).optional(),
  })
  .refine((r) => r.action !== "tone" || r.tone !== undefined, { message: "Please choose a tone", path: ["tone"] });
export type AssistRequest = z.input<typeof assistRequestSchema>;

/** One helper's result: a single edit of the draft (its text and hashtags) the editor can undo. */
export const assistResponse = z.object({
  content: z.string(),
  hashtags: z.array(z.string()),
  /** The helpers this project's engine can run (the others are labelled "needs an AI engine"). */
  available: z.array(z.enum(ASSIST_ACTIONS)),
});
export type AssistResponse = z.infer<typeof assistResponse>;

/** GET /projects/:projectId/assist: which helpers work with the engine in use, and Change tone's voices. */
export const assistCapabilitiesResponse = z.object({
  engine: z.enum(["local", "openai"]),
  available: z.array(z.enum(ASSIST_ACTIONS)),
  tones: z.array(z.object({ value: z.enum(ASSIST_TONES), label: z.string() })),
});
export type AssistCapabilities = z.infer<typeof assistCapabilitiesResponse>;
