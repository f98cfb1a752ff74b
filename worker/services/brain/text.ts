// The brain's chunking rules and constants (docs/product-spec.md section 9). Kept in one place so the
// pipeline, the summary and the tests agree on them.
import { chunkByWords } from "../../text/tokenize";
import { passagesOf, type Passage } from "./passages";

export const BRAIN = {
  /** A document is split by words into parts of about this many characters ("Document Part i/n"). */
  partChars: 4000,
  /** Stored brain_documents.content is cut to this length (full text stays in R2). */
  storedContentChars: 2000,
  /** Document embedding input: title plus the first characters of the part. */
  embeddingChars: 2000,
  /** Segments of about this many characters, each with its own vector. */
  segmentChars: 150,
  /** Documents are connected ("semantic") only above this cosine similarity. */
  connectionThreshold: 0.7,
  /** Topic and insight extraction: documents per batch, characters per document. */
  topicBatchDocs: 2,
  topicDocChars: 1000,
  /** Summary input: each document's first characters, joined and capped. */
  summaryDocChars: 2000,
  summaryInputChars: 4000,
  queryResults: 3,
  topTopics: 5,
  /**
   * Bumped when segmentation changes: a ready document stored by an older one is re-segmented by
   * the background re-index (decision 256). 2 = FAQ-aware passages with roles (decisions 181, 182).
   */
  segmentationVersion: 2,
  /** Passages the overview reads, in book order (decision 255). */
  overviewPassages: 400,
} as const;

export const BRAIN_MESSAGES = {
  titleRequired: "Please enter a document title",
  contentEmpty: "Content cannot be empty",
  embeddingFailed: "Failed to generate document embedding",
  noSegments: "No valid segments could be processed",
  sourceMissing: "The document's source text is missing",
  processingFailed: "Failed to process document",
  placeholderPitch: "Add content to generate an elevator pitch",
} as const;

/**
 * Parts of about `size` characters that keep the text's paragraphs and lines (the passages are
 * read from them, decision 181): paragraphs are packed whole, one longer than a part is cut by words.
 */
function chunkByParagraphs(text: string, size: number): string[] {
  const out: string[] = [];
  let current = "";
  for (const raw of text.replace(/\r\n?/g, "\n").split(/\n\s*\n/)) {
    const para = raw
      .split("\n")
      .map((l) => l.replace(/[ \t]+/g, " ").trim())
      .filter(Boolean)
      .join("\n");
    if (!para) continue;
    if (para.length > size) {
      if (current) out.push(current);
      current = "";
      out.push(...chunkByWords(para, size));
    } else if (!current) current = para;
    else if (current.length + 2 + para.length <= size) current += "\n\n" + para;
    else {
      out.push(current);
      current = para;
    }
  }
  if (current) out.push(current);
  return out;
}

/** Parts of a document: one part keeps the title; several get " (Document Part i/n)". */
export function documentParts(title: string, text: string): { title: string; text: string }[] {
  const parts = chunkByParagraphs(text, BRAIN.partChars);
  if (parts.length <= 1) return [{ title, text: parts[0] ?? "" }];
  return parts.map((p, i) => ({ title: `${title} (Document Part ${i + 1}/${parts.length})`, text: p }));
}

/**
 * Segments of about ~150 characters: the passages of the text (brain-passages.ts, decision 181),
 * each a question with its answer, a heading or label with its text, a list item with its lead-in,
 * or whole sentences packed up to the size (a longer sentence stands alone; one over 1000
 * characters, usually a table or a list without punctuation, is cut by words).
 */
export function segmentText(text: string, size: number = BRAIN.segmentChars): string[] {
  return segmentPassages(text, size).map((p) => p.text);
}

/** The passages of a text with their shapes (the role classifier reads the shape). */
export function segmentPassages(text: string, size: number = BRAIN.segmentChars): Passage[] {
  return passagesOf(text, size);
}

export const clamp01 = (n: number) => (Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0);
