import { Hono } from "hono";
import type { AppEnv } from "../lib/context";

// Filled in by the account area.
export const accountRoutes = new Hono<AppEnv>();
