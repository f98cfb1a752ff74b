import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { clearVectorCache, D1VectorIndex, hexToFloat32, vectorToBytes } from "../../worker/adapters/vectors/d1";
import { cosine } from "../../worker/adapters/vectors/types";
import { signIn } from "./helpers";

const space = { engine: "test-engine", dim: 4 };
const v = (...xs: number[]) => new Float32Array(xs);

async function doc(projectId: string, id = crypto.randomUUID()) {
  await env.DB.prepare(
    "insert into brain_documents (id, project_id, title, content, type, status, progress_done, progress_total, metadata, created_at) values (?, ?, 't', 'c', 'document', 'ready', 0, 0, '{}', ?)",
  )
    .bind(id, projectId, Date.now())
    .run();
  return id;
}

describe("D1 vector index", () => {
  it("round-trips float32 vectors through hex", () => {
    const x = v(1, -2.5, 3.25, 0);
    const hex = [...new Uint8Array(vectorToBytes(x))].map((b) => b.toString(16).padStart(2, "0")).join("");
    expect(Array.from(hexToFloat32(hex))).toEqual([1, -2.5, 3.25, 0]);
    expect(Array.from(hexToFloat32(hex.toUpperCase()))).toEqual([1, -2.5, 3.25, 0]);
  });

  it("ranks by cosine, keeps top-k above the threshold", async () => {
    const { projectId } = await signIn();
    const d = await doc(projectId);
    const index = new D1VectorIndex(env.DB);
    await index.upsert(projectId, space, [
      { id: "a", documentId: d, kind: "segment", values: v(1, 0, 0, 0) },
      { id: "b", documentId: d, kind: "segment", values: v(0.9, 0.1, 0, 0) },
      { id: "c", documentId: d, kind: "segment", values: v(0.5, 0.5, 0, 0) },
      { id: "d", documentId: d, kind: "segment", values: v(0, 0, 1, 0) },
    ]);
    const q = v(2, 0, 0, 0); // length does not matter for cosine
    const top2 = await index.query(projectId, space, q, { kind: "segment", topK: 2, threshold: 0 });
    expect(top2.map((m) => m.id)).toEqual(["a", "b"]);
    expect(top2[0]!.score).toBeCloseTo(1, 5);
    expect(top2[1]!.score).toBeCloseTo(cosine(q, v(0.9, 0.1, 0, 0)), 5);

    const above = await index.query(projectId, space, q, { kind: "segment", topK: 10, threshold: 0.75 });
    expect(above.map((m) => m.id)).toEqual(["a", "b"]); // c is 0.707, d is 0
    const all = await index.query(projectId, space, q, { kind: "segment", topK: 10, threshold: -1 });
    expect(all.map((m) => m.id)).toEqual(["a", "b", "c", "d"]);
  });

  it("never compares across projects, engines, dimensions or kinds", async () => {
    const a = await signIn();
    const b = await signIn();
    const da = await doc(a.projectId);
    const db = await doc(b.projectId);
    const index = new D1VectorIndex(env.DB);
    await index.upsert(a.projectId, space, [{ id: "pa", documentId: da, kind: "segment", values: v(1, 0, 0, 0) }]);
    await index.upsert(b.projectId, space, [{ id: "pb", documentId: db, kind: "segment", values: v(1, 0, 0, 0) }]);
    await index.upsert(a.projectId, { engine: "other-engine", dim: 4 }, [{ id: "oe", documentId: da, kind: "segment", values: v(1, 0, 0, 0) }]);
    await index.upsert(a.projectId, { engine: "test-engine", dim: 2 }, [{ id: "od", documentId: da, kind: "segment", values: v(1, 0) }]);
    await index.upsert(a.projectId, space, [{ id: "dv", documentId: da, kind: "document", values: v(1, 0, 0, 0) }]);

    const res = await index.query(a.projectId, space, v(1, 0, 0, 0), { kind: "segment", topK: 10, threshold: 0 });
    expect(res.map((m) => m.id)).toEqual(["pa"]);
    const docs = await index.query(a.projectId, space, v(1, 0, 0, 0), { kind: "document", topK: 10, threshold: 0 });
    expect(docs.map((m) => m.id)).toEqual(["dv"]);
    // A query vector of the wrong dimension matches nothing instead of comparing unlike vectors.
    expect(await index.query(a.projectId, space, v(1, 0), { kind: "segment", topK: 10, threshold: 0 })).toEqual([]);
    await expect(index.upsert(a.projectId, space, [{ id: "bad", documentId: da, kind: "segment", values: v(1, 0) }])).rejects.toThrow(/dimension/);
  });

  it("upserts by id (no duplicates), excludes documents, deletes only within the project", async () => {
    const a = await signIn();
    const b = await signIn();
    const d1 = await doc(a.projectId);
    const d2 = await doc(a.projectId);
    const db = await doc(b.projectId);
    const index = new D1VectorIndex(env.DB);
    await index.upsert(a.projectId, space, [{ id: "x", documentId: d1, kind: "segment", values: v(0, 1, 0, 0) }]);
    await index.upsert(a.projectId, space, [{ id: "x", documentId: d1, kind: "segment", values: v(1, 0, 0, 0) }]);
    await index.upsert(a.projectId, space, [{ id: "y", documentId: d2, kind: "segment", values: v(1, 0.1, 0, 0) }]);
    await index.upsert(b.projectId, space, [{ id: "z", documentId: db, kind: "segment", values: v(1, 0, 0, 0) }]);
    const count = await env.DB.prepare("select count(*) as n from brain_vectors where id = 'x'").first<{ n: number }>();
    expect(count?.n).toBe(1);
    const res = await index.query(a.projectId, space, v(1, 0, 0, 0), { kind: "segment", topK: 5, threshold: 0.9, excludeDocumentIds: [d2] });
    expect(res.map((m) => m.id)).toEqual(["x"]);

    await index.deleteByIds(a.projectId, ["x", "z"]); // z belongs to project b: left alone
    expect((await index.query(a.projectId, space, v(1, 0, 0, 0), { kind: "segment", topK: 5, threshold: 0 })).map((m) => m.id)).toEqual(["y"]);
    expect((await index.query(b.projectId, space, v(1, 0, 0, 0), { kind: "segment", topK: 5, threshold: 0 })).map((m) => m.id)).toEqual(["z"]);
  });

  it("handles more rows than one statement can bind", async () => {
    const { projectId } = await signIn();
    const d = await doc(projectId);
    const index = new D1VectorIndex(env.DB);
    const records = Array.from({ length: 300 }, (_, i) => ({
      id: `r${i}`,
      documentId: d,
      kind: "segment" as const,
      values: v(Math.cos(i / 100), Math.sin(i / 100), 0, 0),
    }));
    await index.upsert(projectId, space, records);
    const res = await index.query(projectId, space, v(1, 0, 0, 0), { kind: "segment", topK: 3, threshold: 0 });
    expect(res.map((m) => m.id)).toEqual(["r0", "r1", "r2"]);
    await index.deleteByIds(
      projectId,
      records.map((r) => r.id),
    );
    expect(await index.query(projectId, space, v(1, 0, 0, 0), { kind: "segment", topK: 3, threshold: -1 })).toEqual([]);
  });

  it("never answers from a stale cache when rows change behind its back (rowids reused)", async () => {
    clearVectorCache();
    const { projectId } = await signIn();
    const d1 = await doc(projectId);
    const index = new D1VectorIndex(env.DB);
    await index.upsert(projectId, space, [
      { id: "old-1", documentId: d1, kind: "segment", values: v(1, 0, 0, 0) },
      { id: "old-2", documentId: d1, kind: "segment", values: v(0, 1, 0, 0) },
    ]);
    expect((await index.query(projectId, space, v(1, 0, 0, 0), { kind: "segment", topK: 1, threshold: 0 }))[0]!.id).toBe("old-1");
    // Another isolate deletes the document and adds one with the same number of vectors.
    await env.DB.prepare("delete from brain_vectors where document_id = ?").bind(d1).run();
    await env.DB.prepare("delete from brain_documents where id = ?").bind(d1).run();
    const d2 = await doc(projectId);
    for (const [id, vec] of [
      ["new-1", v(1, 0, 0, 0)],
      ["new-2", v(0, 0, 1, 0)],
    ] as const) {
      await env.DB.prepare("insert into brain_vectors (id, project_id, document_id, kind, engine, dim, vector) values (?, ?, ?, 'segment', ?, ?, ?)")
        .bind(id, projectId, d2, space.engine, space.dim, vectorToBytes(vec))
        .run();
    }
    const res = await index.query(projectId, space, v(1, 0, 0, 0), { kind: "segment", topK: 5, threshold: -1 });
    expect(res.map((m) => m.id).sort()).toEqual(["new-1", "new-2"]);
    // A same-count change inside the document (new vector values for a replaced row) is seen too.
    await env.DB.prepare("update brain_documents set progress_done = progress_done + 1 where id = ?").bind(d2).run();
    await env.DB.prepare("update brain_vectors set vector = ? where id = 'new-2'")
      .bind(vectorToBytes(v(2, 0, 0, 0)))
      .run();
    const again = await index.query(projectId, space, v(1, 0, 0, 0), { kind: "segment", topK: 5, threshold: 0.9 });
    expect(again.map((m) => m.id).sort()).toEqual(["new-1", "new-2"]);
  });
});
