// The relevance floor of each engine (decision 111). An engine may declare its own calibration
// (the local engine's is measured on the retrieval set); otherwise it is centred on the engine's
// cosine match threshold: a segment whose cosine equals the threshold, sharing no word with the
// question, sits exactly on the floor, and shared rare words lift it above.
import type { RelevanceCalibration } from "./hybrid-rank";
import type { AiEngine } from "../../adapters/ai/types";

function calibrationAround(matchThreshold: number): RelevanceCalibration {
  return { unrelated: matchThreshold - 0.15, strong: matchThreshold + 0.15, vectorWeight: 0.6, floor: 0.3 };
}

export function relevanceOf(engine: Pick<AiEngine, "matchThreshold" | "relevance">): RelevanceCalibration {
  return engine.relevance ?? calibrationAround(engine.matchThreshold);
}
