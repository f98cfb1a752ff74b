import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createAiEngine } from "../../worker/adapters/ai";
import { BRAIN_MAX_ATTEMPTS } from "../../worker/jobs/brain-consumer";
import { addTextDocument, deleteDocument, listDocuments } from "../../worker/services/brain/documents";
import { projectSummary } from "../../worker/services/brain/summary";
import { chunkByWords } from "../../worker/text/tokenize";
import { BRAIN, BRAIN_MESSAGES, documentParts, segmentText } from "../../worker/services/brain/text";
import { serviceCtx, signIn } from "./helpers";
import { BRAND_TEXT, count, deliver, faultyEngine, quietEnv } from "./brain-test-kit";

const engine = createAiEngine(env);

/** About n characters of varied, brand-like prose. */
function longText(n: number, seed = "trail"): string {
  const words = `${seed} backpack hiking recycled plastic warranty community outdoors sustainable commuter summit ridge daypack canvas strap`.split(" ");
  const out: string[] = [];
  let len = 0;
  for (let i = 0; len < n; i++) {
    const w = words[(i * 7 + Math.floor(i / 13)) % words.length]! + (i % 11 === 10 ? "." : "");
    out.push(w);
    len += w.length + 1;
  }
  return out.join(" ");
}

async function docRow(id: string) {
  return env.DB.prepare("select * from brain_documents where id = ?").bind(id).first<{
    status: string;
    progress_done: number;
    progress_total: number;
    error_message: string | null;
    content: string;
    title: string;
  }>();
}

describe("brain chunking rules (docs/product-spec.md section 9)", () => {
  it("splits by words into ~4000-character parts titled 'Document Part i/n'", () => {
    const text = longText(10_500);
    const parts = documentParts("Guide", text);
    expect(parts).toHaveLength(3);
    expect(parts.map((p) => p.title)).toEqual(["Guide (Document Part 1/3)", "Guide (Document Part 2/3)", "Guide (Document Part 3/3)"]);
    for (const p of parts.slice(0, -1)) {
      expect(p.text.length).toBeLessThanOrEqual(BRAIN.partChars);
      expect(p.text.length).toBeGreaterThan(BRAIN.partChars - 30);
    }
    // No word is cut: joining the parts gives the words back.
    expect(parts.map((p) => p.text).join(" ")).toBe(text.split(/\s+/).join(" "));
    expect(documentParts("Short", "one two")).toEqual([{ title: "Short", text: "one two" }]);
  });

  it("segments of about 150 characters, packed from whole sentences; a long sentence stands alone", () => {
    const segs = segmentText(BRAND_TEXT);
    for (const s of segs) expect(s.length).toBeLessThanOrEqual(BRAIN.segmentChars);
    expect(segs.join(" ")).toBe(BRAND_TEXT);
    // Every segment ends at a sentence end here (no sentence in BRAND_TEXT is over 150 characters).
    for (const s of segs) expect(s).toMatch(/\.$/);
    expect(segs.length).toBeGreaterThanOrEqual(Math.ceil(BRAND_TEXT.length / 150));
    // A sentence longer than 150 characters stands alone, never cut; decimals and "e.g." stay whole.
    const long = "word ".repeat(60).trim() + ". Short one, e.g. with 90.5 km.";
    expect(segmentText(long)).toEqual(["word ".repeat(60).trim() + ".", "Short one, e.g. with 90.5 km."]);
    // Only a "sentence" over 1000 characters (a table, a list) is cut by words.
    const huge = "word ".repeat(300).trim() + ".";
    const cut = segmentText(huge);
    expect(cut.length).toBe(2);
    expect(cut.every((s) => s.length <= 1000)).toBe(true);
    expect(cut.join(" ")).toBe(huge);
    expect(chunkByWords("x".repeat(320), 150).map((s) => s.length)).toEqual([150, 150, 20]);
    expect(segmentText("123 456 --- ...")).toEqual([]);
    expect(BRAIN).toMatchObject({
      partChars: 4000,
      storedContentChars: 2000,
      embeddingChars: 2000,
      segmentChars: 150,
      connectionThreshold: 0.7,
      topicBatchDocs: 2,
      topicDocChars: 1000,
      summaryInputChars: 4000,
    });
  });
});

