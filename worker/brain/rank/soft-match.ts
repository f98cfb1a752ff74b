// The synonym side of the lexical ranking (decision 111): word-vector neighbours (cosine above
// 0.45 earns part of a match), the synonym rings of everyday customer questions (a full match), and
// WordNet's related words for question words the project never uses (decision 115).
import type { SoftMatchOptions } from "./hybrid-rank";
import type { WordVectorTable } from "../../adapters/ai/local/embed";
import { ringsOf } from "../../text/synonyms";
import { bundledWordRelations } from "../../text/word-relations-data";
import { bundledWordVectors } from "../../text/word-vectors-data";
import { wordLookup } from "../../text/word-vectors";

function softMatchFor(table: WordVectorTable): SoftMatchOptions {
  return {
    lookup: wordLookup(table),
    minSimilarity: 0.45,
    weight: 0.8,
    rings: ringsOf,
    ringStrength: 1,
    // WordNet's related words (the everyday concept groups of decision 109 were retired, decision 221).
    related: bundledWordRelations(),
    // synonym, derivation, attribute, similar / see-also, hypernym or hyponym (measured, decision 115)
    relationStrength: { s: 0.9, d: 0.85, a: 0.8, l: 0.6, h: 0.6, g: 0.5 },
    relatedOnlyForUnknown: true,
    // ...and at half strength for words the project uses too (decision 116; 0.3 changed nothing,
    // expanding them at full strength lost direct questions, decision 115).
    knownRelatedFactor: 0.5,
    // ~3% of stems relate to more (go 292, make 197, take 225, come 48): too vague to stand in.
    maxRelated: 40,
  };
}

let bundled: SoftMatchOptions | undefined;
/** With the Worker's bundled word-vector table (parsed once per isolate). */
export function bundledSoftMatch(): SoftMatchOptions {
  bundled ??= softMatchFor(bundledWordVectors());
  return bundled;
}
