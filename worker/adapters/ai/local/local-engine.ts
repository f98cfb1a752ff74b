// The offline default AI engine: no network, deterministic, extractive. Embeddings mix hashed
// n-grams with a small word-vector table; text output is built from the brand's own sentences.
import { DEFAULT_PROJECT } from "../../../../schema/api/projects";
import type { RelevanceCalibration } from "../../../brain/rank/hybrid-rank";
import type { AiEngine, GeneratedPostDraft, Insight, SummaryCore, SummaryInput, Topic } from "../types";
import { assembleOverview } from "../../../brain/overview";
import { DEFAULT_EMBED_OPTIONS, type EmbedOptions, LocalEmbedder, type WordVectorTable } from "./embed";
import { loadTagger } from "../../../text/pos";
import { unknownSubjects, writePosts } from "./posts";
import { completeSentences, extractInsights, keyphrases, sentenceContaining, textRank, titleCase } from "./text";
import { sentenceTexts } from "../../../text/nlp";
import { truncateWords, words } from "../../../text/tokenize";

/** Stored with every local vector; bumped whenever the table or the features change (decision 110). */
export const LOCAL_ENGINE_NAME = "local-v2";

/** Cosine threshold for a brain query match with this engine (measured, see docs/decisions/040). */
const LOCAL_MATCH_THRESHOLD = 0.3;
/**
 * Hybrid ranking calibration (decision 111), measured on test/fixtures/retrieval: cosines of
 * unrelated texts sit near 0.05, close paraphrases near 0.5; words weigh more than vectors here.
 * A question less than half of whose words the project knows (exactly or through a related word)
 * has its relevance scaled down in proportion (decision 115). Near the floor the best match
 * answers when its vector agrees (cosine 0.25 and up): from relevance 0.2, and under 0.33 only then
 * (decision 293, chosen on the tuning sets: 41 unanswered and 23 off-topic answered became 36 / 22).
 * When the best does not answer, the second or third does with a vector of 0.3 (0.55 on the 0-1
 * scale) from relevance 0.2 (decision 330: tuning sets 36 -> 34 unanswered, no more off-topic).
 */
const LOCAL_RELEVANCE: RelevanceCalibration = {
  unrelated: 0.05,
  strong: 0.5,
  vectorWeight: 0.3,
  floor: 0.3,
  minCoverage: 0.5,
  agreement: { low: 0.2, high: 0.33, vector: 0.44, runnerUpVector: 0.55 },
};
/** Documents of one brand score about 0.4-0.45 with each other, unrelated ones 0.05-0.3 (decision 040). */
const LOCAL_CONNECTION_THRESHOLD = 0.35;

export class LocalAiEngine implements AiEngine {
  readonly kind = "local" as const;
  readonly engine: string;
  readonly embeddingDim: number;
  readonly matchThreshold: number;
  readonly connectionThreshold = LOCAL_CONNECTION_THRESHOLD;
  readonly relevance = LOCAL_RELEVANCE;
  private readonly embedder: LocalEmbedder;

  constructor(opts: { table?: WordVectorTable | null; engine?: string; matchThreshold?: number; embedOptions?: Partial<EmbedOptions> } = {}) {
    this.embedder = new LocalEmbedder(opts.table ?? null, { ...DEFAULT_EMBED_OPTIONS, ...opts.embedOptions });
    this.embeddingDim = this.embedder.dim;
    this.engine = opts.engine ?? LOCAL_ENGINE_NAME;
    this.matchThreshold = opts.matchThreshold ?? LOCAL_MATCH_THRESHOLD;
  }

  embedSync(text: string): Float32Array {
    return this.embedder.embed(text);
  }

  async embed(texts: string[]): Promise<(Float32Array | null)[]> {
    return texts.map((t) => (t.trim() ? this.embedder.embed(t) : null));
  }

