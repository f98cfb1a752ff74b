// RSS to drafts (decision 284): the feeds a project follows. Thin handlers over services/api/feeds;
// the cron (jobs/cron.ts "feed-poll") reads them.
import { Hono } from "hono";
import { projectParam } from "../../schema/api/common";
import { createFeedSchema, feedListResponse, feedParam, feedResponse } from "../../schema/api/feeds";
import type { AppEnv } from "../lib/context";
import { describeRoute } from "../lib/openapi";
import { validate } from "../lib/validate";
import { createFeed, deleteFeed, listFeeds } from "../services/api/feeds";
import { serviceContext } from "./middleware/service-context";
import { requireUser } from "./middleware/session";

export const feedRoutes = new Hono<AppEnv>()
  .get(
    "/projects/:projectId/feeds",
    describeRoute({ summary: "The RSS/Atom feeds the project follows, with each one's last poll and error", responses: { 200: feedListResponse } }),
    requireUser,
    validate("param", projectParam),
    async (c) => c.json(await listFeeds(serviceContext(c), c.req.valid("param").projectId)),
  )
  .post(
    "/projects/:projectId/feeds",
    describeRoute({
      summary: "Follow an RSS/Atom feed: each new item becomes a draft (or a queue entry) in the brand's voice with its link; polled at most every 15 minutes",
      responses: { 201: feedResponse },
    }),
    requireUser,
    validate("param", projectParam),
    validate("json", createFeedSchema),
    async (c) => c.json(await createFeed(serviceContext(c), c.req.valid("param").projectId, c.req.valid("json"), c.req.url), 201),
  )
  .delete(
    "/feeds/:feedId",
    describeRoute({ summary: "Stop following a feed (the posts written from it stay)", responses: { 204: null } }),
    requireUser,
    validate("param", feedParam),
    async (c) => {
      await deleteFeed(serviceContext(c), c.req.valid("param").feedId);
      return c.body(null, 204);
    },
  );
