import { Hono } from "hono";
import type { AppEnv } from "../lib/context";

// Filled in by the projects area.
export const projectRoutes = new Hono<AppEnv>();
