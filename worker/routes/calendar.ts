import { Hono } from "hono";
import { listPostsQuery } from "../../schema/api/posts";
import { calendarPageResponse } from "../../schema/api/calendar-responses";
import { projectParam } from "../../schema/api/common";
import type { AppEnv } from "../lib/context";
import { requireUser } from "./middleware/session";
import { readContext } from "./middleware/service-context";
import { validate } from "../lib/validate";
import { describeRoute } from "../lib/openapi";
import { jsonText } from "../lib/json-text";
import { listCalendarPosts } from "../services/posts";

/**
 * The calendar's read (decision 171): the posts GET /projects/:projectId/posts answers for the same
 * query (same filters, order and limit), each as a row of the fields a calendar card uses.
 */
export const calendarRoutes = new Hono<AppEnv>().use("/projects/:projectId/calendar", requireUser).get(
  "/projects/:projectId/calendar",
  describeRoute({
    summary: "The calendar's posts: the post list's filters, each post as a row of the values a calendar card uses (fields named once)",
    responses: { 200: calendarPageResponse },
  }),
  validate("param", projectParam),
  validate("query", listPostsQuery),
  async (c) => {
    const { projectId } = c.req.valid("param");
    return jsonText(c, await listCalendarPosts(readContext(c), projectId, c.req.valid("query")));
  },
);
