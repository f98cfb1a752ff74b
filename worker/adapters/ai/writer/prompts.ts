// The writer's prompts for the LLM engines (OpenAI-compatible and Workers AI), in one place, and
// the contracts of their answers (decisions 226, 258): a campaign is one request for its plan (which
// message says what, from which facts, with which call to action) and then one request per message
// (that message on every selected network). Each prompt carries the brief, the voice (the project's
// brand_voice and the brain's voice/style passages), the brain's passages grouped by role (public
// ones numbered as facts, internal ones as notes that steer and are never quoted) and each network's
// rules from its meta (platforms/<id>/meta.ts). Each answer is validated against a zod schema whose
// JSON Schema (z.toJSONSchema) is also sent to the model as structured output where the model takes
// it. An answer that is a refusal, not JSON, or not the schema's shape is asked for once more; a
// second failure throws WriterOutputError, and generation falls back to the local writer, saying so.
import { z } from "zod";
import type { Platform } from "../../../../schema/api/common";
import { isInternalRole, PASSAGE_ROLE_LABELS, type PassageRole } from "../../../../schema/api/passage-roles";
import { DEFAULT_PLATFORM_ID, PLATFORM_METAS, platformMeta } from "../../../../platforms/registry";
import { parseJsonObject } from "../json-output";
import type { BrainPassage, GeneratePostsInput } from "../types";
import { sentenceRole } from "./roles";

export const WRITER_SYSTEM_PROMPT =
  "You are a senior social media copywriter for one brand. You only state facts found in the numbered brand facts you are given, never invent figures, prices, dates or names, and you always answer with a single valid JSON object and nothing else.";

/** Said when the first answer could not be used, so the second attempt knows why. */
export const RETRY_NOTE =
  "Your previous answer could not be used: answer again with only the JSON object described above, exactly in that shape, and nothing else.";

/** A structured-output contract as the engines send it: a name and a JSON Schema. */
export type OutputFormat = { name: string; schema: Record<string, unknown> };

/** The transport an engine gives the writer: one chat request, with the answer's JSON Schema. */
export type WriterChat = (prompt: string, format: OutputFormat) => Promise<string>;

/** A network named by the model (by id or by a name: "X") as one of the asked ids; unknown names are left as said. */
function asPlatformId(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const said = value.trim().toLowerCase();
  return PLATFORM_METAS.find((m) => [m.id, m.label, m.brand, m.shortName ?? m.brand].some((n) => n.toLowerCase() === said))?.id ?? said;
}

const factNumbers = z.array(z.coerce.number().int().min(1).max(99)).default([]);

/** The plan of a campaign: at most `count` messages, each with its subject, angle, facts and call to action. */
export function planSchema(count: number) {
  return z.object({
    messages: z
      .array(
        z.object({
          subject: z.string().min(1),
          angle: z.string(),
          facts: factNumbers,
          call_to_action: z.string().nullable().default(null),
        }),
      )
      .min(1)
      .max(count),
  });
}

/** One message written for every asked network: one variant per network. */
export function variantsSchema(platforms: readonly Platform[]) {
  return z.object({
    variants: z
      .array(
        z.object({
          platform: z.preprocess(asPlatformId, z.enum(platforms as [Platform, ...Platform[]])),
          // An empty variant is dropped later (generation.ts), not a reason to refuse the whole answer.
          content: z.string(),
          hashtags: z.array(z.string()).default([]),
          image_prompt: z.string().nullable().default(null),
          sources: factNumbers,
        }),
      )
      // More variants than networks (a network twice) are read, and the first of each kept.
      .min(1),
  });
}
type MessageVariants = z.output<ReturnType<typeof variantsSchema>>;

/** One helper's edit of a draft (Rewrite, Change tone): the new text and hashtags. */
export const editSchema = z.object({ content: z.string().min(1), hashtags: z.array(z.string()).default([]) });

