// Local embeddings: signed feature hashing of word stems, word pairs and character trigrams
// (exact and near-exact wording), mixed with averaged word vectors from a small table shipped in
// the repo (paraphrases: "cheap" ~ "affordable"). Each block is L2-normalised and weighted, so the
// cosine of two embeddings is a fixed blend of the blocks' cosines.
import type { WordVectorTable } from "../../../text/word-vectors";
export type { WordVectorTable };
import { fnv1a, stem, STOPWORDS, words } from "../../../text/tokenize";

export type EmbedOptions = {
  hashDim: number;
  /** Block weights (applied after each block is normalised). */
  hashWeight: number;
  vectorWeight: number;
  unigram: number;
  bigram: number;
  trigram: number;
  /** SIF smoothing constant: word weight = a / (a + p(word)). */
  sifA: number;
  /** Subtract the expected vector of random English text so unrelated sentences score near 0. */
  centre: boolean;
};

export const DEFAULT_EMBED_OPTIONS: EmbedOptions = {
  hashDim: 256,
  hashWeight: 1,
  vectorWeight: 1,
  unigram: 1,
  bigram: 0.6,
  trigram: 0.35,
  sifA: 1e-3,
  centre: true,
};

function addHashed(out: Float32Array, dim: number, feature: string, weight: number) {
  const h = fnv1a(feature);
  const idx = h % dim;
  out[idx]! += h & 0x80000000 ? -weight : weight;
}

function normalise(v: Float32Array, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) n += v[i]! * v[i]!;
  n = Math.sqrt(n);
  if (n > 0) for (let i = from; i < to; i++) v[i]! /= n;
  return n;
}

export class LocalEmbedder {
  readonly dim: number;
  private readonly background: Float32Array | null = null;
  private readonly logSize: number;
  constructor(
    private readonly table: WordVectorTable | null,
    private readonly opts: EmbedOptions = DEFAULT_EMBED_OPTIONS,
  ) {
    this.dim = opts.hashDim + (table ? table.dim : 0);
    this.logSize = Math.log((table?.size ?? 1) + 1);
    if (table && opts.centre) {
      // Expected SIF-weighted content-word vector under a Zipf word distribution p(rank) ~ 1/rank.
      const bg = new Float32Array(table.dim);
      let total = 0;
      const words = table.words ?? [];
      for (let i = 0; i < table.size; i++) {
        if (words[i] !== undefined && STOPWORDS.has(words[i]!)) continue;
        const p = 1 / ((i + 1) * this.logSize);
        const w = p * this.sif(i);
        table.addInto(i, w, bg, 0);
        total += p;
      }
      if (total > 0) for (let d = 0; d < bg.length; d++) bg[d]! /= total;
      this.background = bg;
    }
  }

  private sif(index: number): number {
    const p = 1 / ((index + 1) * this.logSize);
    return this.opts.sifA / (this.opts.sifA + p);
  }

  /** Rarer words carry more meaning; the table is ordered by frequency, so its rank estimates that. */
  private wordWeight(word: string): number {
    if (!this.table) return 1;
    const r = this.table.indexOf(word);
    if (r < 0) return 1.6; // out of vocabulary: usually a name or product term, which matters a lot
    return Math.min(1.6, 0.45 + Math.log10(r + 10) / 3.2);
  }

  embed(text: string): Float32Array {
    const { hashDim, unigram, bigram, trigram, hashWeight, vectorWeight } = this.opts;
    const v = new Float32Array(this.dim);
    const toks = words(text);
    const content = toks.filter((w) => !STOPWORDS.has(w) && w.length > 1);
    const stems = content.map(stem);
    for (let i = 0; i < stems.length; i++) {
      const w = this.wordWeight(content[i]!);
      addHashed(v, hashDim, `u:${stems[i]}`, unigram * w);
      if (i + 1 < stems.length) addHashed(v, hashDim, `b:${stems[i]}|${stems[i + 1]}`, bigram * w);
      const padded = `<${stems[i]}>`;
      const grams = padded.length - 2;
      if (grams > 0) {
        const gw = (trigram * w) / Math.sqrt(grams);
        for (let j = 0; j + 3 <= padded.length; j++) addHashed(v, hashDim, `c:${padded.slice(j, j + 3)}`, gw);
      }
    }
    const hashNorm = normalise(v, 0, hashDim);
    if (this.table) {
      const td = this.table.dim;
      let found = 0;
      for (const w of content) {
        const idx = this.table.indexOf(w);
        if (idx < 0) continue;
        // SIF-style weight: frequent words say less (p(w) ~ 1/rank by Zipf's law).
        this.table.addInto(idx, this.sif(idx), v, hashDim);
        found++;
      }
      if (found > 0 && this.background) for (let d = 0; d < td; d++) v[hashDim + d]! -= found * this.background[d]!;
      const vecNorm = found > 0 ? normalise(v, hashDim, hashDim + td) : 0;
      if (hashNorm > 0) for (let i = 0; i < hashDim; i++) v[i]! *= hashWeight;
      if (vecNorm > 0) for (let i = hashDim; i < hashDim + td; i++) v[i]! *= vectorWeight;
      normalise(v, 0, v.length);
    }
    return v;
  }
}
