import { Hono } from "hono";
import { projectParam } from "../../schema/api/common";
import { assistRequestSchema, assistResponse, claimCheckRequestSchema, claimCheckResponse } from "../../schema/api/writer";
import type { AppEnv } from "../lib/context";
import { currentUser, requireUser } from "./middleware/session";
import { describeRoute } from "../lib/openapi";
import { validate } from "../lib/validate";
import { assistDraft, checkDraftClaims } from "../services/posts";

/** The writer's tools on a draft, whoever wrote it: the claim check (decision 225) and the editor's helpers (decision 227). */
export const writerRoutes = new Hono<AppEnv>()
  .post(
    "/projects/:projectId/claims",
    describeRoute({
      summary: "Check a draft's figures, prices, dates, names and absolute claims against the brand brain",
      responses: { 200: claimCheckResponse },
    }),
    requireUser,
    validate("param", projectParam),
    validate("json", claimCheckRequestSchema),
    async (c) => {
      const { projectId } = c.req.valid("param");
      return c.json(await checkDraftClaims(c.get("db"), currentUser(c).id, projectId, c.req.valid("json").content));
    },
  )
  .post(
    "/projects/:projectId/assist",
    describeRoute({
      summary: "Shorten a draft, adapt it to a network, or suggest hashtags from the draft and the brain (no model needed)",
      responses: { 200: assistResponse },
    }),
    requireUser,
    validate("param", projectParam),
    validate("json", assistRequestSchema),
    async (c) => {
      const { projectId } = c.req.valid("param");
      return c.json(await assistDraft(c.get("db"), currentUser(c).id, projectId, c.req.valid("json")));
    },
  );
