import { describe, expect, it } from "vitest";
import rules from "../contracts/vectorize/rules.json";
import { VectorizeVectorIndex } from "../../worker/adapters/vectors/vectorize";
import { VECTORIZE_METADATA_INDEXES } from "../../worker/adapters/vectors/vectorize-metadata";
import { cosine } from "../../worker/adapters/vectors/types";

/** What Vectorize answers a call outside its rules with: the binding throws. */
const refuse = (why: string): never => {
  throw new Error(`Vectorize refused the call: ${why} (test/contracts/vectorize/rules.json)`);
};

/**
 * An in-memory stand-in for a Vectorize binding that keeps Vectorize's rules
 * (test/contracts/vectorize/rules.json): a filter matches only properties with a metadata index,
 * and only vectors written after that index existed; returnMetadata "indexed" returns only indexed
 * properties; an unknown query option, a topK over its limit, a batch over 1,000 or a vector of
 * another dimension than the index's is refused. By default it has the indexes `npm run deploy`
 * creates, and 3 dimensions.
 */
function fakeVectorize(metadataIndexes: readonly string[] = VECTORIZE_METADATA_INDEXES.map((m) => m.propertyName), dimensions = 3) {
  const store = new Map<string, VectorizeVector>();
  const indexed = new Set(metadataIndexes);
  const calls: { op: string; arg: unknown }[] = [];
  const binding = {
    async upsert(vectors: VectorizeVector[]) {
      calls.push({ op: "upsert", arg: vectors });
      if (vectors.length > rules.upsert.perCall) refuse(`${vectors.length} vectors in one upsert (at most ${rules.upsert.perCall})`);
      for (const v of vectors) if (v.values.length !== dimensions) refuse(`a vector of ${v.values.length} dimensions in an index of ${dimensions}`);
      for (const v of vectors) store.set(v.id, v);
      return { ids: vectors.map((v) => v.id), count: vectors.length };
    },
    async deleteByIds(ids: string[]) {
      calls.push({ op: "delete", arg: ids });
      if (ids.length > rules.deleteByIds.perCall) refuse(`${ids.length} ids in one delete (at most ${rules.deleteByIds.perCall})`);
      for (const id of ids) store.delete(id);
      return { ids, count: ids.length };
    },
    async query(vector: number[], opts: VectorizeQueryOptions) {
      calls.push({ op: "query", arg: opts });
      for (const k of Object.keys(opts)) if (!rules.query.options.includes(k)) refuse(`unknown query option "${k}"`);
      if (opts.returnMetadata !== undefined && !Object.hasOwn(rules.query.returnMetadata, String(opts.returnMetadata)))
        refuse(`returnMetadata ${JSON.stringify(opts.returnMetadata)}`);
      const max = opts.returnValues || opts.returnMetadata === "all" ? rules.query.topKMax.withValuesOrAllMetadata : rules.query.topKMax.default;
      const topK = opts.topK ?? 5;
      if (!Number.isInteger(topK) || topK < 1 || topK > max) refuse(`topK ${topK} (at most ${max} here)`);
      if (vector.length !== dimensions) refuse(`a query vector of ${vector.length} dimensions in an index of ${dimensions}`);
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

  it("the stand-in refuses what Vectorize refuses: an unknown option, topK over its limit, a batch over 1,000, another dimension", async () => {
    const { binding } = fakeVectorize();
    await expect(binding.query([1, 0, 0], { topK: 5, returnMetadata: "indexed", includeValues: true } as VectorizeQueryOptions)).rejects.toThrow(
      'unknown query option "includeValues"',
    );
    await expect(binding.query([1, 0, 0], { topK: 101, returnMetadata: "indexed" })).rejects.toThrow("topK 101 (at most 100 here)");
    await expect(binding.query([1, 0, 0], { topK: 21, returnMetadata: "all" })).rejects.toThrow("topK 21 (at most 20 here)");
    await expect(binding.query([1, 0, 0], { topK: 5, returnMetadata: "some" as "all" })).rejects.toThrow('returnMetadata "some"');
    await expect(binding.query([1, 0], { topK: 5 })).rejects.toThrow("2 dimensions in an index of 3");
    const many = Array.from({ length: 1001 }, (_, i) => ({ id: `x${i}`, values: [1, 0, 0] }));
    await expect(binding.upsert(many)).rejects.toThrow("1001 vectors in one upsert (at most 1000)");
    await expect(binding.deleteByIds(many.map((m) => m.id))).rejects.toThrow("1001 ids in one delete (at most 1000)");
    expect(await binding.query([1, 0, 0], { topK: 100, returnMetadata: "indexed" })).toMatchObject({ count: 0 });
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
