import { describe, expect, it } from "vitest";
import { VectorizeVectorIndex } from "../../worker/adapters/vectors/vectorize";
import { VECTORIZE_METADATA_INDEXES } from "../../worker/adapters/vectors/vectorize-metadata";
import { cosine } from "../../worker/adapters/vectors/types";

/**
 * An in-memory stand-in for a Vectorize binding that keeps Vectorize's metadata rules
 * (test/contracts/vectorize/rules.json): a filter matches only properties with a metadata index,
 * and only vectors written after that index existed; returnMetadata "indexed" returns only indexed
 * properties. By default it has the indexes `npm run deploy` creates.
 */
function fakeVectorize(metadataIndexes: readonly string[] = VECTORIZE_METADATA_INDEXES.map((m) => m.propertyName)) {
  const store = new Map<string, VectorizeVector>();
  const indexed = new Set(metadataIndexes);
  const calls: { op: string; arg: unknown }[] = [];
  const binding = {
    async upsert(vectors: VectorizeVector[]) {
      calls.push({ op: "upsert", arg: vectors });
      for (const v of vectors) store.set(v.id, v);
      return { ids: vectors.map((v) => v.id), count: vectors.length };
    },
    async deleteByIds(ids: string[]) {
      calls.push({ op: "delete", arg: ids });
      for (const id of ids) store.delete(id);
      return { ids, count: ids.length };
    },
    async query(vector: number[], opts: VectorizeQueryOptions) {
      calls.push({ op: "query", arg: opts });
      const filter = (opts.filter ?? {}) as Record<string, unknown>;
      const metadataOf = (v: VectorizeVector) =>
        opts.returnMetadata === "all"
          ? v.metadata
          : opts.returnMetadata === "indexed"
            ? Object.fromEntries(Object.entries(v.metadata ?? {}).filter(([k]) => indexed.has(k)))
            : undefined;
      const matches = [...store.values()]
        .filter((v) => v.namespace === opts.namespace && Object.entries(filter).every(([k, want]) => indexed.has(k) && v.metadata?.[k] === want))
        .map((v) => ({ id: v.id, score: cosine(new Float32Array(vector), new Float32Array(v.values as number[])), metadata: metadataOf(v) }))
        .sort((a, b) => b.score - a.score)
        .slice(0, opts.topK ?? 5);
      return { matches, count: matches.length };
    },
  };
  return { binding: binding as unknown as Vectorize, calls, store };
}

const space = { engine: "eng-a", dim: 3 };
const v = (...xs: number[]) => new Float32Array(xs);

describe("Vectorize vector index", () => {
  it("writes one namespace per project with engine/kind metadata and filters queries by them", async () => {
    const { binding, calls, store } = fakeVectorize();
    const index = new VectorizeVectorIndex(binding);
    await index.upsert("p1", space, [
      { id: "s1", documentId: "d1", kind: "segment", values: v(1, 0, 0) },
      { id: "s2", documentId: "d2", kind: "segment", values: v(0.8, 0.2, 0) },
      { id: "doc1", documentId: "d1", kind: "document", values: v(1, 0, 0) },
    ]);
    await index.upsert("p2", space, [{ id: "other", documentId: "d9", kind: "segment", values: v(1, 0, 0) }]);
    await index.upsert("p1", { engine: "eng-b", dim: 3 }, [{ id: "b1", documentId: "d1", kind: "segment", values: v(1, 0, 0) }]);
    expect(store.get("s1")).toMatchObject({ namespace: "p1", metadata: { documentId: "d1", kind: "segment", engine: "eng-a", dim: 3 } });

    const res = await index.query("p1", space, v(1, 0, 0), { kind: "segment", topK: 3, threshold: 0.5 });
    expect(res.map((m) => m.id)).toEqual(["s1", "s2"]);
    expect(calls.find((c) => c.op === "query")!.arg).toMatchObject({ namespace: "p1", filter: { kind: "segment", engine: "eng-a" } });
    // Threshold and excluded documents are applied to what Vectorize returns.
    expect((await index.query("p1", space, v(1, 0, 0), { kind: "segment", topK: 3, threshold: 0.99 })).map((m) => m.id)).toEqual(["s1"]);
    expect((await index.query("p1", space, v(1, 0, 0), { kind: "segment", topK: 3, threshold: 0, excludeDocumentIds: ["d1"] })).map((m) => m.id)).toEqual([
      "s2",
    ]);
    // A vector of another dimension is never sent.
    expect(await index.query("p1", space, v(1, 0), { kind: "segment", topK: 3, threshold: 0 })).toEqual([]);
    await expect(index.upsert("p1", space, [{ id: "bad", documentId: "d1", kind: "segment", values: v(1, 0) }])).rejects.toThrow(/dimension/);

    await index.deleteByIds("p1", ["s1", "doc1"]);
    expect(store.has("s1")).toBe(false);
    expect(store.has("other")).toBe(true);
  });

  it("reads back only indexed metadata: documentId has its own index, without it every match would be dropped (decision 192)", async () => {
    expect(VECTORIZE_METADATA_INDEXES.map((m) => m.propertyName).sort()).toEqual(["documentId", "engine", "kind"]);
    const records = [{ id: "s1", documentId: "d1", kind: "segment" as const, values: v(1, 0, 0) }];
    const deployed = fakeVectorize();
    const index = new VectorizeVectorIndex(deployed.binding);
    await index.upsert("p1", space, records);
    expect(await index.query("p1", space, v(1, 0, 0), { kind: "segment", topK: 3, threshold: 0 })).toEqual([
      { id: "s1", documentId: "d1", score: expect.closeTo(1, 5) },
    ]);
    // What the README used to advise (indexes on kind and engine only): Vectorize returns no
    // documentId with returnMetadata "indexed", so no match can be used.
    const old = fakeVectorize(["kind", "engine"]);
    const oldIndex = new VectorizeVectorIndex(old.binding);
    await oldIndex.upsert("p1", space, records);
    expect(await oldIndex.query("p1", space, v(1, 0, 0), { kind: "segment", topK: 3, threshold: 0 })).toEqual([]);
  });

  it("splits large upserts and deletes into API-sized calls", async () => {
    const { binding, calls } = fakeVectorize();
    const index = new VectorizeVectorIndex(binding);
    const records = Array.from({ length: 2500 }, (_, i) => ({ id: `r${i}`, documentId: "d", kind: "segment" as const, values: v(1, i, 0) }));
    await index.upsert("p", space, records);
    expect(calls.filter((c) => c.op === "upsert").map((c) => (c.arg as unknown[]).length)).toEqual([1000, 1000, 500]);
    await index.deleteByIds(
      "p",
      records.map((r) => r.id),
    );
    expect(calls.filter((c) => c.op === "delete").map((c) => (c.arg as unknown[]).length)).toEqual([1000, 1000, 500]);
  });
});
