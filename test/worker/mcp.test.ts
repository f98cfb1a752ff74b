// The MCP server (decision 245) driven by the SDK's own client over Streamable HTTP: it lists
// every tool with its JSON schema, calls each one against real D1/queues/brain, and refuses what
// the key may not do (a missing scope, another user's project, a bad argument) with an error in
// the closed set. Nothing publishes without the publish scope.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ApiScope } from "../../schema/api/api-keys";
import type { BrainDocumentDto, BrainQueryResponse } from "../../schema/api/brain";
import type { GenerateResponse } from "../../schema/api/campaigns";
import type { Post } from "../../schema/api/posts";
import { MCP_TOOL_NAMES } from "../../worker/services/api/mcp/tools";
import { app } from "../../worker/app";
import { routeDescription } from "../../worker/lib/openapi";
import { createKey, v1 } from "./api-key-helpers";
import { BRAND_TEXT } from "./brain-test-kit";
import { call, ORIGIN, signIn, type TestUser } from "./helpers";
import { connectNetwork } from "./network-helpers";
import { connectAccount } from "./social-helpers";
import { waitFor } from "./posts-fixtures";

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();

/** An SDK client whose HTTP goes to the Worker under test, with the key as its Bearer token. */
async function mcpClient(secret: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL("/mcp", ORIGIN), {
    requestInit: { headers: { authorization: `Bearer ${secret}` } },
    fetch: (input, init) => call(String(input), init),
  });
  const client = new Client({ name: "brandpilot-test", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

async function tool<T>(client: Client, name: string, args: Record<string, unknown> = {}): Promise<T> {
  const res = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = (res.content[0] as { text: string }).text;
  if (res.isError) throw new Error(`${name} refused: ${text}`);
  return JSON.parse(text) as T;
}

async function refusal(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<{ code: string; status: number; message: string; fields?: Record<string, string> }> {
  const res = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(res.isError).toBe(true);
  return (JSON.parse((res.content[0] as { text: string }).text) as { error: { code: string; status: number; message: string } }).error;
}

async function postCount(projectId: string): Promise<number> {
  return (await env.DB.prepare("select count(*) as n from posts where project_id = ?").bind(projectId).first<{ n: number }>())!.n;
}

async function readyBrain(user: TestUser, secret: string): Promise<void> {
  const res = await v1(secret, "POST", `/api/v1/projects/${user.projectId}/brain/documents`, { title: "About Acme", content: BRAND_TEXT });
  expect(res.status).toBe(202);
  const doc = (await res.json()) as BrainDocumentDto;
  await waitFor(
    async () => {
      const d = (await (await v1(secret, "GET", `/api/v1/projects/${user.projectId}/brain/documents/${doc.id}`)).json()) as BrainDocumentDto;
      return d.status === "ready";
    },
    20_000,
    200,
  );
}

describe("MCP server", () => {
  it("lists every tool with a schema and calls each one through the v1 services", { timeout: 90_000 }, async () => {
    const user = await signIn();
    await connectAccount(user, "twitter");
    await connectNetwork(user, "mastodon");
    const key = await createKey(user, { name: "Agent", scopes: ["read", "write_posts", "brain"] });
    await readyBrain(user, key.key);
    const client = await mcpClient(key.key);

    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...MCP_TOOL_NAMES].sort());
    for (const t of tools) {
      expect(t.description?.length).toBeGreaterThan(20);
      expect(t.inputSchema.type).toBe("object");
    }
    expect(tools.find((t) => t.name === "schedule_post")!.inputSchema.required).toEqual(expect.arrayContaining(["project_id", "content", "networks"]));

    const projects = await tool<{ data: { id: string; name: string }[] }>(client, "list_projects");
    expect(projects.data.map((p) => p.id)).toEqual([user.projectId]);

    const answer = await tool<BrainQueryResponse>(client, "ask_brain", { project_id: user.projectId, question: "How much does the Summit 30 daypack weigh?" });
    expect(answer.matches.length).toBeGreaterThan(0);
    expect(answer.matches[0]!.content).toContain("Summit 30");

    // Drafts with sources, and nothing saved.
    const before = await postCount(user.projectId);
    const drafts = await tool<GenerateResponse>(client, "generate_posts", { project_id: user.projectId, prompt: "Announce the Summit 30 daypack" });
    expect(drafts.posts.length).toBe(1);
    expect(drafts.posts[0]!.content.length).toBeGreaterThan(0);
    expect(drafts.posts[0]!.sources.length).toBeGreaterThan(0);
    expect(await postCount(user.projectId)).toBe(before);

    const at = inDays(2);
    const made = await tool<{ data: Post[] }>(client, "schedule_post", {
      project_id: user.projectId,
      content: drafts.posts[0]!.content,
      networks: ["twitter", "mastodon"],
      variants: [{ platform: "mastodon", content: "Summit 30, for the fediverse" }],
      scheduled_for: at,
    });
    expect(made.data.map((p) => [p.platform, p.status])).toEqual([
      ["twitter", "scheduled"],
      ["mastodon", "scheduled"],
    ]);
    expect(made.data[1]!.content).toBe("Summit 30, for the fediverse");
    // One message on two networks: the variants share its message id (decision 185).
    expect(made.data[0]!.message_id).toBeTruthy();
    expect(made.data[1]!.message_id).toBe(made.data[0]!.message_id);
    expect(await postCount(user.projectId)).toBe(before + 2);

    const calendar = await tool<{ data: Post[]; next_cursor: string | null }>(client, "list_calendar", {
      project_id: user.projectId,
      status: "scheduled",
      limit: 1,
    });
    expect(calendar.data).toHaveLength(1);
    expect(calendar.next_cursor).not.toBeNull();
    const rest = await tool<{ data: Post[]; next_cursor: string | null }>(client, "list_calendar", {
      project_id: user.projectId,
      status: "scheduled",
      cursor: calendar.next_cursor,
    });
    expect([...calendar.data, ...rest.data].map((p) => p.id).sort()).toEqual(made.data.map((p) => p.id).sort());

    const later = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const moved = await tool<Post>(client, "reschedule_post", { post_id: made.data[0]!.id, scheduled_for: later });
    expect(Date.parse(moved.scheduled_for!)).toBe(Date.parse(later));
    const row = await env.DB.prepare("select scheduled_for from posts where id = ?").bind(made.data[0]!.id).first<{ scheduled_for: number }>();
    expect(row!.scheduled_for).toBe(Date.parse(later));

    const analytics = await tool<{ networks: unknown[] }>(client, "get_analytics", { project_id: user.projectId, days: "7" });
    expect(Array.isArray(analytics.networks)).toBe(true);
    const metrics = await tool<{ post_id: string; series: unknown[] }>(client, "get_analytics", { post_id: made.data[0]!.id });
    expect(metrics).toEqual({ post_id: made.data[0]!.id, series: [] });

    // Bad arguments: the v1 schema's messages, nothing made.
    const bad = await refusal(client, "schedule_post", { project_id: user.projectId, content: "Hi", networks: ["twitter", "twitter"] });
    expect(bad).toMatchObject({ code: "invalid_input", status: 400, message: "Each network can be listed once" });
    const badTime = await refusal(client, "reschedule_post", { post_id: made.data[0]!.id, scheduled_for: "next tuesday" });
    expect(badTime.code).toBe("invalid_input");
    expect(await postCount(user.projectId)).toBe(before + 2);
    await client.close();
  });

  it("refuses a missing scope, a project out of reach, and any call without a valid key", { timeout: 60_000 }, async () => {
    const user = await signIn();
    const stranger = await signIn();
    await connectAccount(user, "twitter");
    const readOnly = await mcpClient((await createKey(user, { scopes: ["read"] as ApiScope[] })).key);

    // Write without write_posts, and publishing at once without publish: refused, nothing made.
    const noWrite = await refusal(readOnly, "schedule_post", { project_id: user.projectId, content: "Hello", networks: ["twitter"], scheduled_for: inDays(1) });
    expect(noWrite).toMatchObject({ code: "insufficient_scope", status: 403 });
    expect(noWrite.message).toContain("write_posts");
    expect((await refusal(readOnly, "generate_posts", { project_id: user.projectId, prompt: "Hello" })).code).toBe("insufficient_scope");
    const writer = await mcpClient((await createKey(user, { scopes: ["read", "write_posts"] })).key);
    const noPublish = await refusal(writer, "schedule_post", { project_id: user.projectId, content: "Hello", networks: ["twitter"], mode: "now" });
    expect(noPublish).toMatchObject({ code: "insufficient_scope", status: 403 });
    expect(noPublish.message).toContain("publish");
    expect(await postCount(user.projectId)).toBe(0);

    // Another user's project and post: 404 exactly as a missing one.
    const theirPost = (await (
      await v1((await createKey(stranger, { scopes: ["read", "write_posts"] })).key, "POST", `/api/v1/projects/${stranger.projectId}/posts`, {
        content: "Mine",
        networks: ["twitter"],
        mode: "draft",
      })
    ).json()) as unknown;
    expect((await refusal(readOnly, "list_calendar", { project_id: stranger.projectId })).code).toBe("not_found");
    expect((await refusal(readOnly, "ask_brain", { project_id: stranger.projectId, question: "Anything?" })).code).toBe("not_found");
    const foreignId = (theirPost as { data?: Post[] }).data?.[0]?.id ?? "missing-post";
    expect((await refusal(writer, "reschedule_post", { post_id: foreignId, scheduled_for: inDays(3) })).code).toBe("not_found");

    // A key limited to one project does not list or reach the others.
    const form = new FormData();
    for (const [k, v] of Object.entries({ name: "Second", industry: "technology", brand_voice: "casual", description: "A second brand for the key's reach" }))
      form.append(k, v);
    const otherProject = (await (await call("/api/projects", { method: "POST", headers: { cookie: user.cookie, origin: ORIGIN }, body: form })).json()) as {
      id: string;
    };
    expect(otherProject.id).toBeTruthy();
    const pinned = await mcpClient((await createKey(user, { scopes: ["read"], project_id: user.projectId })).key);
    expect((await tool<{ data: { id: string }[] }>(pinned, "list_projects")).data.map((p) => p.id)).toEqual([user.projectId]);
    expect((await refusal(pinned, "list_calendar", { project_id: otherProject.id })).code).toBe("not_found");

    // No key, a wrong key, a revoked key: 401 in the closed set before any MCP exchange.
    const init = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "x", version: "1" } },
    };
    const post = (auth?: string) =>
      call("/mcp", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...(auth ? { authorization: auth } : {}) },
        body: JSON.stringify(init),
      });
    for (const res of [await post(), await post("Bearer bp_live_notakey")]) {
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("unauthorized");
    }
    const revoked = await createKey(user, { scopes: ["read"] });
    expect((await post(`Bearer ${revoked.key}`)).status).toBe(200);
    expect((await call(`/api/account/api-keys/${revoked.id}`, { method: "DELETE", headers: user.headers })).status).toBe(200);
    expect((await post(`Bearer ${revoked.key}`)).status).toBe(401);
  });

  it("is described in the public API's OpenAPI document (key auth, its tools), and a real answer matches the described shape", async () => {
    const doc = (await (await call("/api/v1/openapi.json")).json()) as { paths: Record<string, Record<string, { summary: string; security: unknown }>> };
    const op = doc.paths["/mcp"]?.post;
    expect(op).toBeDefined();
    expect(op!.security).toEqual([{ apiKey: [] }]);
    for (const name of MCP_TOOL_NAMES) expect(op!.summary).toContain(name);
    const user = await signIn();
    const key = await createKey(user, { scopes: ["read"] });
    const res = await call("/mcp", {
      method: "POST",
      headers: { authorization: `Bearer ${key.key}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(() => routeDescription(app.routes, "POST", "/mcp")!.responses[200]!.parse(body)).not.toThrow();
    expect((body as { result: { tools: { name: string }[] } }).result.tools.map((t) => t.name).sort()).toEqual([...MCP_TOOL_NAMES].sort());
  });
});