  async extractTopicsAndInsights(docs: { title: string; content: string }[]): Promise<{ topics: Topic[]; insights: Insight[] }> {
    const text = docs.map((d) => `${d.title}.\n${d.content}`).join("\n\n");
    // More candidates than shown: the overview keeps only noun phrases of the domain (decision 255).
    const phrases = keyphrases(text, 12);
    const max = phrases[0]?.score ?? 1;
    const topics: Topic[] = phrases.map((p) => ({
      name: titleCase(p.text),
      description: truncateWords(docs.map((d) => sentenceContaining(d.content, p.key)).find(Boolean) ?? p.text, 200),
      relevance_score: Math.max(0, Math.min(1, Math.round((0.4 + 0.6 * (p.score / max)) * 100) / 100)),
    }));
    const insights = extractInsights(docs.map((d) => d.content));
    return { topics, insights };
  }

  async summarize(input: SummaryInput): Promise<SummaryCore> {
    const { brand } = input;
    // With the passages' roles, each field is assembled from whole sentences of its roles (decision 255).
    if (input.passages?.length) {
      const description = brand.description.trim() === DEFAULT_PROJECT.description ? "" : brand.description;
      return assembleOverview(input.passages, { description, themes: input.topics });
    }
    const docText = input.documents
      .map((d) => d.content)
      .join("\n\n")
      .slice(0, 4000);
    const sents = input.documents.flatMap((d) => completeSentences(d.content.slice(0, 2000))).filter((s) => s.length >= 20);
    const top = textRank(sents, 6, 0.65);
    const insights = extractInsights(
      input.documents.map((d) => d.content.slice(0, 2000)),
      3,
    );
    const byType = (t: string) => insights.filter((i) => i.type === t).map((i) => i.content);
    // A new project's default description is placeholder text, not something the brand said.
    const description = brand.description.trim() === DEFAULT_PROJECT.description ? "" : brand.description;
    const descFirst = sentenceTexts(description)[0] ?? "";
    const second = byType("goal")[0] ?? top.find((s) => s.text !== descFirst)?.text;
    // A description without a full stop must not run into the next sentence.
    const opening = descFirst && second && !/[.!?…]["'”’)\]]*$/.test(descFirst) ? `${descFirst}.` : descFirst;
    const elevator = truncateWords([opening, second].filter(Boolean).join(" ") || `${brand.name} — ${brand.industry}`, 320);
    const valueProps = [...byType("feature"), ...byType("goal"), ...top.map((s) => s.text)]
      .filter((s, i, all) => all.indexOf(s) === i)
      .slice(0, 4)
      .map((s) => truncateWords(s, 200));
    // Story: the founding sentence first, then other history.
    const storyScore = (s: string) =>
      (/\b(founded|started|began|born|established|created)\b/i.test(s) ? 2 : 0) +
      (/\b(since|story|journey|grew up|in (?:19|20)\d\d|years ago|garage|kitchen|first)\b/i.test(s) ? 1 : 0);
    const storySents = sents
      .map((s, i) => ({ s, i, score: storyScore(s) }))
      .filter((x) => x.score > 0)
      .sort((a, b) => b.score - a.score || a.i - b.i)
      .map((x) => x.s);
    const positioningCue = sents.find((s) =>
      /\b(unlike|the only|the first|leading|alternative to|instead of|rather than|compared to|better than|different from)\b/i.test(s),
    );
    const positioningPick = [positioningCue, byType("audience")[0], descFirst, ...top.map((t) => t.text)].find(
      (c): c is string => !!c && !storySents.slice(0, 1).includes(c),
    );
    const positioning = truncateWords(positioningPick ?? descFirst ?? elevator, 300);
    const brandStory = truncateWords((storySents.length ? storySents.slice(0, 3) : top.slice(0, 3).map((s) => s.text)).join(" "), 600);
    // Themes are subjects, not the brand itself: phrases naming the brand are left out.
    const brandWords = new Set(words(brand.name));
    const themes = keyphrases([docText, description].join("\n"), 12)
      .filter((p) => !words(p.text).some((w) => brandWords.has(w)))
      .slice(0, 5)
      .map((p) => titleCase(p.text));
    return {
      elevator_pitch: elevator,
      value_props: valueProps,
      positioning,
      brand_story: brandStory,
      content_themes: themes,
    };
  }

  async generatePosts(input: Parameters<AiEngine["generatePosts"]>[0]): Promise<GeneratedPostDraft[]> {
    return writePosts(input, await loadTagger());
  }

  unknownSubjects(input: Parameters<AiEngine["generatePosts"]>[0]): string[] {
    return unknownSubjects(input);
  }
}
