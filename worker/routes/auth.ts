import { Hono } from "hono";
import type { AppEnv } from "../lib/context";

// Filled in by the auth area.
export const authRoutes = new Hono<AppEnv>();
