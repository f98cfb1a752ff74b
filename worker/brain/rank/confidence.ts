// Confidence of an answer (decision 183). The engine's floor decides whether the brain
// answers at all (decision 173). Above it, the best match is judged against the project's own
// passages for the same question: "clear" when it stands above the next one, "possible" when
// other passages score about as well (the user sees each candidate labelled "Possible match").
// A zone under the floor for "possible" answers was measured and dropped: on the tuning sets it
// showed 16 more right answers but answered 27 more off-topic pairs of 178 (decision 183).
// Near the floor, words and meaning must agree (decision 293): with the engine's calibration, a
// best match just above the floor whose vector does not agree is no answer, and one below it whose
// vector does is shown as a possible match. Right and wrong passages score in the same range of
// fused relevance (decision 257); the vector's agreement is the second, independent signal.
import { answerOf, vectorScore, type Ranked, type RelevanceCalibration } from "./hybrid-rank";

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

/** How many matches after the best may answer for it when they agree more strongly (decision 330). */
const RUNNERS_UP = 2;

/**
 * Whether the list answers by the second stage (decision 293): "best" when its best match does,
 * "runner-up" when only one of the next RUNNERS_UP does with a stronger vector (decision 330),
 * false when none does, undefined to leave it to the floor alone.
 */
function agreed(ranked: readonly Ranked[], floor: number, cal: RelevanceCalibration | undefined): "best" | "runner-up" | false | undefined {
  const rule = cal?.agreement;
  const best = ranked[0];
  // Only at the engine's own floor: a caller with its own floor (a campaign ranks everything) keeps it.
  if (!best || !rule || floor !== cal.floor) return undefined;
  if (best.relevance >= rule.high) return "best";
  if (best.relevance >= rule.low && vectorScore(best.cosine, cal) >= rule.vector) return "best";
  const runnerUp = rule.runnerUpVector;
  if (runnerUp === undefined) return false;
  return ranked.slice(1, 1 + RUNNERS_UP).some((r) => r.relevance >= rule.low && vectorScore(r.cosine, cal) >= runnerUp) && "runner-up";
}

/** The answer a ranked list (best first) gives: its confidence and the matches to show. */
export function judgeAnswer(ranked: readonly Ranked[], floor: number, k: number, cal?: RelevanceCalibration): { confidence: Confidence; matches: Ranked[] } {
  const agreement = agreed(ranked, floor, cal);
  const matches = answerOf(ranked, floor, k, agreement === undefined ? undefined : agreement !== false);
  if (!matches.length) return { confidence: "none", matches };
  const second = ranked[1];
  // An answer under the floor, admitted because both signals agree, is a candidate, not a clear
  // answer; so is one that a match after the best agreed for (decision 330).
  const ambiguous = agreement === "runner-up" || ranked[0]!.relevance < floor || (second && ranked[0]!.relevance - second.relevance < AMBIGUOUS_GAP);
  return { confidence: ambiguous ? "possible" : "clear", matches };
}
