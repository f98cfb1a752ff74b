import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { classifyXResponse, xAdapter } from "../../platforms/x/adapter";
import { classifyInstagramResponse, INSTAGRAM_IMAGE_REQUIRED } from "../../platforms/instagram/adapter";
import { platformFor } from "../../platforms/adapters";
import { platformFetch, retryAfterMs } from "../../platforms/shared/http";
import { type PlatformAdapter } from "../../platforms/shared/adapter";
import { getDb } from "../../worker/lib/db";
import { getPublishingCredentials } from "../../worker/services/social/credentials";
import { signIn } from "./helpers";
import { connectAccount, sandboxControl, sandboxState } from "./social-helpers";
import { putPublicMedia } from "./public-media";
import { caughtPlatformError } from "./network-helpers";

const uname = () => `p${crypto.randomUUID().slice(0, 8)}`;
const res = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(typeof body === "string" ? body : JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

const caught = caughtPlatformError;

// A 1x1 PNG.
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));

describe("X error classification", () => {
  it("maps statuses and bodies to kinds", async () => {
    expect((await classifyXResponse(res(401, { title: "Unauthorized", status: 401 }), "api")).kind).toBe("auth");
    expect((await classifyXResponse(res(400, { error: "invalid_grant", error_description: "bad" }), "token")).kind).toBe("auth");
    expect((await classifyXResponse(res(400, { error: "invalid_request" }), "token")).kind).toBe("auth");
    expect((await classifyXResponse(res(500, "oops"), "api")).kind).toBe("retryable");
    expect((await classifyXResponse(res(503, {}), "token")).kind).toBe("retryable");
    const dup = await classifyXResponse(res(403, { detail: "You are not allowed to create a Tweet with duplicate content." }), "api");
    expect(dup.kind).toBe("rejected");
    expect(dup.message).toContain("duplicate content");
    expect((await classifyXResponse(res(400, { detail: "Your Tweet text is too long." }), "api")).kind).toBe("rejected");
  });

  it("429 carries the delay from Retry-After or x-rate-limit-reset", async () => {
    const a = await classifyXResponse(res(429, {}, { "retry-after": "7" }), "api");
    expect(a.kind).toBe("retryable");
    expect(a.retryAfterMs).toBe(7000);
    const reset = Math.floor(Date.now() / 1000) + 30;
    const b = await classifyXResponse(res(429, {}, { "x-rate-limit-reset": String(reset), "x-rate-limit-remaining": "0" }), "api");
    expect(b.retryAfterMs).toBeGreaterThan(25_000);
    expect(b.retryAfterMs).toBeLessThanOrEqual(31_000);
    expect(retryAfterMs(new Headers({ "retry-after": "0" }))).toBe(1000);
  });
});

describe("Instagram error classification", () => {
  it("maps Graph API errors to kinds", async () => {
    expect((await classifyInstagramResponse(res(400, { error: { code: 190, message: "Error validating access token" } }), "api")).kind).toBe("auth");
    expect((await classifyInstagramResponse(res(400, { error: { code: 4, message: "Application request limit reached" } }), "api")).kind).toBe("retryable");
    expect((await classifyInstagramResponse(res(500, { error: { code: 2, is_transient: true } }), "api")).kind).toBe("retryable");
    const rej = await classifyInstagramResponse(res(400, { error: { code: 100, error_user_msg: "The media could not be fetched from this URI." } }), "api");
    expect(rej.kind).toBe("rejected");
    expect(rej.message).toContain("could not be fetched");
  });
});

describe("transport failures", () => {
  it("a timeout is unknown_outcome only for a publishing call; a refused connection is retryable", async () => {
    const user = await signIn();
    const username = uname();
    await connectAccount(user, "twitter", username);
    const creds = await getPublishingCredentials(getDb(env.DB), env, user.projectId, "twitter");
    const fast = xAdapter({
      clientId: "sandbox-x-client",
      apiBase: `${env.FAKES_URL}/x`,
      authorizeUrl: `${env.FAKES_URL}/x/i/oauth2/authorize`,
      timeoutMs: 300,
    });
    await sandboxControl("twitter", { fail: "timeout", on: "post", account: username });
    const err = await caught(fast.publish({ accessToken: creds.accessToken, accountId: creds.platformUserId, text: "timed out" }));
    expect(err.kind).toBe("unknown_outcome");
    await sandboxControl("twitter", { fail: "timeout", on: "publish", account: username });
    const upload = await caught(
      fast.publish({ accessToken: creds.accessToken, accountId: creds.platformUserId, text: "x", image: { data: PNG, contentType: "image/png" } }),
    );
    expect(upload.kind).toBe("retryable");
    const refused = await caught(platformFetch("http://127.0.0.1:9/nothing", {}, { label: "Twitter", timeoutMs: 1000, publishes: true }));
    expect(refused.kind).toBe("retryable");
  });
});

