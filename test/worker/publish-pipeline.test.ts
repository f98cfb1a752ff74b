import { createExecutionContext, createMessageBatch, createScheduledController, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { encode as encodePng } from "fast-png";
import { afterEach, describe, expect, it } from "vitest";
import type { Env, PublishJob } from "../../worker/env";
import { claimDuePosts } from "../../worker/jobs/publish-cron";
import { handlePublishBatch } from "../../worker/jobs/publish-consumer";
import { RECONCILE_MARKER } from "../../worker/services/publishing/claim";
import { platformFor } from "../../platforms/adapters";
import { json, signIn } from "./helpers";
import { claimedPost, connectAccount, connectSandboxAccount, insertPost, readPost, sandboxControl, sandboxPosts, waitFor } from "./posts-fixtures";
import { servePreparedMedia } from "./public-media";
import { deliverPublish, publishTestEnv } from "./queue-kit";

const testEnv = () => publishTestEnv();
const deliver = deliverPublish;

const armed: ("twitter" | "instagram")[] = [];
async function arm(platform: "twitter" | "instagram", body: Record<string, unknown>) {
  armed.push(platform);
  await sandboxControl(platform, body);
}
afterEach(async () => {
  for (const p of armed.splice(0)) await sandboxControl(p, { reset: true });
});

describe("cron claim", () => {
  it("claims due posts in chunks of at most 100 with one enqueue batch per chunk", async () => {
    const u = await signIn();
    const now = Date.now();
    const ids: string[] = [];
    for (let i = 0; i < 250; i++) ids.push(await insertPost(u.projectId, { scheduledFor: now - 60_000 - i, content: `due ${i}` }));
    const later = await insertPost(u.projectId, { scheduledFor: now + 60_000 });
    const { e, q } = testEnv();
    const result = await claimDuePosts(e, now);
    expect(result.claimed).toBeGreaterThanOrEqual(250);
    expect(q.batchSizes.every((n) => n <= 100)).toBe(true);
    expect(q.batchSizes.length).toBeGreaterThanOrEqual(3);
    const mine = q.jobs.filter((j) => ids.includes(j.postId));
    expect(new Set(mine.map((j) => j.postId)).size).toBe(250);
    expect(mine).toHaveLength(250);
    const rows = await env.DB.prepare("select status, publish_attempts, last_attempt from posts where project_id = ? and id != ?")
      .bind(u.projectId, later)
      .all<{ status: string; publish_attempts: number; last_attempt: number }>();
    expect(rows.results.every((r) => r.status === "publishing" && r.publish_attempts === 1 && r.last_attempt === now)).toBe(true);
    expect((await readPost(later))!.status).toBe("scheduled");
    // A second tick finds nothing more to claim for this project.
    const again = testEnv();
    await claimDuePosts(again.e, now);
    expect(again.q.jobs.filter((j) => ids.includes(j.postId))).toHaveLength(0);
  });

  it("claims and enqueues 1,000 due posts in one tick well under 2 s", async () => {
    const u = await signIn();
    const now = Date.now();
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 999)
       INSERT INTO posts (id, project_id, platform, content, hashtags, scheduled_for, status, publish_attempts, created_at, updated_at)
       SELECT lower(hex(randomblob(16))), ?1, 'twitter', 'Bench ' || i, '[]', ?2 - i, 'scheduled', 0, ?2, ?2 FROM n`,
    )
      .bind(u.projectId, now - 1000)
      .run();
    const { e, q } = testEnv();
    const started = performance.now();
    await claimDuePosts(e, now);
    const elapsed = performance.now() - started;
    const mine = await env.DB.prepare("select id from posts where project_id = ?").bind(u.projectId).all<{ id: string }>();
    const ids = new Set(mine.results.map((r) => r.id));
    const jobs = q.jobs.filter((j) => ids.has(j.postId));
    expect(jobs).toHaveLength(1000);
    expect(new Set(jobs.map((j) => j.postId)).size).toBe(1000);
    expect(elapsed).toBeLessThan(2000);
    const left = await env.DB.prepare("select count(*) as n from posts where project_id = ? and status = 'scheduled'").bind(u.projectId).first<{ n: number }>();
    expect(left!.n).toBe(0);
  });

  it("gives the claim back when the queue refuses the batch", async () => {
    const u = await signIn();
    const now = Date.now();
    const id = await insertPost(u.projectId, { scheduledFor: now - 1000 });
    const broken = { ...(env as unknown as Env), PUBLISH_JOBS: { sendBatch: async () => Promise.reject(new Error("queue down")) } } as unknown as Env;
    await claimDuePosts(broken, now);
    expect(await readPost(id)).toMatchObject({ status: "scheduled", publish_attempts: 0 });
  });

  it("20 concurrent ticks and every message delivered 3 times publish each post exactly once", async () => {
    const u = await signIn();
    const acc = await connectSandboxAccount(u.projectId, "twitter");
    const now = Date.now();
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push(await insertPost(u.projectId, { scheduledFor: now - 5000, content: `Concurrent ${i} ${acc.username}` }));
    const { e, q } = testEnv();
    await Promise.all(Array.from({ length: 20 }, () => claimDuePosts(e, now)));
    const jobs = q.jobs.filter((j) => ids.includes(j.postId));
    expect(jobs).toHaveLength(30);
    // At-least-once delivery: three copies of every message, in concurrent batches.
    await Promise.all([deliver(e, jobs), deliver(e, [...jobs].reverse()), deliver(e, jobs, 2)]);
    const posted = await sandboxPosts("twitter", acc.username);
    expect(posted).toHaveLength(30);
    expect(new Set(posted.map((p) => p.text)).size).toBe(30);
    for (const id of ids) {
      const row = (await readPost(id))!;
      expect(row.status).toBe("published");
      expect(posted.some((p) => p.id === row.platform_post_id)).toBe(true);
      expect(row.published_at).toBeGreaterThanOrEqual(now);
      expect(row.error_message).toBeNull();
    }
    // A late redelivery of a published post does nothing.
    const late = await deliver(e, [jobs[0]!], 3);
    expect(late.retries).toHaveLength(0);
    expect(await sandboxPosts("twitter", acc.username)).toHaveLength(30);
  });

  it("the scheduled handler and the real queue publish a due post end to end", async () => {
    const u = await signIn();
    const acc = await connectSandboxAccount(u.projectId, "twitter");
    const id = await insertPost(u.projectId, { scheduledFor: Date.now() - 1000, content: `Via cron ${acc.username}`, hashtags: ["coffee"] });
    const ctx = createExecutionContext();
    const worker = (await import("../../worker/index")).default;
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "* * * * *" }), env as unknown as Env, ctx);
    await waitOnExecutionContext(ctx);
    const row = await waitFor(async () => {
      const r = await readPost(id);
      return r && r.status === "published" ? r : null;
    });
    const posted = await sandboxPosts("twitter", acc.username);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.text).toBe(`Via cron ${acc.username}\n\n#coffee`);
    expect(row.platform_post_id).toBe(posted[0]!.id);
  });

  it("publish now from the API publishes through the same queue", async () => {
    const u = await signIn();
    const acc = await connectSandboxAccount(u.projectId, "twitter");
    const res = await json(u, "POST", `/api/projects/${u.projectId}/posts`, { content: `Now on X ${acc.username}`, platform: "twitter", mode: "now" });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const row = await waitFor(async () => {
      const r = await readPost(id);
      return r && r.status !== "publishing" ? r : null;
    });
    expect(row.status).toBe("published");
    expect((await sandboxPosts("twitter", acc.username)).map((p) => p.id)).toEqual([row.platform_post_id]);
    const api = await json(u, "GET", `/api/posts/${id}`);
    expect(await api.json()).toMatchObject({ status: "published", platform_post_id: row.platform_post_id, error_message: null });
  });
});

