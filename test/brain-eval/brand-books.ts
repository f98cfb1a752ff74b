// Brand books as a user pastes them (test/fixtures/brand-books): each book is segmented by the
// product's own segmentation, and each question's expected passage is found by a phrase of it, so
// the set measures segmentation and ranking together and survives a change of segmentation.
import type { RetrievalSet } from "./retrieval-eval";
import type { PassageRole } from "../../schema/api/passage-roles";
import { localPassageQuestions } from "../../worker/brain/expand";
import { classifyPassage } from "../../worker/brain/roles/classify";
import { passagesOf, type Passage } from "../../worker/services/brain/passages";
import { BRAIN } from "../../worker/services/brain/text";

export type BrandBook = {
  brand: string;
  trade: string;
  documents: { title: string; text: string }[];
  questions: { q: string; expected: string | string[] }[];
  unanswerable: string[];
};

export type Segmenter = (text: string) => (string | Passage)[];

const squash = (s: string) => s.replace(/\s+/g, " ").trim();

/** The book as a retrieval set: one brand, its segments ("brand-007") and questions by expected segment ids. */
export function bookAsSet(
  book: BrandBook,
  segment: Segmenter,
  opts: { roles: boolean; questions: boolean } = { roles: false, questions: false },
): RetrievalSet & { missingExpected: string[] } {
  const segments = book.documents
    .flatMap((d) => segment(d.text))
    .map((p, i) => {
      const passage: Passage = typeof p === "string" ? { text: p, shape: "prose" } : p;
      const id = `${book.brand}-${String(i).padStart(3, "0")}`;
      if (!opts.roles || typeof p === "string") return { id, text: passage.text };
      const role = classifyPassage(passage);
      return { id, text: passage.text, role, ...(opts.questions ? { questions: localPassageQuestions(passage.text, role).join(" ") } : {}) };
    });
  const missingExpected: string[] = [];
  const questions = book.questions.map((q) => {
    const phrases = (Array.isArray(q.expected) ? q.expected : [q.expected]).map(squash);
    const expected = segments.filter((s) => phrases.some((p) => squash(s.text).includes(p))).map((s) => s.id);
    if (!expected.length) missingExpected.push(q.q);
    return { q: q.q, expected, split: book.brand };
  });
  return { segments, questions: questions.filter((q) => q.expected.length > 0), unanswerable: book.unanswerable, missingExpected };
}

/** What ingest adds to each passage (decisions 182, 183): its role and, optionally, the questions it answers. */
export function annotated<S extends { text: string }>(
  segments: S[],
  opts: { roles: boolean; questions: boolean },
): (S & { role?: PassageRole; questions?: string })[] {
  return segments.map((s) => {
    if (!opts.roles) return s;
    const passage = passagesOf(s.text, BRAIN.segmentChars)[0] ?? { text: s.text, shape: "prose" as const };
    const role = classifyPassage({ ...passage, text: s.text });
    return { ...s, role, ...(opts.questions ? { questions: localPassageQuestions(s.text, role).join(" ") } : {}) };
  });
}
