// The OpenAI-compatible engine (any endpoint speaking the OpenAI API: base URL, key and model names
// are configuration). Spec section 7: temperature 0.7, max_tokens 1000 for topic and insight
// extraction, 200 for summaries, 2000 for post generation. OpenAI's current models are reasoning
// models, which refuse both: they get max_completion_tokens (the output budget plus an allowance
// for reasoning) and reasoning_effort "low" instead, and the chat model falls back down its list
// when one answers "not found" (decision 191; contracts in test/contracts/openai/). Spec section 8 fallbacks: malformed
// insights -> [], malformed posts -> [], a summary that does not parse is rethrown, a failed topic
// batch is skipped with a warning, a failed embedding yields null (that segment is skipped).
import OpenAI from "openai";
import type { Platform } from "../../../schema/api/common";
import { AiOutputError, asString, asStringList, clamp01, parseJsonObject } from "./json-output";
import {
  documentSummaryPrompt,
  groundedAnswerPrompt,
  insightsPrompt,
  marketingSummaryPrompt,
  overviewPrompt,
  passageQuestionsPrompt,
  SYSTEM_PROMPT,
  topicsPrompt,
} from "./openai-prompts";
import { isGrounded } from "./grounded-answer";
import { askForEdit, type DraftEdit, ModelRefusal, type OutputFormat, passageBlocks, writeMessages, WRITER_SYSTEM_PROMPT } from "./writer/prompts";
import { OpenAiImageModel } from "./openai-image";
import { fitToPlatform } from "./post-limits";
import {
  EMBEDDING_DIMENSIONS,
  embeddingChain,
  forgetModelFallbacks,
  isOpenAiModelName,
  isOpenAiReasoningModel,
  modelChain,
  isModelNotFound,
  modelInUse,
  moveDownChain,
  OPENAI_MODELS,
  withModelFallback,
} from "./models";
import { DEFAULT_RETRY_POLICY, isRetryable, type RetryPolicy, withRetry } from "./retry";
import type { PassageRole } from "../../../schema/api/passage-roles";
import type { AiEngine, AiEngineModels, AiImageModel, GeneratedPostDraft, Insight, SummaryCore, SummaryInput, Topic } from "./types";
import { roleGroupedPassages } from "../../brain/overview";
import { DEFAULT_PLATFORM_ID } from "../../../platforms/registry";

const MAX_TOKENS = { extraction: 1000, summary: 200, posts: 2000, questions: 1000, answer: 200, edit: 600 } as const;

/** Passages per question-writing call (a brand book's unit is cut into such batches). */
const QUESTION_BATCH = 20;
export const TEMPERATURE = 0.7;
/**
 * Tokens a reasoning model may spend thinking on top of the visible answer: max_completion_tokens
 * bounds both, so the spec's 200-token summary would otherwise end before any text is written.
 */
export const REASONING_ALLOWANCE = 1024;

/** Forgets the fallbacks made in this isolate, every task's (tests that exhaust a list on purpose). */
export function forgetChatModelFallbacks(): void {
  forgetModelFallbacks();
}

/** Spec section 9: insight confidences by type. */
const INSIGHT_TYPES = [
  ["goals", "goal", 0.9],
  ["audience", "audience", 0.85],
  ["brand_traits", "brand_trait", 0.95],
  ["features", "feature", 0.8],
  ["social_hooks", "social_hook", 0.75],
] as const;

/** Cosine thresholds per embedding model: the spec's 0.8 is calibrated for ada-002, whose cosines run high. */
function defaultThreshold(model: string): number {
  if (model === "text-embedding-ada-002") return 0.8;
  if (model.startsWith("text-embedding-3")) return 0.4;
  return 0.5;
}

