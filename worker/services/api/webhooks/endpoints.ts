// A project's webhook endpoints and their delivery log (decision 213). The secret is generated
// here, answered once, and stored encrypted (it must be read back to sign). Owners only: the
// project check needs the "manage" action of the caller's role (schema/api/permissions.ts).
import { desc, eq } from "drizzle-orm";
import { webhookDeliveries, webhooks } from "../../../../schema/db/platform-api";
import { WEBHOOK_EVENTS, WEBHOOK_TEXTS, type DeliveryDto, type WebhookDto, type WebhookEvent } from "../../../../schema/api/webhooks";
import type { Env } from "../../../env";
import type { Db } from "../../../lib/db";
import { badRequest, conflict, notFound } from "../../../lib/errors";
import { newId, randomToken } from "../../../lib/ids";
import { assertCan, ownedProject, projectAccess } from "../../../lib/ownership";
import { isProduction } from "../../../lib/app-config";
import { checkUrl, SafeFetchError } from "../../../lib/safe-fetch";
import { encryptToken } from "../../../lib/token-crypto";
import type { ServiceContext } from "../../context";

type WebhookRow = typeof webhooks.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function eventsOf(text: string): WebhookEvent[] {
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) ? WEBHOOK_EVENTS.filter((e) => list.includes(e)) : [];
  } catch {
    return [];
  }
}

const toDto = (r: WebhookRow): WebhookDto => ({
  id: r.id,
  project_id: r.projectId,
  url: r.url,
  events: eventsOf(r.events),
  status: r.status,
  created_at: new Date(r.createdAt).toISOString(),
});
const toDeliveryDto = (d: DeliveryRow): DeliveryDto => ({
  id: d.id,
  webhook_id: d.webhookId,
  event_id: d.eventId,
  event: d.event,
  status: d.status,
  attempts: d.attempts,
  response_code: d.responseCode,
  last_attempt_at: iso(d.lastAttemptAt),
  created_at: new Date(d.createdAt).toISOString(),
});

/**
 * In production an endpoint is https and passes the scraper's address rules (decision 132; the
 * name is resolved again at each delivery). Under `npm start` and in tests a loopback receiver is
 * allowed so the flow can be tried locally.
 */
function checkEndpoint(env: Env, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest(WEBHOOK_TEXTS.url, { url: WEBHOOK_TEXTS.url });
  }
  if (!isProduction(env)) {
    if (url.protocol !== "https:" && url.protocol !== "http:") throw badRequest(WEBHOOK_TEXTS.url, { url: WEBHOOK_TEXTS.url });
    return url.toString();
  }
  if (url.protocol !== "https:") throw badRequest(WEBHOOK_TEXTS.url, { url: WEBHOOK_TEXTS.url });
  try {
    return checkUrl(url).toString();
  } catch (err) {
    if (err instanceof SafeFetchError) throw badRequest(err.message, { url: err.message });
    throw err;
  }
}

export async function createWebhook(ctx: ServiceContext, projectId: string, input: { url: string; events: WebhookEvent[] }) {
  const { db, env } = ctx;
  const userId = ctx.caller.id;
  await ownedProject(db, userId, projectId, "manage");
  const url = checkEndpoint(env, input.url);
  const secret = `whsec_${randomToken(24)}`;
  const row: WebhookRow = {
    id: newId(),
    projectId,
    url,
    events: JSON.stringify(WEBHOOK_EVENTS.filter((e) => input.events.includes(e))),
    secret: await encryptToken(env, secret),
    status: "active",
    createdAt: Date.now(),
  };
  await db.insert(webhooks).values(row).run();
  return { ...toDto(row), secret };
}

export async function listWebhooks(ctx: ServiceContext, projectId: string): Promise<WebhookDto[]> {
  const { db } = ctx;
  const userId = ctx.caller.id;
  await ownedProject(db, userId, projectId, "manage");
  const rows = await db.select().from(webhooks).where(eq(webhooks.projectId, projectId)).orderBy(webhooks.createdAt, webhooks.id).all();
  return rows.map(toDto);
}

/** The webhook if the user owns its project; otherwise 404 exactly as a missing one. */
/** The caller must be a member whose role may "manage" the project; a non-member learns nothing (404). */
async function managerOf(db: Db, userId: string, projectId: string, missing: string): Promise<void> {
  const { role } = await projectAccess(db, userId, projectId).catch(() => {
    throw notFound(missing);
  });
  assertCan(role, "manage");
}

// Webhooks are an Owner's tool (decision 200 roles): a member of the project whose role does not
// allow "manage" gets 403; anyone outside the project gets 404, as for a missing row.
async function ownedWebhook(db: Db, userId: string, webhookId: string): Promise<WebhookRow> {
  const hook = await db.select().from(webhooks).where(eq(webhooks.id, webhookId)).get();
  if (!hook) throw notFound("Webhook not found");
  await managerOf(db, userId, hook.projectId, "Webhook not found");
  return hook;
}

export async function deleteWebhook(ctx: ServiceContext, webhookId: string): Promise<void> {
  const { db } = ctx;
  const userId = ctx.caller.id;
  const hook = await ownedWebhook(db, userId, webhookId);
  await db.delete(webhooks).where(eq(webhooks.id, hook.id)).run();
}

/** The newest 100 deliveries of an endpoint (the log on the Webhooks screen). */
export async function listDeliveries(ctx: ServiceContext, webhookId: string): Promise<DeliveryDto[]> {
  const { db } = ctx;
  const userId = ctx.caller.id;
  const hook = await ownedWebhook(db, userId, webhookId);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, hook.id))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(100)
    .all();
  return rows.map(toDeliveryDto);
}

/** "Resend": the same event (same id, so receivers can deduplicate) queued again as a new delivery. */
export async function resendDelivery(ctx: ServiceContext, deliveryId: string): Promise<DeliveryDto> {
  const { db, env } = ctx;
  const userId = ctx.caller.id;
  const d = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId)).get();
  if (!d) throw notFound("Delivery not found");
  await managerOf(db, userId, d.projectId, "Delivery not found");
  if (d.status === "pending") throw conflict("This delivery is still being attempted");
  const row: DeliveryRow = { ...d, id: newId(), status: "pending", attempts: 0, responseCode: null, lastAttemptAt: null, createdAt: Date.now() };
  await db.insert(webhookDeliveries).values(row).run();
  await env.WEBHOOK_JOBS.send({ deliveryId: row.id });
  return toDeliveryDto(row);
}
