import { Hono } from "hono";
import { postParam, projectParam } from "../../schema/api/common";
import { analyticsQuery } from "../../schema/api/analytics";
import { analyticsResponse, postMetricsResponse } from "../../schema/api/analytics-responses";
import type { AppEnv } from "../lib/context";
import { requireUser } from "./middleware/session";
import { serviceContext } from "./middleware/service-context";
import { describeRoute } from "../lib/openapi";
import { validate } from "../lib/validate";
import { getAnalytics, getPostMetrics } from "../services/analytics";

/** Analytics: per-network totals and trends, top posts, best times, one post's series. */
export const analyticsRoutes = new Hono<AppEnv>()
  .get(
    "/projects/:projectId/analytics",
    describeRoute({ summary: "Engagement per network over 7/30/90 days, top posts and best times to post", responses: { 200: analyticsResponse } }),
    requireUser,
    validate("param", projectParam),
    validate("query", analyticsQuery),
    async (c) => {
      return c.json(await getAnalytics(serviceContext(c), c.req.valid("param").projectId, c.req.valid("query")));
    },
  )
  .get(
    "/posts/:postId/metrics",
    describeRoute({ summary: "One post's metrics over time", responses: { 200: postMetricsResponse } }),
    requireUser,
    validate("param", postParam),
    async (c) => {
      return c.json(await getPostMetrics(serviceContext(c), c.req.valid("param").postId));
    },
  );
