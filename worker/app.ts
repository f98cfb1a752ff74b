import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "./lib/context";
import { getDb } from "./lib/db";
import { ApiError, errorBody } from "./lib/errors";
import { sessionMiddleware } from "./routes/middleware/session";
import { buildOpenApi, describeRoute, docsPage } from "./lib/openapi";
import { healthRoutes } from "./routes/health";
import { authRoutes } from "./routes/auth";
import { accountRoutes } from "./routes/account";
import { projectRoutes } from "./routes/projects";
import { brainRoutes } from "./routes/brain";
import { socialRoutes } from "./routes/social";
import { postRoutes } from "./routes/posts";
import { mediaRoutes } from "./routes/media";
import { campaignRoutes } from "./routes/campaigns";
import { dashboardRoutes } from "./routes/dashboard";
import { dashboardPage } from "./routes/dashboard-page";
import { devRoutes } from "./routes/dev";
import { fromAssets, jsonBodyLimit, productionGate, securityHeaders } from "./lib/security-middleware";
import { plannerRoutes } from "./routes/planner";
import { analyticsRoutes } from "./routes/analytics";
import { calendarRoutes } from "./routes/calendar";
import { postReviewRoutes, teamRoutes } from "./routes/team";
import { htmlResponse, openApiDocumentResponse } from "../schema/api/system-responses";
import { apiKeyRoutes } from "./routes/api-keys";
import { v1Routes } from "./routes/v1";
import { webhookRoutes } from "./routes/webhooks";
import { writerRoutes } from "./routes/writer";
import { mcpRoutes } from "./routes/mcp";
import { reviewLinkRoutes } from "./routes/review-links";
import { feedRoutes } from "./routes/feeds";

// The app's API: session-authenticated routes under /api (the SPA calls them with request<T>, decision 250).
const api = new Hono<AppEnv>()
  .use("*", async (c, next) => {
    c.set("db", getDb(c.env.DB));
    await next();
  })
  .use("*", sessionMiddleware)
  .route("/health", healthRoutes)
  .route("/auth", authRoutes)
  .route("/account/api-keys", apiKeyRoutes)
  .route("/account", accountRoutes)
  .route("/projects", projectRoutes)
  .route("/projects/:projectId/brain", brainRoutes)
  .route("/", socialRoutes)
  .route("/", plannerRoutes)
  .route("/", analyticsRoutes)
  .route("/", postRoutes)
  .route("/", calendarRoutes)
  .route("/", campaignRoutes)
  .route("/", dashboardRoutes)
  .route("/", webhookRoutes)
  .route("/", teamRoutes)
  .route("/", postReviewRoutes)
  .route("/", reviewLinkRoutes)
  .route("/", writerRoutes)
  .route("/", feedRoutes);

export const app = new Hono<AppEnv>()
  // Secure by default (lib/security-middleware.ts): refuse to run half-configured, headers, body caps.
  .use("*", securityHeaders)
  .use("*", productionGate)
  .use("/api/*", jsonBodyLimit)
  // The public API (decision 212): API keys only, so it is mounted before the app's session middleware.
  .use("/api/v1/*", async (c, next) => {
    c.set("db", getDb(c.env.DB));
    await next();
  })
  .get(
    "/api/v1/openapi.json",
    describeRoute({ summary: "The public API's description (OpenAPI 3.1)", public: true, responses: { 200: openApiDocumentResponse } }),
    (c) => c.json(v1Document()),
  )
  .route("/api/v1", v1Routes)
  // The MCP server (decision 245): the same keys and scopes as v1.
  .route("/mcp", mcpRoutes)
  .route("/api", api)
  .route("/media", mediaRoutes)
  .route("/dev", devRoutes);

// The API description is generated from the route table itself (lib/openapi.ts).
function v1Document(): ReturnType<typeof buildOpenApi> {
  return buildOpenApi(app.routes, "/api/v1");
}
app.get("/api/openapi.json", describeRoute({ summary: "This API description (OpenAPI 3.1)", public: true, responses: { 200: openApiDocumentResponse } }), (c) =>
  c.json(buildOpenApi(app.routes)),
);
app.get("/api/docs", describeRoute({ summary: "Readable API reference page", public: true, contentType: "text/html", responses: { 200: htmlResponse } }), (c) =>
  c.html(docsPage()),
);
app.all("/api/*", (c) => c.json(errorBody("not_found", "Not found"), 404));

// "/" is routed to the Worker (wrangler.toml run_worker_first) only to answer with the
// pre-rendered landing page: index.html must stay the empty shell the SPA fallback serves for
// every other path (decision 163).
app.get("/", (c) =>
  c.env.ASSETS ? fromAssets(c.env.ASSETS.fetch(new Request(new URL("/landing", c.req.url), c.req.raw))) : c.json(errorBody("not_found", "Not found"), 404),
);
// /dashboard: its pre-rendered frame for a visitor with a session cookie (decision 167).
app.get("/dashboard", dashboardPage);

app.notFound((c) => {
  if (c.env.ASSETS && !c.req.path.startsWith("/api/")) return fromAssets(c.env.ASSETS.fetch(c.req.raw));
  return c.json(errorBody("not_found", "Not found"), 404);
});

app.onError((err, c) => {
  if (err instanceof ApiError) return c.json(errorBody(err.code, err.message, err.fields), err.status, err.headers);
  // Hono's own refusals (unreadable bodies and the like) map onto the closed set (decision 210).
  if (err instanceof HTTPException) {
    if (err.status === 401) return c.json(errorBody("unauthorized", err.message || undefined), 401);
    if (err.status === 413) return c.json(errorBody("too_large", err.message || undefined), 413);
    return c.json(errorBody("invalid_input", err.message || "Bad request"), 400);
  }
  console.error("unhandled error", err);
  return c.json(errorBody("internal", "Something went wrong. Please try again."), 500);
});
