import type { Env, BrainJob } from "../env";

/** Processes brain documents (the brain area fills this in). */
export async function handleBrainBatch(batch: MessageBatch<BrainJob>, _env: Env): Promise<void> {
  for (const message of batch.messages) message.ack();
}
