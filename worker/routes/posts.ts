import { Hono } from "hono";
import type { AppEnv } from "../lib/context";

// Filled in by the posts area.
export const postRoutes = new Hono<AppEnv>();
