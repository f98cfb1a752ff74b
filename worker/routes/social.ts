import { Hono } from "hono";
import { z } from "zod";
import { oauthCallbackSchema, oauthStartQuery } from "../../schema/api/social";
import { idParam } from "../../schema/api/common";
import { allowedOrigin, currentUser, requireUser } from "../lib/auth-middleware";
import type { AppEnv } from "../lib/context";
import { validate } from "../lib/validate";
import { disconnectAccount, listAccounts } from "../services/social-accounts";
import { completeOAuth, startOAuth } from "../services/social-oauth";
import { describeRoute } from "../lib/openapi";
import { oauthStartResponse, socialAccountListResponse, socialAccountResponse } from "../../schema/api/social-responses";
import { okResponse } from "../../schema/api/system-responses";

// Social accounts and the OAuth connect flow (thin handlers; logic in services/social-*.ts).
export const socialRoutes = new Hono<AppEnv>()
  .get("/projects/:projectId/social-accounts", describeRoute({ summary: "The project's connected social accounts (never any token)", responses: { 200: socialAccountListResponse } }), requireUser, validate("param", z.object({ projectId: idParam })), async (c) => {
    const { projectId } = c.req.valid("param");
    return c.json(await listAccounts(c.get("db"), currentUser(c).id, projectId));
  })
  .delete("/social-accounts/:accountId", describeRoute({ summary: "Disconnect a social account", responses: { 200: okResponse } }), requireUser, validate("param", z.object({ accountId: idParam })), async (c) => {
    await disconnectAccount(c.get("db"), currentUser(c).id, c.req.valid("param").accountId);
    return c.json({ ok: true });
  })
  .get(
    "/oauth/:platform/start",
    describeRoute({ summary: "Start connecting an account: the platform's authorize URL", responses: { 200: oauthStartResponse } }),
    requireUser,
    validate("param", z.object({ platform: z.string().max(40) })),
    validate("query", oauthStartQuery),
    async (c) => {
      const result = await startOAuth(c.get("db"), c.env, {
        userId: currentUser(c).id,
        platform: c.req.valid("param").platform,
        projectId: c.req.valid("query").projectId,
        origin: allowedOrigin(c),
      });
      return c.json(result);
    },
  )
  .post(
    "/oauth/:platform/callback",
    describeRoute({ summary: "Finish connecting: exchange the code, store the account", responses: { 200: socialAccountResponse } }),
    requireUser,
    validate("param", z.object({ platform: z.string().max(40) })),
    validate("json", oauthCallbackSchema),
    async (c) => {
      const account = await completeOAuth(c.get("db"), c.env, {
        userId: currentUser(c).id,
        platform: c.req.valid("param").platform,
        callback: c.req.valid("json"),
      });
      return c.json(account);
    },
  );
