// Ownership matrix, built from the route table itself: every /api route (but the public ones
// below) x {owner, another signed-in user, anonymous}, on real rows in D1 and R2. The owner
// succeeds; another user is answered like for a missing resource (404 with the error shape) and
// nothing of the owner's changes (D1 rows and R2 objects compared before/after); anonymous gets
// 401. A route without a rule + sample request in openapi-route-cases.ts fails this test, so a
// route cannot be added without deciding who may call it.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { routeDescription } from "../../worker/lib/openapi";
import { expectError, signIn, type TestUser } from "./helpers";
import { buildFixture, MCP_TOOL_CASES, mcpToolCall, reviewLink, ROUTE_CASES, sampleRequest, send, urlOf, type Fixture } from "./openapi-route-cases";
import { MCP_TOOL_NAMES } from "../../worker/services/api/mcp/tools";
import { apiRoutes, checkedBody } from "./schema-helpers";
import { can, type Action, type Role } from "../../schema/api/permissions";
import { memberOf } from "./team-helpers";

/**
 * Routes anyone may call. Everything else under /api needs a session and an ownership rule.
 * (/media/:publicKey and /dev/* are mounted outside /api: not part of this matrix.)
 */
const PUBLIC_ROUTES = new Set([
  "GET /api/health", // liveness
  "GET /api/openapi.json", // the API description
  "GET /api/docs", // its reference page
  "GET /api/v1/openapi.json", // the public API's description
  // Auth endpoints: they create or end the session; they act on an email/token, not on a resource.
  "GET /api/auth/session",
  "POST /api/auth/signup",
  "POST /api/auth/login",
  "POST /api/auth/login/form",
  "POST /api/auth/magic-link",
  "POST /api/auth/magic-link/verify",
  "POST /api/auth/reset-password",
  "POST /api/auth/verify-email",
  "POST /api/auth/update-password",
  "POST /api/auth/logout",
  // Review links (decision 265): the token is the credential; the review-link holder test below.
  "GET /api/review/:token",
  "POST /api/review/:token/posts/:postId/decision",
]);

/** The routes of a table that need a rule and have none. */
function routesWithoutRule(routes: { method: string; path: string; handler: unknown }[]): string[] {
  return apiRoutes(routes)
    .filter((r) => !PUBLIC_ROUTES.has(r.key))
    .filter((r) => !ROUTE_CASES[r.key] || ROUTE_CASES[r.key]!.rule === "public")
    .map((r) => r.key);
}

/**
 * What each project route needs of a member's role (schema/api/permissions.ts); a GET needs "read"
 * and any other method "edit" unless listed here.
 */
const ROLE_NEEDS: Record<string, Action> = {
  "PATCH /api/projects/:projectId/onboarding": "read",
  "POST /api/projects/:projectId/brain/query": "read",
  // Checking a draft's claims reads the brain only: a reviewer checks what they review (decision 225).
  "POST /api/projects/:projectId/claims": "read",
  // The editor's helpers return text and change nothing stored (decision 227).
  "POST /api/projects/:projectId/assist": "read",
  "DELETE /api/projects/:projectId": "manage",
  "GET /api/oauth/:platform/start": "networks",
  "POST /api/projects/:projectId/social-accounts/:platform": "networks",
  "DELETE /api/social-accounts/:accountId": "networks",
  "POST /api/projects/:projectId/invitations": "manage",
  "POST /api/projects/:projectId/invitations/:invitationId/resend": "manage",
  "DELETE /api/projects/:projectId/invitations/:invitationId": "manage",
  "PATCH /api/projects/:projectId/members/:userId": "manage",
  "DELETE /api/projects/:projectId/members/:userId": "manage",
  "POST /api/posts/:postId/comments": "comment",
  "POST /api/posts/:postId/review": "approve",
  // Review links (decision 265): Owners and Editors share and revoke.
  "POST /api/projects/:projectId/review-links": "share",
  "DELETE /api/projects/:projectId/review-links/:linkId": "share",
  "POST /api/v1/posts/:postId/review": "approve",
  "POST /api/v1/projects/:projectId/brain/query": "read",
  // Webhooks are an Owner's tool.
  "GET /api/projects/:projectId/webhooks": "manage",
  "POST /api/projects/:projectId/webhooks": "manage",
  "DELETE /api/webhooks/:webhookId": "manage",
  "GET /api/webhooks/:webhookId/deliveries": "manage",
  "POST /api/webhook-deliveries/:deliveryId/resend": "manage",
};
const roleNeeds = (key: string): Action => ROLE_NEEDS[key] ?? (key.startsWith("GET ") ? "read" : "edit");
/** Routes bound to the caller's own OAuth state or invitation token, not to a project's role. */
const ROLE_EXEMPT = new Set([
  "POST /api/oauth/:platform/callback",
  "POST /api/oauth/:platform/choose",
  "POST /api/invitations/accept",
  // A user's own API keys (not a project's).
  "DELETE /api/account/api-keys/:keyId",
]);

