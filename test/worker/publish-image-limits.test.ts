// Image limits a network enforces beyond the ones decision 126 shrinks for (decisions 128, 129):
// a Mastodon server's own image_size_limit, LinkedIn's pixel cap, Threads' refusal of GIFs. Each
// post is scheduled through the API and published through the real cron, queue consumer and
// platform sandbox; the sandbox refuses what the network refuses (an image not under that server's
// limit, an image of 36,152,320 pixels or more, a GIF on Threads), so an unprepared image would
// fail these tests.
import { env } from "cloudflare:workers";
import jpeg from "jpeg-js";
import { GifReader } from "omggif";
import * as omggif from "omggif";
import { describe, expect, it } from "vitest";
import { checkPostRules } from "../../platforms/validation";
import { copyOutOfReach, imageCopyPlan, IMAGES_BINDING_LIMITS, widthUnderPixels } from "../../platforms/shared/image-copy";
import { platformMeta } from "../../platforms/registry";
import { LINKEDIN_MAX_PIXELS } from "../../platforms/linkedin/meta";
import { imageSize } from "../../platforms/shared/image-size";
import type { Env } from "../../worker/env";
import { getDb } from "../../worker/lib/db";
import { getPublishingCredentials } from "../../worker/services/social/credentials";
import { postRuleIssues } from "../../worker/services/posts/rules";
import { json, signIn } from "./helpers";
import { connectNetwork, uname } from "./network-helpers";
import { mediaRows, photo, scheduleAndPublish, upload } from "./image-publish-kit";

const MB = 1024 * 1024;

/** A two-frame animated GIF: red, then blue. */
function animatedGif(width: number, height: number): Uint8Array {
  const Writer = (
    omggif as unknown as {
      GifWriter: new (
        buf: Uint8Array,
        w: number,
        h: number,
        o: object,
      ) => { addFrame(x: number, y: number, w: number, h: number, px: Uint8Array, o: object): void; end(): number };
    }
  ).GifWriter;
  const buf = new Uint8Array(width * height * 4 + 4096);
  const gif = new Writer(buf, width, height, { loop: 0, palette: [0xff0000, 0x0000ff] });
  gif.addFrame(0, 0, width, height, new Uint8Array(width * height).fill(0), { delay: 50 });
  gif.addFrame(0, 0, width, height, new Uint8Array(width * height).fill(1), { delay: 50 });
  return buf.slice(0, gif.end());
}

/** A JPEG whose header says width x height, with no scan data: enough for every header-only check. */
function jpegHeader(width: number, height: number): Uint8Array {
  const sof = [0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01];
  return new Uint8Array([0xff, 0xd8, ...sof, 0xff, 0xd9, ...new Array(64).fill(0)]);
}

describe("Mastodon: the account's server sets its own image size limit", () => {
  it("a photo over a 1 MB server's image_size_limit is published as one JPEG copy under it", { timeout: 120_000 }, async () => {
    const original = photo(2400, 1800, 20);
    expect(original.byteLength).toBeGreaterThan(2_500_000);
    const { user, sent, kept } = await scheduleAndPublish("mastodon", original, { instance: "1mb.mastodon.example" });
    // Mastodon takes a file "less than" image_size_limit.
    expect(sent.byteLength).toBeLessThan(MB);
    expect(sent.byteLength).toBeGreaterThan(0.5 * MB);
    expect([sent[0], sent[1]]).toEqual([0xff, 0xd8]);
    const copy = jpeg.decode(sent, { useTArray: true });
    expect(Math.abs(copy.width / copy.height - 2400 / 1800)).toBeLessThan(0.01);
    expect(kept).toEqual(original);
    const rows = await mediaRows(user.projectId);
    expect(rows).toHaveLength(2);
    // A copy for this server's limit, not shared with a server that allows more.
    expect(rows[1]!.r2_key).toBe(`${rows[0]!.r2_key}.mastodon-${MB - 1}.jpg`);
  });

  it("on a server with the default limit the same photo goes as it is", { timeout: 120_000 }, async () => {
    const original = photo(2400, 1800, 20);
    const { user, sent } = await scheduleAndPublish("mastodon", original, { instance: "mastodon.example" });
    expect(sent).toEqual(original);
    expect(await mediaRows(user.projectId)).toHaveLength(1);
  });

  it("the limit is read from the server when the account connects, and the sandbox refuses a file not under it", async () => {
    const user = await signIn();
    const account = await connectNetwork(user, "mastodon", uname(), { instance: "750kb.mastodon.example" });
    const row = await env.DB.prepare("select account_meta from social_accounts where id = ?").bind(account.id).first<{ account_meta: string }>();
    const meta = JSON.parse(row!.account_meta) as Record<string, unknown>;
    expect(meta.imageSizeLimit).toBe(750 * 1024);
    expect(platformMeta("mastodon").rules.accountImageMaxBytes!(meta)).toBe(750 * 1024 - 1);
    const creds = await getPublishingCredentials(getDb(env.DB), env as unknown as Env, user.projectId, "mastodon");
    const send = (size: number) => {
      const fd = new FormData();
      fd.set("file", new File([new Uint8Array(size).fill(7)], "image.jpg", { type: "image/jpeg" }));
      return fetch(`${env.FAKES_URL.replace(/\/+$/, "")}/mastodon/i/750kb.mastodon.example/api/v2/media`, {
        method: "POST",
        headers: { authorization: `Bearer ${creds.accessToken}` },
        body: fd,
      });
    };
    const over = await send(750 * 1024);
    expect(over.status).toBe(422);
    expect(((await over.json()) as { error: string }).error).toBe("Validation failed: File file size must be less than 750 KB");
    expect((await send(750 * 1024 - 1)).status).toBe(202);
  });
});

