// What `npm run bench` needs from the brain: ingest a large text end to end (inline, without the
// queue, so the time measured is the pipeline's), seed many segments fast, and time queries.
// The project must exist (the bench creates its own user and project first).
import { brainDocuments } from "../../schema/db/brain";
import type { AiEngine } from "../adapters/ai/types";
import type { Env } from "../env";
import { brainDeps, segmentIdOf, spaceOf } from "./brain-deps";
import { storeDocument } from "./brain-documents";
import { processDocument } from "./brain-pipeline";
import { searchBrainWith, type BrainMatch } from "./brain-query";

const WORDS = (
  "brand customers hiking backpacks recycled ocean plastic warranty community trail outdoors sustainable commuters summit ridge " +
  "daypack canvas lightweight mission audience stories weekend adventure gear durable design colorado tree planted order coffee " +
  "roasters beans portland subscription morning ritual baristas cafes sourcing traceable quality fresh small batch every monday"
).split(" ");

/** Deterministic brand-like prose of about `chars` characters (sentences of 8-20 words). */
export function benchText(chars: number, seed = 1): string {
  let x = seed >>> 0 || 1;
  const rand = () => ((x = (Math.imul(x, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  const out: string[] = [];
  let len = 0;
  while (len < chars) {
    const n = 8 + Math.floor(rand() * 13);
    const words = Array.from({ length: n }, () => WORDS[Math.floor(rand() * WORDS.length)]!);
    const sentence = words.join(" ").replace(/^./, (c) => c.toUpperCase()) + ".";
    out.push(sentence);
    len += sentence.length + 1;
  }
  return out.join(" ").slice(0, chars);
}

/** Adds a document and processes it to the end inline; returns the wall time in ms. */
export async function benchIngest(
  env: Env,
  input: { projectId: string; title: string; text: string; engine?: AiEngine },
): Promise<{ documentId: string; ms: number; segments: number; status: string }> {
  const deps = brainDeps(env, input.engine ? { engine: input.engine } : {});
  const started = performance.now();
  const doc = await storeDocument(deps, input.projectId, { title: input.title, text: input.text, type: "document", sourceName: null }, { enqueue: false });
  const job = { kind: "process-document" as const, projectId: input.projectId, documentId: doc.id };
  while ((await processDocument(deps, job)) === "continued");
  const ms = performance.now() - started;
  const row = await env.DB.prepare("select status, (select count(*) from brain_segments where project_id = ?) as n from brain_documents where id = ?")
    .bind(input.projectId, doc.id)
    .first<{ status: string; n: number }>();
  return { documentId: doc.id, ms, segments: row?.n ?? 0, status: row?.status ?? "missing" };
}

/** Seeds `count` embedded segments (~150 characters each) under one ready document. */
export async function benchSeedSegments(env: Env, input: { projectId: string; count: number; engine?: AiEngine }): Promise<{ ms: number }> {
  const deps = brainDeps(env, input.engine ? { engine: input.engine } : {});
  const started = performance.now();
  const documentId = crypto.randomUUID();
  await deps.db.insert(brainDocuments).values({
    id: documentId,
    projectId: input.projectId,
    title: "Bench corpus",
    content: "Bench corpus",
    type: "document",
    status: "ready",
    progressDone: 1,
    progressTotal: 1,
    metadata: {},
    createdAt: Date.now(),
  });
  const space = spaceOf(deps.engine);
  const CHUNK = 500;
  for (let start = 0; start < input.count; start += CHUNK) {
    const texts = Array.from({ length: Math.min(CHUNK, input.count - start) }, (_, i) => benchText(150, start + i + 1));
    const vectors = await deps.engine.embed(texts);
    const statements = texts.map((content, i) =>
      env.DB.prepare("insert into brain_segments (id, project_id, document_id, content, segment_index, metadata) values (?, ?, ?, ?, ?, ?)").bind(
        segmentIdOf(documentId, start + i),
        input.projectId,
        documentId,
        content,
        start + i,
        JSON.stringify({ segment_index: start + i }),
      ),
    );
    for (let i = 0; i < statements.length; i += 100) await env.DB.batch(statements.slice(i, i + 100));
    await deps.vectors.upsert(
      input.projectId,
      space,
      texts.flatMap((_, i) => (vectors[i] ? [{ id: segmentIdOf(documentId, start + i), documentId, kind: "segment" as const, values: vectors[i]! }] : [])),
    );
  }
  return { ms: performance.now() - started };
}

/** One brain query (embedding + vector search + segment read), timed. */
export async function benchQuery(env: Env, input: { projectId: string; question: string; engine?: AiEngine }): Promise<{ ms: number; matches: BrainMatch[] }> {
  const deps = brainDeps(env, input.engine ? { engine: input.engine } : {});
  const started = performance.now();
  const matches = await searchBrainWith(deps, input.projectId, input.question);
  return { ms: performance.now() - started, matches };
}
