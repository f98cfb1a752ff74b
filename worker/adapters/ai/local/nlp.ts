// Sentence splitting and part-of-speech tags from wink-nlp with its lite English model (pure
// JavaScript, bundles into the Worker, about 1 MB gzipped). Evaluating and loading the model costs
// about a quarter of a second, so it is imported lazily, once per isolate, by loadNlp() on the first
// text analysis, never at Worker startup (which has a CPU limit).
import type { ItemSentence } from "wink-nlp";
import { words } from "./tokenize";

export type Token = { text: string; lower: string; pos: string; lemma: string; stop: boolean; kind: string };
export type Sentence = { text: string; tokens: Token[] };

type Nlp = ReturnType<typeof import("wink-nlp").default>;
let nlp: Nlp | undefined;
let loading: Promise<void> | undefined;

/** Loads wink-nlp and its model; call (and await) before any analysis. */
export function loadNlp(): Promise<void> {
  loading ??= (async () => {
    const [{ default: winkNLP }, { default: model }] = await Promise.all([import("wink-nlp"), import("wink-eng-lite-web-model")]);
    nlp = winkNLP(model, ["sbd", "pos"]);
  })().catch((err: unknown) => {
    loading = undefined; // let a later call try again
    throw err;
  });
  return loading;
}

function engine(): Nlp {
  if (!nlp) throw new Error("loadNlp() must be awaited before text analysis");
  return nlp;
}

/** Lines of a text with list markers removed; a line break always ends a sentence (headings, bullets). */
function lines(text: string): string[] {
  return text
    .replace(/\r/g, "")
    .split(/\n+/)
    .map((l) => l.replace(/^\s*(?:[-*•▪◦]|\d+[.)])\s+/, "").replace(/\s+/g, " ").trim())
    .filter(Boolean);
}

/** Sentences with their tokens (value, lower case, POS tag, lemma, stopword flag, token type). */
export function analyse(text: string): Sentence[] {
  const n = engine();
  const its = n.its;
  const out: Sentence[] = [];
  for (const line of lines(text)) {
    const doc = n.readDoc(line);
    doc.sentences().each((s: ItemSentence) => {
      const toks = s.tokens();
      const values = toks.out(its.value) as string[];
      const pos = toks.out(its.pos) as string[];
      const lemma = toks.out(its.lemma as unknown as Parameters<typeof toks.out>[0]) as string[];
      const stop = toks.out(its.stopWordFlag) as unknown as boolean[];
      const kind = toks.out(its.type) as string[];
      const spaces = toks.out(its.precedingSpaces) as string[];
      const tokens: Token[] = [];
      values.forEach((v, i) => {
        const prev = tokens[tokens.length - 1];
        // Hyphenated compounds ("single-origin", "drag-and-drop") are one word to us: the model
        // splits them at each hyphen.
        if (prev && !spaces[i] && (v === "-" ? kind[i + 1] === "word" && !spaces[i + 1] : prev.text.endsWith("-"))) {
          prev.text += v;
          prev.lower = prev.text.toLowerCase();
          prev.lemma = prev.lower;
          if (v !== "-") prev.pos = pos[i] === "NOUN" || pos[i] === "PROPN" ? pos[i]! : "ADJ";
          prev.stop = false;
          return;
        }
        tokens.push({ text: v, lower: v.toLowerCase(), pos: pos[i]!, lemma: (lemma[i] ?? v).toLowerCase(), stop: !!stop[i], kind: kind[i]! });
      });
      out.push({ text: s.out(), tokens });
    });
  }
  for (const s of out) fixMissingVerb(s.tokens);
  // Very short fragments ("Hi.", "Menu") are joined to the previous sentence of the same text.
  const merged: Sentence[] = [];
  for (const s of out) {
    const prev = merged[merged.length - 1];
    if (prev && words(s.text).length < 3 && !/[.!?]$/.test(prev.text)) {
      merged[merged.length - 1] = { text: `${prev.text} ${s.text}`, tokens: [...prev.tokens, ...s.tokens] };
    } else merged.push(s);
  }
  return merged;
}

/**
 * The lite model tags the verb after a name as a plural noun ("Lumen Roasters roasts coffee"). A
 * sentence has a verb, so when none was found, the first "-s" noun right after a proper noun and
 * before a noun phrase is taken to be it.
 */
function fixMissingVerb(tokens: Token[]) {
  if (tokens.some((t) => t.pos === "VERB" || t.pos === "AUX")) return;
  for (let i = 1; i + 1 < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.pos === "NOUN" && /s$/.test(t.lower) && tokens[i - 1]!.pos === "PROPN" && ["NOUN", "ADJ", "DET", "PRON", "NUM", "PROPN"].includes(tokens[i + 1]!.pos)) {
      t.pos = "VERB";
      return;
    }
  }
}

export function sentenceTexts(text: string): string[] {
  return analyse(text).map((s) => s.text);
}
