// Reads the compact word-vector table produced by scripts/build-word-vectors.mjs (layout described
// there, version 2): per word a scale byte and 4-bit values, words in frequency order at the end.
// Rows are decoded to float32 once, when the table is parsed (20,000 x 64 floats = 5 MB of memory).

export type WordVectorTable = {
  readonly dim: number;
  /** Index of a word in the table (0 = most frequent), or -1. */
  indexOf(word: string): number;
  /** Adds weight * vector(index) into out[offset..offset+dim). */
  addInto(index: number, weight: number, out: Float32Array, offset: number): void;
  readonly size: number;
  /** The words in table order (optional; used to skip stopwords when estimating the background). */
  readonly words?: readonly string[];
};

export function parseWordVectorTable(data: ArrayBuffer | Uint8Array): WordVectorTable {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = String.fromCharCode(bytes[0]!, bytes[1]!, bytes[2]!, bytes[3]!);
  if (magic !== "BPWV" || bytes[4] !== 2 || bytes[6] !== 4) throw new Error("word-vectors: unknown table format");
  const dim = bytes[5]!;
  const count = view.getUint32(8, true);
  const scalesAt = 16;
  const valuesAt = scalesAt + count;
  const wordsAt = valuesAt + (count * dim) / 2;
  const wordList = new TextDecoder().decode(bytes.subarray(wordsAt)).split("\n");
  if (wordList.length !== count) throw new Error("word-vectors: word count mismatch");
  const rows = new Float32Array(count * dim);
  for (let i = 0; i < count; i++) {
    const unit = bytes[scalesAt + i]! / 255 / 7;
    for (let d = 0; d < dim; d++) {
      const b = bytes[valuesAt + ((i * dim + d) >> 1)]!;
      const nib = d % 2 ? b >> 4 : b & 0x0f;
      rows[i * dim + d] = (nib > 7 ? nib - 16 : nib) * unit;
    }
  }
  const index = new Map<string, number>();
  wordList.forEach((w, i) => index.set(w, i));
  return {
    dim,
    size: count,
    words: wordList,
    indexOf: (word) => index.get(word) ?? -1,
    addInto(i, weight, out, offset) {
      const base = i * dim;
      for (let d = 0; d < dim; d++) out[offset + d]! += rows[base + d]! * weight;
    },
  };
}

/** Unit vectors of words from a table (null for unknown words), cached per lookup. */
export function wordLookup(table: WordVectorTable): (word: string) => Float32Array | null {
  const cache = new Map<string, Float32Array | null>();
  return (word) => {
    let v = cache.get(word);
    if (v !== undefined) return v;
    const i = table.indexOf(word);
    if (i < 0) v = null;
    else {
      const out = new Float32Array(table.dim);
      table.addInto(i, 1, out, 0);
      let n = 0;
      for (const x of out) n += x * x;
      n = Math.sqrt(n);
      v = n > 0 ? out.map((x) => x / n) : null;
    }
    if (cache.size > 100_000) cache.clear();
    cache.set(word, v);
    return v;
  };
}
