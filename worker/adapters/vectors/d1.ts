// The embedded vector index: float32 vectors in the D1 table brain_vectors, cosine similarity in
// the Worker. Every read is scoped by project, engine, dimension and kind, so a query never sees
// another project's vectors nor vectors of another engine. Vectors are stored unit-length, so the
// score is a dot product. Writes use "insert or replace" on deterministic ids: a retried job
// rewrites the same rows instead of adding duplicates.
import type { VectorIndex, VectorMatch, VectorQuery, VectorRecord, VectorSpace } from "./types";
import { normalize } from "./types";

// D1 allows at most 100 bound parameters per statement; 7 columns per row -> 14 rows.
const ROWS_PER_INSERT = 14;
const STATEMENTS_PER_BATCH = 50;
const IDS_PER_DELETE = 90;

export function vectorToBytes(v: Float32Array): ArrayBuffer {
  return v.buffer.slice(v.byteOffset, v.byteOffset + v.byteLength) as ArrayBuffer;
}

const HEX = new Uint8Array(128);
for (let i = 0; i < 10; i++) HEX[48 + i] = i;
for (let i = 0; i < 6; i++) HEX[65 + i] = HEX[97 + i] = 10 + i;

/** D1 hands blobs over as arrays of numbers, which is slow for many vectors; hex() is ~10x faster. */
export function hexToFloat32(hex: string): Float32Array {
  const bytes = new Uint8Array(hex.length >> 1);
  for (let i = 0, j = 0; j < bytes.length; i += 2, j++) {
    bytes[j] = (HEX[hex.charCodeAt(i)]! << 4) | HEX[hex.charCodeAt(i + 1)]!;
  }
  return new Float32Array(bytes.buffer);
}

/** Keeps the k best (score, index) pairs without sorting everything. */
function topK(scores: Float32Array, k: number, threshold: number): number[] {
  const best: number[] = [];
  for (let i = 0; i < scores.length; i++) {
    const s = scores[i]!;
    if (s < threshold) continue;
    if (best.length < k) {
      best.push(i);
      best.sort((a, b) => scores[b]! - scores[a]!);
    } else if (s > scores[best[k - 1]!]!) {
      best[k - 1] = i;
      best.sort((a, b) => scores[b]! - scores[a]!);
    }
  }
  return best;
}

export class D1VectorIndex implements VectorIndex {
  readonly name = "d1" as const;
  constructor(private readonly d1: D1Database) {}

  async upsert(projectId: string, space: VectorSpace, records: VectorRecord[]): Promise<void> {
    for (const r of records) {
      if (r.values.length !== space.dim) throw new Error(`vector ${r.id} has dimension ${r.values.length}, expected ${space.dim}`);
    }
    const statements: D1PreparedStatement[] = [];
    for (let i = 0; i < records.length; i += ROWS_PER_INSERT) {
      const rows = records.slice(i, i + ROWS_PER_INSERT);
      const sql =
        "insert or replace into brain_vectors (id, project_id, document_id, kind, engine, dim, vector) values " +
        rows.map(() => "(?, ?, ?, ?, ?, ?, ?)").join(", ");
      statements.push(
        this.d1
          .prepare(sql)
          .bind(...rows.flatMap((r) => [r.id, projectId, r.documentId, r.kind, space.engine, space.dim, vectorToBytes(normalize(r.values))])),
      );
    }
    for (let i = 0; i < statements.length; i += STATEMENTS_PER_BATCH) {
      await this.d1.batch(statements.slice(i, i + STATEMENTS_PER_BATCH));
    }
  }

  async query(projectId: string, space: VectorSpace, vector: Float32Array, q: VectorQuery): Promise<VectorMatch[]> {
    if (vector.length !== space.dim || q.topK <= 0) return [];
    const { results } = await this.d1
      .prepare("select id, document_id as documentId, hex(vector) as v from brain_vectors where project_id = ? and engine = ? and kind = ? and dim = ?")
      .bind(projectId, space.engine, q.kind, space.dim)
      .all<{ id: string; documentId: string; v: string }>();
    const exclude = new Set(q.excludeDocumentIds ?? []);
    const query = normalize(vector);
    const dim = space.dim;
    const scores = new Float32Array(results.length);
    for (let r = 0; r < results.length; r++) {
      const row = results[r]!;
      if (exclude.has(row.documentId) || row.v.length !== dim * 8) {
        scores[r] = -Infinity;
        continue;
      }
      const v = hexToFloat32(row.v);
      let dot = 0;
      for (let i = 0; i < dim; i++) dot += v[i]! * query[i]!;
      scores[r] = dot;
    }
    return topK(scores, q.topK, q.threshold).map((i) => ({
      id: results[i]!.id,
      documentId: results[i]!.documentId,
      score: Math.min(1, Math.max(-1, scores[i]!)),
    }));
  }

  async deleteByIds(projectId: string, ids: string[]): Promise<void> {
    const statements: D1PreparedStatement[] = [];
    for (let i = 0; i < ids.length; i += IDS_PER_DELETE) {
      const chunk = ids.slice(i, i + IDS_PER_DELETE);
      statements.push(
        this.d1
          .prepare(`delete from brain_vectors where project_id = ? and id in (${chunk.map(() => "?").join(", ")})`)
          .bind(projectId, ...chunk),
      );
    }
    for (let i = 0; i < statements.length; i += STATEMENTS_PER_BATCH) {
      await this.d1.batch(statements.slice(i, i + STATEMENTS_PER_BATCH));
    }
  }
}
