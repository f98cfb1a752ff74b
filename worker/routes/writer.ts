import { Hono } from "hono";
import { projectParam } from "../../schema/api/common";
import { assistCapabilitiesResponse, assistRequestSchema, assistResponse, claimCheckRequestSchema, claimCheckResponse } from "../../schema/api/writer";
import type { AppEnv } from "../lib/context";
import { requireUser } from "./middleware/session";
import { serviceContext } from "./middleware/service-context";
import { describeRoute } from "../lib/openapi";
import { validate } from "../lib/validate";
import { assistCapabilities, assistDraft, checkDraftClaims } from "../services/posts";

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
      return c.json(await checkDraftClaims(serviceContext(c), projectId, c.req.valid("json").content));
    },
  )
  .get(
    "/projects/:projectId/assist",
    describeRoute({
      summary: "Which of the editor's helpers the AI engine in use can run, and Change tone's five voices",
      responses: { 200: assistCapabilitiesResponse },
    }),
    requireUser,
    validate("param", projectParam),
    async (c) => {
      const { projectId } = c.req.valid("param");
      return c.json(await assistCapabilities(serviceContext(c), projectId));
    },
  )
  .post(
    "/projects/:projectId/assist",
    describeRoute({
      summary: "Rewrite, shorten, change the tone of, adapt to a network, or suggest hashtags for a draft (Rewrite and Change tone need an AI engine)",
      responses: { 200: assistResponse },
    }),
    requireUser,
    validate("param", projectParam),
    validate("json", assistRequestSchema),
    async (c) => {
      const { projectId } = c.req.valid("param");
      return c.json(await assistDraft(serviceContext(c), projectId, c.req.valid("json")));
    },
  );
