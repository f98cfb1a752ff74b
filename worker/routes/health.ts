import { Hono } from "hono";
import type { AppEnv } from "../lib/context";
import { describeRoute } from "../lib/openapi";
import { healthResponse } from "../../schema/api/system-responses";
import { describeAiEngine } from "../adapters/ai";

// Liveness, and which AI engine and models this deployment uses (decision 191): an operator sees a
// retired or fallen-back model without reading logs.
export const healthRoutes = new Hono<AppEnv>().get(
  "/",
  describeRoute({ summary: "Liveness check, with the AI engine and models in use", public: true, responses: { 200: healthResponse } }),
  (c) => c.json({ ok: true as const, ai: describeAiEngine(c.env) }),
);