export type OpenAiEngineConfig = {
  apiKey: string;
  baseURL?: string;
  chatModel?: string;
  /** The chat models to fall back to, in order (default: OPENAI_MODELS.chat against OpenAI, none against another server). */
  chatModels?: readonly string[];
  embeddingModel?: string;
  /** The embedding models to fall back to (default: OPENAI_MODELS.embeddings against OpenAI, none against another server); only those of the first one's dimension are used. */
  embeddingModels?: readonly string[];
  matchThreshold?: number;
  embeddingDim?: number;
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Send response_format json_object (default: yes, except for the original gpt-4 models, which reject it). */
  jsonMode?: boolean;
  /** Inputs per embeddings request. */
  embedBatchSize?: number;
  /** Prefix of the name stored with every vector: "<prefix>:<embedding model in use>" (default "openai"). */
  enginePrefix?: string;
  /** Images API model (e.g. gpt-image-2); without it the engine has no image model. */
  imageModel?: string;
  /** The image models to fall back to (default: OPENAI_MODELS.image against OpenAI, none against another server). */
  imageModels?: readonly string[];
  /** Images API quality (gpt-image: low|medium|high|auto); the model's default when unset. */
  imageQuality?: string;
  fetch?: typeof fetch;
  warn?: (message: string, detail?: unknown) => void;
};

export class OpenAiEngine implements AiEngine {
  readonly kind = "openai" as const;
  readonly matchThreshold: number;
  readonly connectionThreshold: number;
  /** The chat models in order of preference; `chatModel` is the one in use. */
  readonly chatModels: readonly string[];
  /** The embedding models in order of preference; `embeddingModel` is the one this engine uses. */
  readonly embeddingModels: readonly string[];
  /**
   * The embedding model of this engine, fixed for its life (one request): callers read `engine`
   * (the label stored with every vector) before they embed, so a model that changed under them
   * would label one model's vectors with another's name (decision 230).
   */
  readonly embeddingModel: string;
  readonly image: AiImageModel | undefined;
  /** The dimension each embedding model answered with (the first answer sets it). */
  private readonly learnedDims = new Map<string, number>();
  private readonly enginePrefix: string;
  private readonly configuredDim: number | undefined;
  private readonly client: OpenAI;
  protected readonly retry: RetryPolicy;
  private readonly jsonMode: boolean | undefined;
  private readonly batchSize: number;
  protected readonly warn: (message: string, detail?: unknown) => void;

  constructor(config: OpenAiEngineConfig) {
    // Against another OpenAI-compatible server (OPENAI_BASE_URL) only the configured model exists.
    const fallbacks = config.chatModels ?? (config.baseURL && config.chatModel ? [] : OPENAI_MODELS.chat);
    this.chatModels = modelChain(fallbacks, config.chatModel);
    // A name OpenAI publishes gets OpenAI's list, also through a base URL (a gateway or proxy in
    // front of OpenAI); any other name is a compatible server's, where only that model exists.
    const embeddingFallbacks =
      config.embeddingModels ?? (config.embeddingModel && !/^text-embedding-/.test(config.embeddingModel) ? [] : OPENAI_MODELS.embeddings);
    this.embeddingModels = embeddingChain(embeddingFallbacks, config.embeddingModel);
    this.embeddingModel = modelInUse("embeddings", this.embeddingModels);
    this.enginePrefix = config.enginePrefix ?? "openai";
    const firstEmbedding = this.embeddingModels[0]!;
    this.matchThreshold = config.matchThreshold ?? defaultThreshold(firstEmbedding);
    // The spec's 0.7 is ada-002's (whose unrelated texts already score about 0.7); newer models run lower.
    this.connectionThreshold = firstEmbedding === "text-embedding-ada-002" ? 0.7 : 0.4;
    this.configuredDim = config.embeddingDim;
    this.retry = { ...DEFAULT_RETRY_POLICY, retryable: transient, ...config.retry };
    this.jsonMode = config.jsonMode;
    this.batchSize = Math.max(1, config.embedBatchSize ?? 64);
    this.warn = config.warn ?? ((m, d) => console.warn(`[ai] ${m}`, d ?? ""));
    this.client = new OpenAI({
      apiKey: config.apiKey,
      baseURL: config.baseURL || undefined,
      timeout: config.timeoutMs ?? 60_000,
      // Retries are ours (retry.ts): capped Retry-After waits and one policy for every call.
      maxRetries: 0,
      ...(config.fetch ? { fetch: config.fetch } : {}),
    });
    // Images are opt-in (OPENAI_IMAGE_MODEL); once on, a retired model falls back down the list.
    const imageModel = config.imageModel?.trim();
    const imageFallbacks = config.imageModels ?? (imageModel && /^(gpt-image|chatgpt-image|dall-e)/.test(imageModel) ? OPENAI_MODELS.image : []);
    this.image = imageModel
      ? new OpenAiImageModel(this.client, modelChain(imageFallbacks, imageModel), { quality: config.imageQuality, retry: this.retry, warn: this.warn })
      : undefined;
  }

