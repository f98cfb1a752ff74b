// Decision 126: a photo larger than a network's own image limit (Bluesky's 1,000,000-byte blobs,
// Facebook's 4 MB photos) is scheduled, not refused, and published as ONE JPEG copy scaled down
// until it fits; the upload stays as it was. The sandbox still refuses an oversize blob exactly as
// the network does, so a copy that did not fit would fail these tests.
import { env } from "cloudflare:workers";
import jpeg from "jpeg-js";
import { describe, expect, it } from "vitest";
import { checkPostRules } from "../../platforms/validation";
import { FIT_ATTEMPTS, fitWidth } from "../../worker/lib/image-convert";
import type { Env } from "../../worker/env";
import { getDb } from "../../worker/lib/db";
import { getPublishingCredentials } from "../../worker/services/social/credentials";
import { signIn } from "./helpers";
import { connectNetwork, uname } from "./network-helpers";
import { mediaRows, photo, scheduleAndPublish } from "./image-publish-kit";

describe("a photo over the network's image limit is sent as one copy that fits", () => {
  it("Bluesky: a 3 MB phone photo schedules and publishes as one JPEG under 1,000,000 bytes; the upload is kept", { timeout: 120_000 }, async () => {
    const original = photo(2400, 1800, 20);
    expect(original.byteLength).toBeGreaterThan(2_500_000);
    expect(original.byteLength).toBeLessThan(5 * 1024 * 1024);
    const { user, sent, kept, keptType } = await scheduleAndPublish("bluesky", original);
    expect(sent.byteLength).toBeLessThanOrEqual(1_000_000);
    expect([sent[0], sent[1]]).toEqual([0xff, 0xd8]);
    const copy = jpeg.decode(sent, { useTArray: true });
    // Aspect ratio kept, still a full-size photo rather than a thumbnail.
    expect(Math.abs(copy.width / copy.height - 2400 / 1800)).toBeLessThan(0.01);
    expect(copy.width).toBeGreaterThanOrEqual(1200);
    expect(keptType).toBe("image/jpeg");
    expect(kept).toEqual(original);
    // Exactly one copy, stored next to the upload and reused by the redelivery.
    const rows = await mediaRows(user.projectId);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.r2_key).toBe(`${rows[0]!.r2_key}.bluesky.jpg`);
    expect(rows[1]!.file_size).toBe(sent.byteLength);
  });

  it("Facebook: a photo over 4 MB is sent as a copy under 4 MB", { timeout: 120_000 }, async () => {
    const original = photo(2800, 2000, 24);
    expect(original.byteLength).toBeGreaterThan(4 * 1024 * 1024);
    expect(original.byteLength).toBeLessThan(5 * 1024 * 1024);
    const { user, sent, kept } = await scheduleAndPublish("facebook", original);
    expect(sent.byteLength).toBeLessThanOrEqual(4 * 1024 * 1024);
    expect([sent[0], sent[1]]).toEqual([0xff, 0xd8]);
    expect(kept).toEqual(original);
    expect(await mediaRows(user.projectId)).toHaveLength(2);
  });

  it("a photo that already fits is sent as it is, with no copy", { timeout: 60_000 }, async () => {
    const original = photo(600, 400, 20);
    expect(original.byteLength).toBeLessThan(1_000_000);
    const { user, sent } = await scheduleAndPublish("bluesky", original);
    expect(sent).toEqual(original);
    expect(await mediaRows(user.projectId)).toHaveLength(1);
  });
});

describe("the limits stay where the network has them", () => {
  it("the Bluesky sandbox refuses a blob over 1,000,000 bytes as a PDS does", async () => {
    const user = await signIn();
    const username = uname();
    await connectNetwork(user, "bluesky", username);
    const creds = await getPublishingCredentials(getDb(env.DB), env as unknown as Env, user.projectId, "bluesky");
    const upload = (size: number) =>
      fetch(`${env.FAKES_URL.replace(/\/+$/, "")}/bluesky/xrpc/com.atproto.repo.uploadBlob`, {
        method: "POST",
        headers: { authorization: `Bearer ${creds.accessToken}`, "content-type": "image/jpeg" },
        body: new Uint8Array(size).fill(7),
      });
    const over = await upload(1_000_001);
    expect(over.status).toBe(400);
    expect(((await over.json()) as { error: string }).error).toBe("BlobTooLarge");
    expect((await upload(1_000_000)).status).toBe(200);
  });

  it("networks that do not shrink still refuse an image over their limit when it is scheduled", () => {
    const big = { type: "image/jpeg", size: 6 * 1024 * 1024 };
    expect(checkPostRules({ platform: "twitter", content: "Hi", hashtags: [], image: big })).toEqual([
      { field: "media_info", message: "This image is too large for X (Twitter): at most 5 MB" },
    ]);
    expect(checkPostRules({ platform: "bluesky", content: "Hi", hashtags: [], image: big })).toEqual([]);
    expect(checkPostRules({ platform: "facebook", content: "Hi", hashtags: [], image: big })).toEqual([]);
  });
});

describe("the width search", () => {
  // A stand-in encoder whose size grows with the pixel count (0.3 bytes per pixel, 4:3).
  const encoder = (perPixel: number) => {
    const tried: number[] = [];
    return { tried, encode: (w: number) => (tried.push(w), { width: w, bytes: Math.round(w * w * 0.75 * perPixel) }) };
  };

  it("finds a wide copy within the limit in a few encodes, never wider than allowed", async () => {
    const e = encoder(0.3);
    const out = await fitWidth({ type: "image/png", size: 9_000_000, width: 4000 }, 1_000_000, Infinity, e.encode);
    expect(out!.bytes).toBeLessThanOrEqual(1_000_000);
    expect(out!.bytes).toBeGreaterThanOrEqual(700_000);
    expect(e.tried.length).toBeLessThanOrEqual(FIT_ATTEMPTS);
    const capped = encoder(0.3);
    expect((await fitWidth({ type: "image/jpeg", size: 400_000, width: 4000 }, 1_000_000, 1000, capped.encode))!.width).toBe(1000);
    expect(capped.tried).toEqual([1000]);
  });

  it("a JPEG over the limit starts already scaled by its overshoot; nothing that fits gives null", async () => {
    const e = encoder(0.3);
    await fitWidth({ type: "image/jpeg", size: 4_000_000, width: 4000 }, 1_000_000, Infinity, e.encode);
    expect(e.tried[0]).toBe(2000);
    expect(await fitWidth({ type: "image/png", size: 10, width: 10 }, 1, Infinity, () => ({ bytes: 100 }))).toBeNull();
  });
});
