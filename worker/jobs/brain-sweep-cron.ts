// A queue message can be lost (a local `wrangler dev` reload drops in-memory queues; a platform
// incident can too). Documents the user fed must not stay "queued"/"processing" for ever: every
// minute the cron re-sends a document that has made no progress for STALE_MS. Re-sending is safe
// because the consumer is idempotent and skips documents that are ready or failed.
import type { Env } from "../env";

export const STALE_MS = 5 * 60 * 1000;
const LIMIT = 50;

export async function resendStuckBrainDocuments(env: Env, now: number): Promise<{ resent: number }> {
  try {
    const cutoff = now - STALE_MS;
    // Touch first (conditionally), so two overlapping ticks never re-send the same document.
    const { results } = await env.DB.prepare(
      `update brain_documents set updated_at = ?1
       where id in (
         select id from brain_documents
         where status in ('queued', 'processing') and coalesce(updated_at, created_at) < ?2
           and json_extract(metadata, '$.parentId') is null
         limit ${LIMIT}
       ) and coalesce(updated_at, created_at) < ?2
       returning id, project_id`,
    )
      .bind(now, cutoff)
      .all<{ id: string; project_id: string }>();
    if (results.length > 0) {
      await env.BRAIN_JOBS.sendBatch(results.map((r) => ({ body: { kind: "process-document" as const, projectId: r.project_id, documentId: r.id } })));
    }
    return { resent: results.length };
  } catch (err) {
    console.error("brain sweep failed", err);
    return { resent: 0 };
  }
}
