// Project settings -> Webhooks (decision 213): endpoints, their delivery log and "Resend".
// Thin handlers over services/webhooks.
import { Hono } from "hono";
import { projectParam } from "../../schema/api/common";
import {
  createdWebhookResponse,
  createWebhookSchema,
  deliveryListResponse,
  deliveryParam,
  deliveryResponse,
  webhookListResponse,
  webhookParam,
} from "../../schema/api/webhooks";
import type { AppEnv } from "../lib/context";
import { requireUser } from "./middleware/session";
import { serviceContext } from "./middleware/service-context";
import { describeRoute } from "../lib/openapi";
import { validate } from "../lib/validate";
import { createWebhook, deleteWebhook, listDeliveries, listWebhooks, resendDelivery } from "../services/api/webhooks";

export const webhookRoutes = new Hono<AppEnv>()
  .get(
    "/projects/:projectId/webhooks",
    describeRoute({ summary: "The project's webhook endpoints", responses: { 200: webhookListResponse } }),
    requireUser,
    validate("param", projectParam),
    async (c) => c.json(await listWebhooks(serviceContext(c), c.req.valid("param").projectId)),
  )
  .post(
    "/projects/:projectId/webhooks",
    describeRoute({ summary: "Add a webhook endpoint; the answer carries its signing secret, shown this once", responses: { 201: createdWebhookResponse } }),
    requireUser,
    validate("param", projectParam),
    validate("json", createWebhookSchema),
    async (c) => c.json(await createWebhook(serviceContext(c), c.req.valid("param").projectId, c.req.valid("json")), 201),
  )
  .delete(
    "/webhooks/:webhookId",
    describeRoute({ summary: "Remove a webhook endpoint", responses: { 204: null } }),
    requireUser,
    validate("param", webhookParam),
    async (c) => {
      await deleteWebhook(serviceContext(c), c.req.valid("param").webhookId);
      return c.body(null, 204);
    },
  )
  .get(
    "/webhooks/:webhookId/deliveries",
    describeRoute({ summary: "The endpoint's newest deliveries (status, response code, time)", responses: { 200: deliveryListResponse } }),
    requireUser,
    validate("param", webhookParam),
    async (c) => c.json(await listDeliveries(serviceContext(c), c.req.valid("param").webhookId)),
  )
  .post(
    "/webhook-deliveries/:deliveryId/resend",
    describeRoute({ summary: "Send a delivered or failed event again (same event id)", responses: { 202: deliveryResponse } }),
    requireUser,
    validate("param", deliveryParam),
    async (c) => c.json(await resendDelivery(serviceContext(c), c.req.valid("param").deliveryId), 202),
  );
