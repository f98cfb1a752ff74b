import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { BrainJob, Env } from "../../worker/env";
import { resendStuckBrainDocuments, STALE_MS } from "../../worker/jobs/brain-sweep-cron";
import { serviceCtx, signIn } from "./helpers";
import { recordingQueue } from "./queue-kit";

function capturingEnv() {
  const { queue, sent } = recordingQueue<BrainJob>();
  return { e: { ...env, BRAIN_JOBS: queue } as Env, sent };
}

async function insertDoc(projectId: string, id: string, status: string, createdAt: number, metadata: Record<string, unknown> = {}) {
  await env.DB.prepare(
    "insert into brain_documents (id, project_id, title, content, type, status, progress_done, progress_total, metadata, created_at) values (?, ?, 't', 'c', 'document', ?, 0, 2, ?, ?)",
  )
    .bind(id, projectId, status, JSON.stringify(metadata), createdAt)
    .run();
}

describe("cron sweep of brain documents whose job was lost", () => {
  it("re-sends only stale queued/processing documents, once per stale period", async () => {
    const u = await signIn();
    const now = Date.now();
    const old = now - STALE_MS - 60_000;
    await insertDoc(u.projectId, "stuck-queued", "queued", old);
    await insertDoc(u.projectId, "stuck-processing", "processing", old);
    await insertDoc(u.projectId, "fresh", "queued", now - 1000);
    await insertDoc(u.projectId, "done", "ready", old);
    await insertDoc(u.projectId, "broken", "failed", old);
    await insertDoc(u.projectId, "stuck-queued:p1", "processing", old, { parentId: "stuck-queued" });

    const { e, sent } = capturingEnv();
    const first = await resendStuckBrainDocuments(e, now);
    expect(sent.map((j) => ("documentId" in j ? j.documentId : "")).sort()).toEqual(["stuck-processing", "stuck-queued"]);
    expect(first).toEqual({ resent: 2 });
    expect(sent.map((j) => ("documentId" in j ? j.documentId : "")).sort()).toEqual(["stuck-processing", "stuck-queued"]);
    expect(sent.every((j) => j.kind === "process-document" && j.projectId === u.projectId)).toBe(true);

    // The same minute (or an overlapping tick) does not send them again...
    expect(await resendStuckBrainDocuments(e, now + 30_000)).toEqual({ resent: 0 });
    // ...but if they are still stuck a stale period later, they are re-sent (and by then the
    // once-fresh document has gone stale too).
    sent.length = 0;
    expect(await resendStuckBrainDocuments(e, now + STALE_MS + 1)).toEqual({ resent: 3 });
    expect(sent.map((j) => ("documentId" in j ? j.documentId : "")).sort()).toEqual(["fresh", "stuck-processing", "stuck-queued"]);
  });

  it("a re-sent document is processed to ready by the real consumer path", async () => {
    const { addTextDocument } = await import("../../worker/services/brain/documents");
    const { handleBrainBatch } = await import("../../worker/jobs/brain-consumer");
    const { createMessageBatch, createExecutionContext, getQueueResult } = await import("cloudflare:test");
    const u = await signIn();
    // Stored, but its message "lost": the capturing queue swallows the first send.
    const { e } = capturingEnv();
    const doc = await addTextDocument(serviceCtx(u, e), u.projectId, {
      title: "Lost job",
      content: "Our roastery in Porto ships single-origin beans every Tuesday to subscribers across Europe.",
    });
    await env.DB.prepare("update brain_documents set created_at = ? where id = ?")
      .bind(Date.now() - STALE_MS - 1000, doc.id)
      .run();
    const sweep = capturingEnv();
    expect((await resendStuckBrainDocuments(sweep.e, Date.now())).resent).toBe(1);
    const batch = createMessageBatch<BrainJob>(
      "brain-jobs",
      sweep.sent.map((body, i) => ({ id: `m${i}`, timestamp: new Date(), attempts: 1, body })),
    );
    const ctx = createExecutionContext();
    await handleBrainBatch(batch, env);
    await getQueueResult(batch, ctx);
    const row = await env.DB.prepare("select status from brain_documents where id = ?").bind(doc.id).first<{ status: string }>();
    expect(row?.status).toBe("ready");
  });
});
