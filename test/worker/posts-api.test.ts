import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, expectError, json, serviceCtx, signIn } from "./helpers";
import { connectAccount, insertPost, readPost } from "./posts-fixtures";
import type { Post } from "../../schema/api/posts";

const future = (ms: number) => new Date(Date.now() + ms).toISOString();

describe("POST /api/projects/:projectId/posts", () => {
  it("schedules a post: status scheduled, 0 attempts, ISO times, no tokens", async () => {
    const u = await signIn();
    await connectAccount(u.projectId, "twitter", { accessToken: "secret-access-token-xyz" });
    const when = future(3600_000);
    const res = await json(u, "POST", `/api/projects/${u.projectId}/posts`, {
      content: "Hello world",
      hashtags: ["#launch", "brand"],
      platform: "twitter",
      mode: "schedule",
      scheduled_for: when,
    });
    expect(res.status).toBe(201);
    const text = await res.text();
    expect(text).not.toContain("secret-access-token-xyz");
    const post = JSON.parse(text) as Post;
    expect(post).toMatchObject({ content: "Hello world", hashtags: ["launch", "brand"], status: "scheduled", publish_attempts: 0, platform: "twitter" });
    expect(post.scheduled_for).toBe(new Date(when).toISOString());
    expect((await readPost(post.id))!.scheduled_for).toBe(Date.parse(when));
    for (const path of [`/api/projects/${u.projectId}/posts`, `/api/posts/${post.id}`]) {
      const body = await (await json(u, "GET", path)).text();
      expect(body).toContain(post.id);
      expect(body).not.toContain("secret-access-token-xyz");
      expect(body).not.toMatch(/token/i);
    }
  });

  it("groups a network's variant with its message (decision 185); a message of another project is refused", async () => {
    const u = await signIn();
    const other = await signIn();
    await connectAccount(u.projectId, "twitter");
    await connectAccount(other.projectId, "twitter");
    const create = (who: typeof u, body: Record<string, unknown>) =>
      json(who, "POST", `/api/projects/${who.projectId}/posts`, {
        content: "Hello",
        platform: "twitter",
        mode: "schedule",
        scheduled_for: future(3600_000),
        ...body,
      });
    const first = (await (await create(u, {})).json()) as Post;
    expect(first.message_id).toEqual(expect.any(String));
    const variant = await create(u, { content: "Hello again", message_id: first.message_id });
    expect(variant.status).toBe(201);
    expect(((await variant.json()) as Post).message_id).toBe(first.message_id);
    // Another user's message id is no message of this project: 400, nothing created.
    const theirs = (await (await create(other, {})).json()) as Post;
    const refused = await create(u, { content: "Sneaky", message_id: theirs.message_id });
    const err = await expectError(refused, 400);
    expect(err.fields).toEqual({ message_id: "This message does not exist in the project" });
    const list = (await (await json(u, "GET", `/api/projects/${u.projectId}/posts`)).json()) as Post[];
    expect(list.map((p) => p.content).sort()).toEqual(["Hello", "Hello again"]);
  });

  it("refuses Twitter without a connected account and creates nothing", async () => {
    const u = await signIn();
    const res = await json(u, "POST", `/api/projects/${u.projectId}/posts`, {
      content: "Hi",
      platform: "twitter",
      mode: "schedule",
      scheduled_for: future(60_000),
    });
    expect((await expectError(res, 400)).message).toBe("Please connect an X (Twitter) account first");
    const n = await env.DB.prepare("select count(*) as n from posts where project_id = ?").bind(u.projectId).first<{ n: number }>();
    expect(n!.n).toBe(0);
  });

  it("refuses another platform without an account with the generic message", async () => {
    const u = await signIn();
    await connectAccount(u.projectId, "twitter");
    const res = await json(u, "POST", `/api/projects/${u.projectId}/posts`, { content: "Hi", platform: "instagram", mode: "now" });
    expect((await expectError(res, 400)).message).toBe("Please connect an Instagram account first");
  });

  it("validates content and the schedule time", async () => {
    const u = await signIn();
    await connectAccount(u.projectId, "twitter");
    const blank = await json(u, "POST", `/api/projects/${u.projectId}/posts`, { content: "   ", mode: "now" });
    const err = await expectError(blank, 400);
    expect(err.message).toBe("Please enter some content");
    expect(err.fields?.content).toBe("Please enter some content");
    const noTime = await json(u, "POST", `/api/projects/${u.projectId}/posts`, { content: "x", mode: "schedule" });
    await expectError(noTime, 400);
    const badTime = await json(u, "POST", `/api/projects/${u.projectId}/posts`, { content: "x", mode: "schedule", scheduled_for: "tomorrow" });
    await expectError(badTime, 400);
  });

  it("publish now: scheduled_for now, claimed (publishing, 1 attempt) through the queue path", async () => {
    const u = await signIn();
    await connectAccount(u.projectId, "twitter");
    const before = Date.now();
    const res = await json(u, "POST", `/api/projects/${u.projectId}/posts`, { content: "Right now", mode: "now" });
    expect(res.status).toBe(201);
    const post = (await res.json()) as Post;
    expect(post.status).toBe("publishing");
    expect(post.publish_attempts).toBe(1);
    expect(Date.parse(post.scheduled_for)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(post.last_attempt!)).toBe(Date.parse(post.scheduled_for));
  });

  it("publish now with the queue down leaves the post scheduled for now (the next tick takes it)", async () => {
    const u = await signIn();
    await connectAccount(u.projectId, "twitter");
    const { createPost } = await import("../../worker/services/posts/posts");
    const broken = { ...env, PUBLISH_JOBS: { sendBatch: async () => Promise.reject(new Error("queue down")) } } as unknown as typeof env;
    const post = await createPost(serviceCtx(u, broken), u.projectId, { content: "Queue down", platform: "twitter", hashtags: [], mode: "now" });
    expect(post).toMatchObject({ status: "scheduled", publish_attempts: 0 });
    expect(Date.parse(post.scheduled_for)).toBeLessThanOrEqual(Date.now());
  });

  it("refuses an image that is not one of the project's uploads", async () => {
    const u = await signIn();
    await connectAccount(u.projectId, "twitter");
    const res = await json(u, "POST", `/api/projects/${u.projectId}/posts`, {
      content: "x",
      mode: "schedule",
      scheduled_for: future(60_000),
      media_info: { url: "http://169.254.169.254/latest/meta-data", file_name: "a.png", file_type: "image/png", file_size: 10 },
    });
    await expectError(res, 400);
  });

  it("answers 401 signed out and 404 for another user's project", async () => {
    const [a, b] = [await signIn(), await signIn()];
    await connectAccount(b.projectId, "twitter");
    await expectError(await json(null, "POST", `/api/projects/${a.projectId}/posts`, { content: "x", mode: "now" }), 401);
    await expectError(await json(a, "POST", `/api/projects/${b.projectId}/posts`, { content: "x", mode: "now" }), 404);
    const n = await env.DB.prepare("select count(*) as n from posts where project_id = ?").bind(b.projectId).first<{ n: number }>();
    expect(n!.n).toBe(0);
  });
});

