// Brand books as a user pastes them (test/fixtures/brand-books): each book is segmented by the
// product's own segmentation, and each question's expected passage is found by a phrase of it, so
// the set measures segmentation and ranking together and survives a change of segmentation.
import type { RetrievalSet } from "../../worker/adapters/ai/retrieval-eval";

export type BrandBook = {
  brand: string;
  trade: string;
  documents: { title: string; text: string }[];
  questions: { q: string; expected: string | string[] }[];
  unanswerable: string[];
};

export type Segmenter = (text: string) => string[];

const squash = (s: string) => s.replace(/\s+/g, " ").trim();

/** The book as a retrieval set: one brand, its segments ("brand-007") and questions by expected segment ids. */
export function bookAsSet(book: BrandBook, segment: Segmenter): RetrievalSet & { missingExpected: string[] } {
  const segments = book.documents
    .flatMap((d) => segment(d.text))
    .map((text, i) => ({ id: `${book.brand}-${String(i).padStart(3, "0")}`, text }));
  const missingExpected: string[] = [];
  const questions = book.questions.map((q) => {
    const phrases = (Array.isArray(q.expected) ? q.expected : [q.expected]).map(squash);
    const expected = segments.filter((s) => phrases.some((p) => squash(s.text).includes(p))).map((s) => s.id);
    if (!expected.length) missingExpected.push(q.q);
    return { q: q.q, expected, split: book.brand };
  });
  return { segments, questions: questions.filter((q) => q.expected.length > 0), unanswerable: book.unanswerable, missingExpected };
}
