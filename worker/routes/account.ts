import { createClerkClient } from "@clerk/backend";
import { Hono } from "hono";
import { clerkConfigured } from "../adapters/auth";
import { CLERK_SESSION_COOKIE, clearCookie } from "../adapters/auth/session-cookie";
import { serviceContext } from "./middleware/service-context";
import { requireUser } from "./middleware/session";
import type { AppEnv } from "../lib/context";
import { deleteAccount } from "../services/auth";
import { describeRoute } from "../lib/openapi";
import { accountDeletedResponse } from "../../schema/api/system-responses";

export const accountRoutes = new Hono<AppEnv>().delete(
  "/",
  describeRoute({ summary: "Delete the account and everything it owns", responses: { 200: accountDeletedResponse } }),
  requireUser,
  async (c) => {
    const result = await deleteAccount(serviceContext(c));
    const clerkId = clerkConfigured(c.env) ? result.clerkUserId : null;
    if (clerkId && c.env.CLERK_SECRET_KEY) {
      // Without this the Clerk user would sign straight back in to a fresh, empty account.
      try {
        await createClerkClient({ secretKey: c.env.CLERK_SECRET_KEY, apiUrl: c.env.CLERK_API_URL }).users.deleteUser(clerkId);
      } catch (err) {
        console.error("clerk user delete failed", err);
      }
    }
    c.header("Set-Cookie", clearCookie(c.env, clerkConfigured(c.env) ? CLERK_SESSION_COOKIE : undefined));
    return c.json({ ok: true as const, deletedObjects: result.objects });
  },
);
