// The public API's webhooks area's surface: what routes, jobs and other areas may use (docs/architecture.md, Layout).
export { deliver, emitEvent, type WebhookJob } from "./deliver";
export { createWebhook, deleteWebhook, listDeliveries, listWebhooks, resendDelivery } from "./endpoints";
