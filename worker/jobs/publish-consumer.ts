import type { Env, PublishJob } from "../env";

/** Publishes one post per message (the publishing area fills this in). */
export async function handlePublishBatch(batch: MessageBatch<PublishJob>, _env: Env): Promise<void> {
  for (const message of batch.messages) message.retry();
}
