// The open platform's "Done when" against the built product, started as `npm start` starts it
// (global-setup.ts; the platform sandbox and the sample-page server are its own): a key made in
// settings uploads an image by URL, creates a two-network post with an Idempotency-Key (twice:
// one post per network), reads it, a local webhook receiver (127.0.0.1) gets `post.published`
// with a valid Brandpilot-Signature after the sandbox publishes it, and revoking the key makes the
// next call 401. Then the MCP server with the SDK's own client: every tool listed and called, and
// a call refused for a missing scope; and RSS to drafts: a followed feed read by the cron's job.
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, describe, expect, inject, it } from "vitest";
import { listenLocal } from "../fakes/listen";
import { waitForMail } from "./journey-helpers";

const baseUrl = inject("baseUrl");
const demoWebUrl = inject("demoWebUrl");
const run = Date.now().toString(36);
const MCP_TOOLS = ["list_projects", "ask_brain", "generate_posts", "schedule_post", "list_calendar", "reschedule_post", "get_analytics"];

/** The README's check, in Node: HMAC-SHA256 of "t.body" with the secret, compared in constant time, at most 5 minutes old. */
function validSignature(header: string, body: string, secret: string): boolean {
  const parts = Object.fromEntries(header.split(",").map((kv) => kv.split("=") as [string, string]));
  const expected = createHmac("sha256", secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1 ?? "", "hex");
  return given.length === expected.length && timingSafeEqual(given, expected) && Math.abs(Date.now() / 1000 - Number(parts.t)) < 300;
}

// The webhook receiver: records every POST (headers, raw body) and answers 200.
type Delivery = { headers: Record<string, string | string[] | undefined>; body: string };
const deliveries: Delivery[] = [];
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    deliveries.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
    res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
  });
});
let closeReceiver: (() => Promise<void>) | undefined;
afterAll(async () => closeReceiver?.());