  /** The name stored with every vector: the embedding model in use (vectors of two models are never compared). */
  get engine(): string {
    return `${this.enginePrefix}:${this.embeddingModel}`;
  }

  /** The dimension the provider returned, else the configured or known one for the model. */
  get embeddingDim(): number {
    const model = this.embeddingModel;
    return this.learnedDims.get(model) ?? (model === this.embeddingModels[0] ? this.configuredDim : undefined) ?? EMBEDDING_DIMENSIONS[model] ?? 1536;
  }

  /** The chat model in use: the first of the list that has not answered "not found" here. */
  get chatModel(): string {
    return modelInUse("chat", this.chatModels);
  }

  /** Whether a vector of this length is one of the model's (the model's first answer sets its dimension). */
  protected fitsDimension(model: string, length: number): boolean {
    if (!this.learnedDims.has(model)) this.learnedDims.set(model, length);
    return this.learnedDims.get(model) === length;
  }

  /** The engine and the model in use per task, for /api/health and Settings (decision 191). */
  models(): AiEngineModels {
    return { provider: "openai", chat: this.chatModel, embeddings: this.embeddingModel, image: this.image?.model ?? null };
  }

  /**
   * One chat completion (system + user prompt) with the model in use; a model that answers "not
   * found" (retired, not on this account) is replaced by the next one on the list, and the call is
   * made again. The method other areas call; transports differ in chatOnce.
   */
  protected async chat(prompt: string, maxTokens: number, system: string = SYSTEM_PROMPT, format?: OutputFormat): Promise<string> {
    return withModelFallback("chat", this.chatModels, (model) => this.chatOnce(model, prompt, maxTokens, system, format), this.warn);
  }

  /** The request body of one chat completion with this model (OpenAI's current parameters for its own models). */
  chatParams(
    model: string,
    prompt: string,
    maxTokens: number,
    system: string = SYSTEM_PROMPT,
    format?: OutputFormat,
  ): OpenAI.Chat.ChatCompletionCreateParamsNonStreaming {
    const reasoning = isOpenAiReasoningModel(model);
    // The original gpt-4 models reject response_format; JSON is asked for in the prompt.
    const json = this.jsonMode ?? !/^gpt-4(-0314|-0613|-32k.*)?$/.test(model);
    return {
      model,
      messages: [
        { role: "system", content: system },
        { role: "user", content: prompt },
      ],
      // max_tokens is deprecated by OpenAI and refused by reasoning models; servers that merely
      // speak the API (Ollama, vLLM, LM Studio) know max_tokens.
      ...(isOpenAiModelName(model) ? { max_completion_tokens: reasoning ? maxTokens + REASONING_ALLOWANCE : maxTokens } : { max_tokens: maxTokens }),
      ...(reasoning ? { reasoning_effort: "low" as const } : { temperature: TEMPERATURE }),
      // The writer's answers as structured outputs (strict: the answer follows the schema); the
      // brain's tasks as JSON mode (decision 258).
      ...(json && format
        ? { response_format: { type: "json_schema" as const, json_schema: { name: format.name, schema: format.schema, strict: true } } }
        : json
          ? { response_format: { type: "json_object" as const } }
          : {}),
    };
  }

  /** One chat completion with one model; overridden by engines with another transport. */
  protected async chatOnce(model: string, prompt: string, maxTokens: number, system: string = SYSTEM_PROMPT, format?: OutputFormat): Promise<string> {
    const res = await withRetry(() => this.client.chat.completions.create(this.chatParams(model, prompt, maxTokens, system, format)), this.retry);
    const message = res.choices[0]?.message;
    // A refusal comes in its own field, with no content (OpenAI's chat.completion message).
    if (message?.refusal) throw new ModelRefusal(message.refusal);
    return message?.content ?? "";
  }

