// The MCP server's tools (decision 245): each tool is what a v1 route does, through the same
// access check (services/api-keys/access.ts: scope, the key's project reach, the creator's role)
// and the same services, so an AI agent can never do more over MCP than the key can over
// /api/v1. Arguments are checked twice on purpose: the SDK checks the tool's JSON schema (what
// a client reads in tools/list), then the v1 schema with its refinements and exact messages.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z, type ZodType } from "zod";
import { analyticsQuery } from "../../../../schema/api/analytics";
import { generateRequestSchema } from "../../../../schema/api/campaigns";
import { POST_STATUSES, updatePostSchema } from "../../../../schema/api/posts";
import { platformSchema } from "../../../../schema/api/common";
import { v1CreatePostSchema, v1ListPostsQuery } from "../../../../schema/api/v1";
import { ApiError, badRequest, unauthorized } from "../../../lib/errors";
import { fieldErrors } from "../../../lib/validate";
import { keyPost, keyProject, keyReaches, requireScope } from "../keys";
import { enforceKeyGenerationLimit } from "../keys";
import { getAnalytics, getPostMetrics } from "../../analytics";
import { toV1Project } from "../v1";
import { createNetworkPosts, listPostPage } from "../v1";
import { queryBrain } from "../../brain";
import { generateContent } from "../../posts";
import { updatePost } from "../../posts";
import { listProjects } from "../../projects";
import type { ServiceContext } from "../../context";

export const MCP_TOOL_NAMES = ["list_projects", "ask_brain", "generate_posts", "schedule_post", "list_calendar", "reschedule_post", "get_analytics"] as const;

const projectId = z.string().min(1).max(100).describe("A project id from list_projects");
const platform = platformSchema;
const when = z.string().describe("RFC 3339 time, e.g. 2026-12-01T09:00:00Z");

/** A tool's answer: the JSON a v1 route would answer, as text (and as structured content). */
function ok(value: unknown): CallToolResult {
  return { content: [{ type: "text", text: JSON.stringify(value) }] };
}

/** A refusal in the closed error set (schema/api/errors.ts), as an MCP tool error the agent can read. */
function refusal(err: unknown): CallToolResult {
  if (!(err instanceof ApiError)) throw err;
  if (err.headers?.["retry-after"])
    return {
      isError: true,
      content: [
        {
          type: "text",
          text: JSON.stringify({ error: { code: err.code, status: err.status, message: err.message, retry_after: Number(err.headers["retry-after"]) } }),
        },
      ],
    };
  const error = { code: err.code, status: err.status, message: err.message, ...(err.fields ? { fields: err.fields } : {}) };
  return { isError: true, content: [{ type: "text", text: JSON.stringify({ error }) }] };
}

/** The v1 schema's own check: its refinements and exact messages. */
function parse<T extends ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = fieldErrors(result.error.issues);
  throw badRequest(Object.values(fields)[0] ?? "Invalid input", fields);
}

const run = (fn: () => Promise<unknown>) => fn().then(ok, refusal);