/** Routes whose sample row would be gone or missing by their turn: the role cases use the route case's prepare() (rows of the fixture project). */
const ROLE_PREPARED = new Set([
  "PATCH /api/projects/:projectId/brain/segments/:segmentId",
  "DELETE /api/posts/:postId",
  "DELETE /api/v1/posts/:postId",
  "DELETE /api/projects/:projectId/review-links/:linkId",
  "DELETE /api/projects/:projectId/media/:mediaId",
]);

type Snapshot = Record<string, string>;

const PROJECT_TABLES = [
  "project_documents",
  "brain_documents",
  "brain_segments",
  "brain_vectors",
  "brain_connections",
  "brain_insights",
  "brain_topics",
  "brain_summaries",
  "social_accounts",
  "posts",
  "campaigns",
  "media",
  "webhooks",
  "webhook_deliveries",
  "feeds",
  // Team (decision 200).
  "project_members",
  "project_invitations",
  "post_comments",
  "review_links",
  "activity_log",
];

/**
 * Every D1 row and R2 object of the owner (all their projects), serialized for comparison. The
 * queries go as one D1 batch beside the R2 listing: one round trip instead of one per table, the
 * bulk of this file's time when they ran one by one (docs/decisions/324).
 */
async function ownerSnapshot(userId: string): Promise<Snapshot> {
  const projectIds = ((await env.DB.prepare("select id from projects where user_id = ?").bind(userId).all<{ id: string }>()).results ?? []).map((r) => r.id);
  const inList = projectIds.map(() => "?").join(",") || "''";
  const queries: [string, string, unknown[]][] = [
    ["users", "select * from users where id = ?", [userId]],
    ["sessions", "select * from sessions where user_id = ? order by id", [userId]],
    ["projects", "select * from projects where user_id = ? order by id", [userId]],
    ["oauth_states", "select * from oauth_states where user_id = ? order by state", [userId]],
    // API keys: last_used_at moves with the owner's own requests only (a stranger's key is theirs).
    ["api_keys", "select id, name, project_id, scopes, expires_at, revoked_at from api_keys where user_id = ? order by id", [userId]],
    ...PROJECT_TABLES.map((table): [string, string, unknown[]] => [table, `select * from ${table} where project_id in (${inList}) order by rowid`, projectIds]),
  ];
  const listR2 = async () => {
    const keys: { key: string; line: string }[] = [];
    let cursor: string | undefined;
    do {
      const page = await env.BUCKET.list({ cursor });
      for (const o of page.objects) keys.push({ key: o.key, line: `${o.key} ${o.etag} ${o.size}` });
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor);
    return keys;
  };
  const [results, objects] = await Promise.all([env.DB.batch(queries.map(([, sql, binds]) => env.DB.prepare(sql).bind(...binds))), listR2()]);
  const snap: Snapshot = {};
  queries.forEach(([name], i) => (snap[name] = JSON.stringify(results[i]!.results)));
  const accountIds = (JSON.parse(snap.social_accounts!) as { id: string }[]).map((r) => r.id);
  const owned = [...projectIds, ...accountIds];
  snap.r2 = JSON.stringify(
    objects
      .filter((o) => owned.some((id) => o.key.includes(id)))
      .map((o) => o.line)
      .sort(),
  );
  return snap;
}

function changedParts(before: Snapshot, after: Snapshot): string[] {
  return Object.keys(before).filter((k) => before[k] !== after[k]);
}

