import { Hono } from "hono";
import type { AppEnv } from "../lib/context";
import { requireUser } from "./middleware/session";
import { readContext } from "./middleware/service-context";
import { validate } from "../lib/validate";
import { projectParam } from "../../schema/api/common";
import { getDashboard } from "../services/analytics";
import { describeRoute } from "../lib/openapi";
import { dashboardResponse } from "../../schema/api/campaigns-responses";

/** Dashboard figures, upcoming posts and the header's progress flags. */
export const dashboardRoutes = new Hono<AppEnv>().get(
  "/projects/:projectId/dashboard",
  describeRoute({ summary: "Dashboard figures, upcoming posts and progress flags", responses: { 200: dashboardResponse } }),
  requireUser,
  validate("param", projectParam),
  async (c) => {
    const { projectId } = c.req.valid("param");
    return c.json(await getDashboard(readContext(c), projectId));
  },
);
