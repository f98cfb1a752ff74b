// Passages that keep their meaning (decision 181). Brand content comes in a few shapes,
// and a passage cut across them loses what it says: a FAQ's question glued to the previous answer,
// a heading split from its paragraph, a list item without the line that says what the list is.
// The text is read as lines and blocks (blank-line separated) first:
// - a question and its answer are one passage ("Q:/A:" lines, a line ending in "?" and the lines
//   after it, and inside prose a sentence ending in "?" starts a passage that keeps its answer);
// - a heading (a short line without end punctuation) is put before each passage of its paragraph
//   ("Parking: 12 free spaces behind the studio.");
// - list items keep their lead-in ("Our classes include: beginners' yoga");
// - a "Label: text" line is one passage with its label;
// - prose is packed from whole sentences into passages of about BRAIN.segmentChars, never cut inside
//   a sentence (one over 1000 characters, a table or a list without punctuation, is cut by words).
import { sentenceTexts } from "../../text/nlp";
import { chunkByWords } from "../../text/tokenize";

type PassageShape = "faq" | "heading" | "label" | "list" | "prose";

export type Passage = {
  text: string;
  shape: PassageShape;
  /** The heading, label, question or lead-in the passage was written under, if any. */
  label?: string;
};

const MAX_PASSAGE_CHARS = 1000;
/** A question and its answer stay together up to this length; a longer answer goes on as prose. */
const MAX_FAQ_CHARS = 600;

const LIST_ITEM = /^\s*(?:[-*•▪◦–]|\d{1,2}[.)])\s+/;
const QA_QUESTION = /^(?:q|question)\s*[:.)-]\s*/i;
const QA_ANSWER = /^(?:a|answer)\s*[:.)-]\s*/i;
/** "Brand voice: calm and plain", "Prices: ..." — a short label (no sentence end) before a colon. */
const LABEL_LINE = /^([^:.!?]{2,40}):\s+(\S.*)$/u;

const squash = (s: string) => s.replace(/\s+/g, " ").trim();
const hasLetters = (s: string) => /\p{L}.*\p{L}/u.test(s);

function wordCount(s: string): number {
  return s.split(/\s+/).filter(Boolean).length;
}

