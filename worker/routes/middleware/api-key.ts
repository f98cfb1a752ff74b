// Authentication of the public API and the MCP server (decision 211): `Authorization: Bearer
// bp_live_...` only. No cookie is accepted there, so a browser's ambient session can never drive
// v1 (no CSRF surface), and a key never reaches the app's own API. Every key request counts
// against the key's rate limit and is recorded (services/api-keys/usage.ts).
import type { MiddlewareHandler } from "hono";
import { API_KEY_TEXTS } from "../../../schema/api/api-keys";
import type { AppEnv } from "../../lib/context";
import { unauthorized } from "../../lib/errors";
import { authenticateApiKey, bearerKey, type KeyCaller } from "../../services/api/keys";
import { enforceKeyRequestLimit } from "../../services/api/keys";
import { recordKeyRequest } from "../../services/api/keys";

export const apiKeyAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const secret = bearerKey(c.req.header("authorization"));
  if (!secret) throw unauthorized(c.req.header("authorization") ? API_KEY_TEXTS.invalidKey : "Send an API key: Authorization: Bearer bp_live_...");
  const db = c.get("db");
  const key = await authenticateApiKey(db, secret);
  c.set("apiKey", key);
  c.set("user", { id: key.userId, email: key.email });
  c.set("authVia", "bearer");
  await enforceKeyRequestLimit(db, key);
  await next();
  const record = recordKeyRequest(db, key, {
    method: c.req.method,
    path: c.req.path,
    status: c.res.status,
    projectId: c.req.param("projectId") ?? key.projectId,
    at: Date.now(),
  });
  try {
    c.executionCtx.waitUntil(record);
  } catch {
    await record; // no execution context (a direct app.request): record inline
  }
};

/** The key of a request behind apiKeyAuth. */
export function currentKey(c: { get(key: "apiKey"): AppEnv["Variables"]["apiKey"] }): KeyCaller {
  const key = c.get("apiKey");
  if (!key) throw unauthorized();
  return key;
}
