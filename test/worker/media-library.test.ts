// The project's media library and alt text (decision 287): uploads are listed and reusable with
// their alt text, a post carries its image's alt text and the publisher sends it to the network,
// and an image a post still needs cannot be deleted.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { LibraryImage, MediaInfo, Post } from "../../schema/api/posts";
import type { Env, PublishJob } from "../../worker/env";
import { call, expectError, json, ORIGIN, signIn, type TestUser } from "./helpers";
import { connectNetwork, networkState, sandboxAccountName, uname } from "./network-helpers";
import { connectAccount, insertPost, readPost } from "./posts-fixtures";
import { servePreparedMedia } from "./public-media";
import { deliverPublish } from "./queue-kit";

const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();

async function upload(u: TestUser, name: string, altText?: string): Promise<Response> {
  const fd = new FormData();
  fd.set("file", new File([PNG as BlobPart], name, { type: "image/png" }));
  if (altText !== undefined) fd.set("altText", altText);
  return call(`/api/projects/${u.projectId}/media`, { method: "POST", headers: { cookie: u.cookie, origin: ORIGIN }, body: fd });
}

async function library(u: TestUser, projectId = u.projectId): Promise<LibraryImage[]> {
  const res = await json(u, "GET", `/api/projects/${projectId}/media`);
  expect(res.status).toBe(200);
  return (await res.json()) as LibraryImage[];
}

const mediaCount = async (projectId: string) =>
  (await env.DB.prepare("select count(*) as n from media where project_id = ?").bind(projectId).first<{ n: number }>())!.n;