describe("ownership matrix", () => {
  it("the public allowlist is exactly the routes described as public", () => {
    const described = apiRoutes()
      .filter((r) => routeDescription(app.routes, r.method, r.path)?.public)
      .map((r) => r.key)
      .sort();
    expect(described).toEqual([...PUBLIC_ROUTES].sort());
    for (const key of PUBLIC_ROUTES) expect(ROUTE_CASES[key]?.rule, key).toBe("public");
  });

  it("a route added without an ownership rule is caught", () => {
    const extra = [...app.routes, { method: "DELETE", path: "/api/projects/:projectId/everything", handler: () => undefined }];
    expect(routesWithoutRule(app.routes)).toEqual([]);
    expect(routesWithoutRule(extra)).toEqual(["DELETE /api/projects/:projectId/everything"]);
  });

  it("every route x {another user, anonymous, owner}: 404 and nothing changed, 401, success", { timeout: 300_000 }, async () => {
    const routes = apiRoutes().filter((r) => !PUBLIC_ROUTES.has(r.key));
    const missing = routesWithoutRule(app.routes);
    if (missing.length) {
      throw new Error(
        `routes without an ownership rule and sample request (add them to ROUTE_CASES in test/worker/openapi-route-cases.ts):\n${missing.join("\n")}`,
      );
    }
    const f: Fixture = await buildFixture();
    const stranger: TestUser = await signIn();
    const failures: string[] = [];
    const counts = { other: 0, anonymous: 0, owner: 0 };
    const ownerIds = [f.owner.userId, f.projectId, f.owner.email, f.accountId, f.postId, f.campaignId];

    // Phase 1: everyone but the owner, against the owner's untouched fixture. Each request's
    // "after" snapshot is the next one's "before": nothing of the owner's runs between the two, and
    // a write that landed late would still show, in the next comparison (docs/decisions/324).
    let snapshot = await ownerSnapshot(f.owner.userId);
    const changedSince = async () => {
      const after = await ownerSnapshot(f.owner.userId);
      const changed = changedParts(snapshot, after);
      snapshot = after;
      return changed;
    };
    for (const r of routes) {
      const c = ROUTE_CASES[r.key]!;
      const req = sampleRequest(r.key, f);

      // Another signed-in user (a fresh one where the route acts on the caller's own account).
      const other = c.rule === "caller" ? await signIn() : stranger;
      const res = await send(r.key, req, other);
      let changed = await changedSince();
      counts.other++;
      if (c.rule === "owned") {
        const expected = c.otherStatus ?? 404;
        try {
          await expectError(res, expected);
        } catch (err) {
          failures.push(`${r.key} as another user: ${(err as Error).message}`);
        }
      } else {
        const text = await res.text();
        if (res.status !== c.status) failures.push(`${r.key} as another user (own data): expected ${c.status}, got ${res.status} ${text}`);
        const leaked = ownerIds.filter((id) => text.includes(id));
        if (leaked.length) failures.push(`${r.key} as another user shows the owner's ${leaked.join(", ")}`);
      }
      if (changed.length) failures.push(`${r.key} as another user changed the owner's ${changed.join(", ")}`);

      // Anonymous.
      const anon = await send(r.key, req, null);
      changed = await changedSince();
      counts.anonymous++;
      try {
        const err = await expectError(anon, 401);
        if (err.code !== "unauthorized") failures.push(`${r.key} anonymous: code ${err.code}`);
      } catch (err) {
        failures.push(`${r.key} anonymous: ${(err as Error).message}`);
      }
      if (changed.length) failures.push(`${r.key} anonymous changed the owner's ${changed.join(", ")}`);
    }

    // Phase 2: the owner, each route's success path (fresh resources where the success consumes one).
    const initial = await ownerSnapshot(f.owner.userId);
    const ordered = [...routes].sort((a, b) => Number(!!ROUTE_CASES[a.key]!.last) - Number(!!ROUTE_CASES[b.key]!.last));
    for (const r of ordered) {
      const c = ROUTE_CASES[r.key]!;
      if (c.last) {
        // The snapshot is sensitive: the owner's own writes so far show in every part it compares,
        // so a write by another user in phase 1 could not have gone unseen.
        const seen = changedParts(initial, await ownerSnapshot(f.owner.userId));
        for (const part of ["projects", "project_documents", "brain_documents", "social_accounts", "oauth_states", "posts", "campaigns", "media", "r2"]) {
          if (!seen.includes(part)) failures.push(`snapshot did not see the owner's own writes to ${part}`);
        }
      }
      const req = sampleRequest(r.key, f, c.prepare ? await c.prepare(f) : {});
      const res = await send(r.key, req, f.owner);
      counts.owner++;
      if (res.status !== c.status) {
        failures.push(`${r.key} as the owner: expected ${c.status}, got ${res.status} ${await res.text()}`);
        continue;
      }
      const { method, pathname } = urlOf(r.key, req);
      try {
        await checkedBody(method, pathname, res);
      } catch (err) {
        failures.push(`${r.key} as the owner: ${(err as Error).message}`);
      }
    }

    // The last owner case deleted the account: nothing of the owner is left in D1 or R2.
    const gone = await ownerSnapshot(f.owner.userId);
    for (const [part, value] of Object.entries(gone)) if (value !== "[]") failures.push(`after DELETE /api/account the owner still has ${part}`);

    const total = counts.other + counts.anonymous + counts.owner;
    console.log(
      `ownership matrix: ${routes.length} routes x 3 callers = ${total} cases (owner ${counts.owner}, another user ${counts.other}, anonymous ${counts.anonymous}); ${PUBLIC_ROUTES.size} public routes excluded`,
    );
    expect(failures).toEqual([]);
    expect(total).toBeGreaterThanOrEqual(routes.length * 3);
    expect(counts).toEqual({ other: routes.length, anonymous: routes.length, owner: routes.length });
  });

  it(
    "/mcp: every tool x {another user's key, anonymous, the owner's key}: refused like a missing resource and nothing changed, 401, success",
    { timeout: 300_000 },
    async () => {
      // /mcp is one POST route (decision 245); each of its tools names a project or post, so the matrix runs per tool.
      expect(Object.keys(MCP_TOOL_CASES).sort()).toEqual([...MCP_TOOL_NAMES].sort());
      const f = await buildFixture();
      const stranger = await signIn();
      const failures: string[] = [];
      for (const name of MCP_TOOL_NAMES) {
        const c = MCP_TOOL_CASES[name];
        const args = c.args(f);
        const before = await ownerSnapshot(f.owner.userId);
        const other = await mcpToolCall(name, args, stranger);
        const changed = changedParts(before, await ownerSnapshot(f.owner.userId));
        if (changed.length) failures.push(`${name} with another user's key changed the owner's ${changed.join(", ")}`);
        if (c.rule === "owned" && !(other.isError && other.code === "not_found"))
          failures.push(`${name} with another user's key: expected not_found, got ${other.text}`);
        if (c.rule === "caller" && (other.isError || other.text.includes(f.projectId))) failures.push(`${name} with another user's key: ${other.text}`);
        const anon = await mcpToolCall(name, args, null);
        if (anon.status !== 401 || anon.code !== "unauthorized") failures.push(`${name} anonymous: ${anon.status} ${anon.text}`);
      }
      for (const name of MCP_TOOL_NAMES) {
        const mine = await mcpToolCall(name, MCP_TOOL_CASES[name].args(f), f.owner);
        if (mine.status !== 200 || mine.isError) failures.push(`${name} with the owner's key: ${mine.status} ${mine.text}`);
        if (name === "list_projects" && !mine.text.includes(f.projectId)) failures.push(`list_projects with the owner's key lacks the project`);
      }
      expect(failures).toEqual([]);
    },
  );

  it(
    "every project route x {editor, reviewer}: a role never exceeds its column (403, nothing changed); within it, let through",
    { timeout: 300_000 },
    async () => {
      const f = await buildFixture();
      const members: Record<Exclude<Role, "owner">, TestUser> = {
        editor: await memberOf(f.projectId, "editor"),
        reviewer: await memberOf(f.projectId, "reviewer"),
      };
      const routes = apiRoutes().filter((r) => ROUTE_CASES[r.key]?.rule === "owned" && !ROLE_EXEMPT.has(r.key));
      const failures: string[] = [];
      const counts = { refused: 0, allowed: 0 };
      // Writes last, deletions after them: an allowed write may consume a fixture row.
      const rank = (key: string) => (key.startsWith("GET ") ? 0 : key.startsWith("DELETE ") ? 2 : 1);
      const ordered = [...routes].sort((a, b) => rank(a.key) - rank(b.key));
      for (const r of ordered) {
        const need = roleNeeds(r.key);
        for (const role of ["reviewer", "editor"] as const) {
          const c = ROUTE_CASES[r.key]!;
          // The fixture's own rows (prepare() may make rows of another project for the owner's cases).
          const req = sampleRequest(r.key, f, c.prepare && ROLE_PREPARED.has(r.key) ? await c.prepare(f) : {});
          // Compared before/after only where the role is refused (an allowed write changes rows).
          const refused = !can(role, need);
          const before = refused ? await ownerSnapshot(f.owner.userId) : null;
          const res = await send(r.key, req, members[role]);
          const text = await res.text();
          if (refused) {
            counts.refused++;
            if (res.status !== 403) failures.push(`${r.key} as ${role} (needs ${need}): expected 403, got ${res.status} ${text.slice(0, 200)}`);
            const changed = changedParts(before!, await ownerSnapshot(f.owner.userId));
            if (changed.length) failures.push(`${r.key} as ${role} changed ${changed.join(", ")}`);
          } else {
            counts.allowed++;
            if (r.key.startsWith("GET ") ? res.status !== c.status : [401, 403, 404].includes(res.status)) {
              failures.push(`${r.key} as ${role} (allowed: ${need}): got ${res.status} ${text.slice(0, 200)}`);
            }
          }
        }
      }
      console.log(`role matrix: ${routes.length} project routes x 2 roles (refused ${counts.refused}, allowed ${counts.allowed})`);
      expect(failures).toEqual([]);
      expect(counts.refused).toBeGreaterThan(20);
    },
  );

  it("every route x review-link holder: the token signs nobody in (401) and changes nothing", { timeout: 300_000 }, async () => {
    const f = await buildFixture();
    const { token } = await reviewLink(f);
    // As a session cookie and as an API key, on every route that is not public.
    const holder = { cookie: `bp_session=${token}`, authorization: `Bearer ${token}` };
    const routes = apiRoutes().filter((r) => !PUBLIC_ROUTES.has(r.key));
    const before = await ownerSnapshot(f.owner.userId);
    const failures: string[] = [];
    for (const r of routes) {
      const req = sampleRequest(r.key, f);
      const res = await send(r.key, { ...req, as: null, headers: { ...req.headers, ...holder } }, null);
      if (res.status !== 401) failures.push(`${r.key} as the review-link holder: expected 401, got ${res.status} ${(await res.text()).slice(0, 200)}`);
    }
    const changed = changedParts(before, await ownerSnapshot(f.owner.userId));
    // Opening the link itself (public) is the holder's only door; its posts are the fixture's.
    const opened = await send("GET /api/review/:token", { params: { token } }, null);
    expect(opened.status).toBe(200);
    console.log(`review-link holder: ${routes.length} routes refused`);
    expect(failures).toEqual([]);
    expect(changed).toEqual([]);
  });

  it("ids of another user's resources inside a request body are refused and change nothing", { timeout: 60_000 }, async () => {
    const f = await buildFixture();
    const stranger = await signIn();
    const before = await ownerSnapshot(f.owner.userId);
    // Attaching the owner's uploaded image to the stranger's own post (create and edit).
    const created = await send(
      "POST /api/projects/:projectId/posts",
      {
        params: { projectId: stranger.projectId },
        body: {
          content: "Borrowed image",
          platform: "twitter",
          scheduled_for: new Date(Date.now() + 86_400_000).toISOString(),
          mode: "schedule",
          media_info: f.media,
        },
      },
      stranger,
    );
    expect(created.status).toBeGreaterThanOrEqual(400);
    expect(created.status).toBeLessThan(500);
    await expectError(created, created.status);
    // Uploading into the stranger's project under the owner's social account id.
    const form = new FormData();
    form.set("file", new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]) as BlobPart], "x.png", { type: "image/png" }));
    form.set("accountId", f.accountId);
    await expectError(await send("POST /api/projects/:projectId/media", { params: { projectId: stranger.projectId }, form: () => form }, stranger), 404);
    // Finishing the owner's OAuth flow from the stranger's session.
    await expectError(
      await send("POST /api/oauth/:platform/callback", { params: { platform: "twitter" }, body: { code: "x", state: f.pendingState } }, stranger),
      400,
    );
    expect(changedParts(before, await ownerSnapshot(f.owner.userId))).toEqual([]);
  });
});
