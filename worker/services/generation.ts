// Content generation grounded in the project's brain: brand fields, the 2 best brain matches for
// the prompt (each cut to its first 500 characters) and the top 2 insights go to the AI engine.
// The engine's output is never trusted: drafts are cleaned, fitted to each platform's length
// limit (X counts hashtags in its 280) and dropped when empty, so whatever the model returns the
// caller gets publishable posts or the spec's "No content generated" (decision 081).
import type { z } from "zod";
import { createAiEngine } from "../adapters/ai";
import type { AiEngine, GeneratedPostDraft, Insight } from "../adapters/ai/types";
import type { Env } from "../env";
import type { Db } from "../lib/db";
import { ApiError } from "../lib/errors";
import { ownedProject } from "../lib/ownership";
import { searchBrain, topInsights } from "./brain-query";
import { PLATFORMS, type Platform } from "../../schema/api/common";
import { campaignSchedule, dateInZone, localDateTimeToUtc, timeInZone } from "../../schema/api/campaign-schedule";
import { PLATFORM_LIMITS, publishedLength, type GeneratedPost, type GenerateResponse, type generateRequestSchema } from "../../schema/api/campaigns";

export type GenerateInput = z.output<typeof generateRequestSchema>;

const CONTEXT_MATCHES = 2;
const CONTEXT_CHARS = 500;
const TOP_INSIGHTS = 2;
const MAX_HASHTAGS = 10;

export const noContentGenerated = () => new ApiError(422, "no_content", "No content generated");
export const generationFailed = () => new ApiError(502, "generation_failed", "Failed to generate content. Please try again.");

function cleanHashtags(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  const out: string[] = [];
  for (const h of raw) {
    if (typeof h !== "string") continue;
    const tag = h.replace(/^#+/, "").replace(/[^\p{L}\p{N}_]/gu, "").slice(0, 50);
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
  return { content: text, hashtags: tags };
}

/** Turns whatever the engine returned into clean drafts on the requested platforms. */
export function sanitizeDrafts(raw: unknown, platforms: Platform[], count: number): GeneratedPostDraft[] {
  if (!Array.isArray(raw)) return [];
  const out: GeneratedPostDraft[] = [];
  for (const item of raw) {
    if (out.length >= count) break;
    if (!item || typeof item !== "object") continue;
    const d = item as Record<string, unknown>;
    const content = typeof d.content === "string" ? d.content.replace(/\r\n/g, "\n").trim() : "";
    if (!content) continue;
    const asked = typeof d.platform === "string" ? (d.platform.toLowerCase() as Platform) : null;
    const platform = asked && platforms.includes(asked) && PLATFORMS.includes(asked) ? asked : platforms[out.length % platforms.length];
    const fitted = fitPost(content, cleanHashtags(d.hashtags), platform);
    if (!fitted.content.trim()) continue;
    const imagePrompt = typeof d.image_prompt === "string" && d.image_prompt.trim() ? d.image_prompt.trim().slice(0, 1000) : undefined;
    out.push({ content: fitted.content, hashtags: fitted.hashtags, platform, ...(imagePrompt ? { image_prompt: imagePrompt } : {}) });
  }
  return out;
}

/** The brain context for a prompt; a brain failure degrades to brand-only generation. */
async function brainContext(db: Db, env: Env, projectId: string, prompt: string): Promise<{ context: string[]; insights: Insight[] }> {
  const [matches, insights] = await Promise.all([
    searchBrain(db, env, projectId, prompt, CONTEXT_MATCHES).catch((err) => {
      console.warn("brain search failed; generating from brand fields only", err);
      return [];
    }),
    topInsights(db, projectId, TOP_INSIGHTS).catch((err) => {
      console.warn("top insights failed", err);
      return [] as Insight[];
    }),
  ]);
  return {
    context: matches
      .slice(0, CONTEXT_MATCHES)
      .map((m) => m.content.slice(0, CONTEXT_CHARS).trim())
      .filter(Boolean),
    insights: insights.slice(0, TOP_INSIGHTS),
  };
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
  db: Db,
  env: Env,
  userId: string,
  projectId: string,
  input: GenerateInput,
  engine: AiEngine = createAiEngine(env),
): Promise<GenerateResponse> {
  const project = await ownedProject(db, userId, projectId);
  const isCampaign = input.type === "campaign";
  // Spec: a single post is 1 post on twitter (unless the caller picks a platform).
  const platforms: Platform[] = input.platforms?.length ? [...new Set(input.platforms)] : ["twitter"];
  const count = isCampaign ? (input.count ?? 5) : 1;
  const { context, insights } = await brainContext(db, env, projectId, input.prompt);

  let raw: unknown;
  try {
    raw = await engine.generatePosts({
      brand: { name: project.name, industry: project.industry, brand_voice: project.brandVoice, description: project.description },
      prompt: input.prompt,
      context,
      insights,
      count,
      platforms: isCampaign ? platforms : platforms.slice(0, 1),
    });
  } catch (err) {
    console.error("post generation failed", err);
    throw generationFailed();
  }
  const drafts = sanitizeDrafts(raw, isCampaign ? platforms : platforms.slice(0, 1), count);
  if (drafts.length === 0) throw noContentGenerated();

  const times = scheduleTimes(input, drafts.length, Date.now());
  const posts: GeneratedPost[] = drafts.map((d, i) => ({ ...d, scheduled_for: new Date(times[i]).toISOString() }));
  return { posts, engine: engine.kind };
}