describe("LinkedIn: images of 36,152,320 pixels or more", () => {
  it("a larger photo is published as a JPEG copy just under the pixel cap", { timeout: 300_000 }, async () => {
    // 6200 x 5900 = 36,580,000 pixels, a smooth photo small enough to upload (< 5 MB).
    const original = photo(6200, 5900, 0, 60);
    expect(original.byteLength).toBeLessThan(5 * MB);
    const { user, sent, kept } = await scheduleAndPublish("linkedin", original);
    expect([sent[0], sent[1]]).toEqual([0xff, 0xd8]);
    const copy = imageSize(sent)!;
    expect(copy.width * copy.height).toBeLessThan(LINKEDIN_MAX_PIXELS);
    // The widest copy under the cap, not a thumbnail.
    expect(copy.width * copy.height).toBeGreaterThan(LINKEDIN_MAX_PIXELS * 0.99);
    expect(Math.abs(copy.width / copy.height - 6200 / 5900)).toBeLessThan(0.01);
    expect(kept).toEqual(original);
    const rows = await mediaRows(user.projectId);
    expect(rows.map((r) => r.r2_key)).toEqual([rows[0]!.r2_key, `${rows[0]!.r2_key}.linkedin.jpg`]);
  });

  it("the width search stays just under the cap, and a photo under it needs no copy", () => {
    expect(widthUnderPixels(6200, 5900, LINKEDIN_MAX_PIXELS)).toBe(6163);
    expect(6163 * Math.round((5900 * 6163) / 6200)).toBeLessThan(LINKEDIN_MAX_PIXELS);
    expect(6164 * Math.round((5900 * 6164) / 6200)).toBeGreaterThanOrEqual(LINKEDIN_MAX_PIXELS);
    const rules = platformMeta("linkedin").rules.images;
    expect(imageCopyPlan(rules, { type: "image/jpeg", size: 3 * MB, width: 6200, height: 5900 })).toEqual({ maxWidth: 6163, maxBytes: 10 * MB });
    expect(imageCopyPlan(rules, { type: "image/jpeg", size: 3 * MB, width: 6000, height: 6000 })).toBeNull();
  });

  it("the sandbox refuses an upload of 36,152,320 pixels or more, and an image it cannot read fails processing", async () => {
    const user = await signIn();
    await connectNetwork(user, "linkedin", uname());
    const creds = await getPublishingCredentials(getDb(env.DB), env as unknown as Env, user.projectId, "linkedin");
    const base = `${env.FAKES_URL.replace(/\/+$/, "")}/linkedin`;
    const now = new Date();
    const headers = {
      authorization: `Bearer ${creds.accessToken}`,
      "linkedin-version": `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, "0")}`,
      "x-restli-protocol-version": "2.0.0",
      "content-type": "application/json",
    };
    const put = async (bytes: Uint8Array) => {
      const init = await fetch(`${base}/rest/images?action=initializeUpload`, {
        method: "POST",
        headers,
        body: JSON.stringify({ initializeUploadRequest: { owner: `urn:li:person:${creds.platformUserId}` } }),
      });
      expect(init.status).toBe(200);
      const { value } = (await init.json()) as { value: { uploadUrl: string; image: string } };
      const res = await fetch(value.uploadUrl, { method: "PUT", body: new Blob([bytes.slice()]) });
      const status = async () =>
        ((await (await fetch(`${base}/rest/images/${encodeURIComponent(value.image)}`, { headers })).json()) as { status: string }).status;
      return { res, status };
    };
    const over = await put(jpegHeader(6200, 5900)); // 36,580,000 pixels in a few hundred bytes
    expect(over.res.status).toBe(400);
    expect(((await over.res.json()) as { message: string }).message).toBe("Image exceeds the maximum of 36,152,320 pixels");
    const under = await put(jpegHeader(6163, 5865));
    expect(under.res.status).toBe(201);
    expect(await under.status()).toMatch(/^(?:PROCESSING|AVAILABLE)$/);
    // JPEG's first bytes and nothing readable after them: taken, then failed in processing.
    const unreadable = await put(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new Array(64).fill(0)]));
    expect(unreadable.res.status).toBe(201);
    expect(await unreadable.status()).toBe("PROCESSING_FAILED");
  });

  it("a photo too large for the Worker's converter is refused when it is scheduled, not when it is due", async () => {
    const user = await signIn();
    await connectNetwork(user, "linkedin", uname());
    const media = await upload(user, jpegHeader(8000, 6000));
    const post = (platform: string) =>
      json(user, "POST", `/api/projects/${user.projectId}/posts`, {
        content: "A 48 MP photo",
        platform,
        mode: "schedule",
        scheduled_for: new Date(Date.now() + 3_600_000).toISOString(),
        media_info: media,
      });
    const refused = await post("linkedin");
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain(
      "This image has too many pixels to prepare for LinkedIn (at most 40 megapixels). Please upload a smaller image.",
    );
  });

  it("with the Images binding (deployed, decision 175) the bound is the binding's own: 100 megapixels, 12,000 pixels a side", async () => {
    const user = await signIn();
    await connectNetwork(user, "linkedin", uname());
    const withBinding = {
      ...env,
      IMAGES: {
        input: () => {
          throw new Error("not called at scheduling");
        },
      },
    } as unknown as Env;
    const issues = async (width: number, height: number) => {
      const media = await upload(user, jpegHeader(width, height));
      const [found] = await postRuleIssues(withBinding, getDb(env.DB), user.projectId, [
        { platform: "linkedin", content: "A big photo", hashtags: [], mediaInfo: media, scheduledFor: Date.now() + 3_600_000 },
      ]);
      return found!.map((i) => i.message);
    };
    expect(await issues(8000, 6000)).toEqual([]); // 48 MP: the binding makes LinkedIn's copy
    expect(await issues(11_000, 9_500)).toEqual([
      "This image has too many pixels to prepare for LinkedIn (at most 100 megapixels). Please upload a smaller image.",
    ]);
    expect(await issues(12_500, 3_000)).toEqual([
      "This image is too wide or too tall to prepare for LinkedIn (at most 12,000 pixels a side). Please upload a smaller image.",
    ]);
    // A photo LinkedIn takes as it is needs no copy, so no converter bound applies.
    expect(
      copyOutOfReach(
        "LinkedIn",
        platformMeta("linkedin").rules.images,
        { type: "image/jpeg", size: 3 * MB, width: 12_500, height: 2_000 },
        null,
        IMAGES_BINDING_LIMITS,
      ),
    ).toBeNull();
  });
});

describe("Threads: GIFs", () => {
  it("a GIF is scheduled and published as a JPEG of its first frame; the upload is kept", { timeout: 120_000 }, async () => {
    const gif = animatedGif(320, 240);
    expect(new GifReader(gif).numFrames()).toBe(2);
    expect(checkPostRules({ platform: "threads", content: "Hi", hashtags: [], image: { type: "image/gif", size: gif.byteLength } })).toEqual([]);
    const { user, sent, kept, keptType } = await scheduleAndPublish("threads", gif, { file: { name: "loop.gif", type: "image/gif" } });
    expect([sent[0], sent[1]]).toEqual([0xff, 0xd8]);
    const still = jpeg.decode(sent, { useTArray: true });
    expect([still.width, still.height]).toEqual([320, 240]);
    // The first frame (red), not the second (blue).
    const [r, g, b] = [still.data[0]!, still.data[1]!, still.data[2]!];
    expect(r).toBeGreaterThan(200);
    expect(b).toBeLessThan(60);
    expect(g).toBeLessThan(60);
    expect(keptType).toBe("image/gif");
    expect(kept).toEqual(gif);
    expect((await mediaRows(user.projectId)).map((m) => m.file_type)).toEqual(["image/gif", "image/jpeg"]);
  });
});