describe("GET /api/projects/:projectId/posts", () => {
  it("lists by time range ordered by scheduled_for, failed posts included, with filters", async () => {
    const u = await signIn();
    const t0 = Date.parse("2030-01-05T00:00:00Z");
    const late = await insertPost(u.projectId, { scheduledFor: t0 + 3 * 3600_000, content: "Late coffee", status: "failed", errorMessage: "boom" });
    const early = await insertPost(u.projectId, { scheduledFor: t0 + 3600_000, content: "Early tea", status: "scheduled" });
    const mid = await insertPost(u.projectId, { scheduledFor: t0 + 2 * 3600_000, content: "Mid Coffee", status: "published", platform: "instagram" });
    await insertPost(u.projectId, { scheduledFor: t0 + 8 * 86_400_000, content: "Next week" });
    const range = `from=${encodeURIComponent(new Date(t0).toISOString())}&to=${encodeURIComponent(new Date(t0 + 7 * 86_400_000).toISOString())}`;
    const res = await json(u, "GET", `/api/projects/${u.projectId}/posts?${range}`);
    expect(res.status).toBe(200);
    const list = (await res.json()) as Post[];
    expect(list.map((p) => p.id)).toEqual([early, mid, late]);
    expect(list[2]).toMatchObject({ status: "failed", error_message: "boom" });

    const byStatus = (await (await json(u, "GET", `/api/projects/${u.projectId}/posts?${range}&status=failed`)).json()) as Post[];
    expect(byStatus.map((p) => p.id)).toEqual([late]);
    const byPlatform = (await (await json(u, "GET", `/api/projects/${u.projectId}/posts?${range}&platform=instagram`)).json()) as Post[];
    expect(byPlatform.map((p) => p.id)).toEqual([mid]);
    const byText = (await (await json(u, "GET", `/api/projects/${u.projectId}/posts?${range}&q=coffee`)).json()) as Post[];
    expect(byText.map((p) => p.id)).toEqual([mid, late]);
    const limited = (await (await json(u, "GET", `/api/projects/${u.projectId}/posts?limit=2`)).json()) as Post[];
    expect(limited.map((p) => p.id)).toEqual([early, mid]);
  });

  it("rejects bad filters and another user's project", async () => {
    const [a, b] = [await signIn(), await signIn()];
    await expectError(await json(a, "GET", `/api/projects/${a.projectId}/posts?status=lost`), 400);
    await expectError(await json(a, "GET", `/api/projects/${a.projectId}/posts?from=yesterday`), 400);
    await expectError(await json(a, "GET", `/api/projects/${b.projectId}/posts`), 404);
    await expectError(await json(null, "GET", `/api/projects/${a.projectId}/posts`), 401);
  });

  it("the week query walks the (project_id, scheduled_for) index without a sort", async () => {
    const plan = await env.DB.prepare(
      "EXPLAIN QUERY PLAN select * from posts where project_id = ? and scheduled_for >= ? and scheduled_for < ? order by scheduled_for asc limit ?",
    )
      .bind("p", 0, 1, 1000)
      .all<{ detail: string }>();
    const detail = plan.results.map((r) => r.detail).join(" | ");
    expect(detail).toContain("posts_project_time_idx");
    expect(detail).toMatch(/project_id=\? AND scheduled_for>\? AND scheduled_for<\?/);
    expect(detail).not.toContain("TEMP B-TREE");
  });
});

