import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { Env, PublishJob } from "../../worker/env";
import { handlePublishBatch } from "../../worker/jobs/publish-consumer";

// One kit for tests that stand in for Cloudflare Queues: a queue that records what the code sends,
// and one delivery of messages to a consumer, recording each message's ack or retry the way the
// Queues runtime would act on them. Chaos tests that model visibility and redelivery over time
// (publish-chaos*.test.ts) keep their own fuller queue.

/** A queue binding that keeps every body sent to it, in order, and the size of each sendBatch. */
export function recordingQueue<T>(): { queue: Queue<T>; sent: T[]; batchSizes: number[] } {
  const sent: T[] = [];
  const batchSizes: number[] = [];
  const queue = {
    send: async (body: T) => void sent.push(body),
    sendBatch: async (messages: Iterable<MessageSendRequest<T>>) => {
      const list = [...messages];
      batchSizes.push(list.length);
      sent.push(...list.map((m) => m.body));
    },
  } as unknown as Queue<T>;
  return { queue, sent, batchSizes };
}

type Delivery<T> = { acked: T[]; retries: { body: T; delaySeconds?: number }[] };

/**
 * One delivery of `bodies` to `consumer`, each message on its `attempts`th try. Fails if the
 * consumer leaves a message neither acked nor retried (the runtime would redeliver it).
 */
async function deliverBatch<T>(
  consumer: (batch: MessageBatch<T>, e: Env) => Promise<void>,
  e: Env,
  queueName: string,
  bodies: T[],
  attempts = 1,
): Promise<Delivery<T>> {
  const out: Delivery<T> = { acked: [], retries: [] };
  const messages = bodies.map((body) => ({
    id: crypto.randomUUID(),
    timestamp: new Date(),
    attempts,
    body,
    ack: () => void out.acked.push(body),
    retry: (o?: { delaySeconds?: number }) => void out.retries.push({ body, delaySeconds: o?.delaySeconds }),
  }));
  await consumer({ queue: queueName, messages, ackAll() {}, retryAll() {} } as unknown as MessageBatch<T>, e);
  if (out.acked.length + out.retries.length !== bodies.length)
    throw new Error(`deliverBatch: ${bodies.length} messages, ${out.acked.length} acked and ${out.retries.length} retried`);
  return out;
}

/** One delivery of publish jobs; `acked` lists the acked jobs' post ids. */
export async function deliverPublish(
  e: Env,
  jobs: PublishJob[],
  attempts = 1,
): Promise<{ acked: string[]; retries: { postId: string; delaySeconds?: number }[] }> {
  const out = await deliverBatch(handlePublishBatch, e, "publish-jobs", jobs, attempts);
  return { acked: out.acked.map((j) => j.postId), retries: out.retries.map((r) => ({ postId: r.body.postId, delaySeconds: r.delaySeconds })) };
}

/** The test Env with a recording publish queue and short network timeouts. */
export function publishTestEnv(extra: Partial<Env> = {}): { e: Env; q: { jobs: PublishJob[]; batchSizes: number[] } } {
  const { queue, sent, batchSizes } = recordingQueue<PublishJob>();
  return { e: { ...(env as unknown as Env), PUBLISH_JOBS: queue, PLATFORM_TIMEOUT_MS: "400", ...extra } as Env, q: { jobs: sent, batchSizes } };
}

/**
 * The chaos tests' delivery (publish-chaos*.test.ts): their own messages (id, attempts) at the
 * simulated time `now`, through the runtime's batch, answering the runtime's ack/retry result.
 */
export async function deliverChaosBatch(e: Env, msgs: { id: string; attempts: number; body: PublishJob }[], now: number) {
  const batch = createMessageBatch<PublishJob>(
    "publish-jobs",
    msgs.map((m) => ({ id: m.id, timestamp: new Date(now), attempts: m.attempts, body: m.body })),
  );
  const ctx = createExecutionContext();
  await handlePublishBatch(batch, e);
  return getQueueResult(batch, ctx);
}
