// The AI adapter: one interface, two real implementations (OpenAI-compatible and the offline local
// engine). Every vector carries its engine name and dimension; vectors of different engines are
// never compared, and each engine has its own similarity threshold (the spec's 0.8 is ada-002's).
import type { Platform } from "../../../schema/api/common";
import type { PassageRole } from "../../../schema/api/passage-roles";
import type { RelevanceCalibration } from "../../brain/rank/hybrid-rank";
import type { DraftEdit } from "./writer/prompts";

export type BrandProfile = { name: string; industry: string; brand_voice: string; description: string };

type InsightType = "goal" | "audience" | "brand_trait" | "feature" | "social_hook" | (string & {});
export type Insight = { type: InsightType; content: string; confidence: number };
export type Topic = { name: string; description: string; relevance_score: number };

export type SummaryCore = {
  elevator_pitch: string;
  value_props: string[];
  positioning: string;
  brand_story: string;
  content_themes: string[];
  /** Insights the engine took from the passages' roles (the local engine, decision 255); absent: the stored ones. */
  insights?: Insight[];
};

/**
 * What the overview is written from: the brand, each document's first 2000 characters, and the
 * project's passages with their roles (decision 255) and its topic names (themes when the book
 * lists no content pillars).
 */
export type SummaryInput = {
  brand: BrandProfile;
  documents: { title: string; content: string }[];
  passages?: { text: string; role: PassageRole }[];
  topics?: string[];
};

export type GeneratedPostDraft = {
  content: string;
  hashtags: string[];
  platform: Platform;
  image_prompt?: string;
  /** Ids of the brain passages the post drew on (GeneratePostsInput.passages). */
  sources?: string[];
  /** The post's key line, for an image card (networks that need an image). */
  key_line?: string;
  /**
   * Which message (0-based) this draft is a network's variant of: one message is written once and
   * adapted to every selected network (decision 185). Absent: each draft is a message.
   */
  message?: number;
};

/**
 * A brain passage given to the writer, with the brief subject it was found for (if any) and its
 * role when the brain stored one (schema/api/passage-roles.ts): internal roles steer the writing
 * and are never quoted.
 */
export type BrainPassage = { id: string; text: string; subject?: string; role?: PassageRole };

export type GeneratePostsInput = {
  brand: BrandProfile;
  prompt: string;
  context: string[];
  insights: Insight[];
  /** Messages to write; each goes to every platform in `platforms` as its own variant. */
  count: number;
  platforms: Platform[];
  /** The same brain matches as `context`, with ids (and more of them for campaigns). */
  passages?: BrainPassage[];
};

/**
 * A text-to-image model behind an engine (decision 118). Optional: the local engine has none, and
 * an engine has one only when it is configured (OpenAI) or available (Workers AI).
 */
export interface AiImageModel {
  /** The model in use, e.g. "gpt-image-2" or "@cf/black-forest-labs/flux-1-schnell" (the list's next one after a "not found"). */
  readonly model: string;
  /**
   * One square image for the prompt, as JPEG or PNG bytes. Throws on a refusal, an error, an
   * aborted call, or an answer without an image; the caller falls back to the brand card.
   */
  generate(prompt: string, options?: { signal?: AbortSignal }): Promise<Uint8Array>;
}

/** Which engine answers and the model in use per task (null: the engine has none for that task). */
export type AiEngineModels = {
  provider: "openai" | "workers-ai" | "local";
  chat: string;
  embeddings: string;
  image: string | null;
};

export interface AiEngine {
  /** e.g. "local-v2" or "openai:text-embedding-ada-002"; stored with every vector. */
  readonly engine: string;
  readonly embeddingDim: number;
  /** Minimum cosine similarity for a brain query match with this engine. */
  readonly matchThreshold: number;
  /**
   * Minimum cosine for a "semantic" connection between two documents with this engine (the spec's
   * 0.7 is ada-002's; optional so older engines fall back to it).
   */
  readonly connectionThreshold?: number;
  /**
   * How this engine's cosine maps to relevance in the hybrid ranking, and its relevance floor
   * (decision 111); without it the calibration is centred on matchThreshold.
   */
  readonly relevance?: RelevanceCalibration;
  /** "local" output is labelled as such in the UI. */
  readonly kind: "local" | "openai";
  /** The engine's image model, when one is configured (images for networks that need one; decision 118). */
  readonly image?: AiImageModel;
  /** The engine and the models in use (decision 191); engines without it are described by `kind`. */
  models?(): AiEngineModels;

  /** One vector per text, same order. A text whose embedding failed yields null (it is skipped). */
  embed(texts: string[]): Promise<(Float32Array | null)[]>;
  /** Topics and insights from a batch of (at most 2) documents, each already cut to 1000 chars. */
  extractTopicsAndInsights(docs: { title: string; content: string }[]): Promise<{ topics: Topic[]; insights: Insight[] }>;
  /** Marketing summary from the role-grouped passages, else documents' first 2000 characters (input capped at 4000). */
  summarize(input: SummaryInput): Promise<SummaryCore>;
  /** Posts grounded in the brand: context = best brain matches (first 500 chars), top 2 insights. */
  generatePosts(input: GeneratePostsInput): Promise<GeneratedPostDraft[]>;
  /**
   * The subjects the brief names that this engine wrote nothing about because the brain's passages
   * do not name them (the local writer, decision 119). Engines that write with a model cover every
   * subject and leave this out.
   */
  unknownSubjects?(input: GeneratePostsInput): string[];
  /**
   * Rewrite or Change tone on a draft (decision 259): one model request with structured output.
   * Only engines with a model have it; the local engine answers "needs an AI engine".
   */
  editDraft?(edit: DraftEdit): Promise<{ content: string; hashtags: string[] }>;

  // The brain's LLM paths (decision 220). Each exists only on engines with a model for
  // it; the local engine has none, so `npm start` ranks and answers as before.
  /**
   * How well each passage answers the query, 0-1, same order (a cross-encoder such as Workers AI's
   * bge-reranker-base). Throws when the model fails; the caller keeps its own order.
   */
  rerank?(query: string, passages: string[]): Promise<number[]>;
  /** The questions each passage answers, written by the model (one list per passage, same order). */
  passageQuestions?(passages: { text: string; role: PassageRole }[]): Promise<string[][]>;
  /**
   * One or two sentences answering the question from these passages only, with the (0-based)
   * passages they cite; null when none answers or the answer is not grounded in what it cites.
   */
  composeAnswer?(question: string, passages: string[]): Promise<{ text: string; cited: number[] } | null>;
}
