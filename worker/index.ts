import { app } from "./app";
import type { Env, BrainJob, PublishJob, WebhookJob } from "./env";
import { handleWebhookBatch } from "./jobs/webhook-consumer";
import { handleBrainBatch } from "./jobs/brain-consumer";
import { handlePublishBatch } from "./jobs/publish-consumer";
import { CRON_JOBS } from "./jobs/cron";
import { logNotConfigured, missingProductionConfig, notConfiguredMessage } from "./lib/app-config";

/** A production Worker missing required settings does no background work either (decision 131). */
function configured(env: Env): boolean {
  const missing = missingProductionConfig(env);
  if (missing.length) logNotConfigured(notConfiguredMessage(missing));
  return missing.length === 0;
}

export default {
  fetch: app.fetch,
  // Every minute, every job of worker/jobs/cron.ts (publishing happens in the queue consumer).
  async scheduled(controller, env, ctx) {
    if (!configured(env)) return;
    for (const run of Object.values(CRON_JOBS)) ctx.waitUntil(run(env, controller.scheduledTime));
  },
  async queue(batch, env) {
    if (!configured(env)) {
      batch.retryAll(); // kept for when the Worker is configured
      return;
    }
    if (batch.queue.startsWith("brain-jobs")) return handleBrainBatch(batch as MessageBatch<BrainJob>, env);
    if (batch.queue.startsWith("publish-jobs")) return handlePublishBatch(batch as MessageBatch<PublishJob>, env);
    if (batch.queue.startsWith("webhook-jobs")) return handleWebhookBatch(batch as MessageBatch<WebhookJob>, env);
  },
} satisfies ExportedHandler<Env, BrainJob | PublishJob | WebhookJob>;
