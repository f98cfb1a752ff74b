// The brain-jobs queue consumer. One message = one document to process (or to continue).
// Retry rule: a BrainProcessingError carries a message for the user and fails the document at
// once; anything else (a D1 hiccup, an AI timeout) is retried with backoff, and the document is
// marked failed only on the last attempt. Each message is acked or retried on its own, so one
// document's failure never affects another's. Processing itself is idempotent (brain-pipeline).
import type { AiEngine } from "../adapters/ai/types";
import type { VectorIndex } from "../adapters/vectors/types";
import type { BrainJob, Env } from "../env";
import { brainDeps, type BrainDeps } from "../services/brain";
import { BrainProcessingError, failDocument, processDocument } from "../services/brain";
import { reindexProject } from "../services/brain";
import { BRAIN_MESSAGES } from "../services/brain";

/** Must match max_retries = 3 in wrangler.toml (first delivery + 3 retries). */
export const BRAIN_MAX_ATTEMPTS = 4;
/** Wall-time budget per message before a long document re-enqueues itself. */
const BRAIN_MESSAGE_BUDGET_MS = 20_000;

export type BrainConsumerOptions = { engine?: AiEngine; vectors?: VectorIndex; budgetMs?: number };

async function handleBrainMessage(message: Message<BrainJob>, deps: BrainDeps, budgetMs: number): Promise<void> {
  const job = message.body;
  if (job?.kind === "reindex" && job.projectId) {
    // Re-embedding for a new engine: idempotent, continues in a new message at the time budget.
    try {
      const finished = await reindexProject(deps, job.projectId, Date.now() + budgetMs);
      if (!finished) await deps.env.BRAIN_JOBS.send(job);
      message.ack();
    } catch (err) {
      console.warn("brain: re-index failed; retrying", err instanceof Error ? err.message : err);
      if (message.attempts >= BRAIN_MAX_ATTEMPTS) message.ack();
      else message.retry({ delaySeconds: Math.min(60, 2 ** message.attempts) });
    }
    return;
  }
  if (job?.kind !== "process-document" || !job.projectId || !job.documentId) {
    message.ack();
    return;
  }
  try {
    await processDocument(deps, job, {
      deadline: Date.now() + budgetMs,
      requeue: async (next) => {
        await deps.env.BRAIN_JOBS.send(next);
      },
    });
    message.ack();
  } catch (err) {
    const permanent = err instanceof BrainProcessingError;
    if (permanent || message.attempts >= BRAIN_MAX_ATTEMPTS) {
      if (!permanent) console.error("brain: document failed after retries", job.documentId, err);
      try {
        await failDocument(deps, job.projectId, job.documentId, permanent ? err.message : BRAIN_MESSAGES.processingFailed);
        message.ack();
      } catch (cleanupErr) {
        console.error("brain: could not record failure", cleanupErr);
        message.retry({ delaySeconds: 5 });
      }
      return;
    }
    console.warn("brain: retrying document", job.documentId, err instanceof Error ? err.message : err);
    message.retry({ delaySeconds: Math.min(60, 2 ** message.attempts) });
  }
}

export async function handleBrainBatch(batch: MessageBatch<BrainJob>, env: Env, opts: BrainConsumerOptions = {}): Promise<void> {
  const deps = brainDeps(env, { engine: opts.engine, vectors: opts.vectors });
  for (const message of batch.messages) {
    await handleBrainMessage(message, deps, opts.budgetMs ?? BRAIN_MESSAGE_BUDGET_MS);
  }
}
