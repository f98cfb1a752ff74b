// The sandbox downloads image_url when a container is created, as Instagram and Threads do
// (docs/decisions/124): a missing URL, a URL that is not a JPEG (Instagram) and a URL on a private
// or loopback address fail there, and the post ends failed with the platform's reason instead of
// being retried.
import { env } from "cloudflare:workers";
import { encode as encodePng } from "fast-png";
import { describe, expect, it } from "vitest";
import { platformFor } from "../../platforms/adapters";
import { PlatformError } from "../../platforms/shared/adapter";
import type { Env, PublishJob } from "../../worker/env";
import { getDb } from "../../worker/lib/db";
import { getPublishingCredentials } from "../../worker/services/social/credentials";
import { signIn } from "./helpers";
import { connectNetwork, networkState, sandboxAccountName, uname } from "./network-helpers";
import { connectSandboxAccount, insertPost, readPost, sandboxPosts } from "./posts-fixtures";
import { putPublicMedia, smallJpeg } from "./public-media";
import { deliverPublish } from "./queue-kit";

const testEnv = () => ({ ...(env as unknown as Env), PLATFORM_TIMEOUT_MS: "2000" }) as Env;
const fakes = () => env.FAKES_URL.replace(/\/+$/, "");

const deliver = (e: Env, job: PublishJob) => deliverPublish(e, [job]);

/** An Instagram post with this image URL, already claimed, delivered once. */
async function publishInstagram(imageUrl: string) {
  const u = await signIn();
  const acc = await connectSandboxAccount(u.projectId, "instagram");
  const claimedAt = Date.now() - 1000;
  const id = await insertPost(u.projectId, {
    platform: "instagram",
    content: `Photo ${acc.username}`,
    status: "publishing",
    publishAttempts: 1,
    lastAttempt: claimedAt,
    scheduledFor: claimedAt - 1000,
    mediaUrl: imageUrl,
  });
  const out = await deliver(testEnv(), { postId: id, claimedAt });
  return { out, post: (await readPost(id))!, sent: await sandboxPosts("instagram", acc.username) };
}

const realPng = () => encodePng({ width: 4, height: 4, data: new Uint8Array(4 * 4 * 4).fill(120), channels: 4, depth: 8 });

describe("Instagram downloads image_url when the container is created", () => {
  it("publishes a JPEG the sandbox could download", async () => {
    const url = await putPublicMedia(`https://images.example.com/${crypto.randomUUID()}.jpg`);
    const { out, post, sent } = await publishInstagram(url);
    expect([out.acked.length, out.retries.length]).toEqual([1, 0]);
    expect(post.status).toBe("published");
    expect(sent.map((s) => s.image_url)).toEqual([url]);
  });

  it("a missing URL fails with the platform's reason and is not retried", async () => {
    const url = `${fakes()}/web/missing`;
    const { out, post, sent } = await publishInstagram(url);
    expect([out.acked.length, out.retries.length]).toEqual([1, 0]);
    expect(post.status).toBe("failed");
    expect(post.error_message).toContain("could not be fetched");
    expect(post.error_message).toContain("404");
    expect(sent).toHaveLength(0);
  });

  it("a URL that serves a PNG is refused: Instagram publishes JPEG only", async () => {
    const url = await putPublicMedia(`https://images.example.com/${crypto.randomUUID()}.jpg`, realPng());
    const { out, post, sent } = await publishInstagram(url);
    expect([out.acked.length, out.retries.length]).toEqual([1, 0]);
    expect(post.status).toBe("failed");
    expect(post.error_message).toMatch(/image format is not supported.*PNG/i);
    expect(sent).toHaveLength(0);
  });

  it("a URL that is not an image at all is refused", async () => {
    const url = await putPublicMedia(`https://images.example.com/${crypto.randomUUID()}.jpg`, new TextEncoder().encode("<html>not an image</html>"));
    const { post } = await publishInstagram(url);
    expect(post.status).toBe("failed");
    expect(post.error_message).toMatch(/not an image/);
  });

  it.each([
    "http://192.168.10.20/card.jpg",
    "http://10.0.0.7/card.jpg",
    "http://127.0.0.1:1/card.jpg",
    "http://[::1]:8080/card.jpg",
    "http://media.localhost/card.jpg",
  ])("a private or loopback address is refused without being fetched: %s", async (url) => {
    const { out, post, sent } = await publishInstagram(url);
    expect([out.acked.length, out.retries.length]).toEqual([1, 0]);
    expect(post.status).toBe("failed");
    expect(post.error_message).toContain("could not be fetched");
    expect(post.error_message).toContain("not on the public internet");
    expect(sent).toHaveLength(0);
  });
});

describe("Threads downloads image_url when the container is created", () => {
  async function threads() {
    const user = await signIn();
    const username = uname();
    await connectNetwork(user, "threads", username);
    const creds = await getPublishingCredentials(getDb(env.DB), env, user.projectId, "threads");
    const adapter = platformFor(env, "threads", creds.accountMeta);
    const publish = (imageUrl: string) =>
      adapter.publish({
        accessToken: creds.accessToken,
        accountId: creds.platformUserId,
        text: `Thread ${crypto.randomUUID().slice(0, 6)}`,
        imageUrl,
        image: { data: smallJpeg(), contentType: "image/jpeg" },
      });
    return { publish, name: sandboxAccountName("threads", username) };
  }
  const refusal = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (err) {
      if (err instanceof PlatformError) return err;
      throw err;
    }
    throw new Error("expected a refusal");
  };

  it("takes a PNG it can download, refuses a private address and a missing URL", async () => {
    const t = await threads();
    const png = await putPublicMedia(`https://images.example.com/${crypto.randomUUID()}.png`, realPng());
    await t.publish(png);
    const private_ = await refusal(t.publish("http://172.16.5.5/a.jpg"));
    expect(private_.kind).toBe("rejected");
    expect(private_.message).toContain("not on the public internet");
    const missing = await refusal(t.publish(`${fakes()}/web/missing`));
    expect(missing.kind).toBe("rejected");
    expect(missing.message).toContain("could not be fetched");
    expect((await networkState("threads", t.name)).items.map((i) => i.image_url)).toEqual([png]);
  });
});
