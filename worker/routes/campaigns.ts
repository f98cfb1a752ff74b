import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../lib/context";
import { allowedOrigin, requireUser } from "./middleware/session";
import { serviceContext } from "./middleware/service-context";
import { validate } from "../lib/validate";
import { idParam, projectParam } from "../../schema/api/common";
import { createCampaignSchema, generateRequestSchema } from "../../schema/api/campaigns";
import { generateContent } from "../services/posts";
import { createCampaign, getCampaign, listCampaigns } from "../services/campaigns";
import { describeRoute } from "../lib/openapi";
import { campaignListResponse, campaignWithPostsResponse, generateResponse } from "../../schema/api/campaigns-responses";

const campaignParam = z.object({ campaignId: idParam });

/** Generation (single post or campaign drafts) and saved campaigns. */
export const campaignRoutes = new Hono<AppEnv>()
  .post(
    "/projects/:projectId/generate",
    describeRoute({ summary: "Generate post drafts (single post or campaign), grounded in the brain", responses: { 200: generateResponse } }),
    requireUser,
    validate("param", projectParam),
    validate("json", generateRequestSchema),
    async (c) => {
      const { projectId } = c.req.valid("param");
      return c.json(await generateContent(serviceContext(c), projectId, c.req.valid("json")));
    },
  )
  .get(
    "/projects/:projectId/campaigns",
    describeRoute({ summary: "List the project's campaigns, newest first", responses: { 200: campaignListResponse } }),
    requireUser,
    validate("param", projectParam),
    async (c) => {
      const { projectId } = c.req.valid("param");
      return c.json(await listCampaigns(serviceContext(c), projectId));
    },
  )
  .post(
    "/projects/:projectId/campaigns",
    describeRoute({ summary: "Save a campaign and schedule its posts in one batch", responses: { 201: campaignWithPostsResponse } }),
    requireUser,
    validate("param", projectParam),
    validate("json", createCampaignSchema),
    async (c) => {
      const { projectId } = c.req.valid("param");
      return c.json(await createCampaign(serviceContext(c), projectId, c.req.valid("json"), allowedOrigin(c)), 201);
    },
  )
  .get(
    "/campaigns/:campaignId",
    describeRoute({ summary: "One campaign with its posts", responses: { 200: campaignWithPostsResponse } }),
    requireUser,
    validate("param", campaignParam),
    async (c) => {
      const { campaignId } = c.req.valid("param");
      return c.json(await getCampaign(serviceContext(c), campaignId));
    },
  );
