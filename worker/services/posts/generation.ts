// Content generation grounded in the project's brain: brand fields, the 2 best brain matches for
// the prompt (each cut to its first 500 characters) and the top 2 insights go to the AI engine.
// The engine's output is never trusted: drafts are cleaned, fitted to each platform's length
// limit (X counts hashtags in its 280) and dropped when empty, so whatever the model returns the
// caller gets publishable posts or the spec's "No content generated" (decision 081).
import type { z } from "zod";
import { createAiEngine, localAiEngine } from "../../adapters/ai";
import { WriterOutputError } from "../../adapters/ai/writer/prompts";
import { briefSubjects } from "../../adapters/ai/writer/brief";
import { fitsPlatform, fitToPlatform } from "../../adapters/ai/post-limits";
import type { AiEngine, BrainPassage, GeneratedPostDraft, GeneratePostsInput, Insight } from "../../adapters/ai/types";
import type { Env } from "../../env";
import { DEFAULT_PLATFORM_ID } from "../../../platforms/registry";
import type { Db } from "../../lib/db";
import { ApiError } from "../../lib/errors";
import { ownedProject } from "../../lib/ownership";
import { searchBrain, topInsights, type BrainMatch } from "../brain";
import { makePostImages } from "./image";
import { MAX_POST_SOURCES, type PostSource } from "../../../schema/api/post-sources";
import type { PassageRole } from "../../../schema/api/passage-roles";
import { PLATFORMS, type Platform } from "../../../schema/api/common";
import { campaignSchedule, dateInZone, localDateTimeToUtc, timeInZone } from "../../../schema/api/campaign-schedule";
import { PLATFORM_LIMITS, publishedLength, type GeneratedPost, type GenerateResponse, type generateRequestSchema } from "../../../schema/api/campaigns";
import type { ServiceContext } from "../context";

export type GenerateInput = z.output<typeof generateRequestSchema>;

const CONTEXT_MATCHES = 2;
/** At most this many passages for a campaign (each post should have its own). */
const MAX_PASSAGES = 24;
const CONTEXT_CHARS = 500;
/** Brain passages read per message of a campaign (before the writer keeps those on the brief). */
const PASSAGES_PER_MESSAGE = 3;
const TOP_INSIGHTS = 2;
const MAX_HASHTAGS = 10;

/** What the screen says when the local writer stood in for the model (decision 226). */
const FALLBACK_REASONS: Record<WriterOutputError["problem"], string> = {
  refused: "The AI model declined to write these posts twice, so they were drafted from your brand brain's sentences instead.",
  invalid_json: "The AI model's answer was not readable twice, so these posts were drafted from your brand brain's sentences instead.",
  wrong_shape: "The AI model's answer was incomplete twice, so these posts were drafted from your brand brain's sentences instead.",
};

const noContentGenerated = () => new ApiError(422, "no_content", "No content generated");
const generationFailed = () => new ApiError(502, "generation_failed", "Failed to generate content. Please try again.");

