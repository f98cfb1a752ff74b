// Decision 123, one test per rule, against the stricter platform sandbox: reconciliation that pages by
// time through a busy account (X entities, t.co and URLs normalised; Instagram captions), X's
// duplicate refusal as "look again", X's 24-hour cap and reset headers, GIFs through the chunked
// upload, 403s by error type, give-up messages, Instagram's daily quota, images prepared per
// network (PNG -> JPEG for Instagram, original kept), claim leases, and the checks at scheduling.
import { env, exports } from "cloudflare:workers";
import { encode as encodePng } from "fast-png";
import { describe, expect, it } from "vitest";
import { classifyXResponse, normalizeOwnText, normalizeTweetText } from "../../platforms/x/adapter";
import { platformFor } from "../../platforms/adapters";
import type { Env } from "../../worker/env";
import { claimDuePosts } from "../../worker/jobs/publish-cron";
import { getDb } from "../../worker/lib/db";
import { MAX_ATTEMPTS } from "../../worker/services/publishing/publish";
import { RECONCILE_MARKER } from "../../worker/services/publishing/claim";
import { getPublishingCredentials } from "../../worker/services/social/credentials";
import { expectError, json, signIn, type TestUser } from "./helpers";
import { claimedPost, connectSandboxAccount, insertPost, readPost, sandboxControl, sandboxPosts } from "./posts-fixtures";
import { putPublicMedia, servePreparedMedia } from "./public-media";
import { deliverPublish, publishTestEnv } from "./queue-kit";

const testEnv = () => publishTestEnv();
const deliver = deliverPublish;

/** A real PNG of the given size (RGBA, half transparent on the left). */
function png(width: number, height: number): Uint8Array {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set([200, 30, 90, i % width < width / 2 ? 128 : 255], i * 4);
  return encodePng({ width, height, data, channels: 4, depth: 8 });
}

async function upload(u: TestUser, bytes: Uint8Array, name: string, type: string) {
  const form = new FormData();
  form.set("file", new File([bytes.slice()], name, { type }));
  const res = await exports.default.fetch(
    new Request(`http://localhost/api/projects/${u.projectId}/media`, {
      method: "POST",
      headers: { cookie: u.cookie, origin: "http://localhost" },
      body: form,
    }),
  );
  expect(res.status).toBe(201);
  return (await res.json()) as { url: string; file_name: string; file_type: string; file_size: number };
}

