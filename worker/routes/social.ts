import { Hono } from "hono";
import type { AppEnv } from "../lib/context";

// Filled in by the social area.
export const socialRoutes = new Hono<AppEnv>();