describe("X adapter against the sandbox", () => {
  async function setup() {
    const user = await signIn();
    const username = uname();
    await connectAccount(user, "twitter", username);
    const creds = await getPublishingCredentials(getDb(env.DB), env, user.projectId, "twitter");
    return { username, creds, x: platformFor(env, "twitter") as PlatformAdapter };
  }

  it("posts text with an uploaded image and finds it again for reconciliation", async () => {
    const { username, creds, x } = await setup();
    const text = `Hello from the tests ${username}`;
    const { platformPostId } = await x.publish({
      accessToken: creds.accessToken,
      accountId: creds.platformUserId,
      text,
      image: { data: PNG, contentType: "image/png" },
    });
    const st = await sandboxState("twitter", username);
    expect(st.posts[creds.platformUserId]).toBe(1);
    expect(st.items[0]).toMatchObject({ id: platformPostId, text });
    expect(st.items[0]!.image_url).toMatch(/^\/x\/_media\//);
    expect(await x.findRecentPost({ accessToken: creds.accessToken, accountId: creds.platformUserId, text, sinceMs: Date.now() - 60_000 })).toBe(
      platformPostId,
    );
    expect(
      await x.findRecentPost({ accessToken: creds.accessToken, accountId: creds.platformUserId, text: "never posted", sinceMs: Date.now() - 60_000 }),
    ).toBeNull();
  });

  it("500 and 429 are retryable (with the delay), reject is rejected, revoke is auth", async () => {
    const { username, creds, x } = await setup();
    const input = { accessToken: creds.accessToken, accountId: creds.platformUserId, text: `t ${username}` };
    await sandboxControl("twitter", { fail: "500", account: username });
    expect((await caught(x.publish(input))).kind).toBe("retryable");
    await sandboxControl("twitter", { fail: "429", retryAfter: 3, account: username });
    const limited = await caught(x.publish(input));
    expect(limited.kind).toBe("retryable");
    // X sends no Retry-After: the delay comes from x-rate-limit-reset (whole epoch seconds).
    expect(limited.retryAfterMs).toBeGreaterThan(1000);
    expect(limited.retryAfterMs).toBeLessThanOrEqual(3000);
    await sandboxControl("twitter", { fail: "reject", account: username });
    const rejected = await caught(x.publish(input));
    expect(rejected.kind).toBe("rejected");
    expect(rejected.message).toContain("duplicate content");
    expect(rejected.reason).toBe("duplicate");
    expect((await caught(x.publish({ ...input, text: "x".repeat(281) }))).kind).toBe("rejected");
    expect((await sandboxState("twitter", username)).posts[creds.platformUserId] ?? 0).toBe(0);
    await sandboxControl("twitter", { fail: "revoke", account: username });
    expect((await caught(x.publish(input))).kind).toBe("auth");
  });

  it("a timeout after the tweet was accepted is reconciled by findRecentPost", async () => {
    const { username, creds } = await setup();
    const x = platformFor({ ...env, PLATFORM_TIMEOUT_MS: "300" }, "twitter");
    const text = `maybe posted ${username}`;
    await sandboxControl("twitter", { fail: "timeout", on: "post", commit: true, account: username });
    expect((await caught(x.publish({ accessToken: creds.accessToken, accountId: creds.platformUserId, text }))).kind).toBe("unknown_outcome");
    const found = await x.findRecentPost({ accessToken: creds.accessToken, accountId: creds.platformUserId, text, sinceMs: Date.now() - 60_000 });
    expect(found).toBe((await sandboxState("twitter", username)).items[0]!.id);
  });
});

describe("Instagram adapter against the sandbox", () => {
  async function setup() {
    const user = await signIn();
    const username = uname();
    await connectAccount(user, "instagram", username);
    const creds = await getPublishingCredentials(getDb(env.DB), env, user.projectId, "instagram");
    return { username, creds, ig: platformFor(env, "instagram") };
  }

  it("refuses a text-only post with a clear message", async () => {
    const { creds, ig } = await setup();
    const err = await caught(ig.publish({ accessToken: creds.accessToken, accountId: creds.platformUserId, text: "no image" }));
    expect(err.kind).toBe("rejected");
    expect(err.message).toBe(INSTAGRAM_IMAGE_REQUIRED);
  });

  it("creates a container, waits until FINISHED, publishes, and finds it again", async () => {
    const { username, creds, ig } = await setup();
    const text = `Instagram caption ${username}`;
    const imageUrl = await putPublicMedia(`http://localhost/media/${username}`);
    const { platformPostId } = await ig.publish({ accessToken: creds.accessToken, accountId: creds.platformUserId, text, imageUrl });
    const st = await sandboxState("instagram", username);
    expect(st.items).toHaveLength(1);
    expect(st.items[0]).toMatchObject({ id: platformPostId, text, image_url: imageUrl });
    expect(await ig.findRecentPost({ accessToken: creds.accessToken, accountId: creds.platformUserId, text, sinceMs: Date.now() - 60_000 })).toBe(
      platformPostId,
    );
  });

  it("classifies injected failures", async () => {
    const { username, creds, ig } = await setup();
    const input = {
      accessToken: creds.accessToken,
      accountId: creds.platformUserId,
      text: "c",
      imageUrl: await putPublicMedia(`http://localhost/media/${username}-c`),
    };
    await sandboxControl("instagram", { fail: "500", account: username });
    expect((await caught(ig.publish(input))).kind).toBe("retryable");
    await sandboxControl("instagram", { fail: "429", account: username });
    expect((await caught(ig.publish(input))).kind).toBe("retryable");
    await sandboxControl("instagram", { fail: "reject", account: username });
    expect((await caught(ig.publish(input))).kind).toBe("rejected");
    await sandboxControl("instagram", { fail: "timeout", on: "post", account: username });
    expect((await caught(platformFor({ ...env, PLATFORM_TIMEOUT_MS: "800" }, "instagram").publish(input))).kind).toBe("unknown_outcome");
    expect((await sandboxState("instagram", username)).items).toHaveLength(0);
    await sandboxControl("instagram", { fail: "revoke", account: username });
    expect((await caught(ig.publish(input))).kind).toBe("auth");
  });
});