describe("reconciliation pages through everything since the first attempt", () => {
  it("X: found after 130 posts elsewhere, with entities, t.co links and the media link normalised", { timeout: 60_000 }, async () => {
    const u = await signIn();
    const acc = await connectSandboxAccount(u.projectId, "twitter");
    const content = `R&D <beta> for ${acc.username}: read https://Example.com/Notes/ now`;
    const post = await claimedPost(u.projectId, content);
    const { e } = testEnv();
    // The platform keeps the post but the reply is lost.
    await sandboxControl("twitter", { fail: "timeout", on: "post", commit: true, account: acc.username });
    expect((await deliver(e, [post.job])).retries).toHaveLength(1);
    // A busy account: 130 posts elsewhere before the retry looks (more than one page of 100).
    await sandboxControl("twitter", { burst: 130, account: acc.username });
    const row = (await readPost(post.id))!;
    expect(row.error_message).toBe(RECONCILE_MARKER);
    expect((await deliver(e, [post.job], 2)).acked).toEqual([post.id]);
    const items = (await sandboxPosts("twitter", acc.username)).filter((i) => i.text === content);
    expect(items).toHaveLength(1);
    expect(await readPost(post.id)).toMatchObject({ status: "published", platform_post_id: items[0]!.id });
  });

  it("X's returned text is compared as sent: entities decoded, links expanded, the media link dropped", () => {
    const sent = "Fish & chips <3 https://example.com/menu/";
    const returned = "Fish &amp; chips &lt;3 https://t.co/abc https://t.co/media1";
    const entities = {
      urls: [
        { url: "https://t.co/abc", expanded_url: "https://EXAMPLE.com/menu" },
        { url: "https://t.co/media1", expanded_url: "https://x.com/a/status/1/photo/1", media_key: "3_1" },
      ],
    };
    expect(normalizeTweetText(returned, entities)).toBe(normalizeOwnText(sent));
    expect(normalizeTweetText("Fish &amp; chips https://t.co/zzz", undefined)).toBe(normalizeOwnText("Fish & chips"));
    expect(normalizeTweetText("Fish and chips", undefined)).not.toBe(normalizeOwnText(sent));
  });

  it("Instagram: found after 120 posts elsewhere (pages of 100 by cursor)", { timeout: 60_000 }, async () => {
    const u = await signIn();
    const acc = await connectSandboxAccount(u.projectId, "instagram");
    await sandboxControl("instagram", { cap: 1000, account: acc.username });
    const caption = `Caption for ${acc.username}\r\nsecond  line`;
    const post = await claimedPost(u.projectId, caption, {
      platform: "instagram",
      mediaUrl: await putPublicMedia(`https://images.example.com/${acc.username}-a.jpg`),
    });
    const { e } = testEnv();
    await sandboxControl("instagram", { fail: "timeout", on: "post", commit: true, account: acc.username });
    expect((await deliver(e, [post.job])).retries).toHaveLength(1);
    await sandboxControl("instagram", { burst: 120, account: acc.username });
    expect((await deliver(e, [post.job], 2)).acked).toEqual([post.id]);
    const mine = (await sandboxPosts("instagram", acc.username)).filter((i) => !i.text.startsWith("Posted elsewhere"));
    expect(mine).toHaveLength(1);
    expect(await readPost(post.id)).toMatchObject({ status: "published", platform_post_id: mine[0]!.id });
  });
});