async function waitUntil<T>(what: string, fn: () => Promise<T | null | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A signed-up, verified, signed-in user of the app (cookie), through the app's own API. */
async function newUser(): Promise<{ email: string; cookie: string }> {
  const email = `open-${run}@example.com`;
  const password = "open-platform-1";
  const since = Date.now() - 1000;
  const app = { "content-type": "application/json", origin: baseUrl };
  const signup = await fetch(`${baseUrl}/api/auth/signup`, {
    method: "POST",
    headers: app,
    body: JSON.stringify({ email, password, confirmPassword: password }),
  });
  expect(signup.status, await signup.clone().text()).toBeLessThan(300);
  const mail = await waitForMail(baseUrl, email, "Verify your Brandpilot email", { since });
  const token = new URL(mail.text.match(/https?:\/\/\S+/)![0]).searchParams.get("magic");
  expect((await fetch(`${baseUrl}/api/auth/magic-link/verify`, { method: "POST", headers: app, body: JSON.stringify({ token }) })).ok).toBe(true);
  const login = await fetch(`${baseUrl}/api/auth/login`, { method: "POST", headers: app, body: JSON.stringify({ email, password }) });
  expect(login.status, await login.clone().text()).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
  expect(cookie).not.toBe("");
  return { email, cookie };
}

describe("open platform (npm start)", () => {
  it("key -> image by URL -> idempotent two-network post -> read -> signed post.published -> revoke; MCP lists and calls every tool; a feed becomes drafts", async () => {
    const receiverUrl = await listenLocal(receiver).then((r) => {
      closeReceiver = r.close;
      return r.url;
    });
    const user = await newUser();
    const app = (method: string, path: string, body?: unknown) =>
      fetch(`${baseUrl}${path}`, {
        method,
        headers: { cookie: user.cookie, origin: baseUrl, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });

    // A project, and two networks: X through the sandbox's OAuth page, Bluesky with an app password.
    const form = new FormData();
    for (const [k, v] of Object.entries({
      name: "Open Roasters",
      industry: "food",
      brand_voice: "casual",
      description: "Small-batch coffee roasted in Lisbon",
    }))
      form.append(k, v);
    const projectRes = await fetch(`${baseUrl}/api/projects`, { method: "POST", headers: { cookie: user.cookie, origin: baseUrl }, body: form });
    expect(projectRes.status, await projectRes.clone().text()).toBe(201);
    const projectId = ((await projectRes.json()) as { id: string }).id;

    const start = (await (await app("GET", `/api/oauth/twitter/start?projectId=${projectId}`)).json()) as { url: string };
    const authorize = new URL(start.url);
    const approval = new URLSearchParams(authorize.searchParams);
    approval.set("username", `x${run}`);
    approval.set("decision", "approve");
    const approved = await fetch(`${authorize.origin}${authorize.pathname}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: approval.toString(),
      redirect: "manual",
    });
    expect(approved.status).toBe(302);
    const back = new URL(approved.headers.get("location")!);
    const x = await app("POST", "/api/oauth/twitter/callback", { code: back.searchParams.get("code"), state: back.searchParams.get("state") });
    expect(x.status, await x.clone().text()).toBe(200);
    const bsky = await app("POST", `/api/projects/${projectId}/social-accounts/bluesky`, {
      identifier: `b${run}.bsky.social`,
      password: "abcd-efgh-ijkl-mnop",
    });
    expect(bsky.status, await bsky.clone().text()).toBeLessThan(300);

    // The key, made in settings (a user's key; every scope but members), shown once.
    const made = await app("POST", "/api/account/api-keys", { name: "Open platform script", scopes: ["read", "write_posts", "publish", "brain"] });
    expect(made.status).toBe(201);
    const key = (await made.json()) as { id: string; key: string };
    expect(key.key).toMatch(/^bp_live_/);
    const v1 = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      fetch(`${baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${key.key}`, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });

    // A webhook for post.published to the local receiver; its secret shown once.
    const hookRes = await app("POST", `/api/projects/${projectId}/webhooks`, { url: `${receiverUrl}/brandpilot`, events: ["post.published"] });
    expect(hookRes.status, await hookRes.clone().text()).toBe(201);
    const { secret } = (await hookRes.json()) as { secret: string };
    expect(secret).toMatch(/^whsec_/);

    // The image by URL, through the SSRF-safe fetcher (the sample-page server is the one allowlisted origin).
    const upload = await v1("POST", `/api/v1/projects/${projectId}/media`, { url: `${demoWebUrl}/web/photo.png` });
    expect(upload.status, await upload.clone().text()).toBe(201);
    const media = (await upload.json()) as { url: string; file_type: string };
    expect(media.file_type).toBe("image/png");
    // The app's own origin is never a fetch target.
    expect((await v1("POST", `/api/v1/projects/${projectId}/media`, { url: `${baseUrl}/api/health` })).status).toBe(400);

    // One message on two networks, published now, sent twice with one Idempotency-Key: one post per network.
    const body = {
      content: `Our Lisbon summer roast is out today (${run})`,
      networks: ["twitter", "bluesky"],
      variants: [{ platform: "bluesky", content: `Summer roast, fresh from Lisbon (${run})` }],
      mode: "now",
      media_info: media,
    };
    const idem = { "idempotency-key": `summer-${run}` };
    const first = await v1("POST", `/api/v1/projects/${projectId}/posts`, body, idem);
    expect(first.status, await first.clone().text()).toBe(201);
    const posts = ((await first.json()) as { data: { id: string; platform: string; message_id: string }[] }).data;
    expect(posts.map((p) => p.platform).sort()).toEqual(["bluesky", "twitter"]);
    const again = await v1("POST", `/api/v1/projects/${projectId}/posts`, body, idem);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(((await again.json()) as { data: { id: string }[] }).data.map((p) => p.id)).toEqual(posts.map((p) => p.id));
    const conflict = await v1("POST", `/api/v1/projects/${projectId}/posts`, { ...body, content: "Another text" }, idem);
    expect(conflict.status).toBe(409);
    expect(((await conflict.json()) as { error: { code: string } }).error.code).toBe("idempotency_conflict");
    const listed = (await (await v1("GET", `/api/v1/projects/${projectId}/posts?limit=200`)).json()) as { data: { id: string }[] };
    expect(listed.data.map((p) => p.id).sort()).toEqual(posts.map((p) => p.id).sort());

    // Read it, until the sandbox has published both networks' posts.
    for (const p of posts) {
      const read = await waitUntil(`${p.platform} published`, async () => {
        const res = await v1("GET", `/api/v1/posts/${p.id}`);
        expect(res.status).toBe(200);
        expect(res.headers.get("etag")).toBeTruthy();
        const post = (await res.json()) as { id: string; status: string; media_info: { url: string } | null; message_id: string };
        expect(post.status).not.toBe("failed");
        return post.status === "published" ? post : null;
      });
      expect(read.media_info?.url).toBe(media.url);
      expect(read.message_id).toBe(posts[0]!.message_id);
    }

    // post.published for each, signed with the secret (and a tampered body fails the check).
    const published = await waitUntil("post.published deliveries", async () => {
      const got = deliveries.filter((d) => (JSON.parse(d.body) as { type: string }).type === "post.published");
      return got.length >= 2 ? got : null;
    });
    const ids = new Set<string>();
    for (const d of published) {
      const payload = JSON.parse(d.body) as { id: string; type: string; project_id: string; data: { post_id: string } };
      expect(payload.id).toMatch(/^evt_/);
      expect(payload.project_id).toBe(projectId);
      expect(d.headers["brandpilot-event-id"]).toBe(payload.id);
      const signature = String(d.headers["brandpilot-signature"]);
      expect(validSignature(signature, d.body, secret)).toBe(true);
      expect(validSignature(signature, d.body.replace(projectId, "another-project"), secret)).toBe(false);
      ids.add(payload.data.post_id);
    }
    expect([...ids].sort()).toEqual(posts.map((p) => p.id).sort());

    // The MCP server with the SDK's own client and the same kind of key.
    const mcp = async (secretKey: string) => {
      const client = new Client({ name: "open-platform-e2e", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL("/mcp", baseUrl), { requestInit: { headers: { authorization: `Bearer ${secretKey}` } } }));
      return client;
    };
    const brainDoc = await v1("POST", `/api/v1/projects/${projectId}/brain/documents`, {
      title: "About Open Roasters",
      content: "Open Roasters roasts small batches of coffee in Lisbon every Friday. Our summer roast has notes of apricot and honey.",
    });
    expect(brainDoc.status).toBe(202);
    const docId = ((await brainDoc.json()) as { id: string }).id;
    await waitUntil("the brain document", async () => {
      const d = (await (await v1("GET", `/api/v1/projects/${projectId}/brain/documents/${docId}`)).json()) as { status: string };
      expect(d.status).not.toBe("failed");
      return d.status === "ready";
    });
    const agent = await mcp(key.key);
    const { tools } = await agent.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...MCP_TOOLS].sort());
    const callTool = async (name: string, args: Record<string, unknown>) => {
      const res = (await agent.callTool({ name, arguments: args })) as CallToolResult;
      const text = (res.content[0] as { text: string }).text;
      expect(res.isError, `${name}: ${text}`).toBeFalsy();
      return JSON.parse(text) as Record<string, unknown>;
    };
    const called: string[] = [];
    const call = async (name: string, args: Record<string, unknown>) => {
      called.push(name);
      return callTool(name, args);
    };
    expect(((await call("list_projects", {})).data as { id: string }[]).map((p) => p.id)).toEqual([projectId]);
    expect(Array.isArray((await call("ask_brain", { project_id: projectId, question: "When does Open Roasters roast coffee in Lisbon?" })).matches)).toBe(true);
    const drafts = (await call("generate_posts", { project_id: projectId, prompt: "Announce the summer roast with notes of apricot and honey" })).posts as {
      content: string;
    }[];
    expect(drafts.length).toBeGreaterThan(0);
    const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const scheduled = (await call("schedule_post", { project_id: projectId, content: drafts[0]!.content, networks: ["twitter"], scheduled_for: inTwoDays }))
      .data as { id: string; status: string }[];
    expect(scheduled.map((p) => p.status)).toEqual(["scheduled"]);
    const calendar = (await call("list_calendar", { project_id: projectId, status: "scheduled" })).data as { id: string }[];
    expect(calendar.map((p) => p.id)).toContain(scheduled[0]!.id);
    const inThreeDays = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const moved = await call("reschedule_post", { post_id: scheduled[0]!.id, scheduled_for: inThreeDays });
    expect(Date.parse(moved.scheduled_for as string)).toBe(Date.parse(inThreeDays));
    expect(Array.isArray((await call("get_analytics", { project_id: projectId, days: "7" })).networks)).toBe(true);
    expect(called.sort()).toEqual([...MCP_TOOLS].sort());
    await agent.close();

    // A key without `publish` may not publish now through MCP: refused in the closed set, nothing made.
    const writerKey = (await (await app("POST", "/api/account/api-keys", { name: "Drafts only", scopes: ["read", "write_posts"] })).json()) as { key: string };
    const limited = await mcp(writerKey.key);
    const refused = (await limited.callTool({
      name: "schedule_post",
      arguments: { project_id: projectId, content: "Now!", networks: ["twitter"], mode: "now" },
    })) as CallToolResult;
    expect(refused.isError).toBe(true);
    expect((JSON.parse((refused.content[0] as { text: string }).text) as { error: { code: string } }).error.code).toBe("insufficient_scope");
    await limited.close();

    // RSS to drafts: the project follows the sample server's feed; the cron's feed-poll job reads it
    // and each article becomes a draft with its link; a second run within 15 minutes reads nothing.
    const feedRes = await app("POST", `/api/projects/${projectId}/feeds`, { url: `${demoWebUrl}/web/feed.xml`, platform: "twitter", mode: "draft" });
    expect(feedRes.status, await feedRes.clone().text()).toBe(201);
    const cron = async () => {
      const res = await fetch(`${baseUrl}/dev/cron/feed-poll`, { method: "POST", headers: { origin: baseUrl } });
      expect(res.status).toBe(200);
      return ((await res.json()) as { result: { polled: number; written: number } }).result;
    };
    expect(await cron()).toEqual({ polled: 1, written: 2 });
    expect(await cron()).toEqual({ polled: 0, written: 0 });
    const drafts2 = (await (await v1("GET", `/api/v1/projects/${projectId}/posts?status=draft&limit=200`)).json()) as { data: { content: string }[] };
    const fromFeed = drafts2.data.filter((p) => p.content.includes(`${demoWebUrl}/web/journal/`));
    expect(fromFeed).toHaveLength(2);
    expect(fromFeed.some((p) => p.content.includes("Why we plant a tree for every order") && p.content.endsWith(`${demoWebUrl}/web/journal/2`))).toBe(true);
    const [feed] = (await (await app("GET", `/api/projects/${projectId}/feeds`)).json()) as { title: string; last_error: string | null; post_count: number }[];
    expect(feed).toMatchObject({ title: "Acme Trail Journal", last_error: null, post_count: 2 });

    // Revoked: the very next call is 401.
    expect((await app("DELETE", `/api/account/api-keys/${key.id}`)).status).toBe(200);
    const after = await v1("GET", `/api/v1/posts/${posts[0]!.id}`);
    expect(after.status).toBe(401);
    expect(((await after.json()) as { error: { code: string } }).error.code).toBe("unauthorized");
  });
});
