// The vector index: one interface, two implementations (D1 embedded default, Vectorize). Every
// vector belongs to one project and one "space" (engine + dimension); a query only ever compares
// vectors of the same project and the same space, because vectors of different engines or sizes
// are not comparable (DESIGN: "vectors of different engines are never compared").
import { cosine as cosineOf } from "../../lib/cosine";

type VectorKind = "document" | "segment";
export type VectorSpace = { engine: string; dim: number };

export type VectorRecord = { id: string; documentId: string; kind: VectorKind; values: Float32Array };
export type VectorMatch = { id: string; documentId: string; score: number };

export type VectorQuery = {
  kind: VectorKind;
  topK: number;
  /** Minimum cosine similarity (inclusive). */
  threshold: number;
  /** Leave these documents out (e.g. the document being connected to others). */
  excludeDocumentIds?: string[];
};

export interface VectorIndex {
  readonly name: "d1" | "vectorize";
  /** Inserts or replaces by id (retries re-write the same ids, never duplicate). */
  upsert(projectId: string, space: VectorSpace, records: VectorRecord[]): Promise<void>;
  /** Top-k by cosine similarity above the threshold, best first. */
  query(projectId: string, space: VectorSpace, vector: Float32Array, q: VectorQuery): Promise<VectorMatch[]>;
  /** Removes vectors by id (ids of another project are left alone). */
  deleteByIds(projectId: string, ids: string[]): Promise<void>;
}

/** Cosine similarity; 0 for vectors of different lengths. */
export function cosine(a: Float32Array, b: Float32Array): number {
  return a.length === b.length ? cosineOf(a, b) : 0;
}

/** Unit-length copy (so cosine becomes a dot product); a zero vector stays zero. */
export function normalize(v: Float32Array): Float32Array {
  let n = 0;
  for (let i = 0; i < v.length; i++) n += v[i]! * v[i]!;
  const out = new Float32Array(v.length);
  if (n === 0) return out;
  const inv = 1 / Math.sqrt(n);
  for (let i = 0; i < v.length; i++) out[i] = v[i]! * inv;
  return out;
}
