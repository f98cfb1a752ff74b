// Prompts of the OpenAI-compatible engine for the brain's tasks. Each asks for one JSON object whose shape the engine
// parses leniently (json-output.ts); the spec's fallbacks apply when it does not come back.
import type { BrandProfile } from "./types";

export const SYSTEM_PROMPT =
  "You are a senior brand strategist and social media copywriter. You only use facts found in the material you are given, never invent facts, and you always answer with a single valid JSON object and nothing else.";

function docsBlock(docs: { title: string; content: string }[]): string {
  return docs.map((d, i) => `Document ${i + 1}: ${d.title}\n${d.content}`).join("\n\n---\n\n");
}

export function topicsPrompt(docs: { title: string; content: string }[]): string {
  return `Extract the main topics of these brand documents.
Answer with JSON: {"topics": [{"name": string (2-4 words), "description": string (one sentence), "relevance_score": number between 0 and 1}]} with 3 to 6 topics, most relevant first.

${docsBlock(docs)}`;
}

export function insightsPrompt(docs: { title: string; content: string }[]): string {
  return `Extract marketing insights about the brand from these documents.
Answer with JSON: {"goals": string[], "audience": string[], "brand_traits": string[], "features": string[], "social_hooks": string[]}.
goals: what the brand wants to achieve; audience: who it serves; brand_traits: its personality and values; features: products, features and concrete benefits; social_hooks: angles that would make engaging social posts. Each item is one short sentence; use at most 4 items per list and leave a list empty when the documents say nothing about it.

${docsBlock(docs)}`;
}

export function documentSummaryPrompt(doc: { title: string; content: string }): string {
  return `Summarise this brand document in 2 or 3 sentences, keeping product names, numbers and claims exactly as written. Answer with JSON: {"summary": string}.

Title: ${doc.title}
${doc.content}`;
}

export function marketingSummaryPrompt(brand: BrandProfile, summaries: string): string {
  return `Write a marketing summary for the brand "${brand.name}" (industry: ${brand.industry}; voice: ${brand.brand_voice}).
Brand description: ${brand.description}

Document summaries:
${summaries}

Answer with JSON: {"elevator_pitch": string (1-2 sentences), "value_props": string[] (3-5 items), "positioning": string (one sentence), "brand_story": string (2-3 sentences), "content_themes": string[] (3-6 short themes)}.`;
}

/**
 * The overview from the brand's passages grouped by role (decision 255): each field is written
 * from its own group, and a field with no group is left empty (the overview then says what to add).
 */
export function overviewPrompt(brand: BrandProfile, groups: { field: string; passages: string[] }[]): string {
  const blocks = groups.map((g) => `### ${g.field}\n${g.passages.map((p) => `- ${p}`).join("\n")}`).join("\n\n");
  return `Write the project overview for the brand "${brand.name}" (industry: ${brand.industry}; voice: ${brand.brand_voice}) from its own passages below, grouped by role. State only what the passages say, in whole sentences.
Brand description: ${brand.description}

Passages by role:
${blocks}

Answer with JSON: {"elevator_pitch": string (1-2 sentences: what the brand is, how it differs, its best proof), "value_props": string[] (3-5 benefits a customer gets; never a price, an opening time or a founding date), "positioning": string (one sentence from the market position passages; "" when there are none), "brand_story": string (2-3 sentences from the brand story passages; "" when there are none), "content_themes": string[] (the content pillars as listed, else 3-6 short noun phrases of the brand's domain)}.`;
}

// The writer's prompts (posts) live in writer/prompts.ts with the schema of their answers (decision 226).
/** A passage on one numbered line (a FAQ passage holds its question and answer on two). */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** Ingest-time expansion (decision 220): the questions a customer would ask that each passage answers. */
export function passageQuestionsPrompt(passages: { text: string; role: string }[]): string {
  const list = passages.map((p, i) => `[${i + 1}] (${p.role}) ${oneLine(p.text)}`).join("\n");
  return `For each numbered brand passage below, write 2 to 4 short questions a customer would ask, in their own everyday words, that the passage answers. Use only what the passage says.
Answer with JSON: {"questions": string[][]} with one list per passage, in the same order (${passages.length} lists).

${list}`;
}

/** A composed answer (decision 220): one or two sentences from the numbered passages only, citing them. */
export function groundedAnswerPrompt(question: string, passages: string[]): string {
  const list = passages.map((p, i) => `[${i + 1}] ${oneLine(p)}`).join("\n");
  return `A customer asks: ${question}

Brand passages:
${list}

Answer the customer in one or two sentences using only facts stated in these passages, and cite the passages you used. If no passage answers the question, answer with an empty text and no citations.
Answer with JSON: {"answer": string, "cited": number[] (the passage numbers used, e.g. [1])}.`;
}
