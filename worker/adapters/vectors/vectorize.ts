// Cloudflare Vectorize implementation: one namespace per project (the namespace is chosen by the
// server from the owned project id, never by the caller), metadata {documentId, kind, engine}.
// The index has one fixed dimension, so vectors of another dimension are refused; the engine is
// a metadata filter so vectors of different engines are never compared. Queries filter on "kind"
// and "engine" and read "documentId" back with returnMetadata "indexed", so all three need a
// metadata index (VECTORIZE_METADATA_INDEXES, created by `npm run deploy` before the first
// insert; decision 192). "dim" is stored for people reading the index, never queried.
import type { VectorIndex, VectorMatch, VectorQuery, VectorRecord, VectorSpace } from "./types";
import { VECTORIZE_METADATA_INDEXES } from "./vectorize-metadata";

/** The properties a query may read or filter on: only those with a metadata index. */
const INDEXED = new Set<string>(VECTORIZE_METADATA_INDEXES.map((m) => m.propertyName));

// Vectorize limits: 1000 vectors per upsert call, 1000 ids per delete, topK <= 100 with metadata.
const UPSERT_CHUNK = 1000;
const DELETE_CHUNK = 1000;
const MAX_TOP_K = 50;

export class VectorizeVectorIndex implements VectorIndex {
  readonly name = "vectorize" as const;
  // Works with the V2 binding (Vectorize) and the beta one (VectorizeIndex): the calls used are common to both.
  constructor(private readonly index: Vectorize | VectorizeIndex) {}

  async upsert(projectId: string, space: VectorSpace, records: VectorRecord[]): Promise<void> {
    for (let i = 0; i < records.length; i += UPSERT_CHUNK) {
      const chunk = records.slice(i, i + UPSERT_CHUNK);
      await this.index.upsert(
        chunk.map((r) => {
          if (r.values.length !== space.dim) throw new Error(`vector ${r.id} has dimension ${r.values.length}, expected ${space.dim}`);
          return {
            id: r.id,
            namespace: projectId,
            values: Array.from(r.values),
            metadata: { documentId: r.documentId, kind: r.kind, engine: space.engine, dim: space.dim },
          };
        }),
      );
    }
  }

  async query(projectId: string, space: VectorSpace, vector: Float32Array, q: VectorQuery): Promise<VectorMatch[]> {
    if (vector.length !== space.dim || q.topK <= 0) return [];
    const exclude = new Set(q.excludeDocumentIds ?? []);
    // Ask for extra matches when some documents are excluded, since the filter happens here.
    const want = Math.min(MAX_TOP_K, q.topK + exclude.size * 4);
    const filter = { kind: q.kind, engine: space.engine };
    // A filter or read on a property without a metadata index silently matches nothing.
    if (!INDEXED.has("documentId") || Object.keys(filter).some((k) => !INDEXED.has(k)))
      throw new Error("Vectorize query uses a property without a metadata index");
    const res = await this.index.query(Array.from(vector), {
      topK: want,
      namespace: projectId,
      returnMetadata: "indexed",
      filter,
    });
    const out: VectorMatch[] = [];
    for (const m of res.matches) {
      const documentId = String(m.metadata?.documentId ?? "");
      if (!documentId || exclude.has(documentId) || m.score < q.threshold) continue;
      out.push({ id: m.id, documentId, score: m.score });
      if (out.length >= q.topK) break;
    }
    return out;
  }

  async deleteByIds(projectId: string, ids: string[]): Promise<void> {
    // Ids embed the (owned) document id, so only this project's vectors can be named here.
    void projectId;
    for (let i = 0; i < ids.length; i += DELETE_CHUNK) await this.index.deleteByIds(ids.slice(i, i + DELETE_CHUNK));
  }
}