  async embed(texts: string[]): Promise<(Float32Array | null)[]> {
    const out: (Float32Array | null)[] = texts.map(() => null);
    // The API rejects empty inputs; they simply have no vector.
    const todo = texts.map((t, i) => ({ t: t.trim(), i })).filter((x) => x.t.length > 0);
    for (let start = 0; start < todo.length; start += this.batchSize) {
      const batch = todo.slice(start, start + this.batchSize);
      try {
        const vectors = await this.embedBatch(batch.map((b) => b.t));
        batch.forEach((b, k) => (out[b.i] = vectors[k] ?? null));
      } catch (err) {
        if (isModelNotFound(err)) {
          // Retired or not on this account: the next request's engine uses the list's next model
          // (its vectors get that model's label; the brain re-embeds, brain-reindex.ts). This
          // call's texts have no vector, as for any failed embedding.
          if (!moveDownChain("embeddings", this.embeddingModels, this.embeddingModel, err, this.warn))
            this.warn('the embedding model answered "not found" and the list has no other', errorText(err));
          break;
        }
        if (transient(err) || batch.length === 1) {
          this.warn(`embedding failed for ${batch.length} text(s); they are skipped`, errorText(err));
          continue;
        }
        // A rejected batch (e.g. one input too long): embed one by one so only the bad input is lost.
        for (const b of batch) {
          try {
            out[b.i] = (await this.embedBatch([b.t]))[0] ?? null;
          } catch (e) {
            this.warn("embedding failed for one text; it is skipped", errorText(e));
          }
        }
      }
    }
    return out;
  }

  /** One batch with this engine's embedding model. */
  private embedBatch(input: string[]): Promise<(Float32Array | null)[]> {
    return this.embedBatchOnce(this.embeddingModel, input);
  }

  /** One embeddings request with one model; overridden by engines with another transport. */
  protected async embedBatchOnce(model: string, input: string[]): Promise<(Float32Array | null)[]> {
    // Floats, asked for explicitly: without encoding_format the SDK asks for base64 and decodes
    // whatever comes back as base64, which garbles the float arrays that Ollama, LM Studio and
    // some vLLM versions send regardless (768 floats read as 192).
    const res = await withRetry(() => this.client.embeddings.create({ model, input, encoding_format: "float" }), this.retry);
    const out: (Float32Array | null)[] = input.map(() => null);
    for (const item of res.data) {
      const raw = item.embedding as unknown;
      const vec = typeof raw === "string" ? decodeBase64Floats(raw) : Array.isArray(raw) ? Float32Array.from(raw as number[]) : null;
      if (!vec || vec.length === 0 || item.index < 0 || item.index >= input.length) continue;
      if (!this.fitsDimension(model, vec.length)) continue;
      out[item.index] = vec;
    }
    return out;
  }

  async extractTopicsAndInsights(docs: { title: string; content: string }[]): Promise<{ topics: Topic[]; insights: Insight[] }> {
    const [topics, insights] = await Promise.all([this.topics(docs), this.insights(docs)]);
    return { topics, insights };
  }

  private async topics(docs: { title: string; content: string }[]): Promise<Topic[]> {
    try {
      const json = parseJsonObject(await this.chat(topicsPrompt(docs), MAX_TOKENS.extraction));
      const list = Array.isArray(json.topics) ? json.topics : Array.isArray(json.items) ? json.items : null;
      if (!list) throw new AiOutputError("no topics array", JSON.stringify(json).slice(0, 200));
      const topics: Topic[] = [];
      for (const t of list) {
        if (!t || typeof t !== "object") continue;
        const r = t as Record<string, unknown>;
        const name = asString(r.name);
        if (!name) continue;
        topics.push({ name: name.slice(0, 100), description: (asString(r.description) ?? "").slice(0, 500), relevance_score: clamp01(r.relevance_score) });
      }
      return topics;
    } catch (err) {
      this.warn("topic extraction failed for a batch; it is skipped", errorText(err));
      return [];
    }
  }

