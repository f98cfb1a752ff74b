import { Hono } from "hono";
import { postParam, projectParam } from "../../schema/api/common";
import { bulkPostsSchema, createSeriesSchema, putSlotsSchema, queuePostSchema, queueSlotsSchema, updateSeriesSchema } from "../../schema/api/planner";
import { exportQuery, importCheckSchema, importSchema } from "../../schema/api/post-import";
import { postResponse } from "../../schema/api/posts-responses";
import {
  bulkResponse,
  csvResponse,
  importResponse,
  queueSlotsResponse,
  seriesResponse,
  seriesUpdateResponse,
  slotsResponse,
} from "../../schema/api/planner-responses";
import type { AppEnv } from "../lib/context";
import { allowedOrigin, requireUser } from "./middleware/session";
import { serviceContext } from "./middleware/service-context";
import { describeRoute } from "../lib/openapi";
import { validate } from "../lib/validate";
import { bulkPosts, createSeries, getSlots, putSlots, queuePost, queueSlots, updateSeriesFrom } from "../services/planner";
import { checkImport, exportPostsCsv, importPosts } from "../services/planner";

/** The planner's tools: posting schedule, queue, recurring series, bulk actions, CSV in and out. */
export const plannerRoutes = new Hono<AppEnv>()
  .use("/projects/:projectId/slots", requireUser)
  .use("/projects/:projectId/queue/*", requireUser)
  .use("/projects/:projectId/queue", requireUser)
  .use("/projects/:projectId/series", requireUser)
  .use("/projects/:projectId/posts/bulk", requireUser)
  .use("/projects/:projectId/posts/export", requireUser)
  .use("/projects/:projectId/import/*", requireUser)
  .use("/projects/:projectId/import", requireUser)
  .use("/posts/:postId/series", requireUser)
  .get(
    "/projects/:projectId/slots",
    describeRoute({ summary: "The project's weekly posting schedule", responses: { 200: slotsResponse } }),
    validate("param", projectParam),
    async (c) => {
      return c.json(await getSlots(serviceContext(c), c.req.valid("param").projectId));
    },
  )
  .put(
    "/projects/:projectId/slots",
    describeRoute({ summary: "Replace the weekly posting schedule", responses: { 200: slotsResponse } }),
    validate("param", projectParam),
    validate("json", putSlotsSchema),
    async (c) => {
      return c.json(await putSlots(serviceContext(c), c.req.valid("param").projectId, c.req.valid("json")));
    },
  )
  .post(
    "/projects/:projectId/queue",
    describeRoute({ summary: "Add a post to the queue (its network's next free slot)", responses: { 201: postResponse } }),
    validate("param", projectParam),
    validate("json", queuePostSchema),
    async (c) => {
      const post = await queuePost(serviceContext(c), c.req.valid("param").projectId, c.req.valid("json"), allowedOrigin(c));
      return c.json(post, 201);
    },
  )
  .post(
    "/projects/:projectId/queue/slots",
    describeRoute({ summary: "The next free slots for a list of networks (nothing stored)", responses: { 200: queueSlotsResponse } }),
    validate("param", projectParam),
    validate("json", queueSlotsSchema),
    async (c) => {
      return c.json({ slots: await queueSlots(serviceContext(c), c.req.valid("param").projectId, c.req.valid("json").platforms) });
    },
  )
  .post(
    "/projects/:projectId/series",
    describeRoute({ summary: "Create a recurring post (every occurrence is its own post)", responses: { 201: seriesResponse } }),
    validate("param", projectParam),
    validate("json", createSeriesSchema),
    async (c) => {
      const series = await createSeries(serviceContext(c), c.req.valid("param").projectId, c.req.valid("json"), allowedOrigin(c));
      return c.json(series, 201);
    },
  )
  .patch(
    "/posts/:postId/series",
    describeRoute({ summary: "Edit this and all future occurrences of a recurring post", responses: { 200: seriesUpdateResponse } }),
    validate("param", postParam),
    validate("json", updateSeriesSchema),
    async (c) => {
      return c.json(await updateSeriesFrom(serviceContext(c), c.req.valid("param").postId, c.req.valid("json"), allowedOrigin(c)));
    },
  )
  .post(
    "/projects/:projectId/posts/bulk",
    describeRoute({ summary: "Move, change the network of, or delete several posts", responses: { 200: bulkResponse } }),
    validate("param", projectParam),
    validate("json", bulkPostsSchema),
    async (c) => {
      return c.json(await bulkPosts(serviceContext(c), c.req.valid("param").projectId, c.req.valid("json")));
    },
  )
  .get(
    "/projects/:projectId/posts/export",
    describeRoute({ summary: "CSV of the posts in a time range", contentType: "text/csv", responses: { 200: csvResponse } }),
    validate("param", projectParam),
    validate("query", exportQuery),
    async (c) => {
      const csv = await exportPostsCsv(serviceContext(c), c.req.valid("param").projectId, c.req.valid("query"), allowedOrigin(c));
      return c.body(csv, 200, { "content-type": "text/csv; charset=utf-8", "content-disposition": 'attachment; filename="brandpilot-posts.csv"' });
    },
  )
  .post(
    "/projects/:projectId/import/check",
    describeRoute({ summary: "Validate CSV rows by each network's rules (nothing stored)", responses: { 200: importResponse } }),
    validate("param", projectParam),
    validate("json", importCheckSchema),
    async (c) => {
      return c.json(await checkImport(serviceContext(c), c.req.valid("param").projectId, c.req.valid("json")));
    },
  )
  .post(
    "/projects/:projectId/import",
    describeRoute({ summary: "Import CSV rows: valid rows become posts, the others are reported", responses: { 200: importResponse } }),
    validate("param", projectParam),
    validate("json", importSchema),
    async (c) => {
      return c.json(await importPosts(serviceContext(c), c.req.valid("param").projectId, c.req.valid("json"), { origin: allowedOrigin(c) }));
    },
  );
