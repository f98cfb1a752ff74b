import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { decryptToken } from "../../worker/lib/token-crypto";
import { expectError, json, signIn } from "./helpers";
import { connectAccount, rawAccountRow } from "./social-helpers";
import { connectNetwork } from "./network-helpers";

const uname = () => `a${crypto.randomUUID().slice(0, 8)}`;

async function addPost(projectId: string, platform: string, status: string) {
  const id = crypto.randomUUID();
  const now = Date.now();
  await env.DB.prepare("insert into posts (id, project_id, platform, content, scheduled_for, status, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?)")
    .bind(id, projectId, platform, `post ${id}`, now + 3_600_000, status, now, now)
    .run();
  return id;
}

async function postIds(projectId: string) {
  const r = await env.DB.prepare("select id from posts where project_id = ?").bind(projectId).all<{ id: string }>();
  return new Set(r.results.map((x) => x.id));
}

describe("social accounts API", () => {
  it("lists the project's accounts with status and no token anywhere", async () => {
    const user = await signIn();
    const x = await connectAccount(user, "twitter", uname());
    const ig = await connectAccount(user, "instagram", uname());
    const res = await json(user, "GET", `/api/projects/${user.projectId}/social-accounts`);
    expect(res.status).toBe(200);
    const text = await res.text();
    const list = JSON.parse(text) as Record<string, unknown>[];
    expect(list.map((a) => a.id).sort()).toEqual([x.id, ig.id].sort());
    for (const a of list) {
      expect(Object.keys(a).sort()).toEqual([
        "account_name",
        "created_at",
        "expires_at",
        "id",
        "last_refresh",
        "max_length",
        "platform",
        "reconnect_by",
        "token_status",
        "username",
      ]);
      const row = await rawAccountRow(String(a.id));
      expect(text).not.toContain(await decryptToken(env, String(row.access_token_enc)));
      expect(text).not.toContain(String(row.access_token_enc));
      if (row.refresh_token_enc) expect(text).not.toContain(await decryptToken(env, String(row.refresh_token_enc)));
    }
  });

  it("empty list for a new project", async () => {
    const user = await signIn();
    const res = await json(user, "GET", `/api/projects/${user.projectId}/social-accounts`);
    expect(await res.json()).toEqual([]);
  });

  it("another user's project and account answer 404 and change nothing", async () => {
    const owner = await signIn();
    const other = await signIn();
    const account = await connectAccount(owner, "twitter", uname());
    await expectError(await json(other, "GET", `/api/projects/${owner.projectId}/social-accounts`), 404);
    await expectError(await json(other, "DELETE", `/api/social-accounts/${account.id}`), 404);
    await expectError(await json(other, "DELETE", `/api/social-accounts/${crypto.randomUUID()}`), 404);
    expect((await rawAccountRow(account.id)).id).toBe(account.id);
    await expectError(await json(null, "GET", `/api/projects/${owner.projectId}/social-accounts`), 401);
  });

  it("disconnect deletes that platform's scheduled posts only, then the account", async () => {
    const user = await signIn();
    const x = await connectAccount(user, "twitter", uname());
    const ig = await connectAccount(user, "instagram", uname());
    const scheduledX = await addPost(user.projectId, "twitter", "scheduled");
    const publishedX = await addPost(user.projectId, "twitter", "published");
    const failedX = await addPost(user.projectId, "twitter", "failed");
    const scheduledIg = await addPost(user.projectId, "instagram", "scheduled");
    const other = await signIn();
    const othersX = await addPost(other.projectId, "twitter", "scheduled");

    const res = await json(user, "DELETE", `/api/social-accounts/${x.id}`);
    expect(res.status).toBe(200);
    const ids = await postIds(user.projectId);
    expect(ids.has(scheduledX)).toBe(false);
    expect(ids.has(publishedX)).toBe(true);
    expect(ids.has(failedX)).toBe(true);
    expect(ids.has(scheduledIg)).toBe(true);
    expect((await postIds(other.projectId)).has(othersX)).toBe(true);
    const list = (await (await json(user, "GET", `/api/projects/${user.projectId}/social-accounts`)).json()) as { id: string }[];
    expect(list.map((a) => a.id)).toEqual([ig.id]);
    await expectError(await json(user, "DELETE", `/api/social-accounts/${x.id}`), 404);
  });

  it("a cross-origin disconnect is refused", async () => {
    const user = await signIn();
    const x = await connectAccount(user, "twitter", uname());
    const res = await json({ ...user, headers: { ...user.headers, origin: "https://evil.example" } }, "DELETE", `/api/social-accounts/${x.id}`);
    await expectError(res, 403);
    expect((await rawAccountRow(x.id)).id).toBe(x.id);
  });
});

describe("reconnect_by (the dashboard's reconnect notice)", () => {
  const DAY = 86_400_000;
  const view = async (user: Awaited<ReturnType<typeof signIn>>, id: string) => {
    const list = (await (await json(user, "GET", `/api/projects/${user.projectId}/social-accounts`)).json()) as {
      id: string;
      reconnect_by: number | null;
      expires_at: number | null;
    }[];
    return list.find((a) => a.id === id)!;
  };
  const setRow = (id: string, values: { expires_at?: number | null; token_status?: string; refresh_token_enc?: string | null }) =>
    env.DB.prepare(
      `update social_accounts set ${Object.keys(values)
        .map((k) => `${k} = ?`)
        .join(", ")} where id = ?`,
    )
      .bind(...Object.values(values), id)
      .run();

  it("is the account's own expiry once it is within 7 days and the token cannot be renewed; null otherwise", async () => {
    const user = await signIn();
    // LinkedIn's standard app: no refresh token, 60-day tokens (decision 196).
    const li = await connectNetwork(user, "linkedin", uname());
    expect((await rawAccountRow(li.id)).refresh_token_enc).toBeNull();
    const far = Date.now() + 30 * DAY;
    await setRow(li.id, { expires_at: far });
    expect(await view(user, li.id)).toMatchObject({ expires_at: far, reconnect_by: null });
    const near = Date.now() + 3 * DAY + 12_345;
    await setRow(li.id, { expires_at: near });
    expect(await view(user, li.id)).toMatchObject({ expires_at: near, reconnect_by: near });
    // Already flagged for reconnecting (revoked): the status says so, not the notice.
    await setRow(li.id, { token_status: "reconnect_needed" });
    expect((await view(user, li.id)).reconnect_by).toBeNull();
    // A token that does not expire has nothing to remind of.
    await setRow(li.id, { token_status: "active", expires_at: null });
    expect((await view(user, li.id)).reconnect_by).toBeNull();
  });

  it("is null for a token the app renews itself, however close its expiry", async () => {
    const user = await signIn();
    const x = await connectAccount(user, "twitter", uname());
    expect((await rawAccountRow(x.id)).refresh_token_enc).not.toBeNull();
    await setRow(x.id, { expires_at: Date.now() + 2 * DAY });
    expect((await view(user, x.id)).reconnect_by).toBeNull();
    // Without its refresh token the same account must be reconnected.
    const at = Date.now() + 2 * DAY;
    await setRow(x.id, { expires_at: at, refresh_token_enc: null });
    expect((await view(user, x.id)).reconnect_by).toBe(at);
  });
});