describe("/api/posts/:postId", () => {
  it("reads, edits and deletes the owner's post; another user gets 404 and changes nothing", async () => {
    const [a, b] = [await signIn(), await signIn()];
    const id = await insertPost(a.projectId, { content: "Original", scheduledFor: Date.now() + 86_400_000 });
    expect(((await (await json(a, "GET", `/api/posts/${id}`)).json()) as Post).content).toBe("Original");
    expect((await expectError(await json(b, "GET", `/api/posts/${id}`), 404)).message).toBe("Post not found");
    await expectError(await json(b, "PATCH", `/api/posts/${id}`, { content: "Hacked" }), 404);
    await expectError(await json(b, "DELETE", `/api/posts/${id}`), 404);
    await expectError(await json(b, "POST", `/api/posts/${id}/publish`), 404);
    await expectError(await json(b, "POST", `/api/posts/${id}/retry`), 404);
    expect((await readPost(id))!).toMatchObject({ status: "scheduled" });

    const patched = await json(a, "PATCH", `/api/posts/${id}`, { content: "Edited", hashtags: ["#new"] });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ content: "Edited", hashtags: ["new"] });

    const del = await json(a, "DELETE", `/api/posts/${id}`);
    expect(del.status).toBe(204);
    expect(await readPost(id)).toBeNull();
    await expectError(await json(a, "GET", `/api/posts/${id}`), 404);
  });

  it("reschedules only scheduled posts and changes only scheduled_for", async () => {
    const u = await signIn();
    const id = await insertPost(u.projectId, { content: "Keep me", scheduledFor: Date.now() + 86_400_000 });
    const when = future(2 * 86_400_000);
    const res = await json(u, "PATCH", `/api/posts/${id}`, { scheduled_for: when });
    expect(res.status).toBe(200);
    const row = (await readPost(id))!;
    expect(row.scheduled_for).toBe(Date.parse(when));
    expect(row).toMatchObject({ status: "scheduled", publish_attempts: 0 });

    const published = await insertPost(u.projectId, { status: "published", platformPostId: "tw-1", scheduledFor: 1000 });
    await expectError(await json(u, "PATCH", `/api/posts/${published}`, { scheduled_for: when }), 409);
    await expectError(await json(u, "PATCH", `/api/posts/${published}`, { content: "rewrite history" }), 409);
    expect((await readPost(published))!.scheduled_for).toBe(1000);
    await expectError(await json(u, "PATCH", `/api/posts/${id}`, {}), 400);
  });

  it("moves a post to another network with Create Post's checks: that network's account, then its rules", async () => {
    const u = await signIn();
    const long = "a".repeat(400);
    const id = await insertPost(u.projectId, { platform: "linkedin", content: long, scheduledFor: Date.now() + 86_400_000 });
    // No X account: refused with Create Post's message, under the field; nothing changes.
    const noAccount = await expectError(await json(u, "PATCH", `/api/posts/${id}`, { platform: "twitter" }), 400);
    expect(noAccount.message).toBe("Please connect an X (Twitter) account first");
    expect(noAccount.fields).toEqual({ platform: "Please connect an X (Twitter) account first" });
    expect((await readPost(id))!.platform).toBe("linkedin");
    // With the account, X's 280-character rule refuses the 400-character text.
    await connectAccount(u.projectId, "twitter");
    const tooLong = await expectError(await json(u, "PATCH", `/api/posts/${id}`, { platform: "twitter" }), 400);
    expect(tooLong.fields).toHaveProperty("content");
    expect((await readPost(id))!.platform).toBe("linkedin");
    // The text and the network change together when both fit.
    const moved = await json(u, "PATCH", `/api/posts/${id}`, { platform: "twitter", content: "Short enough" });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ id, platform: "twitter", content: "Short enough", status: "scheduled" });
    expect((await readPost(id))!).toMatchObject({ platform: "twitter", content: "Short enough" });
    await expectError(await json(u, "PATCH", `/api/posts/${id}`, { platform: "myspace" }), 400);
  });

  it("publish now claims a scheduled post; anything else is refused", async () => {
    const u = await signIn();
    await connectAccount(u.projectId, "twitter");
    const id = await insertPost(u.projectId, { scheduledFor: Date.now() + 86_400_000 });
    const res = await json(u, "POST", `/api/posts/${id}/publish`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id, status: "publishing", publish_attempts: 1 });
    await expectError(await json(u, "POST", `/api/posts/${id}/publish`), 409);
    expect((await expectError(await json(u, "POST", `/api/posts/${crypto.randomUUID()}/publish`), 404)).message).toBe("Post not found");
  });

  it("retry moves a failed post back through the claim path; other statuses are refused", async () => {
    const u = await signIn();
    await connectAccount(u.projectId, "twitter");
    const failed = await insertPost(u.projectId, { status: "failed", errorMessage: "Failed to publish post", publishAttempts: 5, scheduledFor: 1000 });
    const res = await json(u, "POST", `/api/posts/${failed}/retry`);
    expect(res.status).toBe(200);
    const post = (await res.json()) as Post;
    expect(post).toMatchObject({ status: "publishing", error_message: null, publish_attempts: 6 });
    expect(Date.parse(post.scheduled_for)).toBeGreaterThan(Date.now() - 60_000);
    const scheduled = await insertPost(u.projectId, { scheduledFor: Date.now() + 60_000 });
    await expectError(await json(u, "POST", `/api/posts/${scheduled}/retry`), 409);
  });

  it("cross-origin cookie requests are refused", async () => {
    const u = await signIn();
    const id = await insertPost(u.projectId);
    const res = await call(`/api/posts/${id}`, { method: "DELETE", headers: { cookie: u.cookie, origin: "https://evil.example" } });
    await expectError(res, 403);
    expect(await readPost(id)).not.toBeNull();
  });
});
