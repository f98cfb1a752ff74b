// One post per message. Delivery is at-least-once: every decision about posting, retrying or
// skipping a duplicate lives in services/publishing.ts; this only maps outcomes to ack/retry.
import type { Env, PublishJob } from "../env";
import { publishClaimedPost } from "../services/publishing";

export async function handlePublishBatch(batch: MessageBatch<PublishJob>, env: Env): Promise<void> {
  await Promise.all(
    batch.messages.map(async (message) => {
      const body = message.body;
      if (!body || typeof body.postId !== "string" || typeof body.claimedAt !== "number") {
        message.ack(); // malformed: nothing to publish
        return;
      }
      try {
        const outcome = await publishClaimedPost(env, body, message.attempts);
        if (outcome.action === "retry") message.retry({ delaySeconds: outcome.delaySeconds });
        else message.ack();
      } catch (err) {
        // Database trouble or a bug: let the queue redeliver; the claim token keeps it safe.
        console.error("publish job failed", body.postId, err);
        message.retry({ delaySeconds: 30 });
      }
    }),
  );
}
