import { app } from "./app";
import type { Env, BrainJob, PublishJob, WebhookJob } from "./env";
import { handleWebhookBatch } from "./jobs/webhook-consumer";
import { handleBrainBatch } from "./jobs/brain-consumer";
import { handlePublishBatch } from "./jobs/publish-consumer";
import { claimDuePosts } from "./jobs/publish-cron";
import { refreshIdleTokens } from "./jobs/token-refresh-cron";
import { resendStuckBrainDocuments } from "./jobs/brain-sweep-cron";
import { sweepOldActivity } from "./jobs/activity-sweep-cron";
import { logNotConfigured, missingProductionConfig, notConfiguredMessage } from "./lib/app-config";

/** A production Worker missing required settings does no background work either (decision 131). */
function configured(env: Env): boolean {
  const missing = missingProductionConfig(env);
  if (missing.length) logNotConfigured(notConfiguredMessage(missing));
  return missing.length === 0;
}
import { collectDueMetrics } from "./jobs/metrics-cron";

export default {
  fetch: app.fetch,
  // Every minute: claim due posts and enqueue them; publishing happens in the queue consumer.
  async scheduled(controller, env, ctx) {
    if (!configured(env)) return;
    ctx.waitUntil(claimDuePosts(env, controller.scheduledTime));
    ctx.waitUntil(refreshIdleTokens(env));
    ctx.waitUntil(resendStuckBrainDocuments(env, controller.scheduledTime));
    ctx.waitUntil(collectDueMetrics(env, controller.scheduledTime));
    ctx.waitUntil(sweepOldActivity(env, controller.scheduledTime));
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