/**
 * The JSON Schema of a zod schema as structured outputs take it: zod's own conversion, without the
 * `$schema` and `default` annotations (OpenAI's strict mode refuses keywords it does not support).
 */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (!node || typeof node !== "object") return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) if (k !== "$schema" && k !== "default") out[k] = strip(v);
    return out;
  };
  return strip(z.toJSONSchema(schema)) as Record<string, unknown>;
}

/** The rules of one network as the prompt states them (from platforms/<id>/meta.ts). */
function networkRules(platform: Platform): string {
  const meta = platformMeta(platform);
  const image = meta.rules.images.required ? "; an image is attached to every post" : "";
  return `- ${platform} (${meta.label}): at most ${meta.rules.maxLength} characters including hashtags, at most ${meta.rules.hashtagCap} hashtags${image}`;
}

/** A passage's role: the brain's, else what its "Label:" opener says (writer/roles.ts). */
const roleOf = (p: BrainPassage): PassageRole | null => p.role ?? sentenceRole(p.text) ?? null;

/** Public facts are numbered in this order of roles; the rest follow under "Other facts". */
const FACT_GROUPS: PassageRole[] = ["offer", "fact", "how_to", "faq", "policy", "proof", "story", "team", "values", "contact"];

/**
 * The passages grouped by role: public facts numbered (for `sources` and the plan's `facts`) under
 * their role's heading, the voice/style passages apart, and the other internal notes apart.
 */
export function passageBlocks(passages: BrainPassage[], context: string[]): { facts: string; notes: string; voice: string; numbered: BrainPassage[] } {
  const list: BrainPassage[] = passages.length ? passages : context.map((text, i) => ({ id: `context-${i}`, text }));
  const isPublic = (p: BrainPassage) => !isInternalRole(roleOf(p));
  const rank = (p: BrainPassage) => {
    const i = FACT_GROUPS.indexOf(roleOf(p) ?? "fact");
    return i < 0 ? FACT_GROUPS.length : i;
  };
  // Stable: passages keep the brain's order within their group.
  const numbered = list.filter(isPublic).sort((a, b) => rank(a) - rank(b));
  const lines: string[] = [];
  numbered.forEach((p, i) => {
    const role = roleOf(p) ?? "fact";
    const heading = `${PASSAGE_ROLE_LABELS[role]}:`;
    if (i === 0 || (roleOf(numbered[i - 1]!) ?? "fact") !== role) lines.push(heading);
    lines.push(`[${i + 1}] ${p.text}`);
  });
  const voice = list.filter((p) => roleOf(p) === "voice");
  const notes = list.filter((p) => !isPublic(p) && roleOf(p) !== "voice");
  return {
    facts: lines.length ? lines.join("\n") : "(none)",
    voice: voice.length ? voice.map((p) => `- ${p.text}`).join("\n") : "(none)",
    notes: notes.length ? notes.map((p) => `- (${roleOf(p)}) ${p.text}`).join("\n") : "(none)",
    numbered,
  };
}

const platformsOf = (input: GeneratePostsInput): Platform[] => (input.platforms.length ? input.platforms : [DEFAULT_PLATFORM_ID as Platform]);

/** What every writer prompt starts with: the brand, its voice, the brief and the brain. */
function brandBlock(input: GeneratePostsInput): string {
  const { facts, notes, voice } = passageBlocks(input.passages ?? [], input.context);
  const insights = input.insights.length ? input.insights.map((i) => `- ${i.type}: ${i.content}`).join("\n") : "(none)";
  return `Brand: "${input.brand.name}" (industry: ${input.brand.industry}; never use the industry as a hashtag).
Brand voice: ${input.brand.brand_voice}
Voice and style notes from the brand book (write this way; never quote them):
${voice}
Brand description: ${input.brand.description}

Request: ${input.prompt}

Relevant brand knowledge, by kind (numbered facts):
${facts}

Notes on audience, goals, pillars and competitors (they steer the wording; never quote them):
${notes}

Key insights:
${insights}`;
}

