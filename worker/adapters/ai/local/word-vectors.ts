// Reads the compact word-vector table produced by scripts/build-word-vectors.mjs (format described
// there): int8 rows, one per word in frequency order, followed by the words.
import type { WordVectorTable } from "./embed";

export function parseWordVectorTable(data: ArrayBuffer | Uint8Array): WordVectorTable {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = String.fromCharCode(bytes[0]!, bytes[1]!, bytes[2]!, bytes[3]!);
  if (magic !== "BPWV" || bytes[4] !== 1) throw new Error("word-vectors: unknown table format");
  const dim = bytes[5]!;
  const count = view.getUint32(8, true);
  const scale = view.getFloat32(12, true);
  const start = 16;
  const vectors = new Int8Array(bytes.buffer, bytes.byteOffset + start, count * dim);
  const wordList = new TextDecoder().decode(bytes.subarray(start + count * dim)).split("\n");
  if (wordList.length !== count) throw new Error("word-vectors: word count mismatch");
  const index = new Map<string, number>();
  wordList.forEach((w, i) => index.set(w, i));
  const inv = 1 / scale;
  return {
    dim,
    size: count,
    words: wordList,
    indexOf: (word) => index.get(word) ?? -1,
    addInto(i, weight, out, offset) {
      const w = weight * inv;
      const base = i * dim;
      for (let d = 0; d < dim; d++) out[offset + d]! += vectors[base + d]! * w;
    },
  };
}