describe("media library", () => {
  it("lists the project's uploads newest first with their alt text, and stores alt text from the upload", async () => {
    const u = await signIn();
    const first = (await (await upload(u, "shop.png", "  The shop front at dawn  ")).json()) as MediaInfo;
    expect(first.alt_text).toBe("The shop front at dawn");
    await upload(u, "beans.png");
    const items = await library(u);
    expect(items.map((i) => [i.file_name, i.alt_text, i.in_use])).toEqual([
      ["beans.png", null, 0],
      ["shop.png", "The shop front at dawn", 0],
    ]);
    expect(items[1]!.url).toBe(first.url);
    const row = await env.DB.prepare("select alt_text, kind from media where id = ?").bind(items[1]!.id).first();
    expect(row).toEqual({ alt_text: "The shop front at dawn", kind: "upload" });
  });

  it("refuses alt text over 1,000 characters on upload and on edit, storing nothing", async () => {
    const u = await signIn();
    const err = await expectError(await upload(u, "a.png", "x".repeat(1001)), 400);
    expect(err.message).toBe("Alt text is at most 1,000 characters");
    expect(await mediaCount(u.projectId)).toBe(0);
    await upload(u, "a.png", "Short");
    const [item] = await library(u);
    await expectError(await json(u, "PATCH", `/api/projects/${u.projectId}/media/${item!.id}`, { alt_text: "y".repeat(1001) }), 400);
    expect((await library(u))[0]!.alt_text).toBe("Short");
  });

  it("edits an image's alt text; a post attaching it carries that alt text unless it sends its own", async () => {
    const u = await signIn();
    await connectAccount(u.projectId, "twitter");
    const info = (await (await upload(u, "cup.png")).json()) as MediaInfo;
    const [item] = await library(u);
    const patched = await json(u, "PATCH", `/api/projects/${u.projectId}/media/${item!.id}`, { alt_text: "A flat white in a blue cup" });
    expect(patched.status).toBe(200);
    expect(((await patched.json()) as LibraryImage).alt_text).toBe("A flat white in a blue cup");

    const reuse = async (media_info: MediaInfo) => {
      const res = await json(u, "POST", `/api/projects/${u.projectId}/posts`, {
        content: "Cup of the day",
        platform: "twitter",
        scheduled_for: inDays(2),
        mode: "schedule",
        media_info,
      });
      expect(res.status).toBe(201);
      return (await res.json()) as Post;
    };
    // Picked from the library without alt text of its own: the library's.
    const a = await reuse({ url: info.url, file_name: info.file_name, file_type: info.file_type, file_size: info.file_size });
    expect(a.media_info?.alt_text).toBe("A flat white in a blue cup");
    // The post's own alt text wins, and is stored with the post.
    const b = await reuse({ ...info, alt_text: "Latte art shaped like a fern" });
    expect(b.media_info?.alt_text).toBe("Latte art shaped like a fern");
    const stored = await env.DB.prepare("select media_info from posts where id = ?").bind(b.id).first<{ media_info: string }>();
    expect(JSON.parse(stored!.media_info).alt_text).toBe("Latte art shaped like a fern");
    // Editing the post's alt text only.
    const edited = await json(u, "PATCH", `/api/posts/${a.id}`, { media_info: { ...a.media_info!, alt_text: "Two cups on a bar" } });
    expect(((await edited.json()) as Post).media_info?.alt_text).toBe("Two cups on a bar");
    // Both posts are counted as using the image.
    expect((await library(u))[0]!.in_use).toBe(2);
  });

  it("refuses to delete an image a post not yet published carries (409, nothing changes); once published, deletes it and its bytes", async () => {
    const u = await signIn();
    const info = (await (await upload(u, "sale.png")).json()) as MediaInfo;
    const [item] = await library(u);
    const postId = await insertPost(u.projectId, { scheduledFor: Date.now() + 86_400_000 });
    await env.DB.prepare("update posts set media_info = ? where id = ?").bind(JSON.stringify(info), postId).run();
    const key = (await env.DB.prepare("select r2_key from media where id = ?").bind(item!.id).first<{ r2_key: string }>())!.r2_key;

    const refused = await expectError(await json(u, "DELETE", `/api/projects/${u.projectId}/media/${item!.id}`), 409);
    expect(refused.message).toBe("This image is attached to 1 post that is not published yet. Remove it from that post first.");
    expect(await mediaCount(u.projectId)).toBe(1);
    expect(await env.BUCKET.head(key)).not.toBeNull();

    await env.DB.prepare("update posts set status = 'published' where id = ?").bind(postId).run();
    // A network's converted copy goes with it, and is never listed.
    await env.DB.prepare(
      "insert into media (id, project_id, r2_key, public_key, file_name, file_type, file_size, created_at, kind) values (?, ?, ?, ?, 'sale.jpg', 'image/jpeg', 3, ?, 'copy')",
    )
      .bind(crypto.randomUUID(), u.projectId, `${key}.instagram.jpg`, `copy${crypto.randomUUID().replace(/-/g, "")}`, Date.now())
      .run();
    await env.BUCKET.put(`${key}.instagram.jpg`, new Uint8Array([1, 2, 3]));
    expect((await library(u)).map((i) => i.id)).toEqual([item!.id]);

    const res = await json(u, "DELETE", `/api/projects/${u.projectId}/media/${item!.id}`);
    expect(res.status).toBe(204);
    expect(await mediaCount(u.projectId)).toBe(0);
    expect(await env.BUCKET.head(key)).toBeNull();
    expect(await env.BUCKET.head(`${key}.instagram.jpg`)).toBeNull();
    expect((await call(info.url)).status).toBe(404);
  });

  it("another user can neither list, edit nor delete the project's images (404), and nothing changes", async () => {
    const owner = await signIn();
    const other = await signIn();
    await upload(owner, "secret.png", "Owner's alt");
    const [item] = await library(owner);
    await expectError(await json(other, "GET", `/api/projects/${owner.projectId}/media`), 404);
    await expectError(await json(other, "PATCH", `/api/projects/${owner.projectId}/media/${item!.id}`, { alt_text: "mine" }), 404);
    await expectError(await json(other, "DELETE", `/api/projects/${owner.projectId}/media/${item!.id}`), 404);
    // Through the other user's own project: the image id is not theirs.
    await expectError(await json(other, "PATCH", `/api/projects/${other.projectId}/media/${item!.id}`, { alt_text: "mine" }), 404);
    await expectError(await json(other, "DELETE", `/api/projects/${other.projectId}/media/${item!.id}`), 404);
    expect((await library(owner))[0]!.alt_text).toBe("Owner's alt");
    expect(await mediaCount(owner.projectId)).toBe(1);
  });
});

describe("alt text at publishing", () => {
  it("the publisher sends the post's alt text to the network with the image", async () => {
    const u = await signIn();
    const username = uname();
    await connectNetwork(u, "mastodon", username);
    const info = (await (await upload(u, "van.png", "Our repair van outside the workshop")).json()) as MediaInfo;
    const claimedAt = Date.now() - 1000;
    const id = await insertPost(u.projectId, {
      platform: "mastodon",
      content: `Van day ${username}`,
      status: "publishing",
      publishAttempts: 1,
      lastAttempt: claimedAt,
      scheduledFor: claimedAt - 1000,
    });
    await env.DB.prepare("update posts set media_info = ? where id = ?").bind(JSON.stringify(info), id).run();
    await servePreparedMedia(u.projectId, info.url, "mastodon", "https://brandpilot.example");
    const e = { ...(env as unknown as Env), PLATFORM_TIMEOUT_MS: "400", APP_ORIGIN: "https://brandpilot.example" } as Env;
    const job: PublishJob = { postId: id, claimedAt };
    expect((await deliverPublish(e, [job])).acked).toEqual([id]);
    expect((await readPost(id))?.status).toBe("published");
    const state = await networkState("mastodon", sandboxAccountName("mastodon", username));
    expect(state.items[0]).toMatchObject({ text: `Van day ${username}`, alt_text: "Our repair van outside the workshop" });
  });
});
