import { Hono } from "hono";
import type { AppEnv } from "../lib/context";

// Filled in by the campaigns area.
export const campaignRoutes = new Hono<AppEnv>();