describe("publish consumer errors", () => {
  it("acknowledges through the Workers queue API (createMessageBatch)", async () => {
    const u = await signIn();
    const acc = await connectSandboxAccount(u.projectId, "twitter");
    const { e } = testEnv();
    const { id, job } = await claimedPost(u.projectId, `Official batch ${acc.username}`);
    const batch = createMessageBatch<PublishJob>("publish-jobs", [
      { id: "m1", timestamp: new Date(), attempts: 1, body: job },
      { id: "m2", timestamp: new Date(), attempts: 1, body: job },
    ]);
    const ctx = createExecutionContext();
    await handlePublishBatch(batch, e);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks.sort()).toEqual(["m1", "m2"]);
    expect(result.retryMessages).toHaveLength(0);
    expect((await readPost(id))!.status).toBe("published");
    expect(await sandboxPosts("twitter", acc.username)).toHaveLength(1);
  });

  it("500s are retried with backoff, then the post fails with the message", async () => {
    const u = await signIn();
    const acc = await connectSandboxAccount(u.projectId, "twitter");
    await arm("twitter", { fail: "500", times: 10, account: acc.username });
    const { e } = testEnv();
    const { id, job } = await claimedPost(u.projectId, `Five hundred ${acc.username}`);
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      const r = await deliver(e, [job], attempt);
      expect(r.retries).toHaveLength(1);
      delays.push(r.retries[0]!.delaySeconds!);
      expect(await readPost(id)).toMatchObject({ status: "publishing", publish_attempts: attempt + 1, last_attempt: job.claimedAt });
    }
    expect(delays).toEqual([...delays].sort((a, b) => a - b));
    expect(delays[3]!).toBeGreaterThan(delays[0]!);
    const last = await deliver(e, [job], 5);
    expect(last.retries).toHaveLength(0);
    const row = (await readPost(id))!;
    expect(row.status).toBe("failed");
    expect(row.error_message).toMatch(/X \(Twitter\) is unavailable/);
    expect(await sandboxPosts("twitter", acc.username)).toHaveLength(0);
  });

  it("429 is retried after Retry-After, then publishes once", async () => {
    const u = await signIn();
    const acc = await connectSandboxAccount(u.projectId, "twitter");
    await arm("twitter", { fail: "429", times: 1, account: acc.username, retryAfter: 7 });
    const { e } = testEnv();
    const { id, job } = await claimedPost(u.projectId, `Rate limited ${acc.username}`);
    const first = await deliver(e, [job], 1);
    expect(first.retries).toEqual([expect.objectContaining({ delaySeconds: expect.any(Number) })]);
    expect(first.retries[0]!.delaySeconds).toBeGreaterThanOrEqual(6);
    expect(first.retries[0]!.delaySeconds).toBeLessThanOrEqual(8);
    const second = await deliver(e, [job], 2);
    expect(second.retries).toHaveLength(0);
    expect((await readPost(id))!.status).toBe("published");
    expect(await sandboxPosts("twitter", acc.username)).toHaveLength(1);
  });

  it("a timeout is an unknown outcome: reconciled first, never posted twice", async () => {
    const u = await signIn();
    const acc = await connectSandboxAccount(u.projectId, "twitter");
    // The sandbox records the tweet, then hangs: the platform accepted but we never heard.
    await arm("twitter", { fail: "timeout", times: 1, account: acc.username, commit: true });
    const { e } = testEnv();
    const { id, job } = await claimedPost(u.projectId, `Timed out ${acc.username}`);
    const first = await deliver(e, [job], 1);
    expect(first.retries).toHaveLength(1);
    expect(await readPost(id)).toMatchObject({ status: "publishing", error_message: RECONCILE_MARKER });
    await deliver(e, [job], 2);
    const posted = await sandboxPosts("twitter", acc.username);
    expect(posted).toHaveLength(1);
    expect(await readPost(id)).toMatchObject({ status: "published", platform_post_id: posted[0]!.id, error_message: null });
  });

  it("timeouts on every attempt end as failed with the message", async () => {
    const u = await signIn();
    const acc = await connectSandboxAccount(u.projectId, "twitter");
    await arm("twitter", { fail: "timeout", times: 10, account: acc.username });
    const { e } = testEnv();
    const { id, job } = await claimedPost(u.projectId, `Always slow ${acc.username}`);
    for (let attempt = 1; attempt <= 4; attempt++) expect((await deliver(e, [job], attempt)).retries).toHaveLength(1);
    expect((await deliver(e, [job], 5)).retries).toHaveLength(0);
    const row = (await readPost(id))!;
    expect(row.status).toBe("failed");
    expect(row.error_message).toBeTruthy();
    expect(row.error_message).not.toBe(RECONCILE_MARKER);
  });

  it("a revoked token fails the post and marks the account reconnect_needed", async () => {
    const u = await signIn();
    const acc = await connectSandboxAccount(u.projectId, "twitter");
    await sandboxControl("twitter", { fail: "revoke", account: acc.username });
    const { e } = testEnv();
    const { id, job } = await claimedPost(u.projectId, `Revoked ${acc.username}`);
    const r = await deliver(e, [job], 1);
    expect(r.retries).toHaveLength(0);
    const row = (await readPost(id))!;
    expect(row.status).toBe("failed");
    expect(row.error_message).toMatch(/reconnect/i);
    const account = await env.DB.prepare("select token_status from social_accounts where id = ?").bind(acc.accountId).first<{ token_status: string }>();
    expect(account!.token_status).toBe("reconnect_needed");
  });

  it("rejected content fails at once without a retry", async () => {
    const u = await signIn();
    const acc = await connectSandboxAccount(u.projectId, "twitter");
    await arm("twitter", { fail: "reject", times: 1, account: acc.username });
    const { e } = testEnv();
    const { id, job } = await claimedPost(u.projectId, `Duplicate ${acc.username}`);
    const r = await deliver(e, [job], 1);
    expect(r.retries).toHaveLength(0);
    const row = (await readPost(id))!;
    expect(row).toMatchObject({ status: "failed", publish_attempts: 1 });
    expect(row.error_message).toMatch(/duplicate content/);
  });

  it("too long for X is rejected by the platform and fails at once", async () => {
    const u = await signIn();
    await connectSandboxAccount(u.projectId, "twitter");
    const { e } = testEnv();
    const { id, job } = await claimedPost(u.projectId, "x".repeat(300));
    expect((await deliver(e, [job], 1)).retries).toHaveLength(0);
    expect((await readPost(id))!.status).toBe("failed");
  });

  it("no connected account: failed with the spec's message", async () => {
    const u = await signIn();
    const { e } = testEnv();
    const { id, job } = await claimedPost(u.projectId, "Nobody home");
    await deliver(e, [job], 1);
    expect(await readPost(id)).toMatchObject({ status: "failed", error_message: "No connected X (Twitter) account found" });
    const fb = await claimedPost(u.projectId, "Facebook post", { platform: "facebook" });
    await deliver(e, [fb.job], 1);
    expect(await readPost(fb.id)).toMatchObject({ status: "failed", error_message: "No connected Facebook account found" });
  });

  it("a stale claim is swept back and reconciled instead of posted a second time", async () => {
    const u = await signIn();
    const acc = await connectSandboxAccount(u.projectId, "twitter");
    const content = `Crashed mid-publish ${acc.username}`;
    const now = Date.now();
    const { id } = await claimedPost(u.projectId, content, { claimedAt: now - 16 * 60_000, createdAt: now - 20 * 60_000 });
    // The earlier attempt got through to the platform before the consumer died.
    const creds = await import("../../worker/services/social/credentials");
    const { getDb } = await import("../../worker/lib/db");
    const c = await creds.getPublishingCredentials(getDb(env.DB), env, u.projectId, "twitter");
    const first = await platformFor(env, "twitter").publish({ accessToken: c.accessToken, accountId: c.platformUserId, text: content });
    const { e, q } = testEnv();
    const tick = await claimDuePosts(e, now);
    expect(tick.swept).toBeGreaterThanOrEqual(1);
    const job = q.jobs.find((j) => j.postId === id)!;
    expect(job).toBeTruthy();
    expect(await readPost(id)).toMatchObject({ status: "publishing", publish_attempts: 2, error_message: RECONCILE_MARKER });
    await deliver(e, [job], 1);
    expect(await readPost(id)).toMatchObject({ status: "published", platform_post_id: first.platformPostId, error_message: null });
    expect(await sandboxPosts("twitter", acc.username)).toHaveLength(1);
  });

  it("a swept claim that never reached the platform is posted once", async () => {
    const u = await signIn();
    const acc = await connectSandboxAccount(u.projectId, "twitter");
    const now = Date.now();
    const { id } = await claimedPost(u.projectId, `Lost message ${acc.username}`, { claimedAt: now - 16 * 60_000 });
    const { e, q } = testEnv();
    await claimDuePosts(e, now);
    await deliver(
      e,
      q.jobs.filter((j) => j.postId === id),
      1,
    );
    expect((await readPost(id))!.status).toBe("published");
    expect(await sandboxPosts("twitter", acc.username)).toHaveLength(1);
  });

  it("does nothing for a post that has a platform id, is gone, or whose claim token moved on", async () => {
    const u = await signIn();
    const acc = await connectSandboxAccount(u.projectId, "twitter");
    const { e } = testEnv();
    const withId = await claimedPost(u.projectId, `Has id ${acc.username}`, { platformPostId: "18000" });
    const stale = await claimedPost(u.projectId, `Old token ${acc.username}`);
    const results = await Promise.all([
      deliver(e, [withId.job], 1),
      deliver(e, [{ postId: crypto.randomUUID(), claimedAt: Date.now() }], 1),
      deliver(e, [{ ...stale.job, claimedAt: stale.job.claimedAt - 1 }], 1),
    ]);
    expect(results.every((r) => r.retries.length === 0)).toBe(true);
    expect(await readPost(withId.id)).toMatchObject({ status: "publishing", platform_post_id: "18000" });
    expect((await readPost(stale.id))!.status).toBe("publishing");
    expect(await sandboxPosts("twitter", acc.username)).toHaveLength(0);
  });

  it("publishes an uploaded image with the post (X gets the bytes, Instagram the public URL)", async () => {
    const u = await signIn();
    const x = await connectSandboxAccount(u.projectId, "twitter");
    const ig = await connectSandboxAccount(u.projectId, "instagram");
    const png = encodePng({ width: 8, height: 8, data: new Uint8Array(8 * 8 * 4).fill(200), channels: 4, depth: 8 }).slice();
    const form = new FormData();
    form.set("file", new File([png], "pic.png", { type: "image/png" }));
    const up = await exports.default.fetch(
      new Request(`http://localhost/api/projects/${u.projectId}/media`, {
        method: "POST",
        headers: { cookie: u.cookie, origin: "http://localhost" },
        body: form,
      }),
    );
    const media = (await up.json()) as { url: string };
    const ids: string[] = [];
    for (const platform of ["twitter", "instagram"] as const) {
      const res = await json(u, "POST", `/api/projects/${u.projectId}/posts`, {
        content: `With image on ${platform} ${x.username}`,
        platform,
        mode: "schedule",
        scheduled_for: new Date(Date.now() - 1000).toISOString(),
        media_info: media,
      });
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as { id: string }).id);
    }
    await servePreparedMedia(u.projectId, media.url, "instagram");
    const { e, q } = testEnv();
    await claimDuePosts(e, Date.now());
    await deliver(
      e,
      q.jobs.filter((j) => ids.includes(j.postId)),
      1,
    );
    expect((await readPost(ids[0]!))!.status).toBe("published");
    expect((await readPost(ids[1]!))!.status).toBe("published");
    expect((await sandboxPosts("twitter", x.username))[0]!.image_url).toMatch(/^\/x\/_media\//);
    // Instagram gets the public URL of a JPEG copy (decision 123), not the PNG itself.
    const igUrl = (await sandboxPosts("instagram", ig.username))[0]!.image_url!;
    expect(igUrl).toMatch(/^http:\/\/localhost\/media\/[A-Za-z0-9_-]+$/);
    expect(igUrl).not.toBe(`http://localhost${media.url}`);
  });

  it("a connected account that is not in the sandbox (bad token) fails as auth", async () => {
    const u = await signIn();
    const acc = await connectAccount(u.projectId, "twitter", { accessToken: "not-a-sandbox-token" });
    const { e } = testEnv();
    const { id, job } = await claimedPost(u.projectId, "Unknown token");
    await deliver(e, [job], 1);
    expect((await readPost(id))!.status).toBe("failed");
    const account = await env.DB.prepare("select token_status from social_accounts where id = ?").bind(acc.accountId).first<{ token_status: string }>();
    expect(account!.token_status).toBe("reconnect_needed");
  });
});