/** The campaign plan request: which message says what, from which numbered facts, with which call to action. */
export function planPrompt(input: GeneratePostsInput): string {
  return `Plan a social media campaign of ${input.count} messages for this brand.

${brandBlock(input)}

The request is an instruction: it decides each message's subject, offer, audience and call to action. Every message serves the request, each with a different angle and different numbered facts, drawn only when relevant to the request. When the facts support fewer than ${input.count} different messages on the request, plan fewer: never pad with unrelated facts.
A call to action comes from the request or from the brand's own offers and contact facts, never a stock line the brand does not offer; null when there is none.
Answer with JSON: {"messages": [{"subject": string (what the message is about, in the request's words), "angle": string (one sentence: what this message says), "facts": number[] (the numbered facts it draws on, e.g. [1, 3]), "call_to_action": string or null}]} with at most ${input.count} messages.`;
}

/** A planned message (its index, the plan, and the other messages' angles so they are not repeated). */
export type PlannedMessage = { index: number; total: number; subject: string; angle: string; facts: number[]; call_to_action: string | null; others: string[] };

/** One message's request: that message written once and adapted to every asked network. */
export function messagePrompt(input: GeneratePostsInput, message: PlannedMessage | null): string {
  const platforms = platformsOf(input);
  const plan = message
    ? `This is message ${message.index + 1} of ${message.total} of the campaign.
Subject: ${message.subject}
Angle: ${message.angle}
Draw on the numbered facts: ${message.facts.length ? message.facts.map((n) => `[${n}]`).join(", ") : "(the most relevant ones)"}
Call to action: ${message.call_to_action ?? "(none: end on the fact)"}
The other messages of the campaign (say something else): ${message.others.length ? message.others.map((o) => `"${o}"`).join("; ") : "(none)"}`
    : "This is a single post on the request, drawing on the most relevant numbered facts.";
  return `Write one social media message for this brand, adapted to every network below.

${brandBlock(input)}

${plan}

Networks (one variant each, fitting that network):
${platforms.map(networkRules).join("\n")}
The request is an instruction: the message serves it, but never copy its wording into a post. State only facts found in the numbered lines; never invent figures, prices, dates or names. Write in the brand voice. A call to action comes from the request or from the brand's own offers and contact details, never a stock line. Hashtags name the post's own topics or the brand's own tags, never the industry, a person's name or a fragment of a name.
Answer with JSON: {"variants": [{"platform": one of ${JSON.stringify(platforms)}, "content": string (without hashtags), "hashtags": string[] (without #), "image_prompt": string or null, "sources": number[] (the numbered facts used, e.g. [1, 3])}]} with one variant per network (${platforms.length}).`;
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
export function readAnswer<S extends z.ZodType>(
  text: string,
  schema: S,
): { ok: true; value: z.output<S> } | { ok: false; problem: WriterOutputError["problem"] } {
  if (looksLikeRefusal(text)) return { ok: false, problem: "refused" };
  let json: Record<string, unknown>;
  try {
    json = parseJsonObject(text);
  } catch {
    return { ok: false, problem: "invalid_json" };
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, problem: "wrong_shape" };
}

/**
 * One writer request: asks `chat` with the schema's JSON Schema as structured output, retrying once
 * when the answer is a refusal, not JSON, or not the schema's shape; throws WriterOutputError after
 * the second. Transport errors propagate.
 */
export async function askFor<S extends z.ZodType>(chat: WriterChat, prompt: string, name: string, schema: S): Promise<z.output<S>> {
  const format: OutputFormat = { name, schema: jsonSchemaOf(schema) };
  let problem: WriterOutputError["problem"] = "invalid_json";
  for (let attempt = 0; attempt < 2; attempt++) {
    let text: string;
    try {
      text = await chat(attempt === 0 ? prompt : `${prompt}\n\n${RETRY_NOTE}`, format);
    } catch (err) {
      if (!(err instanceof ModelRefusal)) throw err;
      problem = "refused";
      continue;
    }
    const read = readAnswer(text, schema);
    if (read.ok) return read.value;
    problem = read.problem;
  }
  throw new WriterOutputError(problem);
}

/** A message of the campaign as the model wrote it, with its plan's facts (the sources of a variant that names none). */
export type WrittenMessage = { index: number; facts: number[]; variants: MessageVariants["variants"] };

/**
 * A campaign (or a single post) from the model: one request for the plan when more than one message
 * is asked, then one request per planned message. The plan may hold fewer messages than asked
 * when the brain's facts support fewer (never padded).
 */
export async function writeMessages(chat: WriterChat, input: GeneratePostsInput): Promise<WrittenMessage[]> {
  const platforms = platformsOf(input);
  const request = { ...input, platforms };
  const variants = variantsSchema(platforms);
  if (input.count <= 1) {
    const answer = await askFor(chat, messagePrompt(request, null), "message_variants", variants);
    return [{ index: 0, facts: [], variants: answer.variants }];
  }
  const plan = await askFor(chat, planPrompt(request), "campaign_plan", planSchema(input.count));
  const out: WrittenMessage[] = [];
  // A few messages at a time: a 30-message campaign must not burst 30 requests at the provider.
  for (let start = 0; start < plan.messages.length; start += MESSAGES_AT_ONCE) {
    const batch = plan.messages.slice(start, start + MESSAGES_AT_ONCE).map(async (m, k) => {
      const index = start + k;
      const others = plan.messages.filter((_, j) => j !== index).map((o) => o.angle || o.subject);
      const planned: PlannedMessage = { index, total: plan.messages.length, ...m, others };
      const answer = await askFor(chat, messagePrompt(request, planned), "message_variants", variants);
      return { index, facts: m.facts, variants: answer.variants };
    });
    out.push(...(await Promise.all(batch)));
  }
  return out;
}

/** Message requests in flight at once. */
const MESSAGES_AT_ONCE = 4;

/** The helpers that need a model (decision 259): Rewrite, and Change tone to one of the spec's five voices. */
export type DraftEdit = {
  action: "rewrite" | "tone";
  content: string;
  hashtags: string[];
  platform: Platform;
  brand: GeneratePostsInput["brand"];
  /** The voice to write in (Change tone): one of the spec's five brand voices, by label. */
  tone?: string;
  /** Brain passages the draft's claims may rest on (numbered facts; nothing else may be stated). */
  passages: BrainPassage[];
};

/** The request of one helper edit: the draft, the voice asked for, the network's rules and the brand's facts. */
export function editPrompt(edit: DraftEdit): string {
  const { facts } = passageBlocks(edit.passages, []);
  const ask =
    edit.action === "tone"
      ? `Rewrite the draft in this voice: ${edit.tone}. Keep what it says, its facts and its call to action; change only the wording, rhythm and hooks so the voice reads clearly.`
      : `Rewrite the draft so it reads better in the brand voice (${edit.brand.brand_voice}): a stronger first line, plainer words, the same facts and call to action.`;
  return `Edit one social media post for the brand "${edit.brand.name}" (industry: ${edit.brand.industry}; never use the industry as a hashtag).

${ask}
Network: ${networkRules(edit.platform).slice(2)}
State only facts the draft already states or that the numbered brand facts support; never invent figures, prices, dates or names.

Brand facts:
${facts}

Draft:
${edit.content}
Hashtags: ${edit.hashtags.length ? edit.hashtags.map((h) => `#${h}`).join(" ") : "(none)"}

Answer with JSON: {"content": string (the edited post, without hashtags), "hashtags": string[] (without #; the draft's own unless the edit changes its topics)}.`;
}

/** One helper edit from the model (one request, structured output, one retry). */
export function askForEdit(chat: WriterChat, edit: DraftEdit): Promise<z.output<typeof editSchema>> {
  return askFor(chat, editPrompt(edit), "draft_edit", editSchema);
}