  private async insights(docs: { title: string; content: string }[]): Promise<Insight[]> {
    try {
      const json = parseJsonObject(await this.chat(insightsPrompt(docs), MAX_TOKENS.extraction));
      const out: Insight[] = [];
      for (const [key, type, confidence] of INSIGHT_TYPES) {
        for (const content of asStringList(json[key]).slice(0, 6)) out.push({ type, content: content.slice(0, 500), confidence });
      }
      // Also accept the {"insights": [{type, content}]} shape, with the spec's confidence per type.
      if (Array.isArray(json.insights)) {
        for (const i of json.insights) {
          const r = (i ?? {}) as Record<string, unknown>;
          const content = asString(r.content);
          const known = INSIGHT_TYPES.find(([k, t]) => r.type === t || r.type === k);
          if (content && known) out.push({ type: known[1], content: content.slice(0, 500), confidence: known[2] });
        }
      }
      return out;
    } catch (err) {
      this.warn("insight extraction failed; no insights from this batch", errorText(err));
      return [];
    }
  }

  async summarize(input: SummaryInput): Promise<SummaryCore> {
    // With the passages' roles (decision 255): one call writes each field from its own group of
    // passages, 4000 characters in all (docs/product-spec.md's summary input cap).
    const groups = input.passages?.length ? roleGroupedPassages(input.passages, 4000) : [];
    if (groups.length) return this.summaryFrom(await this.chat(overviewPrompt(input.brand, groups), MAX_TOKENS.extraction));
    // Each document's first 2000 characters summarised (200 tokens), joined, capped at 4000 characters.
    const summaries: string[] = [];
    for (const doc of input.documents) {
      const text = await this.chat(documentSummaryPrompt({ title: doc.title, content: doc.content.slice(0, 2000) }), MAX_TOKENS.summary);
      let summary: string;
      try {
        summary = asString(parseJsonObject(text).summary) ?? text.trim();
      } catch {
        summary = text.trim(); // a plain-text summary is still a summary
      }
      if (summary) summaries.push(`${doc.title}: ${summary}`);
    }
    const joined = summaries.join("\n").slice(0, 4000);
    // The five-field JSON does not fit in 200 tokens, so the final call gets the extraction budget.
    return this.summaryFrom(await this.chat(marketingSummaryPrompt(input.brand, joined), MAX_TOKENS.extraction));
  }

  private summaryFrom(answer: string): SummaryCore {
    const json = parseJsonObject(answer);
    const pitch = asString(json.elevator_pitch);
    if (!pitch) throw new AiOutputError("summary without elevator_pitch", JSON.stringify(json).slice(0, 200));
    return {
      elevator_pitch: pitch,
      value_props: asStringList(json.value_props),
      positioning: asString(json.positioning) ?? "",
      brand_story: asString(json.brand_story) ?? "",
      content_themes: asStringList(json.content_themes),
    };
  }

