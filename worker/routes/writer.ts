import { Hono } from "hono";
import { projectParam } from "../../schema/api/common";
import { claimCheckRequestSchema, claimCheckResponse } from "../../schema/api/writer";
import type { AppEnv } from "../lib/context";
import { currentUser, requireUser } from "../lib/auth-middleware";
import { describeRoute } from "../lib/openapi";
import { validate } from "../lib/validate";
import { checkDraftClaims } from "../services/claim-check";

/** The writer's tools on a draft, whoever wrote it: the claim check (decision 225). */
export const writerRoutes = new Hono<AppEnv>().post(
  "/projects/:projectId/claims",
  describeRoute({ summary: "Check a draft's figures, prices, dates, names and absolute claims against the brand brain", responses: { 200: claimCheckResponse } }),
  requireUser,
  validate("param", projectParam),
  validate("json", claimCheckRequestSchema),
  async (c) => {
    const { projectId } = c.req.valid("param");
    return c.json(await checkDraftClaims(c.get("db"), currentUser(c).id, projectId, c.req.valid("json").content));
  },
);
