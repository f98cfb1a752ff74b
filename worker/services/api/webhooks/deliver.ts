// Emitting events and delivering them (decision 213). An event becomes one delivery row per
// subscribed endpoint and a queue message; the consumer POSTs the signed JSON. At least once: a
// failed attempt (non-2xx, timeout, refused address) is sent again with a growing delay until 24
// hours after the event, then the delivery is failed, the endpoint marked failing and the Owner
// mailed. A later success marks the endpoint active again.
import { and, eq } from "drizzle-orm";
import { webhookDeliveries, webhooks } from "../../../../schema/db/platform-api";
import { projects } from "../../../../schema/db/projects";
import { users } from "../../../../schema/db/auth";
import type { WebhookEvent, WebhookPayload } from "../../../../schema/api/webhooks";
import type { Env } from "../../../env";
import { getDb, type Db } from "../../../lib/db";
import { newId } from "../../../lib/ids";
import { isProduction } from "../../../lib/app-config";
import { checkResolved, checkUrl, scrapeOptions } from "../../../lib/safe-fetch";
import { decryptToken } from "../../../lib/token-crypto";
import { mailAdapter } from "../../../adapters/mail";
import { eventsOf } from "./endpoints";
import { signPayload } from "./signature";

import type { WebhookJob } from "../../../env";
export type { WebhookJob };

export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
// Seconds before attempt n+1: 30 s, 2 min, 10 min, 30 min, 1 h, then every 2 h (queue delays max out at 12 h).
const BACKOFF_S = [30, 120, 600, 1800, 3600];
const backoffSeconds = (attempts: number) => BACKOFF_S[attempts - 1] ?? 7200;
const TIMEOUT_MS = 10_000;

/** Queues `type` for every endpoint of the project subscribed to it. Never throws into the caller. */
export async function emitEvent(env: Env, db: Db, projectId: string, type: WebhookEvent, data: Record<string, unknown>): Promise<number> {
  try {
    const hooks = (await db.select().from(webhooks).where(eq(webhooks.projectId, projectId)).all()).filter((h) => eventsOf(h.events).includes(type));
    if (!hooks.length) return 0;
    const now = Date.now();
    const eventId = `evt_${newId().replace(/-/g, "")}`;
    const payload: WebhookPayload = { id: eventId, type, created_at: new Date(now).toISOString(), project_id: projectId, data };
    const rows = hooks.map((h) => ({
      id: newId(),
      webhookId: h.id,
      projectId,
      eventId,
      event: type,
      payload: JSON.stringify(payload),
      status: "pending" as const,
      attempts: 0,
      responseCode: null,
      lastAttemptAt: null,
      createdAt: now,
    }));
    await db.insert(webhookDeliveries).values(rows).run();
    await env.WEBHOOK_JOBS.sendBatch(rows.map((r) => ({ body: { deliveryId: r.id } })));
    return rows.length;
  } catch (err) {
    // A webhook problem must never fail the work that emitted the event (publishing, the brain).
    console.error("webhook emit failed", err);
    return 0;
  }
}

type Attempt = { ok: boolean; status: number | null };

async function post(env: Env, url: string, body: string, signature: string, eventId: string): Promise<Attempt> {
  try {
    if (isProduction(env)) {
      // The name is resolved again at every delivery: an endpoint cannot be re-pointed at an internal address later.
      const checked = checkUrl(url);
      await checkResolved(checked, scrapeOptions(env).resolver);
    }
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "Brandpilot-Webhooks/1", "brandpilot-signature": signature, "brandpilot-event-id": eventId },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await res.body?.cancel();
    return { ok: res.status >= 200 && res.status < 300, status: res.status };
  } catch {
    return { ok: false, status: null };
  }
}

export type DeliveryOutcome = { action: "ack" } | { action: "retry"; delaySeconds: number };

/** One attempt of one delivery. */
export async function deliver(env: Env, job: WebhookJob, now = Date.now()): Promise<DeliveryOutcome> {
  const db = getDb(env.DB);
  const found = await db
    .select({ d: webhookDeliveries, h: webhooks })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(eq(webhookDeliveries.id, job.deliveryId))
    .get();
  if (!found || found.d.status !== "pending") return { action: "ack" };
  const { d, h } = found;
  const secret = await decryptToken(env, h.secret);
  const signature = await signPayload(secret, d.payload, Math.floor(now / 1000));
  const result = await post(env, h.url, d.payload, signature, d.eventId);
  const attempts = d.attempts + 1;
  if (result.ok) {
    await db
      .update(webhookDeliveries)
      .set({ status: "succeeded", attempts, responseCode: result.status, lastAttemptAt: now })
      .where(eq(webhookDeliveries.id, d.id))
      .run();
    if (h.status !== "active") await db.update(webhooks).set({ status: "active" }).where(eq(webhooks.id, h.id)).run();
    return { action: "ack" };
  }
  const delaySeconds = backoffSeconds(attempts);
  if (now + delaySeconds * 1000 - d.createdAt <= RETRY_WINDOW_MS) {
    await db.update(webhookDeliveries).set({ attempts, responseCode: result.status, lastAttemptAt: now }).where(eq(webhookDeliveries.id, d.id)).run();
    return { action: "retry", delaySeconds };
  }
  await db
    .update(webhookDeliveries)
    .set({ status: "failed", attempts, responseCode: result.status, lastAttemptAt: now })
    .where(eq(webhookDeliveries.id, d.id))
    .run();
  const marked = await db
    .update(webhooks)
    .set({ status: "failing" })
    .where(and(eq(webhooks.id, h.id), eq(webhooks.status, "active")))
    .returning({ id: webhooks.id })
    .get();
  if (marked) await mailOwner(env, db, h.projectId, h.url);
  return { action: "ack" };
}

async function mailOwner(env: Env, db: Db, projectId: string, url: string): Promise<void> {
  const owner = await db
    .select({ email: users.email, project: projects.name })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.userId))
    .where(eq(projects.id, projectId))
    .get();
  if (!owner) return;
  await mailAdapter(env, db)
    .send({
      to: owner.email,
      subject: `Webhook failing for ${owner.project}`,
      text: `Brandpilot could not deliver events to ${url} for 24 hours, so the endpoint is marked failing. Check it, then use "Resend" in Project settings -> Webhooks.`,
    })
    .catch((err: unknown) => console.error("webhook failing mail", err));
}
