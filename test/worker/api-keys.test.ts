// API keys and the v1 API's conventions (decisions 210-212): keys shown once and stored
// hashed, scopes, project reach, expiry, revocation, per-key rate limits with Retry-After, the
// closed error set, cursor pagination, Idempotency-Key and ETag / If-Match.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ApiKeyDto } from "../../schema/api/api-keys";
import { ERRORS } from "../../schema/api/errors";
import type { Post } from "../../schema/api/posts";
import { sha256Hex } from "../../worker/lib/ids";
import { KEY_LIMITS } from "../../worker/services/api/keys/limits";
import { createKey, v1 } from "./api-key-helpers";
import { call, expectError, json, signIn } from "./helpers";
import { connectAccount } from "./posts-fixtures";
import { connectNetwork } from "./network-helpers";

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
const count = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n;

describe("API keys", () => {
  it("is shown once as bp_live_..., stored only as its hash, listed with its last use, and revoked at once", async () => {
    const user = await signIn();
    const key = await createKey(user, { name: "Zapier" });
    expect(key.key).toMatch(/^bp_live_[A-Za-z0-9_-]{40,}$/);
    const row = await env.DB.prepare("select * from api_keys where id = ?").bind(key.id).first<Record<string, unknown>>();
    expect(row!.hash).toBe(await sha256Hex(key.key));
    expect(JSON.stringify(row)).not.toContain(key.key);

    const listed = (await (await json(user, "GET", "/api/account/api-keys")).json()) as ApiKeyDto[];
    expect(listed.map((k) => k.name)).toEqual(["Zapier"]);
    expect(JSON.stringify(listed)).not.toContain(key.key);
    expect(listed[0]!.last_used_at).toBeNull();

    const res = await v1(key.key, "GET", "/api/v1/projects");
    expect(res.status).toBe(200);
    const page = (await res.json()) as { data: { id: string; created_at: string }[]; next_cursor: string | null };
    expect(page.data.map((p) => p.id)).toEqual([user.projectId]);
    expect(page.data[0]!.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    const used = (await (await json(user, "GET", "/api/account/api-keys")).json()) as ApiKeyDto[];
    expect(Date.parse(used[0]!.last_used_at!)).toBeGreaterThan(Date.now() - 60_000);

    expect((await json(user, "DELETE", `/api/account/api-keys/${key.id}`)).status).toBe(200);
    const refused = await expectError(await v1(key.key, "GET", "/api/v1/projects"), 401);
    expect(refused.code).toBe("unauthorized");
  });

  it("refuses no key, a cookie, an unknown key and an expired key with 401; another user's key id is 404", async () => {
    const user = await signIn();
    expect((await expectError(await v1(null, "GET", "/api/v1/projects"), 401)).code).toBe("unauthorized");
    // The browser session does not open v1: keys only.
    expect((await expectError(await call("/api/v1/projects", { headers: { cookie: user.cookie } }), 401)).code).toBe("unauthorized");
    await expectError(await v1("bp_live_not-a-key", "GET", "/api/v1/projects"), 401);
    const key = await createKey(user, { expires_at: inDays(1) });
    expect((await v1(key.key, "GET", "/api/v1/projects")).status).toBe(200);
    await env.DB.prepare("update api_keys set expires_at = ? where id = ?")
      .bind(Date.now() - 1, key.id)
      .run();
    await expectError(await v1(key.key, "GET", "/api/v1/projects"), 401);
    // A key cannot manage keys (those routes take the session only).
    await expectError(await v1(key.key, "GET", "/api/account/api-keys"), 401);
    const stranger = await signIn();
    await expectError(await json(stranger, "DELETE", `/api/account/api-keys/${key.id}`), 404);
    expect(await count("select count(*) as n from api_keys where id = ? and revoked_at is null", key.id)).toBe(1);
  });

  it("validates a new key: name, at least one scope, a future expiry, an owned project", async () => {
    const user = await signIn();
    const stranger = await signIn();
    const bad = async (body: unknown, status = 400) => expectError(await json(user, "POST", "/api/account/api-keys", body), status);
    expect((await bad({ name: " ", scopes: ["read"] })).fields?.name).toBe("Please enter a name for the key");
    expect((await bad({ name: "k", scopes: [] })).fields?.scopes).toBe("Choose at least one scope");
    expect((await bad({ name: "k", scopes: ["root"] })).code).toBe("invalid_input");
    expect((await bad({ name: "k", scopes: ["read"], expires_at: inDays(-1) })).fields?.expires_at).toBe("The expiry date must be in the future");
    await bad({ name: "k", scopes: ["read"], project_id: stranger.projectId }, 404);
    expect(await count("select count(*) as n from api_keys where user_id = ?", user.userId)).toBe(0);
  });

  it("a key reaches only its project and acts only within its scopes (403 insufficient_scope, nothing changed)", async () => {
    const user = await signIn();
    await connectAccount(user.projectId, "twitter");
    const second = (await (
      await call("/api/projects", {
        method: "POST",
        headers: { cookie: user.cookie, origin: "http://localhost" },
        body: (() => {
          const fd = new FormData();
          fd.append("name", "Second");
          fd.append("industry", "technology");
          fd.append("brand_voice", "casual");
          fd.append("description", "A second brand for the key's reach");
          return fd;
        })(),
      })
    ).json()) as { id: string };
    const readOnly = await createKey(user, { scopes: ["read"], project_id: user.projectId });
    const page = (await (await v1(readOnly.key, "GET", "/api/v1/projects")).json()) as { data: { id: string }[] };
    expect(page.data.map((p) => p.id)).toEqual([user.projectId]);
    await expectError(await v1(readOnly.key, "GET", `/api/v1/projects/${second.id}`), 404);
    const body = { content: "Hello", networks: ["twitter"], scheduled_for: inDays(2), mode: "schedule" };
    const refused = await expectError(await v1(readOnly.key, "POST", `/api/v1/projects/${user.projectId}/posts`, body), 403);
    expect(refused.code).toBe("insufficient_scope");
    expect(await count("select count(*) as n from posts where project_id = ?", user.projectId)).toBe(0);

    // write_posts without publish: scheduling works, publishing now does not.
    const writer = await createKey(user, { scopes: ["read", "write_posts"] });
    expect((await v1(writer.key, "POST", `/api/v1/projects/${user.projectId}/posts`, body)).status).toBe(201);
    expect((await expectError(await v1(writer.key, "POST", `/api/v1/projects/${user.projectId}/posts`, { ...body, mode: "now" }), 403)).code).toBe(
      "insufficient_scope",
    );
    const [post] = ((await (await v1(writer.key, "GET", `/api/v1/projects/${user.projectId}/posts`)).json()) as { data: Post[] }).data;
    expect((await expectError(await v1(writer.key, "POST", `/api/v1/posts/${post!.id}/publish`), 403)).code).toBe("insufficient_scope");
    expect(await count("select count(*) as n from posts where project_id = ? and status = 'scheduled'", user.projectId)).toBe(1);
  });

  it("limits requests per key: 429 with Retry-After, other keys unaffected", async () => {
    const user = await signIn();
    const key = await createKey(user, { scopes: ["read"] });
    const other = await createKey(user, { scopes: ["read"] });
    // Fill the key's current window directly (600 real requests would only test the loop).
    await env.DB.prepare("insert into rate_limits (key, window_start, count) values (?, ?, ?)")
      .bind(`apikey:${key.id}:min`, Date.now(), KEY_LIMITS.requestsPerMinute)
      .run();
    const res = await v1(key.key, "GET", "/api/v1/projects");
    expect((await expectError(res, 429)).code).toBe("rate_limited");
    const retry = Number(res.headers.get("retry-after"));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect((await v1(other.key, "GET", "/api/v1/projects")).status).toBe(200);
  });
});

describe("v1 conventions", () => {
  it("pages posts with a cursor in a stable order (limit <= 200), and a bad cursor is a 400", async () => {
    const user = await signIn();
    await connectAccount(user.projectId, "twitter");
    const key = await createKey(user);
    const at = inDays(3);
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await v1(key.key, "POST", `/api/v1/projects/${user.projectId}/posts`, {
            content: `Post ${i}`,
            networks: ["twitter"],
            scheduled_for: at,
            mode: "schedule",
          })
        ).status,
      ).toBe(201);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await v1(key.key, "GET", `/api/v1/projects/${user.projectId}/posts?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      const page = (await res.json()) as { data: Post[]; next_cursor: string | null };
      seen.push(...page.data.map((p) => p.id));
      cursor = page.next_cursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(5);
    expect(seen).toEqual([...seen].sort()); // same time: ties broken by id
    expect((await expectError(await v1(key.key, "GET", `/api/v1/projects/${user.projectId}/posts?limit=201`), 400)).code).toBe("invalid_input");
    expect((await expectError(await v1(key.key, "GET", `/api/v1/projects/${user.projectId}/posts?cursor=%7B%7D`), 400)).fields?.cursor).toBe("Invalid cursor");
  });

  it("Idempotency-Key: a repeat answers the first result (one post per network), another body is 409", async () => {
    const user = await signIn();
    await connectAccount(user.projectId, "twitter");
    await connectNetwork(user, "mastodon");
    const key = await createKey(user);
    const body = {
      content: "Launch day",
      networks: ["twitter", "mastodon"],
      variants: [{ platform: "mastodon", content: "Launch day, on the fediverse" }],
      scheduled_for: inDays(2),
      mode: "schedule",
    };
    const path = `/api/v1/projects/${user.projectId}/posts`;
    const first = await v1(key.key, "POST", path, body, { "idempotency-key": "launch-1" });
    expect(first.status).toBe(201);
    const created = ((await first.json()) as { data: Post[] }).data;
    expect(created.map((p) => [p.platform, p.content])).toEqual([
      ["twitter", "Launch day"],
      ["mastodon", "Launch day, on the fediverse"],
    ]);
    const again = await v1(key.key, "POST", path, body, { "idempotency-key": "launch-1" });
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(((await again.json()) as { data: Post[] }).data.map((p) => p.id)).toEqual(created.map((p) => p.id));
    expect(await count("select count(*) as n from posts where project_id = ?", user.projectId)).toBe(2);
    const clash = await expectError(await v1(key.key, "POST", path, { ...body, content: "Other" }, { "idempotency-key": "launch-1" }), 409);
    expect(clash.code).toBe("idempotency_conflict");
    expect(await count("select count(*) as n from posts where project_id = ?", user.projectId)).toBe(2);
    // A refused create is not remembered: fixing the request under the same key then works.
    const noAccount = await expectError(
      await v1(key.key, "POST", path, { ...body, networks: ["twitter", "linkedin"], variants: [] }, { "idempotency-key": "launch-2" }),
      400,
    );
    expect(noAccount.code).toBe("invalid_input");
    expect(await count("select count(*) as n from posts where project_id = ?", user.projectId)).toBe(2);
  });

  it("ETag / If-Match: a stale update is refused with 412 and changes nothing", async () => {
    const user = await signIn();
    await connectAccount(user.projectId, "twitter");
    const key = await createKey(user);
    const created = (
      (await (
        await v1(key.key, "POST", `/api/v1/projects/${user.projectId}/posts`, {
          content: "Draft one",
          networks: ["twitter"],
          scheduled_for: inDays(2),
          mode: "schedule",
        })
      ).json()) as { data: Post[] }
    ).data[0]!;
    const read = await v1(key.key, "GET", `/api/v1/posts/${created.id}`);
    const etag = read.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const first = await v1(key.key, "PATCH", `/api/v1/posts/${created.id}`, { content: "Client A" }, { "if-match": etag });
    expect(first.status).toBe(200);
    expect(first.headers.get("etag")).not.toBe(etag);
    const stale = await expectError(await v1(key.key, "PATCH", `/api/v1/posts/${created.id}`, { content: "Client B" }, { "if-match": etag }), 412);
    expect(stale.code).toBe("precondition_failed");
    expect(((await (await v1(key.key, "GET", `/api/v1/posts/${created.id}`)).json()) as Post).content).toBe("Client A");
    await expectError(await v1(key.key, "DELETE", `/api/v1/posts/${created.id}`, undefined, { "if-match": etag }), 412);
    expect((await v1(key.key, "DELETE", `/api/v1/posts/${created.id}`, undefined, { "if-match": first.headers.get("etag")! })).status).toBe(204);
  });

  it("every error code has one status; the v1 description documents scopes and the closed set", async () => {
    const doc = (await (await call("/api/v1/openapi.json")).json()) as {
      paths: Record<string, Record<string, { "x-required-scope"?: string }>>;
      components: { schemas: { Error: { properties: { error: { properties: { code: { enum: string[] } } } } } } };
    };
    expect(doc.components.schemas.Error.properties.error.properties.code.enum).toEqual(Object.keys(ERRORS));
    const ops = Object.entries(doc.paths).flatMap(([p, ops]) => Object.entries(ops).map(([m, op]) => ({ p, m, scope: op["x-required-scope"] })));
    // The public description holds v1 and the MCP endpoint (decision 273), whose tools each ask their own scope.
    expect(ops.every((o) => o.p.startsWith("/api/v1/") || o.p === "/mcp")).toBe(true);
    expect(ops.filter((o) => o.p !== "/api/v1/openapi.json" && o.p !== "/mcp" && !o.scope)).toEqual([]);
    expect(ops.find((o) => o.p === "/api/v1/posts/{postId}/publish")?.scope).toBe("publish");
  });
});
