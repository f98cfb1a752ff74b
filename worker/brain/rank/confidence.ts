// Confidence of an answer (decision 183). The engine's floor decides whether the brain
// answers at all (decision 173). Above it, the best match is judged against the project's own
// passages for the same question: "clear" when it stands above the next one, "possible" when
// other passages score about as well (the user sees each candidate labelled "Possible match").
// A zone under the floor for "possible" answers was measured and dropped: on the tuning sets it
// showed 16 more right answers but answered 27 more off-topic pairs of 178 (decision 183).
import { answerOf, type Ranked } from "./hybrid-rank";

export type Confidence = "clear" | "possible" | "none";

/** Best and second best closer than this (on the 0-1 relevance scale) are candidates, not an answer. */
const AMBIGUOUS_GAP = 0.05;

/** How far the best match stands above the project's background for this question (the mean of its 4th to 10th). */
export function standout(ranked: readonly Ranked[]): number {
  if (!ranked.length) return 0;
  const background = ranked.slice(3, 10);
  const mean = background.length ? background.reduce((a, r) => a + r.relevance, 0) / background.length : 0;
  return ranked[0]!.relevance - mean;
}

/** The answer a ranked list (best first) gives: its confidence and the matches to show. */
export function judgeAnswer(ranked: readonly Ranked[], floor: number, k: number): { confidence: Confidence; matches: Ranked[] } {
  const matches = answerOf(ranked, floor, k);
  if (!matches.length) return { confidence: "none", matches };
  const second = ranked[1];
  return { confidence: second && ranked[0]!.relevance - second.relevance < AMBIGUOUS_GAP ? "possible" : "clear", matches };
}
