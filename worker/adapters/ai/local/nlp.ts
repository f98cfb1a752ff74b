// Sentence splitting and part-of-speech tags from wink-nlp with its lite English model (pure
// JavaScript, bundles into the Worker, about 1 MB gzipped). Loading the model costs about a third of
// a second, so it happens once per isolate, on the first text analysis, never at startup.
import winkNLP, { type ItemSentence } from "wink-nlp";
import model from "wink-eng-lite-web-model";
import { words } from "./tokenize";

export type Token = { text: string; lower: string; pos: string; lemma: string; stop: boolean; kind: string };
export type Sentence = { text: string; tokens: Token[] };

let nlp: ReturnType<typeof winkNLP> | undefined;

function engine() {
  nlp ??= winkNLP(model, ["sbd", "pos"]);
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
      out.push({
        text: s.out(),
        tokens: values.map((v, i) => ({ text: v, lower: v.toLowerCase(), pos: pos[i]!, lemma: (lemma[i] ?? v).toLowerCase(), stop: !!stop[i], kind: kind[i]! })),
      });
    });
  }
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

export function sentenceTexts(text: string): string[] {
  return analyse(text).map((s) => s.text);
}
