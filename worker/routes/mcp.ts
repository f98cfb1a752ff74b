// /mcp: the Model Context Protocol over Streamable HTTP (decision 245), with the official SDK's
// web-standard transport. Stateless: each POST gets a fresh server and transport (a Worker keeps
// no memory between requests), answered as plain JSON. Authenticated like /api/v1: an API key
// only (lib/api-key-auth.ts: rate limit and activity log included); the tools check scopes.
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { Hono } from "hono";
import { apiKeyAuth, currentKey } from "./middleware/api-key";
import { allowedOrigin } from "./middleware/session";
import type { AppEnv } from "../lib/context";
import { getDb } from "../lib/db";
import { createMcpServer } from "../services/api/mcp";

export const mcpRoutes = new Hono<AppEnv>()
  .use("*", async (c, next) => {
    c.set("db", getDb(c.env.DB));
    await next();
  })
  .use("*", apiKeyAuth)
  .all("/", async (c) => {
    const server = createMcpServer({ db: c.get("db"), env: c.env, key: currentKey(c), origin: allowedOrigin(c) });
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    return transport.handleRequest(c.req.raw);
  });