describe("X refusals and limits", () => {
  it("a duplicate-content refusal on a repeat attempt looks again and records our earlier post", async () => {
    const u = await signIn();
    const acc = await connectSandboxAccount(u.projectId, "twitter");
    const text = `Already out ${acc.username}`;
    const post = await claimedPost(u.projectId, text);
    // An earlier attempt got through, but nothing flagged the post for reconciliation.
    const creds = await getPublishingCredentials(getDb(env.DB), env as unknown as Env, u.projectId, "twitter");
    const { platformPostId } = await platformFor(env, "twitter").publish({ accessToken: creds.accessToken, accountId: creds.platformUserId, text });
    const { e } = testEnv();
    expect((await deliver(e, [post.job])).acked).toEqual([post.id]);
    expect(await readPost(post.id)).toMatchObject({ status: "published", platform_post_id: platformPostId });
    expect(await sandboxPosts("twitter", acc.username)).toHaveLength(1);
  });

  it("the 24-hour cap: 429 without Retry-After waits for x-user-limit-24hour-reset", async () => {
    const u = await signIn();
    const acc = await connectSandboxAccount(u.projectId, "twitter");
    await sandboxControl("twitter", { cap: 1, account: acc.username });
    const { e } = testEnv();
    const first = await claimedPost(u.projectId, `First ${acc.username}`);
    await deliver(e, [first.job]);
    const second = await claimedPost(u.projectId, `Second ${acc.username}`);
    const out = await deliver(e, [second.job]);
    expect(out.retries).toHaveLength(1);
    // The reset is 24 hours after the first post; the queue's delay is capped at 12 hours.
    expect(out.retries[0]!.delaySeconds).toBeGreaterThan(11 * 3600);
    expect((await readPost(second.id))!.status).toBe("publishing");
  });

  it("classifies 403s by error type and 429s by X's headers", async () => {
    const problem = (body: unknown, headers: Record<string, string> = {}, status = 403) =>
      classifyXResponse(new Response(JSON.stringify(body), { status, headers }), "api");
    expect(await problem({ detail: "You are not allowed to create a Tweet with duplicate content.", type: "about:blank" })).toMatchObject({
      kind: "rejected",
      reason: "duplicate",
    });
    expect(await problem({ errors: [{ code: 64, message: "Your account is suspended" }] })).toMatchObject({ kind: "auth", reason: "suspended" });
    expect(await problem({ type: "https://api.twitter.com/2/problems/client-forbidden", detail: "Client Forbidden" })).toMatchObject({
      kind: "auth",
      reason: "not_permitted",
    });
    expect(await problem({ detail: "Something else entirely is forbidden" })).toMatchObject({ kind: "rejected", reason: undefined });
    const reset = Math.floor(Date.now() / 1000) + 600;
    const capped = await problem(
      { title: "Too Many Requests" },
      { "x-user-limit-24hour-remaining": "0", "x-user-limit-24hour-reset": String(reset + 3000), "x-rate-limit-reset": String(reset) },
      429,
    );
    expect(capped).toMatchObject({ kind: "retryable", reason: "daily_cap" });
    expect(capped.retryAfterMs).toBeGreaterThan(3000_000);
    const limited = await problem({ title: "Too Many Requests" }, { "x-rate-limit-reset": String(reset) }, 429);
    expect(limited.retryAfterMs).toBeGreaterThan(500_000);
    expect(limited.retryAfterMs).toBeLessThanOrEqual(600_000);
  });

  it("a GIF goes through the chunked upload with status polling; the one-shot upload refuses it", { timeout: 30_000 }, async () => {
    const u = await signIn();
    const acc = await connectSandboxAccount(u.projectId, "twitter");
    const gif = Uint8Array.from(atob("R0lGODlhAgACAIAAAP8AAP///yH5BAAAAAAALAAAAAACAAIAAAICRAEAOw=="), (c) => c.charCodeAt(0));
    const creds = await getPublishingCredentials(getDb(env.DB), env as unknown as Env, u.projectId, "twitter");
    const res = await platformFor(env, "twitter").publish({
      accessToken: creds.accessToken,
      accountId: creds.platformUserId,
      text: `GIF ${acc.username}`,
      image: { data: gif, contentType: "image/gif" },
    });
    const items = await sandboxPosts("twitter", acc.username);
    expect(items[0]).toMatchObject({ id: res.platformPostId });
    expect(items[0]!.image_url).toMatch(/^\/x\/_media\//);
    const stored = await fetch(`${env.FAKES_URL.replace(/\/+$/, "")}${items[0]!.image_url}`);
    expect(new Uint8Array(await stored.arrayBuffer())).toEqual(gif);
    const oneShot = new FormData();
    oneShot.set("media", new Blob([gif], { type: "image/gif" }), "a.gif");
    const refused = await fetch(`${env.FAKES_URL.replace(/\/+$/, "")}/x/2/media/upload`, {
      method: "POST",
      headers: { authorization: `Bearer ${creds.accessToken}` },
      body: oneShot,
    });
    expect(refused.status).toBe(400);
  });

  it("a post that runs out of attempts says why and that it will not be retried", async () => {
    const u = await signIn();
    const acc = await connectSandboxAccount(u.projectId, "twitter");
    const post = await claimedPost(u.projectId, `Out of tries ${acc.username}`);
    await sandboxControl("twitter", { fail: "429", retryAfter: 5, account: acc.username });
    const { e } = testEnv();
    expect((await deliver(e, [post.job], MAX_ATTEMPTS)).acked).toEqual([post.id]);
    const row = (await readPost(post.id))!;
    expect(row.status).toBe("failed");
    expect(row.error_message).toMatch(/^X \(Twitter\) rate limit reached\. Gave up after 5 attempts; it will not be retried automatically\.$/);
    expect(row.error_message).not.toMatch(/will be retried\./);
  });
});

describe("Instagram", () => {
  it("a PNG upload is published as a JPEG copy; the original stays as it was", { timeout: 30_000 }, async () => {
    const u = await signIn();
    const acc = await connectSandboxAccount(u.projectId, "instagram");
    const original = png(40, 40);
    const media = await upload(u, original, "card.png", "image/png");
    const res = await json(u, "POST", `/api/projects/${u.projectId}/posts`, {
      content: `PNG card ${acc.username}`,
      platform: "instagram",
      mode: "schedule",
      scheduled_for: new Date(Date.now() - 1000).toISOString(),
      media_info: media,
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    await servePreparedMedia(u.projectId, media.url, "instagram");
    const { e, q } = testEnv();
    await claimDuePosts(e, Date.now());
    await deliver(
      e,
      q.jobs.filter((j) => j.postId === id),
    );
    expect((await readPost(id))!.status).toBe("published");
    const sent = (await sandboxPosts("instagram", acc.username))[0]!.image_url!;
    const sentKey = sent.match(/\/media\/([A-Za-z0-9_-]+)$/)![1]!;
    expect(media.url).not.toContain(sentKey);
    const jpeg = await exports.default.fetch(new Request(`http://localhost/media/${sentKey}`));
    expect(jpeg.headers.get("content-type")).toBe("image/jpeg");
    const bytes = new Uint8Array(await jpeg.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
    const kept = await exports.default.fetch(new Request(`http://localhost${media.url}`));
    expect(kept.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await kept.arrayBuffer())).toEqual(original);
  });

  it("the daily publishing quota is checked before a container is made", async () => {
    const u = await signIn();
    const acc = await connectSandboxAccount(u.projectId, "instagram");
    await sandboxControl("instagram", { cap: 1, account: acc.username });
    await sandboxControl("instagram", { burst: 1, account: acc.username });
    const post = await claimedPost(u.projectId, `Over quota ${acc.username}`, {
      platform: "instagram",
      mediaUrl: await putPublicMedia(`https://images.example.com/${acc.username}-q.jpg`),
    });
    const { e } = testEnv();
    const out = await deliver(e, [post.job]);
    expect(out.retries).toHaveLength(1);
    expect(out.retries[0]!.delaySeconds).toBe(3600);
    expect((await readPost(post.id))!.status).toBe("publishing");
  });
});

describe("claim leases", () => {
  it("a dead worker's post is swept as soon as its lease runs out and reconciled before posting", async () => {
    const u = await signIn();
    const acc = await connectSandboxAccount(u.projectId, "twitter");
    const now = Date.now();
    // Taken by a worker 3 minutes ago that got the post out and died before recording it.
    const text = `Dead worker ${acc.username}`;
    const dead = await insertPost(u.projectId, {
      content: text,
      status: "publishing",
      publishAttempts: 1,
      lastAttempt: now - 180_000,
      scheduledFor: now - 200_000,
    });
    await env.DB.prepare("update posts set lease_until = ?, first_attempt_at = ? where id = ?")
      .bind(now - 60_000, now - 180_000, dead)
      .run();
    const creds = await getPublishingCredentials(getDb(env.DB), env as unknown as Env, u.projectId, "twitter");
    const { platformPostId } = await platformFor(env, "twitter").publish({ accessToken: creds.accessToken, accountId: creds.platformUserId, text });
    // A live worker's post, taken just as long ago but renewing its lease, is left alone.
    const live = await insertPost(u.projectId, {
      content: `Live worker ${acc.username}`,
      status: "publishing",
      publishAttempts: 1,
      lastAttempt: now - 180_000,
      scheduledFor: now - 200_000,
    });
    await env.DB.prepare("update posts set lease_until = ? where id = ?")
      .bind(now + 60_000, live)
      .run();
    const { e, q } = testEnv();
    const tick = await claimDuePosts(e, now);
    expect(tick.swept).toBeGreaterThanOrEqual(1);
    expect(q.jobs.map((j) => j.postId)).toContain(dead);
    expect(q.jobs.map((j) => j.postId)).not.toContain(live);
    await deliver(
      e,
      q.jobs.filter((j) => j.postId === dead),
    );
    expect(await readPost(dead)).toMatchObject({ status: "published", platform_post_id: platformPostId });
    expect(await sandboxPosts("twitter", acc.username)).toHaveLength(1);
    expect((await readPost(live))!.status).toBe("publishing");
  });
});

describe("checked when scheduled", () => {
  const schedule = (u: TestUser, body: Record<string, unknown>) =>
    json(u, "POST", `/api/projects/${u.projectId}/posts`, { mode: "schedule", scheduled_for: new Date(Date.now() + 3_600_000).toISOString(), ...body });
  const count = async (projectId: string) =>
    (await env.DB.prepare("select count(*) as n from posts where project_id = ?").bind(projectId).first<{ n: number }>())!.n;

  it("X: weighted length with hashtags joined as sent; nothing saved when refused", async () => {
    const u = await signIn();
    await connectSandboxAccount(u.projectId, "twitter");
    // "\n\n#launch" adds 9: 271 + 9 = 280 fits exactly; one more character does not.
    expect((await schedule(u, { platform: "twitter", content: "a".repeat(271), hashtags: ["launch"] })).status).toBe(201);
    const over = await expectError(await schedule(u, { platform: "twitter", content: "a".repeat(272), hashtags: ["launch"] }), 400);
    expect(over.message).toBe("Too long for X (Twitter): 281/280 characters as X counts them, hashtags included");
    expect(over.fields).toEqual({ content: over.message });
    // Emoji and CJK count 2, a URL 23.
    const cjk = await expectError(await schedule(u, { platform: "twitter", content: "漢".repeat(141) }), 400);
    expect(cjk.message).toContain("282/280");
    expect((await schedule(u, { platform: "twitter", content: `${"b".repeat(256)} https://example.com/${"x".repeat(200)}` })).status).toBe(201);
    expect(await count(u.projectId)).toBe(2);
  });

  it("Instagram: an image is required and must have an accepted aspect ratio", async () => {
    const u = await signIn();
    await connectSandboxAccount(u.projectId, "instagram");
    const none = await expectError(await schedule(u, { platform: "instagram", content: "No image" }), 400);
    expect(none.message).toBe("Instagram requires an image. Please attach an image to this post.");
    const tall = await upload(u, png(20, 80), "tall.png", "image/png");
    const aspect = await expectError(await schedule(u, { platform: "instagram", content: "Too tall", media_info: tall }), 400);
    expect(aspect.message).toBe("Instagram needs an image between 4:5 (portrait) and 1.91:1 (landscape); this one is 20×80");
    const square = await upload(u, png(30, 30), "square.png", "image/png");
    expect((await schedule(u, { platform: "instagram", content: "Square", media_info: square })).status).toBe(201);
    expect(await count(u.projectId)).toBe(1);
  });

  it("Instagram: the daily quota counts the account's posts within 24 hours of the new one", async () => {
    const u = await signIn();
    await connectSandboxAccount(u.projectId, "instagram");
    const at = Date.now() + 2 * 3_600_000;
    for (let i = 0; i < 50; i++) await insertPost(u.projectId, { platform: "instagram", content: `q${i}`, scheduledFor: at + i * 60_000 });
    const square = await upload(u, png(30, 30), "square.png", "image/png");
    const full = await expectError(
      await schedule(u, { platform: "instagram", content: "One too many", media_info: square, scheduled_for: new Date(at + 3_600_000).toISOString() }),
      400,
    );
    expect(full.message).toMatch(/^Instagram publishes at most 50 posts per account in 24 hours/);
    expect(full.fields).toHaveProperty("scheduled_for");
    expect(
      (await schedule(u, { platform: "instagram", content: "Next day", media_info: square, scheduled_for: new Date(at + 3 * 86_400_000).toISOString() }))
        .status,
    ).toBe(201);
  });

  it("an edit that breaks a rule is refused and the post stays as it was", async () => {
    const u = await signIn();
    await connectSandboxAccount(u.projectId, "twitter");
    const res = await schedule(u, { platform: "twitter", content: "Short" });
    const { id } = (await res.json()) as { id: string };
    await expectError(await json(u, "PATCH", `/api/posts/${id}`, { content: "z".repeat(281) }), 400);
    expect((await env.DB.prepare("select content from posts where id = ?").bind(id).first<{ content: string }>())!.content).toBe("Short");
  });
});
