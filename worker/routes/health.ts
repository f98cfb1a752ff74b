import { Hono } from "hono";
import type { AppEnv } from "../lib/context";

export const healthRoutes = new Hono<AppEnv>().get("/", (c) => c.json({ ok: true }));
