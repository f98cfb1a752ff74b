// The writer's prompts for the LLM engines (OpenAI-compatible and Workers AI), in one place, and
// the contract of their answers (decision 226): the prompt carries the brief, the voice,
// the brain's passages grouped by role (public ones numbered as facts, internal ones as notes that
// steer and are never quoted) and each network's rules; the answer is validated against a zod
// schema. An answer that is not JSON of that shape, or a refusal, is asked for once more; a second
// failure throws WriterOutputError, and generation falls back to the local writer, saying so.
import { z } from "zod";
import type { Platform } from "../../../../schema/api/common";
import { isInternalRole } from "../../../../schema/api/passage-roles";
import { DEFAULT_PLATFORM_ID, platformMeta } from "../../../../platforms/registry";
import { parseJsonObject } from "../json-output";
import type { BrainPassage, GeneratePostsInput } from "../types";

export const WRITER_SYSTEM_PROMPT =
  "You are a senior social media copywriter for one brand. You only state facts found in the numbered brand facts you are given, never invent figures, prices, dates or names, and you always answer with a single valid JSON object and nothing else.";

/** Said when the first answer could not be used, so the second attempt knows why. */
export const RETRY_NOTE =
  "Your previous answer could not be used: answer again with only the JSON object described above, exactly in that shape, and nothing else.";

/** The shape the model must answer with; unknown keys are ignored, wrong types fail. */
const modelPostsSchema = z.object({
  posts: z
    .array(
      z.object({
        /** 1-based message number: the variants of one message share it. */
        message: z.coerce.number().int().min(1).max(100).optional(),
        platform: z.string(),
        // An empty variant is dropped later (generation.ts), not a reason to refuse the whole answer.
        content: z.string(),
        hashtags: z.array(z.string()).default([]),
        image_prompt: z.string().optional(),
        sources: z.array(z.coerce.number().int()).default([]),
      }),
    )
    .min(1),
});
export type ModelPosts = z.infer<typeof modelPostsSchema>;

/** The rules of one network as the prompt states them (from platforms/<id>/meta.ts). */
function networkRules(platform: Platform): string {
  const meta = platformMeta(platform);
  const image = meta.rules.images.required ? "; an image is attached to every post" : "";
  return `- ${platform} (${meta.label}): at most ${meta.rules.maxLength} characters including hashtags, at most ${meta.rules.hashtagCap} hashtags${image}`;
}

/** The passages grouped by role: public facts numbered for `sources`, internal notes apart. */
export function passageBlocks(passages: BrainPassage[], context: string[]): { facts: string; notes: string; numbered: BrainPassage[] } {
  const list: BrainPassage[] = passages.length ? passages : context.map((text, i) => ({ id: `context-${i}`, text }));
  const numbered = list.filter((p) => !isInternalRole(p.role ?? null));
  const notes = list.filter((p) => isInternalRole(p.role ?? null));
  return {
    facts: numbered.length ? numbered.map((p, i) => `[${i + 1}]${p.role ? ` (${p.role})` : ""} ${p.text}`).join("\n") : "(none)",
    notes: notes.length ? notes.map((p) => `- (${p.role}) ${p.text}`).join("\n") : "(none)",
    numbered,
  };
}

/** One request for a campaign's messages (or a single post): every message on every network. */
export function postsPrompt(input: GeneratePostsInput): string {
  const platforms = input.platforms.length ? input.platforms : [DEFAULT_PLATFORM_ID as Platform];
  const { facts, notes } = passageBlocks(input.passages ?? [], input.context);
  const insights = input.insights.length ? input.insights.map((i) => `- ${i.type}: ${i.content}`).join("\n") : "(none)";
  return `Write ${input.count} social media post(s) for the brand "${input.brand.name}" (industry: ${input.brand.industry}; never use the industry as a hashtag).
Brand voice: ${input.brand.brand_voice}
Brand description: ${input.brand.description}

Request: ${input.prompt}

Relevant brand knowledge:
${facts}

Notes on voice, audience and goals (they steer the wording; never quote them):
${notes}

Key insights:
${insights}

Platforms to use, in turn: ${platforms.join(", ")}.
Each of the ${input.count} message(s) is written once and adapted to every platform: one post per message per platform, each fitting that platform:
${platforms.map(networkRules).join("\n")}
The request is an instruction: every message serves it, but never copy its wording into a post. Each message uses different brand knowledge; state only facts found in the numbered lines. A call to action comes from the request or from the brand's own offers and contact details, never a stock line. Hashtags name the post's own topics or the brand's own tags, never a person's name or a fragment of one.
Answer with JSON: {"posts": [{"message": number (1 to ${input.count}), "platform": one of ${JSON.stringify(platforms)}, "content": string (without hashtags), "hashtags": string[] (without #), "image_prompt": string, "sources": number[] (the knowledge lines used, e.g. [1, 3])}]} with ${input.count * platforms.length} posts.`;
}

/** The model declined (OpenAI's `message.refusal`, or a refusal written as text). */
export class ModelRefusal extends Error {
  constructor(readonly text: string) {
    super(`The model refused: ${text.slice(0, 200)}`);
    this.name = "ModelRefusal";
  }
}

/** The writer got no usable answer after the retry: the caller falls back to the local writer. */
export class WriterOutputError extends Error {
  constructor(readonly problem: "refused" | "invalid_json" | "wrong_shape") {
    super(`The AI model's answer could not be used (${problem})`);
    this.name = "WriterOutputError";
  }
}

/** A refusal written as text (models without a refusal field answer in prose). */
const looksLikeRefusal = (text: string): boolean =>
  !text.includes("{") && /^\s*(?:i['’]m sorry|sorry|i can(?:not|['’]t)|i am (?:unable|not able)|i won['’]t|as an ai)\b/i.test(text);

/** The answer read against the schema, or the problem with it. */
export function readAnswer(text: string): { ok: true; value: ModelPosts } | { ok: false; problem: WriterOutputError["problem"] } {
  if (looksLikeRefusal(text)) return { ok: false, problem: "refused" };
  let json: Record<string, unknown>;
  try {
    json = parseJsonObject(text);
  } catch {
    return { ok: false, problem: "invalid_json" };
  }
  const parsed = modelPostsSchema.safeParse(json);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, problem: "wrong_shape" };
}

/**
 * Asks `chat` for the posts, retrying once when the answer is a refusal, not JSON, or not the
 * schema's shape; throws WriterOutputError after the second. Transport errors propagate.
 */
export async function askForPosts(chat: (prompt: string) => Promise<string>, input: GeneratePostsInput): Promise<ModelPosts> {
  const prompt = postsPrompt(input);
  let problem: WriterOutputError["problem"] = "invalid_json";
  for (let attempt = 0; attempt < 2; attempt++) {
    let text: string;
    try {
      text = await chat(attempt === 0 ? prompt : `${prompt}\n\n${RETRY_NOTE}`);
    } catch (err) {
      if (!(err instanceof ModelRefusal)) throw err;
      problem = "refused";
      continue;
    }
    const read = readAnswer(text);
    if (read.ok) return read.value;
    problem = read.problem;
  }
  throw new WriterOutputError(problem);
}