describe("brain queue consumer", () => {
  it("takes a document from queued to ready, storing segments, vectors and progress", async () => {
    const u = await signIn();
    const { e, sent } = quietEnv();
    const doc = await addTextDocument(serviceCtx(u, e), u.projectId, { title: "About Acme", content: BRAND_TEXT });
    expect(doc).toMatchObject({ status: "queued", progress_done: 0, progress_total: 2 });
    expect(sent).toEqual([{ kind: "process-document", projectId: u.projectId, documentId: doc.id }]);

    const { ids, result } = await deliver(e, sent);
    expect(result.explicitAcks).toEqual(ids);
    const row = await docRow(doc.id);
    expect(row).toMatchObject({ status: "ready", progress_done: 2, progress_total: 2, error_message: null });

    const segs = segmentText(BRAND_TEXT);
    const stored = await env.DB.prepare("select content, segment_index, metadata from brain_segments where document_id = ? order by segment_index")
      .bind(doc.id)
      .all<{ content: string; segment_index: number; metadata: string }>();
    expect(stored.results.map((s) => s.content)).toEqual(segs);
    expect(stored.results.map((s) => s.segment_index)).toEqual(segs.map((_, i) => i));
    expect(JSON.parse(stored.results[1]!.metadata)).toEqual({ segment_index: 1 });
    expect(
      await count(
        "select count(*) as n from brain_vectors where document_id = ? and kind = 'segment' and engine = ? and dim = ?",
        doc.id,
        engine.engine,
        engine.embeddingDim,
      ),
    ).toBe(segs.length);
    expect(await count("select count(*) as n from brain_vectors where document_id = ? and kind = 'document'", doc.id)).toBe(1);
    // Topics, insights and the cached summary were rebuilt at the end.
    expect(await count("select count(*) as n from brain_topics where project_id = ?", u.projectId)).toBeGreaterThan(0);
    expect(await count("select count(*) as n from brain_summaries where project_id = ?", u.projectId)).toBe(1);
  });

  it("splits long documents into parts, each with its embedding and segments, stored content cut to 2000", async () => {
    const u = await signIn();
    const { e, sent } = quietEnv();
    const text = longText(9_000);
    const doc = await addTextDocument(serviceCtx(u, e), u.projectId, { title: "Field Manual", content: text });
    await deliver(e, sent);
    const parts = await env.DB.prepare("select id, title, content, status from brain_documents where json_extract(metadata, '$.parentId') = ? order by id")
      .bind(doc.id)
      .all<{ id: string; title: string; content: string; status: string }>();
    expect(parts.results.map((p) => p.title)).toEqual([
      "Field Manual (Document Part 1/3)",
      "Field Manual (Document Part 2/3)",
      "Field Manual (Document Part 3/3)",
    ]);
    for (const p of parts.results) {
      expect(p.status).toBe("ready");
      expect(p.content.length).toBeLessThanOrEqual(2000);
      expect(await count("select count(*) as n from brain_vectors where document_id = ? and kind = 'document'", p.id)).toBe(1);
      const expected = documentParts("Field Manual", text).find((x) => x.title === p.title)!;
      expect(await count("select count(*) as n from brain_segments where document_id = ?", p.id)).toBe(segmentText(expected.text).length);
    }
    expect(await docRow(doc.id)).toMatchObject({ status: "ready", progress_done: 4, progress_total: 4 });
    expect((await docRow(doc.id))!.content.length).toBe(2000);
    // The list shows the document once, with its parts counted.
    const list = await listDocuments(serviceCtx(u, e), u.projectId);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: doc.id, parts: 3, char_count: text.length });
  });

  it("continues a long document across messages when the time budget runs out", async () => {
    const u = await signIn();
    const { e, sent } = quietEnv();
    const doc = await addTextDocument(serviceCtx(u, e), u.projectId, { title: "Big", content: longText(11_000) });
    const job = sent.shift()!;
    await deliver(e, [job], { budgetMs: -1 });
    expect(await docRow(doc.id)).toMatchObject({ status: "processing", progress_done: 1, progress_total: 4 });
    expect(sent).toEqual([job]); // re-enqueued itself
    await deliver(e, [sent.shift()!], { budgetMs: -1 });
    expect(await docRow(doc.id)).toMatchObject({ status: "processing", progress_done: 2 });
    await deliver(e, [sent.shift()!]);
    expect(await docRow(doc.id)).toMatchObject({ status: "ready", progress_done: 4, progress_total: 4 });
    expect(sent).toEqual([]);
  });

  it("is idempotent: redelivered and duplicate messages never duplicate rows", async () => {
    const u = await signIn();
    const { e, sent } = quietEnv();
    const doc = await addTextDocument(serviceCtx(u, e), u.projectId, { title: "Twice", content: longText(6_000) });
    const job = sent[0]!;
    const snapshot = async () => ({
      docs: await count("select count(*) as n from brain_documents where project_id = ?", u.projectId),
      segs: await count("select count(*) as n from brain_segments where project_id = ?", u.projectId),
      vecs: await count("select count(*) as n from brain_vectors where project_id = ?", u.projectId),
      conns: await count("select count(*) as n from brain_connections where project_id = ?", u.projectId),
      topics: await count("select count(*) as n from brain_topics where project_id = ?", u.projectId),
    });
    const { ids, result } = await deliver(e, [job, job]); // the same message twice in one batch
    expect(result.explicitAcks).toEqual(ids);
    const first = await snapshot();
    expect(first.segs).toBeGreaterThan(0);

    // A crash mid-way: the row says processing from part 0 again; the redelivery rewrites, never adds.
    await env.DB.prepare("update brain_documents set status = 'processing', progress_done = 0 where id = ?").bind(doc.id).run();
    await deliver(e, [job], { attempts: 2 });
    expect(await snapshot()).toEqual(first);
    expect(await docRow(doc.id)).toMatchObject({ status: "ready" });

    // A late redelivery of a finished document does nothing and is acked.
    const late = await deliver(e, [job], { attempts: 3 });
    expect(late.result.explicitAcks).toEqual(late.ids);
    expect(await snapshot()).toEqual(first);
  });

  it("fails only the broken document, with the spec's message, and keeps everything else", async () => {
    const u = await signIn();
    const { e, sent } = quietEnv();
    const bad = faultyEngine({ embed: (texts) => (texts.some((t) => t.startsWith("Broken")) ? "null" : undefined) });
    const good1 = await addTextDocument(serviceCtx(u, e), u.projectId, { title: "Good one", content: BRAND_TEXT });
    const broken = await addTextDocument(serviceCtx(u, e), u.projectId, { title: "Broken", content: longText(5_000) });
    const good2 = await addTextDocument(serviceCtx(u, e), u.projectId, {
      title: "Good two",
      content: "Northwind Coffee roasts single-origin beans every Monday in Portland.",
    });
    const { ids, result } = await deliver(e, sent, { engine: bad });
    expect(result.explicitAcks).toEqual(ids);
    expect(result.retryMessages).toEqual([]);
    expect(await docRow(good1.id)).toMatchObject({ status: "ready" });
    expect(await docRow(good2.id)).toMatchObject({ status: "ready" });
    expect(await docRow(broken.id)).toMatchObject({ status: "failed", error_message: BRAIN_MESSAGES.embeddingFailed });
    // The failed document leaves no parts, segments or vectors behind; the others keep theirs.
    expect(await count("select count(*) as n from brain_documents where json_extract(metadata, '$.parentId') = ?", broken.id)).toBe(0);
    expect(await count("select count(*) as n from brain_segments where document_id like ?", `${broken.id}%`)).toBe(0);
    expect(await count("select count(*) as n from brain_vectors where document_id like ?", `${broken.id}%`)).toBe(0);
    expect(await count("select count(*) as n from brain_segments where document_id = ?", good1.id)).toBe(segmentText(BRAND_TEXT).length);
  });

  it("fails with 'No valid segments could be processed' when every segment embedding fails", async () => {
    const u = await signIn();
    const { e, sent } = quietEnv();
    // Document embeddings (title + blank line + text) work; segment embeddings all fail.
    const noSeg = faultyEngine({ embed: (texts) => (texts.every((t) => !t.includes("\n\n")) ? "null" : undefined) });
    const doc = await addTextDocument(serviceCtx(u, e), u.projectId, { title: "No segments", content: BRAND_TEXT });
    await deliver(e, sent, { engine: noSeg });
    expect(await docRow(doc.id)).toMatchObject({ status: "failed", error_message: BRAIN_MESSAGES.noSegments });
  });

  it("retries transient errors with backoff, and fails the document only on the last attempt", async () => {
    const u = await signIn();
    const { e, sent } = quietEnv();
    const down = faultyEngine({ embed: () => "throw" });
    const doc = await addTextDocument(serviceCtx(u, e), u.projectId, { title: "Flaky", content: BRAND_TEXT });
    const job = sent[0]!;
    // A thrown document embedding is reported as the spec's message (the engine gave no vector).
    const first = await deliver(e, [job], { engine: down });
    expect(first.result.retryMessages).toEqual([]);
    expect(await docRow(doc.id)).toMatchObject({ status: "failed", error_message: BRAIN_MESSAGES.embeddingFailed });

    // A database/infrastructure error is retried; only the last attempt marks the document failed.
    const doc2 = await addTextDocument(serviceCtx(u, e), u.projectId, { title: "Lost source", content: BRAND_TEXT });
    const job2 = sent[1]!;
    const flakyR2 = {
      ...e,
      BUCKET: {
        ...e.BUCKET,
        get: async () => {
          throw new Error("R2 timeout");
        },
      } as unknown as R2Bucket,
    };
    const retry = await deliver(flakyR2, [job2], { attempts: 1 });
    expect(retry.result.retryMessages.map((m) => m.msgId)).toEqual(retry.ids);
    expect((await docRow(doc2.id))!.status).not.toBe("failed");
    const last = await deliver(flakyR2, [job2], { attempts: BRAIN_MAX_ATTEMPTS });
    expect(last.result.explicitAcks).toEqual(last.ids);
    expect(await docRow(doc2.id)).toMatchObject({ status: "failed", error_message: BRAIN_MESSAGES.processingFailed });
  });

  it("connects documents above the engine's connection threshold only (0.7 on ada-002's scale)", async () => {
    const u = await signIn();
    const { e, sent } = quietEnv();
    const a = await addTextDocument(serviceCtx(u, e), u.projectId, { title: "Packs", content: BRAND_TEXT });
    const b = await addTextDocument(serviceCtx(u, e), u.projectId, { title: "Packs", content: BRAND_TEXT + " Thanks for reading." });
    await deliver(e, sent.splice(0));
    const c = await addTextDocument(serviceCtx(u, e), u.projectId, {
      title: "Quarterly tax filing",
      content: "Invoices must reach accounting by the fifth business day; VAT returns are filed quarterly with the revenue office.",
    });
    await deliver(e, sent.splice(0));
    const conns = await env.DB.prepare("select source_id, target_id, relationship_type, strength from brain_connections where project_id = ?")
      .bind(u.projectId)
      .all<{ source_id: string; target_id: string; relationship_type: string; strength: number }>();
    expect(conns.results.length).toBeGreaterThan(0);
    for (const r of conns.results) {
      expect(r.relationship_type).toBe("semantic");
      expect(r.strength).toBeGreaterThan(engine.connectionThreshold ?? 0.7);
    }
    expect(conns.results.some((r) => (r.source_id === b.id && r.target_id === a.id) || (r.source_id === a.id && r.target_id === b.id))).toBe(true);
    expect(conns.results.some((r) => r.source_id === c.id || r.target_id === c.id)).toBe(false);
  });

  // Topic names are noun phrases (decision 255): an adjective such as "Negative" would not be kept.
  it("extracts topics in batches of 2 (1000 chars each), skips a failed batch, clamps relevance", async () => {
    const u = await signIn();
    const { e, sent } = quietEnv();
    const seen: { title: string; content: string }[][] = [];
    const eng = faultyEngine({
      topics: (docs) => {
        seen.push(docs);
        return docs.some((d) => d.title === "Bad batch");
      },
      topicsResult: (r) => ({
        topics: [
          ...r.topics,
          { name: "Kite repair shop", description: "x", relevance_score: 7 },
          { name: "Harbour tour guide", description: "y", relevance_score: -3 },
        ],
        insights: [...r.insights, { type: "goal", content: "Overconfident", confidence: 4 }],
      }),
    });
    for (const title of ["One", "Two", "Bad batch"]) {
      await addTextDocument(serviceCtx(u, e), u.projectId, { title, content: `${title}. ${longText(1_500, title.toLowerCase())}` });
    }
    await addTextDocument(serviceCtx(u, e), u.projectId, { title: "Four", content: BRAND_TEXT });
    for (const job of sent.splice(0)) await deliver(e, [job], { engine: eng });
    const last = seen.slice(-2); // the final rebuild saw all 4 documents in 2 batches
    expect(last.map((b) => b.length)).toEqual([2, 2]);
    for (const b of last) for (const d of b) expect(d.content.length).toBeLessThanOrEqual(1000);
    const topics = await env.DB.prepare("select name, relevance_score from brain_topics where project_id = ?")
      .bind(u.projectId)
      .all<{ name: string; relevance_score: number }>();
    expect(topics.results.find((t) => t.name === "Kite repair shop")?.relevance_score).toBe(1);
    expect(topics.results.find((t) => t.name === "Harbour tour guide")?.relevance_score).toBe(0);
    const conf = await env.DB.prepare("select confidence from brain_insights where project_id = ? and content = 'Overconfident'")
      .bind(u.projectId)
      .first<{ confidence: number }>();
    expect(conf?.confidence).toBe(1);
    // Newest first: [Four, Bad batch] failed and was skipped, so nothing from "Four" (Acme) was kept.
    const described = await env.DB.prepare("select description from brain_topics where project_id = ?").bind(u.projectId).all<{ description: string }>();
    expect(described.results.length).toBeGreaterThan(2);
    expect(described.results.some((t) => t.description.includes("Acme"))).toBe(false);
  });

  it("deleting a document removes its parts, segments, vectors, connections, source and the summary cache", async () => {
    const u = await signIn();
    const { e, sent } = quietEnv();
    const ctx = serviceCtx(u, e);
    const keep = await addTextDocument(ctx, u.projectId, { title: "Keep", content: BRAND_TEXT });
    const gone = await addTextDocument(ctx, u.projectId, { title: "Gone", content: BRAND_TEXT + " " + longText(5_000) });
    await deliver(e, sent.splice(0));
    expect(await count("select count(*) as n from brain_connections where project_id = ?", u.projectId)).toBeGreaterThan(0);
    await projectSummary(ctx, u.projectId);
    expect(await count("select count(*) as n from brain_summaries where project_id = ?", u.projectId)).toBe(1);

    await deleteDocument(ctx, u.projectId, gone.id);
    expect(await count("select count(*) as n from brain_documents where id like ?", `${gone.id}%`)).toBe(0);
    expect(await count("select count(*) as n from brain_segments where document_id like ?", `${gone.id}%`)).toBe(0);
    expect(await count("select count(*) as n from brain_vectors where document_id like ?", `${gone.id}%`)).toBe(0);
    expect(await count("select count(*) as n from brain_connections where source_id like ? or target_id like ?", `${gone.id}%`, `${gone.id}%`)).toBe(0);
    expect(await env.BUCKET.get(`brain-sources/${u.projectId}/${gone.id}.txt`)).toBeNull();
    expect(await count("select count(*) as n from brain_summaries where project_id = ?", u.projectId)).toBe(0);
    expect(await count("select count(*) as n from brain_segments where document_id = ?", keep.id)).toBeGreaterThan(0);
  });
});
