// /mcp: the Model Context Protocol over Streamable HTTP (decision 245), with the official SDK's
// web-standard transport. Stateless: each POST gets a fresh server and transport (a Worker keeps
// no memory between requests), answered as plain JSON. Authenticated like /api/v1: an API key
// only (lib/api-key-auth.ts: rate limit and activity log included); the tools check scopes.
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { Hono, type Context } from "hono";
import { z } from "zod";
import { describeRoute } from "../lib/openapi";
import { apiKeyAuth } from "./middleware/api-key";
import { serviceContext } from "./middleware/service-context";
import { allowedOrigin } from "./middleware/session";
import type { AppEnv } from "../lib/context";
import { getDb } from "../lib/db";
import { createMcpServer } from "../services/api/mcp";

/** A JSON-RPC 2.0 answer (or a batch of them) as the SDK's transport writes it. */
const rpcAnswer = z.looseObject({ jsonrpc: z.literal("2.0"), id: z.union([z.string(), z.number(), z.null()]).optional() });
const mcpResponse = z.union([rpcAnswer, z.array(rpcAnswer)]);

async function handle(c: Context<AppEnv>) {
  const server = createMcpServer(serviceContext(c), allowedOrigin(c));
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  return transport.handleRequest(c.req.raw);
}

export const mcpRoutes = new Hono<AppEnv>()
  .use("*", async (c, next) => {
    c.set("db", getDb(c.env.DB));
    await next();
  })
  .use("*", apiKeyAuth)
  .post(
    "/",
    describeRoute({
      summary:
        "Model Context Protocol (Streamable HTTP, JSON-RPC 2.0): tools list_projects, ask_brain, generate_posts, schedule_post, list_calendar, reschedule_post, get_analytics; each tool asks its own scope",
      responses: { 200: mcpResponse, 202: null },
    }),
    handle,
  )
  // GET (a server stream) and DELETE (a session) are answered by the transport itself (405 when stateless).
  .all("/", handle);
