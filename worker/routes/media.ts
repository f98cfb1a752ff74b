import { Hono } from "hono";
import type { AppEnv } from "../lib/context";

// Filled in by the media area.
export const mediaRoutes = new Hono<AppEnv>();
