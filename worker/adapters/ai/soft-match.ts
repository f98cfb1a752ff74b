// The synonym side of the lexical ranking (decision 111): word-vector neighbours (cosine above
// 0.45 earns part of a match) and the synonym rings of everyday customer questions (a full match).
import type { SoftMatchOptions } from "./hybrid-rank";
import type { WordVectorTable } from "./local/embed";
import { ringsOf } from "./local/synonyms";
import { bundledWordVectors } from "./local/word-vectors-data";
import { wordLookup } from "./local/word-vectors";

export function softMatchFor(table: WordVectorTable): SoftMatchOptions {
  return { lookup: wordLookup(table), minSimilarity: 0.45, weight: 0.8, rings: ringsOf, ringStrength: 1 };
}

let bundled: SoftMatchOptions | undefined;
/** With the Worker's bundled word-vector table (parsed once per isolate). */
export function bundledSoftMatch(): SoftMatchOptions {
  bundled ??= softMatchFor(bundledWordVectors());
  return bundled;
}
