// Login-free client review (decision 265): links shared by Owners and Editors, opened with no
// account, decisions landing in the post's thread and mailed to the Owners; tokens stored hashed,
// rate-limited, expired or revoked links answering 410, and a token opening nothing else.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { CreatedReviewLink, ReviewLink, SharedReview } from "../../schema/api/review-links";
import type { PostComment } from "../../schema/api/team";
import { outbox } from "./auth-helpers";
import { call, expectError, json, ORIGIN, signIn, type TestUser } from "./helpers";
import { insertPost, readPost } from "./posts-fixtures";
import { memberOf, projectTraces } from "./team-helpers";

const DAY = 86_400_000;

async function share(user: TestUser, body: Record<string, unknown>, projectId = user.projectId): Promise<CreatedReviewLink> {
  const res = await json(user, "POST", `/api/projects/${projectId}/review-links`, body);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as CreatedReviewLink;
}
const tokenOf = (link: CreatedReviewLink) => new URL(link.url).pathname.split("/").pop()!;
const open = (token: string) => call(`/api/review/${token}`, { headers: { origin: ORIGIN } });
const decide = (token: string, postId: string, body: unknown) =>
  call(`/api/review/${token}/posts/${postId}/decision`, {
    method: "POST",
    headers: { origin: ORIGIN, "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("review links", () => {
  it("shares chosen posts through a long random link, stored hashed, that shows only them with no sign-in", async () => {
    const owner = await signIn();
    const a = await insertPost(owner.projectId, { content: "Spring menu is here", scheduledFor: Date.now() + 2 * DAY, mediaUrl: `${ORIGIN}/media/abc.png` });
    const b = await insertPost(owner.projectId, { content: "Not shared", scheduledFor: Date.now() + 3 * DAY });
    const before = Date.now();
    const link = await share(owner, { post_ids: [a] });
    expect(link.url).toMatch(new RegExp(`^${ORIGIN}/review/[A-Za-z0-9_-]{43}$`));
    expect(link.post_count).toBe(1);
    // 7 days by default.
    expect(link.expires_at - before).toBeGreaterThanOrEqual(7 * DAY - 1000);
    expect(link.expires_at - before).toBeLessThanOrEqual(7 * DAY + 5000);
    const token = tokenOf(link);
    const stored = await env.DB.prepare("select token_hash from review_links where id = ?").bind(link.id).first<{ token_hash: string }>();
    expect(stored!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.token_hash).not.toContain(token);

    const res = await open(token);
    expect(res.status).toBe(200);
    const text = await res.text();
    const review = JSON.parse(text) as SharedReview;
    expect(review.project_name).toBe("My First Project");
    expect(review.posts.map((p) => [p.id, p.content, p.media_url])).toEqual([[a, "Spring menu is here", `${ORIGIN}/media/abc.png`]]);
    // Nothing else of the project: not its id, not the other post, not who shared.
    for (const secret of [owner.projectId, b, "Not shared", owner.email, owner.userId]) expect(text).not.toContain(secret);

    // Members list it (without the token); the listed link never carries the URL again.
    const list = (await (await json(owner, "GET", `/api/projects/${owner.projectId}/review-links`)).json()) as ReviewLink[];
    expect(list.map((l) => [l.id, l.post_count, l.created_by])).toEqual([[link.id, 1, owner.email]]);
    expect(JSON.stringify(list)).not.toContain(token);
  });

  it("shares a date range and networks; days outside 1-30 and an empty range are refused and store nothing", async () => {
    const owner = await signIn();
    const from = Date.now() + DAY;
    const x = await insertPost(owner.projectId, { platform: "twitter", scheduledFor: from + 3600_000 });
    await insertPost(owner.projectId, { platform: "linkedin", scheduledFor: from + 7200_000 });
    await insertPost(owner.projectId, { platform: "twitter", scheduledFor: from + 9 * DAY });
    const range = { from: new Date(from).toISOString(), to: new Date(from + 2 * DAY).toISOString(), platforms: ["twitter"] };
    const link = await share(owner, { ...range, days: 30 });
    expect(link.post_count).toBe(1);
    expect(link.expires_at - Date.now()).toBeGreaterThan(29 * DAY);
    expect(((await (await open(tokenOf(link))).json()) as SharedReview).posts.map((p) => p.id)).toEqual([x]);

    const count = async () =>
      (await env.DB.prepare("select count(*) as n from review_links where project_id = ?").bind(owner.projectId).first<{ n: number }>())!.n;
    for (const days of [0, 31]) {
      const err = await expectError(await json(owner, "POST", `/api/projects/${owner.projectId}/review-links`, { ...range, days }), 400);
      expect(err.fields?.days).toBe("A link lasts between 1 and 30 days");
    }
    const empty = { from: new Date(from + 20 * DAY).toISOString(), to: new Date(from + 21 * DAY).toISOString() };
    expect((await expectError(await json(owner, "POST", `/api/projects/${owner.projectId}/review-links`, empty), 400)).message).toBe(
      "There are no posts to share in this range",
    );
    await expectError(await json(owner, "POST", `/api/projects/${owner.projectId}/review-links`, {}), 400);
    expect(await count()).toBe(1);
  });

  it("a visitor requests changes with their name: it lands in the thread, mails the Owners and leaves the status", async () => {
    const owner = await signIn();
    const editor = await memberOf(owner.projectId, "editor");
    const post = await insertPost(owner.projectId, { content: "Launch day!", scheduledFor: Date.now() + 2 * DAY });
    await env.DB.prepare("update posts set status = 'in_review' where id = ?").bind(post).run();
    // Editors share (decision 265).
    const token = tokenOf(await share(editor, { post_ids: [post] }, owner.projectId));

    const noName = await expectError(await decide(token, post, { decision: "request_changes", name: " ", comment: "x" }), 400);
    expect(noName.fields?.name).toBe("Please enter your name");
    const noComment = await expectError(await decide(token, post, { decision: "request_changes", name: "Dana" }), 400);
    expect(noComment.fields?.comment).toBe("Please say what should change");

    const res = await decide(token, post, { decision: "request_changes", name: "Dana", comment: "Please mention the date" });
    expect(res.status).toBe(201);
    const thread = (await (await json(owner, "GET", `/api/posts/${post}/comments`)).json()) as PostComment[];
    expect(thread.map((c) => [c.author, c.kind, c.body])).toEqual([["Dana (client review)", "changes_requested", "Please mention the date"]]);
    // A client's word never approves past the team: the status stays In review.
    expect((await readPost(post))!.status).toBe("in_review");
    await decide(token, post, { decision: "approve", name: "Dana", comment: "" });
    expect((await readPost(post))!.status).toBe("in_review");

    const mails = await outbox(owner.email);
    expect(mails.map((m) => m.subject)).toEqual(["Dana requested changes to a post of My First Project", "Dana approved a post of My First Project"]);
    expect(mails[0]!.text).toContain("Please mention the date");
    expect(mails[0]!.text).toContain(`/calendar?post=${post}`);
    // Only Owners are mailed.
    expect(await outbox(editor.email)).toEqual([]);
    const activity = (await (await json(owner, "GET", `/api/projects/${owner.projectId}/activity`)).json()) as { actor: string; action: string }[];
    expect(activity.some((e) => e.actor === "Dana (client review)" && e.action === "requested changes to (review link)")).toBe(true);
  });

  it("revoked, expired and unknown links answer a clear error and take no decision", async () => {
    const owner = await signIn();
    const post = await insertPost(owner.projectId, { scheduledFor: Date.now() + DAY });
    const revoked = await share(owner, { post_ids: [post] });
    expect((await json(owner, "DELETE", `/api/projects/${owner.projectId}/review-links/${revoked.id}`)).status).toBe(204);
    const gone = await expectError(await open(tokenOf(revoked)), 410);
    expect(gone.message).toBe("This review link has expired or was revoked. Ask the person who shared it for a new one.");
    await expectError(await decide(tokenOf(revoked), post, { decision: "approve", name: "Dana" }), 410);
    // Revoking twice: not found.
    await expectError(await json(owner, "DELETE", `/api/projects/${owner.projectId}/review-links/${revoked.id}`), 404);

    const expired = await share(owner, { post_ids: [post], days: 1 });
    await env.DB.prepare("update review_links set expires_at = ? where id = ?")
      .bind(Date.now() - 1, expired.id)
      .run();
    await expectError(await open(tokenOf(expired)), 410);
    expect(await json(owner, "GET", `/api/projects/${owner.projectId}/review-links`).then((r) => r.json())).toEqual([]);

    expect((await expectError(await open("A".repeat(43)), 404)).message).toBe("This review link does not exist. Check that you copied all of it.");
    const comments = await env.DB.prepare("select count(*) as n from post_comments where post_id = ?").bind(post).first<{ n: number }>();
    expect(comments!.n).toBe(0);
  });

  it("a token opens nothing else: not an unshared post, not another project's, not any signed-in route", async () => {
    const owner = await signIn();
    const stranger = await signIn();
    const shared = await insertPost(owner.projectId, { scheduledFor: Date.now() + DAY });
    const unshared = await insertPost(owner.projectId, { scheduledFor: Date.now() + DAY });
    const foreign = await insertPost(stranger.projectId, { scheduledFor: Date.now() + DAY });
    const token = tokenOf(await share(owner, { post_ids: [shared] }));
    for (const id of [unshared, foreign, "no-such-post"]) {
      expect((await expectError(await decide(token, id, { decision: "approve", name: "Dana" }), 404)).message).toBe("This post is not part of this review");
    }
    // As a cookie, a bearer key or a query parameter, the token signs nobody in.
    for (const headers of [{ cookie: `bp_session=${token}` }, { authorization: `Bearer ${token}` }] as Record<string, string>[]) {
      const res = await call(`/api/projects/${owner.projectId}/posts`, { headers: { origin: ORIGIN, ...headers } });
      await expectError(res, 401);
      await expectError(await call(`/api/posts/${shared}/comments`, { headers: { origin: ORIGIN, ...headers } }), 401);
      await expectError(await call(`/api/v1/projects/${owner.projectId}/posts`, { headers: { origin: ORIGIN, ...headers } }), 401);
    }
    // Sharing another project's post, or as a stranger, or as a Reviewer, is refused and stores nothing.
    await expectError(await json(owner, "POST", `/api/projects/${owner.projectId}/review-links`, { post_ids: [shared, foreign] }), 404);
    await expectError(await json(stranger, "POST", `/api/projects/${owner.projectId}/review-links`, { post_ids: [shared] }), 404);
    await expectError(await json(stranger, "GET", `/api/projects/${owner.projectId}/review-links`), 404);
    const reviewer = await memberOf(owner.projectId, "reviewer");
    await expectError(await json(reviewer, "POST", `/api/projects/${owner.projectId}/review-links`, { post_ids: [shared] }), 403);
    const n = await env.DB.prepare("select count(*) as n from review_links where project_id in (?, ?)")
      .bind(owner.projectId, stranger.projectId)
      .first<{ n: number }>();
    expect(n!.n).toBe(1);
  });

  it("is rate-limited per token (429 with Retry-After)", async () => {
    const owner = await signIn();
    const post = await insertPost(owner.projectId, { scheduledFor: Date.now() + DAY });
    const token = tokenOf(await share(owner, { post_ids: [post] }));
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await open(token)).status);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    const res = await open(token);
    await expectError(res.clone(), 429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("deleting the project leaves none of its links, comments or activity", async () => {
    const owner = await signIn();
    const post = await insertPost(owner.projectId, { scheduledFor: Date.now() + DAY });
    const token = tokenOf(await share(owner, { post_ids: [post] }));
    expect((await decide(token, post, { decision: "approve", name: "Dana" })).status).toBe(201);
    const traces = await projectTraces(owner.projectId);
    for (const part of ["review_links", "post_comments", "activity_log"])
      expect(
        traces.some((t) => t.startsWith(`${part}:`)),
        part,
      ).toBe(true);
    expect((await json(owner, "DELETE", `/api/projects/${owner.projectId}`, { name: "My First Project" })).status).toBe(204);
    expect(await projectTraces(owner.projectId)).toEqual([]);
    await expectError(await open(token), 404);
  });
});
