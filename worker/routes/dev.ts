import { Hono } from "hono";
import type { AppEnv } from "../lib/context";

// Filled in by the dev area.
export const devRoutes = new Hono<AppEnv>();
