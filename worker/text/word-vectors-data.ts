// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- ambient "*.bin" module type, also needed where tests compile this file
/// <reference path="./bin-modules.d.ts" />
// The committed word-vector table, imported as a binary module (wrangler's default rule treats
// *.bin as "Data": an ArrayBuffer). Parsed lazily, once per isolate, on the first embedding.
import data from "./data/word-vectors.bin";
import { parseWordVectorTable, type WordVectorTable } from "./word-vectors";

let table: WordVectorTable | undefined;

export function bundledWordVectors(): WordVectorTable {
  table ??= parseWordVectorTable(data);
  return table;
}
