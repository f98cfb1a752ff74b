// The embedded vector index: float32 vectors in the D1 table brain_vectors, cosine similarity in
// the Worker. Every read is scoped by project, engine, dimension and kind, so a query never sees
// another project's vectors nor vectors of another engine. Vectors are stored unit-length, so the
// score is a dot product. Writes use "insert or replace" on deterministic ids: a retried job
// rewrites the same rows instead of adding duplicates.
//
// Reading and decoding every vector of a project costs ~0.5 s for 10,000 segments, so decoded
// vectors are kept in memory per isolate, keyed by project/engine/dim/kind. Each query first reads
// a cheap version token (row count, rowid max and sum of those vectors, plus the project's
// document ids, statuses and progress) in the same round trip; any change rebuilds the entry, so
// a cached answer is never stale. Writes through this class also drop the project's entries.
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

type CacheEntry = { token: string; ids: string[]; documentIds: string[]; matrix: Float32Array; dim: number };
const cache = new Map<string, CacheEntry>();
/** At most this many floats (4 bytes each) are kept decoded per isolate. */
const MAX_CACHED_FLOATS = 8_000_000;

function remember(key: string, entry: CacheEntry) {
  cache.delete(key);
  cache.set(key, entry);
  let total = 0;
  for (const e of cache.values()) total += e.matrix.length;
  // Oldest first (Map keeps insertion order; hits are re-inserted).
  for (const [k, e] of cache) {
    if (total <= MAX_CACHED_FLOATS || k === key) break;
    cache.delete(k);
    total -= e.matrix.length;
  }
  if (entry.matrix.length > MAX_CACHED_FLOATS) cache.delete(key);
}

function forgetProject(projectId: string) {
  for (const k of cache.keys()) if (k.startsWith(`${projectId}|`)) cache.delete(k);
}

/** For tests: empties the decoded-vector cache. */
export function clearVectorCache() {
  cache.clear();
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
        this.d1.prepare(sql).bind(...rows.flatMap((r) => [r.id, projectId, r.documentId, r.kind, space.engine, space.dim, vectorToBytes(normalize(r.values))])),
      );
    }
    forgetProject(projectId);
    for (let i = 0; i < statements.length; i += STATEMENTS_PER_BATCH) {
      await this.d1.batch(statements.slice(i, i + STATEMENTS_PER_BATCH));
    }
    forgetProject(projectId);
  }

  private async load(projectId: string, space: VectorSpace, kind: string): Promise<CacheEntry> {
    const key = `${projectId}|${space.engine}|${space.dim}|${kind}`;
    const [stats, docs] = await this.d1.batch<Record<string, unknown>>([
      this.d1
        .prepare("select count(*) as n, max(rowid) as m, total(rowid) as s from brain_vectors where project_id = ? and engine = ? and kind = ? and dim = ?")
        .bind(projectId, space.engine, kind, space.dim),
      this.d1.prepare("select group_concat(id || ':' || status || ':' || progress_done, ',') as sig from brain_documents where project_id = ?").bind(projectId),
    ]);
    const st = stats!.results[0] ?? {};
    const token = `${st.n}|${st.m}|${st.s}|${String(docs!.results[0]?.sig ?? "")}`;
    const hit = cache.get(key);
    if (hit && hit.token === token) {
      remember(key, hit);
      return hit;
    }
    const { results } = await this.d1
      .prepare("select id, document_id as documentId, hex(vector) as v from brain_vectors where project_id = ? and engine = ? and kind = ? and dim = ?")
      .bind(projectId, space.engine, kind, space.dim)
      .all<{ id: string; documentId: string; v: string }>();
    const dim = space.dim;
    const rows = results.filter((r) => r.v.length === dim * 8);
    const matrix = new Float32Array(rows.length * dim);
    rows.forEach((r, i) => matrix.set(hexToFloat32(r.v), i * dim));
    const entry: CacheEntry = { token, ids: rows.map((r) => r.id), documentIds: rows.map((r) => r.documentId), matrix, dim };
    remember(key, entry);
    return entry;
  }

  async query(projectId: string, space: VectorSpace, vector: Float32Array, q: VectorQuery): Promise<VectorMatch[]> {
    if (vector.length !== space.dim || q.topK <= 0) return [];
    const { ids, documentIds, matrix, dim } = await this.load(projectId, space, q.kind);
    const exclude = new Set(q.excludeDocumentIds ?? []);
    const query = normalize(vector);
    const n = ids.length;
    const scores = new Float32Array(n);
    for (let r = 0; r < n; r++) {
      if (exclude.size && exclude.has(documentIds[r]!)) {
        scores[r] = -Infinity;
        continue;
      }
      let dot = 0;
      const off = r * dim;
      for (let i = 0; i < dim; i++) dot += matrix[off + i]! * query[i]!;
      scores[r] = dot;
    }
    return topK(scores, q.topK, q.threshold).map((i) => ({
      id: ids[i]!,
      documentId: documentIds[i]!,
      score: Math.min(1, Math.max(-1, scores[i]!)),
    }));
  }

  async deleteByIds(projectId: string, ids: string[]): Promise<void> {
    const statements: D1PreparedStatement[] = [];
    for (let i = 0; i < ids.length; i += IDS_PER_DELETE) {
      const chunk = ids.slice(i, i + IDS_PER_DELETE);
      statements.push(
        this.d1.prepare(`delete from brain_vectors where project_id = ? and id in (${chunk.map(() => "?").join(", ")})`).bind(projectId, ...chunk),
      );
    }
    forgetProject(projectId);
    for (let i = 0; i < statements.length; i += STATEMENTS_PER_BATCH) {
      await this.d1.batch(statements.slice(i, i + STATEMENTS_PER_BATCH));
    }
    forgetProject(projectId);
  }
}
