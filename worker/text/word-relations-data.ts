// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- ambient "*.bin" module type, also needed where tests compile this file
/// <reference path="./bin-modules.d.ts" />
// The committed WordNet related-word table (scripts/build-word-relations.mjs), imported as a binary
// (Data) module like the word-vector table. Parsed lazily, once per isolate, on the first query.
import data from "./data/word-relations.bin";
import { parseWordRelations, type RelatedStems } from "./word-relations";

let related: RelatedStems | undefined;

export function bundledWordRelations(): RelatedStems {
  related ??= parseWordRelations(data);
  return related;
}