/** A heading: a short line with letters, no end punctuation, no list marker, no label colon. */
export function isHeading(line: string): boolean {
  const l = line.trim().replace(/^#+\s*/, "");
  return l.length > 0 && l.length <= 60 && wordCount(l) <= 8 && hasLetters(l) && !/[.!?:;,]$/.test(l) && !LIST_ITEM.test(l) && !LABEL_LINE.test(l);
}

const isQuestionLine = (line: string) => /\?["'”’)]*$/.test(line.trim());

function labelOf(line: string): { label: string; rest: string } | null {
  const m = LABEL_LINE.exec(line.trim());
  if (!m || wordCount(m[1]!) > 5 || /^https?$/i.test(m[1]!.trim())) return null;
  return { label: m[1]!.trim(), rest: m[2]!.trim() };
}

type Packed = { text: string; question?: string };

/** Packs sentences into passages of about `size`; a question starts a passage and keeps the sentence after it. */
function packed(text: string, size: number): Packed[] {
  const out: Packed[] = [];
  let current = "";
  let question: string | undefined;
  let mustTakeNext = false;
  const push = () => {
    if (current) out.push(question ? { text: current, question } : { text: current });
    current = "";
    question = undefined;
  };
  for (const raw of sentenceTexts(text)) {
    const sentence = squash(raw);
    if (!sentence) continue;
    if (sentence.length > MAX_PASSAGE_CHARS) {
      push();
      out.push(...chunkByWords(sentence, MAX_PASSAGE_CHARS).map((t) => ({ text: t })));
      mustTakeNext = false;
      continue;
    }
    if (isQuestionLine(sentence)) {
      push();
      current = sentence;
      question = sentence;
      mustTakeNext = true;
      continue;
    }
    if (mustTakeNext) {
      current = `${current} ${sentence}`;
      mustTakeNext = false;
    } else if (!current) current = sentence;
    else if (current.length + 1 + sentence.length <= size && sentence.length <= size) current += " " + sentence;
    else {
      push();
      current = sentence;
    }
    if (current.length > size && !mustTakeNext) push();
  }
  push();
  return out;
}

const packSentences = (text: string, size: number) => packed(text, size).map((p) => p.text);

const withLabel = (label: string | undefined, text: string) => (label && !text.toLowerCase().startsWith(label.toLowerCase()) ? `${label}: ${text}` : text);

/** A question with its answer: one passage, or the question with the answer's first part and the rest as prose under it. */
function faqPassages(question: string, answer: string, size: number): Passage[] {
  const q = squash(question);
  const a = squash(answer);
  if (!a) return [{ text: q, shape: "faq", label: q }];
  if (q.length + 1 + a.length <= MAX_FAQ_CHARS) return [{ text: `${q} ${a}`, shape: "faq", label: q }];
  const [first, ...rest] = packSentences(a, size);
  return [{ text: `${q} ${first}`, shape: "faq", label: q }, ...rest.map((t) => ({ text: t, shape: "faq" as const, label: q }))];
}

/** Passages of one block's lines (after its heading, if any). */
function blockPassages(lines: string[], heading: string | undefined, size: number): Passage[] {
  const out: Passage[] = [];
  let prose: string[] = [];
  const flushProse = () => {
    if (!prose.length) return;
    for (const p of packed(prose.join("\n"), size)) {
      if (p.question) out.push({ text: withLabel(heading, p.text), shape: "faq", label: p.question });
      else out.push(heading ? { text: withLabel(heading, p.text), shape: "heading", label: heading } : { text: p.text, shape: "prose" });
    }
    prose = [];
  };
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    // "Q: ...", then "A: ..." and its lines until the next "Q:".
    if (QA_QUESTION.test(line)) {
      flushProse();
      const question = line.replace(QA_QUESTION, "");
      const answer: string[] = [];
      i++;
      while (i < lines.length && !QA_QUESTION.test(lines[i]!)) answer.push(lines[i++]!.replace(QA_ANSWER, ""));
      out.push(...faqPassages(question, answer.join(" "), size));
      continue;
    }
    // A question on its own line, answered by the lines after it.
    if (isQuestionLine(line) && i + 1 < lines.length && !isQuestionLine(lines[i + 1]!) && !LIST_ITEM.test(lines[i + 1]!)) {
      flushProse();
      const answer: string[] = [];
      i++;
      while (i < lines.length && !isQuestionLine(lines[i]!) && !QA_QUESTION.test(lines[i]!)) answer.push(lines[i++]!);
      out.push(...faqPassages(line, answer.join(" "), size));
      continue;
    }
    // A question with its answer on one line ("Do you do parties? Yes, on Saturdays."): the prose
    // packer keeps each question with the sentences after it.
    // A lead-in ending with ":" and the list items under it.
    if (/:\s*$/.test(line) && i + 1 < lines.length && LIST_ITEM.test(lines[i + 1]!)) {
      flushProse();
      const lead = squash(line);
      i++;
      while (i < lines.length && LIST_ITEM.test(lines[i]!)) {
        const item = squash(lines[i++]!.replace(LIST_ITEM, ""));
        if (hasLetters(item)) out.push({ text: `${lead} ${item}`, shape: "list", label: lead.replace(/:$/, "") });
      }
      continue;
    }
    if (LIST_ITEM.test(line)) {
      flushProse();
      const item = squash(line.replace(LIST_ITEM, ""));
      if (hasLetters(item)) {
        const text = /[.!?]$/.test(item) ? item : `${item}.`;
        out.push(heading ? { text: withLabel(heading, text), shape: "list", label: heading } : { text, shape: "prose" });
      }
      i++;
      continue;
    }
    const labelled = labelOf(line);
    if (labelled) {
      flushProse();
      const [first, ...rest] = packSentences(labelled.rest, size);
      if (first) out.push({ text: `${labelled.label}: ${first}`, shape: "label", label: labelled.label });
      for (const t of rest) out.push({ text: `${labelled.label}: ${t}`, shape: "label", label: labelled.label });
      i++;
      continue;
    }
    prose.push(line);
    i++;
  }
  flushProse();
  return out;
}

/**
 * The passages of a text, in order, each with the shape it came in. Only passages with some
 * letters are kept.
 */
export function passagesOf(text: string, size: number): Passage[] {
  const blocks = text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((b) =>
      b
        .split("\n")
        .map((l) => l.replace(/[ \t]+/g, " ").trim())
        .filter(Boolean),
    )
    .filter((b) => b.length > 0);
  const out: Passage[] = [];
  let pending: string | undefined;
  blocks.forEach((block, bi) => {
    let lines = block;
    let heading: string | undefined;
    const last = bi === blocks.length - 1;
    if (lines.length === 1 && isHeading(lines[0]!) && !last) {
      // A heading alone in its block heads the next block; one heading after another stands alone.
      if (pending) out.push({ text: pending, shape: "prose" });
      pending = lines[0]!.replace(/^#+\s*/, "");
      return;
    }
    if (lines.length > 1 && isHeading(lines[0]!)) {
      if (pending) out.push({ text: pending, shape: "prose" });
      heading = lines[0]!.replace(/^#+\s*/, "");
      lines = lines.slice(1);
    } else heading = pending;
    pending = undefined;
    // A heading over questions or labelled lines names a section ("FAQ"): it is not put before each.
    const structured =
      lines.some((l) => QA_QUESTION.test(l) || isQuestionLine(l)) ||
      lines.filter((l) => /^[^.!?]{3,}\?\s/.test(l)).length >= 2 ||
      lines.every((l) => labelOf(l));
    out.push(...blockPassages(lines, structured ? undefined : heading, size));
  });
  if (pending) out.push({ text: pending, shape: "prose" });
  return out.filter((p) => hasLetters(p.text));
}
