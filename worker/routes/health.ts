import { Hono } from "hono";
import type { AppEnv } from "../lib/context";
import { describeRoute } from "../lib/openapi";
import { healthResponse } from "../../schema/api/system-responses";

export const healthRoutes = new Hono<AppEnv>().get("/", describeRoute({ summary: "Liveness check", public: true, responses: { 200: healthResponse } }), (c) => c.json({ ok: true }));
