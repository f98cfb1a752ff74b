// Webhooks (decision 213): the events a project's endpoints can subscribe to, what an
// Owner sends to add one, and what the API answers (the secret only once, at creation).
import { z } from "zod";
import { idParam } from "./common";

export const WEBHOOK_EVENTS = [
  "post.scheduled",
  "post.published",
  "post.failed",
  "post.approved",
  "post.changes_requested",
  "comment.created",
  "account.needs_reconnect",
  "brain.document_ready",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_TEXTS = {
  url: "Enter the https:// address of your endpoint",
  events: "Choose at least one event",
} as const;

export const createWebhookSchema = z.object({
  url: z.string().trim().min(1, WEBHOOK_TEXTS.url).max(2000, WEBHOOK_TEXTS.url),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1, WEBHOOK_TEXTS.events).max(WEBHOOK_EVENTS.length),
});
export const webhookParam = z.object({ webhookId: idParam });
export const deliveryParam = z.object({ deliveryId: idParam });

const rfc3339 = z.iso.datetime({ offset: true });
const webhookResponse = z.strictObject({
  id: z.string(),
  project_id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  status: z.enum(["active", "failing"]),
  created_at: rfc3339,
});
export type WebhookDto = z.infer<typeof webhookResponse>;
export const webhookListResponse = z.array(webhookResponse);
export const createdWebhookResponse = webhookResponse.extend({ secret: z.string().startsWith("whsec_") });

export const deliveryResponse = z.strictObject({
  id: z.string(),
  webhook_id: z.string(),
  event_id: z.string(),
  event: z.string(),
  status: z.enum(["pending", "succeeded", "failed"]),
  attempts: z.number().int().min(0),
  response_code: z.number().int().nullable(),
  last_attempt_at: rfc3339.nullable(),
  created_at: rfc3339,
});
export type DeliveryDto = z.infer<typeof deliveryResponse>;
export const deliveryListResponse = z.array(deliveryResponse);

/** The body every delivery POSTs (signed in Brandpilot-Signature). */
export type WebhookPayload = { id: string; type: WebhookEvent; created_at: string; project_id: string; data: Record<string, unknown> };