function cleanHashtags(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  const out: string[] = [];
  for (const h of raw) {
    if (typeof h !== "string") continue;
    const tag = h
      .replace(/^#+/, "")
      .replace(/[^\p{L}\p{N}_]/gu, "")
      .slice(0, 50);
    if (tag && !out.some((t) => t.toLowerCase() === tag.toLowerCase())) out.push(tag);
    if (out.length >= MAX_HASHTAGS) break;
  }
  return out;
}

/** Cuts text to at most `max` characters at a word boundary, ending with an ellipsis. */
function cutWords(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = Math.max(1, max - 1);
  const slice = text.slice(0, room);
  const space = slice.lastIndexOf(" ");
  const base = (space > room * 0.6 ? slice.slice(0, space) : slice).replace(/[\s,;:.-]+$/, "");
  return `${base}…`;
}

/** Fits content + hashtags in the platform's limit: drops hashtags from the end (keeping one), then cuts the text. */
export function fitPost(content: string, hashtags: string[], platform: Platform): { content: string; hashtags: string[] } {
  const limit = PLATFORM_LIMITS[platform];
  const tags = [...hashtags];
  while (tags.length > 1 && publishedLength(content, tags) > limit) tags.pop();
  // Keep the last hashtag only if it leaves a useful amount of text.
  if (tags.length === 1 && publishedLength(content, tags) > limit && limit - publishedLength("", tags) < 60) tags.pop();
  let text = content;
  if (publishedLength(text, tags) > limit) text = cutWords(text, limit - publishedLength("", tags));
  // A network may count by its own weighted length (URLs, emoji, CJK): fit again by its count if needed.
  if (!fitsPlatform(text, tags, platform)) return fitToPlatform(text, tags, platform);
  return { content: text, hashtags: tags };
}

/**
 * Turns whatever the engine returned into clean drafts: at most `count` messages, each on every
 * requested platform (decision 185). A draft names its message (`message`) and platform; a message
 * missing a platform's variant gets one adapted from its first variant (fitted to that network),
 * so every message reaches every network. Messages are renumbered 0..n-1 in order.
 */
export function sanitizeDrafts(raw: unknown, platforms: Platform[], count: number): GeneratedPostDraft[] {
  const clean = cleanDrafts(raw, platforms);
  const order: number[] = [];
  const byMessage = new Map<number, GeneratedPostDraft[]>();
  clean.forEach((d, i) => {
    const key = d.message ?? -1 - i;
    if (!byMessage.has(key)) {
      if (order.length >= count) return;
      order.push(key);
      byMessage.set(key, []);
    }
    const group = byMessage.get(key)!;
    if (!group.some((g) => g.platform === d.platform)) group.push(d);
  });
  const out: GeneratedPostDraft[] = [];
  order.forEach((key, message) => {
    const group = byMessage.get(key)!;
    for (const platform of platforms) {
      const own = group.find((g) => g.platform === platform);
      if (own) {
        out.push({ ...own, message });
        continue;
      }
      const from = group[0]!;
      const fitted = fitPost(from.content, from.hashtags, platform);
      if (fitted.content.trim()) out.push({ ...from, ...fitted, platform, message });
    }
  });
  return out;
}

/** Each draft the engine returned, cleaned and fitted to its own platform (empty ones dropped). */
function cleanDrafts(raw: unknown, platforms: Platform[]): GeneratedPostDraft[] {
  if (!Array.isArray(raw)) return [];
  const out: GeneratedPostDraft[] = [];
  for (const item of raw) {
    if (out.length >= 1000) break;
    if (!item || typeof item !== "object") continue;
    const d = item as Record<string, unknown>;
    const content = typeof d.content === "string" ? d.content.replace(/\r\n/g, "\n").trim() : "";
    if (!content) continue;
    const asked = typeof d.platform === "string" ? (d.platform.toLowerCase() as Platform) : null;
    const platform = asked && platforms.includes(asked) && PLATFORMS.includes(asked) ? asked : platforms[out.length % platforms.length];
    const fitted = fitPost(content, cleanHashtags(d.hashtags), platform);
    if (!fitted.content.trim()) continue;
    const imagePrompt = typeof d.image_prompt === "string" && d.image_prompt.trim() ? d.image_prompt.trim().slice(0, 1000) : undefined;
    const sources = Array.isArray(d.sources) ? d.sources.filter((x): x is string => typeof x === "string").slice(0, MAX_POST_SOURCES) : undefined;
    const keyLine = typeof d.key_line === "string" && d.key_line.trim() ? d.key_line.trim().slice(0, 300) : undefined;
    const message = typeof d.message === "number" && Number.isInteger(d.message) && d.message >= 0 ? d.message : undefined;
    out.push({
      content: fitted.content,
      hashtags: fitted.hashtags,
      platform,
      ...(imagePrompt ? { image_prompt: imagePrompt } : {}),
      ...(sources ? { sources } : {}),
      ...(keyLine ? { key_line: keyLine } : {}),
      ...(message !== undefined ? { message } : {}),
    });
  }
  return out;
}

type Context = { context: string[]; insights: Insight[]; passages: BrainPassage[]; sources: Map<string, PostSource> };

/**
 * The brain context for a brief: the best matches for the whole brief and, for each subject the
 * brief names, that subject's own best matches, so a campaign can spread over different passages
 * and cover every subject (decision 116). A single post keeps the spec's 2 matches (plus one per named
 * subject). A brain failure degrades to brand-only generation.
 */
async function brainContext(db: Db, env: Env, engine: AiEngine, projectId: string, prompt: string, count: number): Promise<Context> {
  const subjects = briefSubjects(prompt);
  // Room for the writer to choose: a campaign reads about three passages per message (the writer
  // keeps only those that serve the brief, so more candidates never means padding; decision 258).
  const perBrief = Math.max(CONTEXT_MATCHES, Math.min(MAX_PASSAGES, count * PASSAGES_PER_MESSAGE));
  const search = (q: string, k: number, floor?: number) =>
    searchBrain(db, env, projectId, q, k, { engine, ...(floor !== undefined ? { floor } : {}) }).catch((err) => {
      console.warn("brain search failed; generating from brand fields only", err);
      return [] as BrainMatch[];
    });
  const [best, whole, bySubject, insights, invitations] = await Promise.all([
    search(prompt, CONTEXT_MATCHES),
    // A campaign spreads over the brand's facts: the whole brain, best first, not only what clears the floor.
    count > 1 ? search(prompt, perBrief, -Infinity) : Promise.resolve([] as BrainMatch[]),
    Promise.all(subjects.map((s) => search(s.query, count > 1 ? Math.min(6, count + 1) : 1))),
    topInsights(db, projectId, TOP_INSIGHTS).catch((err) => {
      console.warn("top insights failed", err);
      return [] as Insight[];
    }),
    // The brand's own invitations (how to book, call, visit): the writer's calls to action come
    // from these or the brief, never from a stock list (decision 186).
    search("book online call us visit contact email message order sign up", 2, -Infinity),
  ]);
  const passages: BrainPassage[] = [];
  const sources = new Map<string, PostSource>();
  const add = (m: BrainMatch, subject?: string) => {
    if (sources.has(m.segment_id) || passages.length >= MAX_PASSAGES) return;
    const text = m.content.slice(0, CONTEXT_CHARS).trim();
    if (!text) return;
    // The brain's stored role when it gives one (decision 182); the writer falls back to reading
    // "Label:" openers itself (worker/adapters/ai/writer/roles.ts).
    const role = (m as BrainMatch & { role?: PassageRole | null }).role;
    passages.push({ id: m.segment_id, text, ...(subject ? { subject } : {}), ...(role ? { role } : {}) });
    sources.set(m.segment_id, { segment_id: m.segment_id, document_id: m.document_id, document_title: m.document_title, content: m.content });
  };
  // Each subject's best passage first, then the brief's best, then the rest in turn.
  subjects.forEach((s, i) => bySubject[i]![0] && add(bySubject[i]![0]!, s.label));
  best.forEach((m) => add(m));
  whole.forEach((m) => add(m));
  subjects.forEach((s, i) => bySubject[i]!.slice(1).forEach((m) => add(m, s.label)));
  invitations.forEach((m) => add(m));
  return {
    // The spec's context for the model: the 2 best matches of the brief first, each cut to 500 characters.
    context: best.map((m) => m.content.slice(0, CONTEXT_CHARS).trim()).filter(Boolean),
    insights: insights.slice(0, TOP_INSIGHTS),
    passages,
    sources,
  };
}

/** The sources a draft names (passage ids), or every passage it was given when it names none. */
function sourcesOf(draft: GeneratedPostDraft, ctx: Context): PostSource[] {
  const named = (draft.sources ?? []).map((id) => ctx.sources.get(id)).filter((s): s is PostSource => !!s);
  if (named.length || draft.sources?.length === 0) return named.slice(0, MAX_POST_SOURCES);
  // An engine that does not say (a model's answer) drew on the brief's best passages.
  return [...ctx.sources.values()].slice(0, CONTEXT_MATCHES);
}

/** The brief's subjects the engine wrote nothing about (none for a model engine); never fails generation. */
function skippedSubjects(engine: AiEngine, request: GeneratePostsInput): string[] {
  try {
    return [...new Set(engine.unknownSubjects?.(request) ?? [])].slice(0, 6);
  } catch (err) {
    console.warn("unknown subjects failed", err);
    return [];
  }
}

/**
 * What the brain should say more about when the local writer ran out of facts for the brief
 * (decision 228): the brief's own subjects that it did write about (those it knows nothing of are
 * named apart, as skipped), at most three; the brief itself when it names none.
 */
function wantedSubjects(prompt: string, skipped: string[]): string[] {
  const known = new Set(skipped.map((s) => s.toLowerCase()));
  const labels = [...new Set(briefSubjects(prompt).map((s) => s.label))].filter((l) => !known.has(l.toLowerCase()));
  return labels.slice(0, 3);
}

/** The first sentence of a post (its key line when the engine named none). */
function firstSentence(content: string): string {
  return (content.split(/(?<=[.!?])\s+|\n+/).find((s) => s.trim().length > 15) ?? content).trim().slice(0, 200);
}

/** When posts go out: a campaign by the spacing formula, a single post now or at the chosen time. */
function scheduleTimes(input: GenerateInput, n: number, nowMs: number): number[] {
  const tz = input.time_zone;
  const startDate = input.start_date ?? dateInZone(nowMs, tz);
  const startTime = input.start_time ?? timeInZone(nowMs, tz);
  if (input.type === "campaign") {
    return campaignSchedule({ count: n, duration: input.duration ?? 7, startDate, startTime, timeZone: tz });
  }
  const at = input.start_date && input.start_time ? localDateTimeToUtc(startDate, startTime, tz) : null;
  return Array.from({ length: n }, () => at ?? Math.floor(nowMs / 60_000) * 60_000);
}

export async function generateContent(
  ctx: ServiceContext,
  projectId: string,
  input: GenerateInput,
  engine: AiEngine = createAiEngine(ctx.env),
): Promise<GenerateResponse> {
  const { db, env } = ctx;
  const userId = ctx.caller.id;
  const project = await ownedProject(db, userId, projectId);
  const isCampaign = input.type === "campaign";
  // Spec: a single post is 1 post on the default network (unless the caller picks a platform).
  const platforms: Platform[] = input.platforms?.length ? [...new Set(input.platforms)] : [DEFAULT_PLATFORM_ID];
  const count = isCampaign ? (input.count ?? 5) : 1;
  const brain = await brainContext(db, env, engine, projectId, input.prompt, count);
  const { context, insights, passages } = brain;

  const request = {
    brand: { name: project.name, industry: project.industry, brand_voice: project.brandVoice, description: project.description },
    prompt: input.prompt,
    context,
    insights,
    passages,
    count,
    platforms: isCampaign ? platforms : platforms.slice(0, 1),
  };
  let raw: unknown;
  // Who wrote the drafts: the engine, or the local writer when the model's answer could not be
  // used twice (refused, not JSON, not the asked shape; decision 226), which the screen says.
  let writer: AiEngine = engine;
  let fallback: string | undefined;
  try {
    raw = await engine.generatePosts(request);
  } catch (err) {
    if (!(err instanceof WriterOutputError)) {
      console.error("post generation failed", err);
      throw generationFailed();
    }
    console.warn("the AI model's answer could not be used twice; the local writer drafts instead", err.problem);
    writer = localAiEngine();
    fallback = FALLBACK_REASONS[err.problem];
    raw = await writer.generatePosts(request);
  }
  const drafts = sanitizeDrafts(raw, request.platforms, count);
  if (drafts.length === 0) throw noContentGenerated();

  // One time per message: its variants go out together, each publishing on its own.
  const messageCount = new Set(drafts.map((d) => d.message)).size;
  const times = scheduleTimes(input, messageCount, Date.now());
  const posts: GeneratedPost[] = drafts.map((d) => ({
    content: d.content,
    hashtags: d.hashtags,
    platform: d.platform,
    ...(d.image_prompt ? { image_prompt: d.image_prompt } : {}),
    scheduled_for: new Date(times[d.message ?? 0]!).toISOString(),
    sources: sourcesOf(d, brain),
    message_id: `m${(d.message ?? 0) + 1}`,
  }));
  // Some networks publish nothing without an image: each of their posts gets an AI image where the
  // engine has an image model, else (and on any failure of it) its brand card (post-image.ts).
  const images = await makePostImages(
    ctx,
    engine,
    projectId,
    { ...request.brand, color: project.brandColor },
    posts.map((p, i) => ({ platform: p.platform, keyLine: drafts[i]!.key_line ?? firstSentence(p.content) })),
  );
  images.forEach((m, i) => m && (posts[i]!.media_info = m));
  // What the user is told beside the drafts: subjects the writer skipped (the brain knows nothing
  // of them) and a campaign shorter than asked (decision 119).
  const skipped = skippedSubjects(writer, request);
  return {
    posts,
    engine: writer.kind,
    skipped_subjects: skipped,
    requested_count: count,
    message_count: messageCount,
    ...(fallback ? { fallback } : {}),
    ...(messageCount < count ? { add_to_brain: wantedSubjects(request.prompt, skipped) } : {}),
  };
}
