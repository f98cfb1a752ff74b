// Sentence splitting and word tokens for the local engine, without a language model: the Worker
// must stay under 3 MiB gzipped, and wink-nlp's English model alone was ~1 MB of it (decision 110).
// Sentences come from Intl.Segmenter (ICU's sentence rules, built into V8 and workerd), with a
// regular-expression fallback; a short list of abbreviations ("Dr.", "e.g.") never ends a sentence.
// Words are stemmed with the Porter stemmer (the `stemmer` package) so "rides"/"riding" match.
import { stemmer } from "stemmer";
import { STOPWORDS, wordSet, words } from "./tokenize";

export type Token = { text: string; lower: string; stem: string; stop: boolean; kind: "word" | "number"; start: number };
export type Sentence = { text: string; tokens: Token[] };

const ABBREVIATIONS = wordSet(
  "mr mrs ms dr prof st sr jr vs etc inc ltd co corp no approx dept est fig e.g i.e a.m p.m u.s u.k jan feb mar apr jun jul aug sep sept oct nov dec",
);

let segmenter: Intl.Segmenter | null | undefined;
function sentenceSegmenter(): Intl.Segmenter | null {
  if (segmenter === undefined) {
    segmenter = typeof Intl !== "undefined" && typeof Intl.Segmenter === "function" ? new Intl.Segmenter("en", { granularity: "sentence" }) : null;
  }
  return segmenter;
}

/** Lines of a text with list markers removed; a line break always ends a sentence (headings, bullets). */
function lines(text: string): string[] {
  return text
    .replace(/\r/g, "")
    .split(/\n+/)
    .map((l) =>
      l
        .replace(/^\s*(?:[-*•▪◦]|\d+[.)])\s+/, "")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .filter(Boolean);
}

function splitLine(line: string): string[] {
  const seg = sentenceSegmenter();
  const raw = seg ? [...seg.segment(line)].map((s) => s.segment.trim()) : (line.match(/[^.!?]+(?:[.!?]+["'”’)\]]*|$)/g) ?? []).map((s) => s.trim());
  const out: string[] = [];
  for (const s of raw) {
    if (!s) continue;
    const prev = out[out.length - 1];
    const lastWord = prev?.match(/([\p{L}.]+)\.$/u)?.[1]?.toLowerCase();
    // "Dr." or "e.g." ends the previous piece: it is not the end of a sentence.
    if (prev !== undefined && lastWord && (ABBREVIATIONS.has(lastWord) || /^\p{L}$/u.test(lastWord))) out[out.length - 1] = `${prev} ${s}`;
    else out.push(s);
  }
  return out;
}

/** The sentences of a text, in order. A line break always ends a sentence; very short fragments join the previous one of their line. */
export function sentenceTexts(text: string): string[] {
  const out: string[] = [];
  for (const line of lines(text)) {
    const start = out.length;
    for (const s of splitLine(line)) {
      const prev = out.length > start ? out[out.length - 1] : undefined;
      if (prev !== undefined && words(s).length < 3 && !/[.!?]["'”’)\]]*$/.test(prev)) out[out.length - 1] = `${prev} ${s}`;
      else out.push(s);
    }
  }
  return out;
}

const stemCache = new Map<string, string>();
/** Porter stem of a lower-case word (apostrophe-s removed first), cached per isolate. */
export function porterStem(word: string): string {
  let s = stemCache.get(word);
  if (s === undefined) {
    s = stemmer(word.replace(/'s$/, ""));
    if (stemCache.size > 50_000) stemCache.clear();
    stemCache.set(word, s);
  }
  return s;
}

/** Word tokens of a sentence, with their original spelling (capitals mark names). */
export function tokens(sentence: string): Token[] {
  const out: Token[] = [];
  for (const m of sentence.matchAll(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)) {
    const text = m[0].replace(/’/g, "'");
    const lower = text.toLowerCase();
    out.push({ text, lower, stem: porterStem(lower), stop: STOPWORDS.has(lower), kind: /^\p{N}/u.test(text) ? "number" : "word", start: m.index });
  }
  return out;
}

/** Sentences with their tokens. */
export function analyse(text: string): Sentence[] {
  return sentenceTexts(text).map((s) => ({ text: s, tokens: tokens(s) }));
}
