import { Hono } from "hono";
import { z } from "zod";
import { accountChoiceSchema, appPasswordSchema, oauthCallbackSchema, oauthStartQuery } from "../../schema/api/social";
import { idParam } from "../../schema/api/common";
import { serviceContext } from "./middleware/service-context";
import { allowedOrigin, requireUser } from "./middleware/session";
import type { AppEnv } from "../lib/context";
import { validate } from "../lib/validate";
import { disconnectAccount, listAccounts } from "../services/social";
import { completeOAuth, networkAvailability, startOAuth } from "../services/social";
import { chooseAccount, connectWithAppPassword, completeConnect, startConnect } from "../services/social";
import { describeRoute } from "../lib/openapi";
import {
  networkAvailabilityResponse,
  oauthCallbackResponse,
  oauthStartResponse,
  socialAccountListResponse,
  socialAccountResponse,
} from "../../schema/api/social-responses";
import { okResponse } from "../../schema/api/system-responses";

// Social accounts and the OAuth connect flow (thin handlers; logic in services/social-*.ts).
export const socialRoutes = new Hono<AppEnv>()
  .get(
    "/projects/:projectId/social-accounts",
    describeRoute({ summary: "The project's connected social accounts (never any token)", responses: { 200: socialAccountListResponse } }),
    requireUser,
    validate("param", z.object({ projectId: idParam })),
    async (c) => {
      const { projectId } = c.req.valid("param");
      return c.json(await listAccounts(serviceContext(c), projectId));
    },
  )
  .get(
    "/social-networks",
    describeRoute({ summary: "Which networks this server can connect now (keys set or the local sandbox)", responses: { 200: networkAvailabilityResponse } }),
    requireUser,
    (c) => c.json({ networks: networkAvailability(c.env) }),
  )
  .delete(
    "/social-accounts/:accountId",
    describeRoute({ summary: "Disconnect a social account", responses: { 200: okResponse } }),
    requireUser,
    validate("param", z.object({ accountId: idParam })),
    async (c) => {
      await disconnectAccount(serviceContext(c), c.req.valid("param").accountId);
      return c.json({ ok: true });
    },
  )
  .get(
    "/oauth/:platform/start",
    describeRoute({ summary: "Start connecting an account: the platform's authorize URL", responses: { 200: oauthStartResponse } }),
    requireUser,
    validate("param", z.object({ platform: z.string().max(40) })),
    validate("query", oauthStartQuery),
    async (c) => {
      const ctx = serviceContext(c);
      const input = { platform: c.req.valid("param").platform, projectId: c.req.valid("query").projectId, origin: allowedOrigin(c) };
      const result = (await startConnect(ctx, { ...input, instance: c.req.valid("query").instance })) ?? (await startOAuth(ctx, input));
      return c.json(result);
    },
  )
  .post(
    "/oauth/:platform/callback",
    describeRoute({
      summary: "Finish connecting: exchange the code, store the account (or list the accounts to choose from)",
      responses: { 200: oauthCallbackResponse },
    }),
    requireUser,
    validate("param", z.object({ platform: z.string().max(40) })),
    validate("json", oauthCallbackSchema),
    async (c) => {
      const ctx = serviceContext(c);
      const input = { platform: c.req.valid("param").platform, callback: c.req.valid("json") };
      const account = (await completeConnect(ctx, input)) ?? (await completeOAuth(ctx, input));
      return c.json(account);
    },
  )
  .post(
    "/oauth/:platform/choose",
    describeRoute({
      summary: "Finish a connect that asked which account (the network's `connect.choose`, e.g. a Page)",
      responses: { 200: socialAccountResponse },
    }),
    requireUser,
    validate("param", z.object({ platform: z.string().max(40) })),
    validate("json", accountChoiceSchema),
    async (c) => {
      const body = c.req.valid("json");
      return c.json(
        await chooseAccount(serviceContext(c), {
          platform: c.req.valid("param").platform,
          choice: body.choice,
          optionId: body.option_id,
        }),
      );
    },
  )
  .post(
    "/projects/:projectId/social-accounts/:platform",
    describeRoute({
      summary: "Connect a network that signs in with a handle and an app password (`app-password` connect)",
      responses: { 200: socialAccountResponse },
    }),
    requireUser,
    validate("param", z.object({ projectId: idParam, platform: z.string().max(40) })),
    validate("json", appPasswordSchema),
    async (c) => {
      const { projectId, platform } = c.req.valid("param");
      const body = c.req.valid("json");
      return c.json(
        await connectWithAppPassword(serviceContext(c), {
          projectId,
          platform,
          identifier: body.identifier,
          password: body.password,
        }),
      );
    },
  );