/** A fresh server per request: the Worker is stateless, the key decides what each tool may do. */
export function createMcpServer(ctx: ServiceContext, origin: string): McpServer {
  const { db } = ctx;
  const key = ctx.caller.key;
  if (!key) throw unauthorized();
  const server = new McpServer({ name: "brandpilot", version: "1.0.0" });

  server.registerTool(
    "list_projects",
    {
      title: "List projects",
      description: "The projects this API key reaches, with their id, name and role. Needs the read scope.",
      inputSchema: {},
      annotations: { readOnlyHint: true },
    },
    () =>
      run(async () => {
        requireScope(key, "read");
        const projects = await listProjects(ctx);
        return { data: projects.filter((p) => keyReaches(key, p.id)).map(toV1Project) };
      }),
  );

  server.registerTool(
    "ask_brain",
    {
      title: "Ask the brand brain",
      description: "The brand brain's passages that best answer a question, with the answer's confidence. Needs the read scope.",
      inputSchema: { project_id: projectId, question: z.string().min(1).max(500) },
      annotations: { readOnlyHint: true },
    },
    (args) =>
      run(async () => {
        await keyProject(db, key, args.project_id, "read");
        return queryBrain(ctx, args.project_id, args.question);
      }),
  );

  server.registerTool(
    "generate_posts",
    {
      title: "Generate drafts",
      description:
        "Write drafts (one post, or a campaign of several) in the brand's voice, each with the brain sources it used. Nothing is saved or scheduled: pass a draft to schedule_post. Needs the write_posts scope; counts against the key's generation limit.",
      inputSchema: {
        project_id: projectId,
        prompt: z.string().min(1).max(2000),
        type: z.enum(["social_post", "campaign"]).optional(),
        count: z.number().int().min(1).max(30).optional(),
        platforms: z.array(platform).min(1).optional(),
        time_zone: z.string().max(100).optional(),
      },
    },
    ({ project_id, ...rest }) =>
      run(async () => {
        await keyProject(db, key, project_id, "write_posts");
        const input = parse(generateRequestSchema, rest);
        await enforceKeyGenerationLimit(db, key);
        return generateContent(ctx, project_id, input);
      }),
  );

  server.registerTool(
    "schedule_post",
    {
      title: "Schedule a post",
      description:
        "Create one post per network (optionally with a per-network variant), as a draft or scheduled at scheduled_for. Variants of one message share its message_id. mode 'now' publishes at once and needs the publish scope; otherwise write_posts.",
      inputSchema: {
        project_id: projectId,
        content: z.string().min(1).max(5000),
        networks: z.array(platform).min(1),
        hashtags: z.array(z.string()).max(30).optional(),
        variants: z.array(z.object({ platform, content: z.string().optional(), hashtags: z.array(z.string()).optional() })).optional(),
        scheduled_for: when.optional(),
        mode: z.enum(["schedule", "draft", "now"]).optional(),
      },
    },
    ({ project_id, ...rest }) =>
      run(async () => {
        await keyProject(db, key, project_id, "write_posts");
        const input = parse(v1CreatePostSchema, { ...rest, mode: rest.mode ?? "schedule" });
        // Nothing publishes without the publish scope (as POST /api/v1/projects/:id/posts).
        if (input.mode === "now") requireScope(key, "publish");
        return { data: await createNetworkPosts(ctx, project_id, input, origin) };
      }),
  );

  server.registerTool(
    "list_calendar",
    {
      title: "List the calendar",
      description: "The project's posts ordered by scheduled time, filtered by time range, status and network; page with next_cursor. Needs the read scope.",
      inputSchema: {
        project_id: projectId,
        from: when.optional(),
        to: when.optional(),
        status: z.enum(POST_STATUSES).optional(),
        platform: platform.optional(),
        limit: z.number().int().min(1).max(200).optional(),
        cursor: z.string().optional(),
      },
      annotations: { readOnlyHint: true },
    },
    ({ project_id, ...rest }) =>
      run(async () => {
        await keyProject(db, key, project_id, "read");
        return listPostPage(db, project_id, parse(v1ListPostsQuery, rest));
      }),
  );

  server.registerTool(
    "reschedule_post",
    {
      title: "Reschedule a post",
      description: "Move a scheduled post (or a draft) to a new time. Needs the write_posts scope.",
      inputSchema: { post_id: z.string().min(1).max(100), scheduled_for: when },
    },
    (args) =>
      run(async () => {
        const post = await keyPost(db, key, args.post_id, "write_posts");
        return updatePost(ctx, post.id, parse(updatePostSchema, { scheduled_for: args.scheduled_for }), origin);
      }),
  );

  server.registerTool(
    "get_analytics",
    {
      title: "Get analytics",
      description:
        "With project_id: engagement per network over 7, 30 or 90 days, top posts and best times. With post_id: that post's metrics per day. Needs the read scope.",
      inputSchema: {
        project_id: projectId.optional(),
        post_id: z.string().min(1).max(100).optional(),
        days: z.enum(["7", "30", "90"]).optional(),
        time_zone: z.string().max(100).optional(),
      },
      annotations: { readOnlyHint: true },
    },
    (args) =>
      run(async () => {
        if (args.post_id) {
          const post = await keyPost(db, key, args.post_id, "read");
          return getPostMetrics(ctx, post.id);
        }
        if (!args.project_id) throw badRequest("Send project_id or post_id", { project_id: "Send project_id or post_id" });
        await keyProject(db, key, args.project_id, "read");
        return getAnalytics(ctx, args.project_id, parse(analyticsQuery, { days: args.days, time_zone: args.time_zone }));
      }),
  );

  return server;
}
