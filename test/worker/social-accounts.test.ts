import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { decryptToken } from "../../worker/lib/token-crypto";
import { expectError, json, signIn } from "./helpers";
import { connectAccount, rawAccountRow } from "./social-helpers";

const uname = () => `a${crypto.randomUUID().slice(0, 8)}`;

async function addPost(projectId: string, platform: string, status: string) {
  const id = crypto.randomUUID();
  const now = Date.now();
  await env.DB.prepare(
    "insert into posts (id, project_id, platform, content, scheduled_for, status, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?)",
  )
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
      expect(Object.keys(a).sort()).toEqual(["account_name", "created_at", "expires_at", "id", "last_refresh", "max_length", "platform", "reconnect_by", "token_status", "username"]);
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
