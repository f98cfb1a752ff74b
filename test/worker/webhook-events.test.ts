// Every webhook event the product names (decision 213) is emitted from the place the
// thing happens, once, for a project's subscribed endpoints only: post.scheduled (a post created
// for later), post.approved / post.changes_requested (a review decision), comment.created,
// account.needs_reconnect (a network revoked the token while publishing), brain.document_ready
// (the queue finished a document). post.published / post.failed: open-platform-flow.test.ts.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { WEBHOOK_EVENTS, type WebhookEvent, type WebhookPayload } from "../../schema/api/webhooks";
import { createKey, v1 } from "./api-key-helpers";
import { BRAND_TEXT } from "./brain-test-kit";
import { json, signIn, type TestUser } from "./helpers";
import { waitFor } from "./posts-fixtures";
import { connectAccount, sandboxControl } from "./social-helpers";
import { memberOf } from "./team-helpers";

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();

/** An endpoint of the project (the local receiver) subscribed to `events`. */
async function subscribe(owner: TestUser, events: readonly WebhookEvent[]): Promise<string> {
  const res = await json(owner, "POST", `/api/projects/${owner.projectId}/webhooks`, {
    url: `${env.FAKES_URL}/webhook-receiver/ev-${crypto.randomUUID().slice(0, 8)}`,
    events,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** The events the project's endpoints were sent, in order, with their payloads. */
async function emitted(projectId: string): Promise<WebhookPayload[]> {
  const { results } = await env.DB.prepare("select payload from webhook_deliveries where project_id = ? order by created_at, rowid")
    .bind(projectId)
    .all<{ payload: string }>();
  return results.map((r) => JSON.parse(r.payload) as WebhookPayload);
}
const ofType = async (projectId: string, type: WebhookEvent) => (await emitted(projectId)).filter((p) => p.type === type);

describe("webhook events", () => {
  it("post.scheduled: once per post created for later, never for a draft, and only to endpoints subscribed to it", { timeout: 30_000 }, async () => {
    const owner = await signIn();
    await connectAccount(owner, "twitter");
    await subscribe(owner, ["post.scheduled"]);
    await subscribe(owner, ["post.failed"]);
    const created = await json(owner, "POST", `/api/projects/${owner.projectId}/posts`, {
      content: "Friday roast",
      platform: "twitter",
      scheduled_for: inDays(2),
      mode: "schedule",
    });
    expect(created.status).toBe(201);
    const post = (await created.json()) as { id: string; scheduled_for: string };
    expect((await json(owner, "POST", `/api/projects/${owner.projectId}/posts`, { content: "Just a draft", platform: "twitter", mode: "draft" })).status).toBe(
      201,
    );
    const events = await emitted(owner.projectId);
    expect(events.map((e) => e.type)).toEqual(["post.scheduled"]);
    expect(events[0]!.data).toMatchObject({ post_id: post.id, platform: "twitter", scheduled_for: post.scheduled_for });
    expect(events[0]!.id).toMatch(/^evt_/);
  });

  it("post.approved and post.changes_requested: from a Reviewer's decision on a post in review", { timeout: 30_000 }, async () => {
    const owner = await signIn();
    await connectAccount(owner, "twitter");
    expect((await json(owner, "PATCH", `/api/projects/${owner.projectId}`, { approvals_required: true })).status).toBe(200);
    await subscribe(owner, ["post.approved", "post.changes_requested", "post.scheduled"]);
    const editor = await memberOf(owner.projectId, "editor");
    const reviewer = await memberOf(owner.projectId, "reviewer");
    const post = (await (
      await json(editor, "POST", `/api/projects/${owner.projectId}/posts`, {
        content: "New roast on Friday",
        platform: "twitter",
        scheduled_for: inDays(2),
        mode: "schedule",
      })
    ).json()) as { id: string; status: string };
    expect(post.status).toBe("in_review");
    // In review is not scheduled yet: no post.scheduled.
    expect(await emitted(owner.projectId)).toEqual([]);

    expect((await json(reviewer, "POST", `/api/posts/${post.id}/review`, { decision: "request_changes", comment: "Say which roast" })).status).toBe(201);
    const asked = await ofType(owner.projectId, "post.changes_requested");
    expect(asked.map((e) => e.data)).toEqual([{ post_id: post.id, platform: "twitter", by: reviewer.email, comment: "Say which roast" }]);

    // A refused decision (an Editor may not approve) emits nothing.
    expect((await json(editor, "POST", `/api/posts/${post.id}/review`, { decision: "approve" })).status).toBe(403);
    expect(await ofType(owner.projectId, "post.approved")).toEqual([]);
    expect((await json(reviewer, "POST", `/api/posts/${post.id}/review`, { decision: "approve" })).status).toBe(201);
    const approved = await ofType(owner.projectId, "post.approved");
    expect(approved).toHaveLength(1);
    expect(approved[0]!.data).toMatchObject({ post_id: post.id, by: reviewer.email });
    // Approval is what schedules it: post.scheduled now, once.
    expect((await ofType(owner.projectId, "post.scheduled")).map((e) => e.data.post_id)).toEqual([post.id]);
  });

  it("post.scheduled: from every path that schedules a post (campaign, queue, reschedule of a draft), never for a draft", { timeout: 30_000 }, async () => {
    const owner = await signIn();
    await connectAccount(owner, "twitter");
    await subscribe(owner, ["post.scheduled"]);
    const at = (d: number) => new Date(Math.floor((Date.now() + d * 86_400_000) / 60_000) * 60_000).toISOString();
    const campaign = await json(owner, "POST", `/api/projects/${owner.projectId}/campaigns`, {
      prompt: "Launch week",
      post_count: 2,
      duration: 2,
      platforms: ["twitter"],
      start_date: at(2).slice(0, 10),
      start_time: "09:00",
      time_zone: "UTC",
      posts: [
        { content: "Campaign one", hashtags: [], platform: "twitter", scheduled_for: at(2) },
        { content: "Campaign two", hashtags: [], platform: "twitter", scheduled_for: at(3) },
      ],
    });
    expect(campaign.status).toBe(201);
    const saved = (await campaign.json()) as { posts: { id: string; scheduled_for: string }[] };
    const scheduled = await ofType(owner.projectId, "post.scheduled");
    expect(scheduled.map((e) => e.data.post_id).sort()).toEqual(saved.posts.map((p) => p.id).sort());
    expect(scheduled.map((e) => e.data.scheduled_for).sort()).toEqual(saved.posts.map((p) => p.scheduled_for).sort());

    // The same through the public API's campaign save.
    const key = await createKey(owner, { scopes: ["write_posts"] });
    const viaKey = await v1(key.key, "POST", `/api/v1/projects/${owner.projectId}/campaigns`, {
      prompt: "Second week",
      post_count: 1,
      duration: 1,
      platforms: ["twitter"],
      start_date: at(5).slice(0, 10),
      start_time: "09:00",
      time_zone: "UTC",
      posts: [{ content: "Campaign three", hashtags: [], platform: "twitter", scheduled_for: at(5) }],
    });
    expect(viaKey.status).toBe(201);
    const third = ((await viaKey.json()) as { posts: { id: string }[] }).posts[0]!.id;
    expect((await ofType(owner.projectId, "post.scheduled")).map((e) => e.data.post_id)).toContain(third);

    // A queue entry in the posting schedule.
    await json(owner, "PUT", `/api/projects/${owner.projectId}/slots`, { time_zone: "UTC", slots: [{ platform: "twitter", weekday: 3, time: "07:00" }] });
    const queued = await json(owner, "POST", `/api/projects/${owner.projectId}/queue`, { content: "Queued roast", platform: "twitter" });
    expect(queued.status).toBe(201);
    const queuedId = ((await queued.json()) as { id: string }).id;
    expect((await ofType(owner.projectId, "post.scheduled")).map((e) => e.data.post_id)).toContain(queuedId);

    // A draft emits nothing until it is given a time.
    const draft = (await (
      await json(owner, "POST", `/api/projects/${owner.projectId}/posts`, { content: "Later", platform: "twitter", mode: "draft" })
    ).json()) as {
      id: string;
    };
    const before = (await ofType(owner.projectId, "post.scheduled")).length;
    expect(before).toBe(4);
    expect((await json(owner, "PATCH", `/api/posts/${draft.id}`, { scheduled_for: at(6) })).status).toBe(200);
    const after = await ofType(owner.projectId, "post.scheduled");
    expect(after).toHaveLength(5);
    expect(after.at(-1)!.data).toMatchObject({ post_id: draft.id, scheduled_for: at(6) });
  });

  it("comment.created: a member's comment on a post", { timeout: 30_000 }, async () => {
    const owner = await signIn();
    await connectAccount(owner, "twitter");
    await subscribe(owner, ["comment.created"]);
    const post = (await (
      await json(owner, "POST", `/api/projects/${owner.projectId}/posts`, { content: "Roast notes", platform: "twitter", mode: "draft" })
    ).json()) as { id: string };
    const reviewer = await memberOf(owner.projectId, "reviewer");
    const res = await json(reviewer, "POST", `/api/posts/${post.id}/comments`, { body: "Love the tone" });
    expect(res.status).toBe(201);
    const comment = (await res.json()) as { id: string };
    const events = await emitted(owner.projectId);
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ["comment.created", { comment_id: comment.id, post_id: post.id, author: reviewer.email, body: "Love the tone" }],
    ]);
  });

  it("account.needs_reconnect: once, when publishing finds the token revoked", { timeout: 60_000 }, async () => {
    const owner = await signIn();
    const username = `u${crypto.randomUUID().slice(0, 8)}`;
    const account = await connectAccount(owner, "twitter", username);
    await subscribe(owner, ["account.needs_reconnect", "post.failed"]);
    await sandboxControl("twitter", { fail: "revoke", account: username });
    const key = await createKey(owner, { scopes: ["read", "write_posts", "publish"] });
    expect((await v1(key.key, "POST", `/api/v1/projects/${owner.projectId}/posts`, { content: "Now please", networks: ["twitter"], mode: "now" })).status).toBe(
      201,
    );
    const events = await waitFor(
      async () => {
        const e = await emitted(owner.projectId);
        return e.some((x) => x.type === "account.needs_reconnect") && e.some((x) => x.type === "post.failed") ? e : null;
      },
      30_000,
      200,
    );
    const reconnect = events.filter((e) => e.type === "account.needs_reconnect");
    expect(reconnect).toHaveLength(1);
    expect(reconnect[0]!.data).toMatchObject({ account_id: account.id, platform: "twitter" });
    // A second failure on the already-marked account does not repeat it.
    await v1(key.key, "POST", `/api/v1/projects/${owner.projectId}/posts`, { content: "Again", networks: ["twitter"], mode: "now" });
    await waitFor(async () => (await ofType(owner.projectId, "post.failed")).length === 2, 30_000, 200);
    expect(await ofType(owner.projectId, "account.needs_reconnect")).toHaveLength(1);
  });

  it("brain.document_ready: when the queue has processed a document", { timeout: 60_000 }, async () => {
    const owner = await signIn();
    await subscribe(owner, ["brain.document_ready"]);
    const res = await json(owner, "POST", `/api/projects/${owner.projectId}/brain/documents`, { title: "About Acme", content: BRAND_TEXT });
    expect(res.status).toBe(202);
    const doc = (await res.json()) as { id: string };
    const ready = await waitFor(
      async () => {
        const e = await ofType(owner.projectId, "brain.document_ready");
        return e.length ? e : null;
      },
      30_000,
      200,
    );
    expect(ready.map((e) => e.data)).toEqual([{ document_id: doc.id, title: "About Acme", type: "document" }]);
    const row = await env.DB.prepare("select status from brain_documents where id = ?").bind(doc.id).first<{ status: string }>();
    expect(row!.status).toBe("ready");
  });

  it("names every event of the product in one of the tests above or the open-platform flow", () => {
    expect([...WEBHOOK_EVENTS].sort()).toEqual([
      "account.needs_reconnect",
      "brain.document_ready",
      "comment.created",
      "post.approved",
      "post.changes_requested",
      "post.failed",
      "post.published",
      "post.scheduled",
    ]);
  });
});