  /**
   * The brief's messages on every asked network (decision 258): one request for the campaign's plan,
   * then one per message (writer/prompts.ts), each answer structured output checked against its
   * zod schema; a refused, unreadable or wrongly shaped answer is asked for once more, then
   * WriterOutputError (generation falls back to the local writer; decision 226). Every variant
   * keeps its sources: the facts it names, else the facts its message was planned on.
   */
  async generatePosts(input: Parameters<AiEngine["generatePosts"]>[0]): Promise<GeneratedPostDraft[]> {
    const platforms: Platform[] = input.platforms.length ? input.platforms : [DEFAULT_PLATFORM_ID as Platform];
    const request = { ...input, platforms };
    const messages = await writeMessages((prompt, format) => this.chat(prompt, MAX_TOKENS.posts, WRITER_SYSTEM_PROMPT, format), request);
    // "sources" and "facts": numbers of the fact lines ([1] is the first public passage).
    const numbered = input.passages?.length ? passageBlocks(input.passages, input.context).numbered : [];
    const ids = (list: number[]) => [...new Set(list.map((n) => numbered[n - 1]?.id).filter((id): id is string => !!id))];
    const posts: GeneratedPostDraft[] = [];
    for (const m of messages) {
      const seen = new Set<Platform>();
      for (const r of m.variants) {
        const content = r.content.trim();
        if (!content || seen.has(r.platform)) continue;
        seen.add(r.platform);
        const hashtags = r.hashtags
          .map((h) => h.replace(/^#+/, "").replace(/[^\p{L}\p{N}_]/gu, ""))
          .filter((h) => h.length > 0)
          .slice(0, 10);
        // Hashtags written into the content are kept there; the separate list is what gets appended.
        const fitted = fitToPlatform(content, hashtags, r.platform);
        const imagePrompt = r.image_prompt?.trim();
        const sources = ids(r.sources.length ? r.sources : m.facts);
        posts.push({
          content: fitted.content,
          hashtags: fitted.hashtags,
          platform: r.platform,
          message: m.index,
          ...(imagePrompt ? { image_prompt: imagePrompt.slice(0, 1000) } : {}),
          ...(sources.length ? { sources } : {}),
        });
      }
    }
    return posts;
  }

  /** Rewrite or Change tone (decision 259): one request, structured output, one retry, then WriterOutputError. */
  async editDraft(edit: DraftEdit): Promise<{ content: string; hashtags: string[] }> {
    const answer = await askForEdit((prompt, format) => this.chat(prompt, MAX_TOKENS.edit, WRITER_SYSTEM_PROMPT, format), edit);
    const hashtags = answer.hashtags.map((h) => h.replace(/^#+/, "").replace(/[^\p{L}\p{N}_]/gu, "")).filter(Boolean);
    return fitToPlatform(answer.content.trim(), hashtags, edit.platform);
  }

  /** Ingest-time expansion (decision 220): the model writes the questions each passage answers; a list that does not come back is empty. */
  async passageQuestions(passages: { text: string; role: PassageRole }[]): Promise<string[][]> {
    const out: string[][] = [];
    for (let i = 0; i < passages.length; i += QUESTION_BATCH) {
      const batch = passages.slice(i, i + QUESTION_BATCH);
      const json = parseJsonObject(await this.chat(passageQuestionsPrompt(batch), MAX_TOKENS.questions));
      const lists = Array.isArray(json.questions) ? json.questions : Array.isArray(json.items) ? json.items : [];
      for (let j = 0; j < batch.length; j++)
        out.push(
          asStringList(lists[j])
            .filter((q) => q.length <= 200)
            .slice(0, 6),
        );
    }
    return out;
  }

  /** A composed answer citing the passages (decision 220); dropped unless it is grounded in what it cites. */
  async composeAnswer(question: string, passages: string[]): Promise<{ text: string; cited: number[] } | null> {
    if (!passages.length || !question.trim()) return null;
    const json = parseJsonObject(await this.chat(groundedAnswerPrompt(question, passages), MAX_TOKENS.answer));
    const text = asString(json.answer)?.trim() ?? "";
    const cited = [...new Set((Array.isArray(json.cited) ? json.cited : []).map((n) => Number(n) - 1))].filter(
      (n) => Number.isInteger(n) && n >= 0 && n < passages.length,
    );
    if (!text || !cited.length) return null;
    if (
      !isGrounded(
        text,
        cited.map((n) => passages[n]!),
      )
    ) {
      this.warn("composed answer not grounded in its cited passages; using the passage's sentence");
      return null;
    }
    return { text: text.slice(0, 500), cited };
  }
}

/** Worth retrying: the SDK's connection errors and timeouts (no HTTP status), 429, 5xx. */
function transient(err: unknown): boolean {
  return err instanceof OpenAI.APIConnectionError || isRetryable(err);
}

function errorText(err: unknown): string {
  if (err instanceof AiOutputError) return `${err.message}: ${err.raw.slice(0, 120)}`;
  if (err instanceof Error) return `${err.name}: ${err.message}`;
  return String(err);
}

function decodeBase64Floats(b64: string): Float32Array | null {
  try {
    const bin = atob(b64);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    return new Float32Array(bytes.buffer, 0, Math.floor(bytes.length / 4));
  } catch {
    return null;
  }
}
