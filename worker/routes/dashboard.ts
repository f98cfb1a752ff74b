import { Hono } from "hono";
import type { AppEnv } from "../lib/context";

// Filled in by the dashboard area.
export const dashboardRoutes = new Hono<AppEnv>();
