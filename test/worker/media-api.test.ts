import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, expectError, signIn, type TestUser } from "./helpers";
import { connectAccount } from "./posts-fixtures";
import type { MediaInfo } from "../../schema/api/posts";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 1, 2, 3, 4]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1]);
const GIF = new TextEncoder().encode("GIF89a\x01\x00\x01\x00");

function upload(u: TestUser | null, projectId: string, bytes: Uint8Array, name: string, type: string, extra: Record<string, string> = {}) {
  const form = new FormData();
  form.set("file", new File([bytes as BlobPart], name, { type }));
  for (const [k, v] of Object.entries(extra)) form.set(k, v);
  const headers: Record<string, string> = { origin: "http://localhost" };
  if (u) headers.cookie = u.cookie;
  return call(`/api/projects/${projectId}/media`, { method: "POST", headers, body: form });
}

async function objectCount(prefix: string) {
  return (await env.BUCKET.list({ prefix })).objects.length;
}

describe("POST /api/projects/:projectId/media", () => {
  it("stores a PNG under post-media/{projectId}/{timestamp}.png and serves it publicly by key", async () => {
    const u = await signIn();
    const res = await upload(u, u.projectId, PNG, "logo.png", "image/png");
    expect(res.status).toBe(201);
    const info = (await res.json()) as MediaInfo;
    expect(info).toMatchObject({ file_name: "logo.png", file_type: "image/png", file_size: PNG.byteLength });
    expect(info.url).toMatch(/^\/media\/[A-Za-z0-9_-]{24,}$/);

    const listed = await env.BUCKET.list({ prefix: `post-media/${u.projectId}/`, include: ["httpMetadata"] });
    expect(listed.objects).toHaveLength(1);
    expect(listed.objects[0]!.key).toMatch(new RegExp(`^post-media/${u.projectId}/\\d{13}\\.png$`));
    expect(listed.objects[0]!.httpMetadata?.cacheControl).toBe("public, max-age=3600");

    const served = await call(info.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
  });

  it("detects the type by content, not by the declared name or type", async () => {
    const u = await signIn();
    const res = await upload(u, u.projectId, JPEG, "photo.png", "image/png");
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ file_type: "image/jpeg" });
    const gif = await upload(u, u.projectId, GIF, "anim.gif", "image/gif");
    expect(await gif.json()).toMatchObject({ file_type: "image/gif" });
  });

  it("uses the account id in the key when a social account of the project is given", async () => {
    const u = await signIn();
    const { accountId } = await connectAccount(u.projectId, "twitter");
    const res = await upload(u, u.projectId, PNG, "a.png", "image/png", { accountId });
    expect(res.status).toBe(201);
    expect(await objectCount(`post-media/${accountId}/`)).toBe(1);
    const other = await signIn();
    const foreign = await connectAccount(other.projectId, "twitter");
    await expectError(await upload(u, u.projectId, PNG, "a.png", "image/png", { accountId: foreign.accountId }), 404);
  });

  it("refuses wrong magic bytes with a clear message and stores nothing", async () => {
    const u = await signIn();
    const html = new TextEncoder().encode("<html><script>alert(1)</script></html>");
    const err = await expectError(await upload(u, u.projectId, html, "evil.png", "image/png"), 400);
    expect(err.message).toMatch(/JPEG, PNG or GIF/);
    const pdf = new TextEncoder().encode("%PDF-1.7 ...");
    await expectError(await upload(u, u.projectId, pdf, "doc.jpg", "image/jpeg"), 400);
    await expectError(await upload(u, u.projectId, new Uint8Array(0), "empty.png", "image/png"), 400);
    expect(await objectCount(`post-media/${u.projectId}/`)).toBe(0);
    const rows = await env.DB.prepare("select count(*) as n from media where project_id = ?").bind(u.projectId).first<{ n: number }>();
    expect(rows!.n).toBe(0);
  });

  it("refuses images over 5 MB with the spec's message", async () => {
    const u = await signIn();
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG);
    const err = await expectError(await upload(u, u.projectId, big, "big.png", "image/png"), 413);
    expect(err.message).toBe("File size must be less than 5MB");
    expect(await objectCount(`post-media/${u.projectId}/`)).toBe(0);
  });

  it("refuses a request without a file", async () => {
    const u = await signIn();
    const res = await call(`/api/projects/${u.projectId}/media`, {
      method: "POST",
      headers: { cookie: u.cookie, origin: "http://localhost" },
      body: new FormData(),
    });
    await expectError(res, 400);
  });

  it("answers 401 signed out and 404 for another user's project", async () => {
    const [a, b] = [await signIn(), await signIn()];
    await expectError(await upload(null, a.projectId, PNG, "a.png", "image/png"), 401);
    await expectError(await upload(a, b.projectId, PNG, "a.png", "image/png"), 404);
    expect(await objectCount(`post-media/${b.projectId}/`)).toBe(0);
  });

  it("never overwrites: two uploads in the same millisecond get different keys", async () => {
    const u = await signIn();
    const results = await Promise.all([1, 2, 3].map(() => upload(u, u.projectId, PNG, "same.png", "image/png")));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(await objectCount(`post-media/${u.projectId}/`)).toBe(3);
    // The conditional put the service relies on refuses an existing key.
    const key = (await env.BUCKET.list({ prefix: `post-media/${u.projectId}/` })).objects[0]!.key;
    expect(await env.BUCKET.put(key, "overwrite", { onlyIf: { etagDoesNotMatch: "*" } })).toBeNull();
    expect(new Uint8Array(await (await env.BUCKET.get(key))!.arrayBuffer())).toEqual(PNG);
  });
});

describe("GET /media/:publicKey", () => {
  it("answers 404 for unknown or malformed keys", async () => {
    expect((await call("/media/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")).status).toBe(404);
    expect((await call("/media/..%2F..%2Fsecret")).status).toBe(404);
  });

  it("posts may attach only the project's own uploads", async () => {
    const [a, b] = [await signIn(), await signIn()];
    await connectAccount(a.projectId, "twitter");
    const info = (await (await upload(b, b.projectId, PNG, "b.png", "image/png")).json()) as MediaInfo;
    const res = await call(`/api/projects/${a.projectId}/posts`, {
      method: "POST",
      headers: a.headers,
      body: JSON.stringify({ content: "x", mode: "schedule", scheduled_for: new Date(Date.now() + 60_000).toISOString(), media_info: info }),
    });
    await expectError(res, 400);
    const own = (await (await upload(a, a.projectId, PNG, "mine.png", "image/png")).json()) as MediaInfo;
    const ok = await call(`/api/projects/${a.projectId}/posts`, {
      method: "POST",
      headers: a.headers,
      body: JSON.stringify({
        content: "x",
        mode: "schedule",
        scheduled_for: new Date(Date.now() + 60_000).toISOString(),
        media_info: { ...own, file_size: 1 },
      }),
    });
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({ media_info: own });
  });
});
