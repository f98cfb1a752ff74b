// Webhook deliveries (services/webhooks/deliver.ts). A retry is a new message with the backoff's
// delay rather than the queue's own retry, so the 24-hour window, not max_retries, bounds it.
import type { Env } from "../env";
import { deliver, type WebhookJob } from "../services/api/webhooks";

export async function handleWebhookBatch(batch: MessageBatch<WebhookJob>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    try {
      const outcome = await deliver(env, message.body);
      if (outcome.action === "retry") await env.WEBHOOK_JOBS.send(message.body, { delaySeconds: outcome.delaySeconds });
      message.ack();
    } catch (err) {
      console.error("webhook delivery", err);
      message.retry({ delaySeconds: 30 });
    }
  }
}
