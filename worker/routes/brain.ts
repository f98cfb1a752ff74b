import { Hono } from "hono";
import type { AppEnv } from "../lib/context";

// Filled in by the brain area.
export const brainRoutes = new Hono<AppEnv>();
