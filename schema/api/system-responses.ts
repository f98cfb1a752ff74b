import { z } from "zod";

// Response schemas of the small, area-less routes (health, account, the API description itself).
// Declared on each route with describeRoute(...) (worker/lib/openapi.ts) and checked in tests.

/** `{ ok: true }`: an action done with nothing else to report. */
export const okResponse = z.strictObject({ ok: z.literal(true) });
/** `{ ok: true, message }`: an action done, with the spec's confirmation text. */
export const okMessageResponse = z.strictObject({ ok: z.literal(true), message: z.string() });

/** The AI engine in use and its model per task (decision 191): what /api/health and Settings show. */
export const aiEngineModels = z.strictObject({
  provider: z.enum(["openai", "workers-ai", "local"]),
  chat: z.string(),
  embeddings: z.string(),
  image: z.string().nullable(),
});
export const healthResponse = z.strictObject({ ok: z.literal(true), ai: aiEngineModels });

/** DELETE /api/account: everything of the user is gone; how many stored objects were removed. */
export const accountDeletedResponse = z.strictObject({ ok: z.literal(true), deletedObjects: z.number().int().min(0) });

/** GET /api/openapi.json: an OpenAPI 3.1 document (its own schema is the OpenAPI spec's). */
export const openApiDocumentResponse = z.looseObject({
  openapi: z.literal("3.1.0"),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.looseObject({ operationId: z.string(), responses: z.record(z.string(), z.unknown()) }))),
});

/** GET /api/docs: the reference page (HTML). */
export const htmlResponse = z.string().min(1);
