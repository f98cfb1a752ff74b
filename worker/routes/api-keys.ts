// /api/account/api-keys: the signed-in user's API keys (decision 211). Cookie sessions only: a
// key cannot mint or list keys (these routes sit behind the app's session, not apiKeyAuth).
import { Hono } from "hono";
import { apiKeyListResponse, apiKeyParam, apiKeySchema, createApiKeySchema, createdApiKeyResponse } from "../../schema/api/api-keys";
import type { AppEnv } from "../lib/context";
import { requireUser } from "./middleware/session";
import { serviceContext } from "./middleware/service-context";
import { describeRoute } from "../lib/openapi";
import { validate } from "../lib/validate";
import { createApiKey, listApiKeys, revokeApiKey } from "../services/api/keys";

export const apiKeyRoutes = new Hono<AppEnv>()
  .get(
    "/",
    describeRoute({ summary: "The caller's API keys, newest first (never the secret)", responses: { 200: apiKeyListResponse } }),
    requireUser,
    async (c) => c.json(await listApiKeys(serviceContext(c))),
  )
  .post(
    "/",
    describeRoute({ summary: "Create an API key; the answer carries the secret, shown this once", responses: { 201: createdApiKeyResponse } }),
    requireUser,
    validate("json", createApiKeySchema),
    async (c) => c.json(await createApiKey(serviceContext(c), c.req.valid("json")), 201),
  )
  .delete(
    "/:keyId",
    describeRoute({ summary: "Revoke an API key at once", responses: { 200: apiKeySchema } }),
    requireUser,
    validate("param", apiKeyParam),
    async (c) => c.json(await revokeApiKey(serviceContext(c), c.req.valid("param").keyId)),
  );
