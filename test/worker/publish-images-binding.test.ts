// The Cloudflare Images binding, as deployed Workers use it (decisions 175, 262): the photo copies
// a network needs are made through a fake binding that refuses what the real one refuses (its
// contract: test/contracts/cf-images/binding.json), and the binding's own errors become the
// right publishing outcome: a busy service is retried, a refusal fails the post at once with why.
import { env } from "cloudflare:workers";
import jpeg from "jpeg-js";
import { describe, expect, it } from "vitest";
import contract from "../contracts/cf-images/binding.json";
import type { Env, PublishJob } from "../../worker/env";
import { claimDuePosts } from "../../worker/jobs/publish-cron";
import { IMAGES_TRANSIENT_CODES } from "../../worker/lib/images-binding";
import { fakeImagesBinding } from "../fakes/images-binding";
import { json, signIn } from "./helpers";
import { photo, scheduleAndPublish, upload } from "./image-publish-kit";
import { connectNetwork, uname } from "./network-helpers";
import { readPost } from "./posts-fixtures";
import { deliverPublish, recordingQueue } from "./queue-kit";

const fakes = () => env.FAKES_URL;
/** A JPEG's first bytes with a size and nothing to decode (what the limits look at). */
const jpegHeader = (width: number, height: number) =>
  new Uint8Array([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 255, width >> 8, width & 255, 0x03, ...new Array(60).fill(0)]);

/** Runs one output() of the binding; the refusal's code, or null when it answered. */
async function codeOf(binding: ImagesBinding, bytes: Uint8Array, transform: object, output: object): Promise<number | null> {
  try {
    await binding
      .input(new Blob([bytes.slice()]).stream())
      .transform(transform as ImageTransform)
      .output(output as ImageOutputOptions);
    return null;
  } catch (err) {
    return (err as { code?: number }).code ?? -1;
  }
}

describe("the fake Images binding refuses what the binding refuses", () => {
  it("unknown options, out-of-range values and format strings the binding does not know: 9401; no image: 9412; over the limits: 9413", async () => {
    const binding = fakeImagesBinding(fakes(), { probe: true });
    const small = photo(64, 48, 10);
    const ok = { format: "image/jpeg", quality: 88 };
    expect(await codeOf(binding, small, { width: 32, fit: "scale-down" }, ok)).toBeNull();
    for (const [transform, output] of [
      [{ width: 32, resize: "fit" }, ok], // not an option of the binding
      [{ width: 0 }, ok], // width is a positive integer
      [{ width: 12.5 }, ok],
      [{ fit: "inside" }, ok], // sharp's word, not Cloudflare's
      [{ width: 32, quality: 80 }, ok], // quality belongs to output()
      [{}, { format: "jpeg" }], // cf.image's format word, not the binding's MIME type
      [{}, { format: "image/jpg" }],
      [{}, { format: "image/jpeg", quality: 0 }],
      [{}, { format: "image/jpeg", quality: 101 }],
      [{}, { quality: 80 }], // output() needs a format: there is no default
    ] as const)
      expect(await codeOf(binding, small, transform, output), JSON.stringify([transform, output])).toBe(contract.errors.badOptions.code);
    expect(await codeOf(binding, new TextEncoder().encode("<html>not an image</html>"), {}, ok)).toBe(contract.errors.notAnImage.code);
    expect(await codeOf(binding, jpegHeader(12_500, 3_000), { width: 1000 }, ok)).toBe(contract.errors.tooLarge.code);
    expect(await codeOf(binding, jpegHeader(11_000, 9_500), { width: 1000 }, ok)).toBe(contract.errors.tooLarge.code);
  });

  it("a call outside the contract is recorded as a violation, which fails the test that made it", async () => {
    const binding = fakeImagesBinding(fakes());
    expect(await codeOf(binding, photo(64, 48, 10), { width: 32, resize: "fit" }, { format: "image/jpeg" })).toBe(9401);
    const { violations } = (await (await fetch(`${fakes()}/_contracts/violations`)).json()) as { violations: { service: string; problems: string[] }[] };
    expect(violations).toEqual([
      { service: "cf-images", request: "IMAGES.input().output()", problems: ['transform() #1: option "resize" is not in the contract'] },
    ]);
  });

  it("the Worker retries exactly the codes the contract calls transient", () => {
    expect([...IMAGES_TRANSIENT_CODES].sort()).toEqual([...contract.errors.transient.codes].sort());
  });
});

describe("publishing through the Images binding", () => {
  it("Bluesky: a 3 MB photo becomes a copy under 1,000,000 bytes made by the binding, every call within its contract", { timeout: 120_000 }, async () => {
    const IMAGES = fakeImagesBinding(fakes());
    const original = photo(2400, 1800, 20);
    const { sent } = await scheduleAndPublish("bluesky", original, { bindings: { IMAGES } });
    expect(sent.byteLength).toBeLessThanOrEqual(1_000_000);
    const copy = jpeg.decode(sent, { useTArray: true });
    expect(Math.abs(copy.width / copy.height - 2400 / 1800)).toBeLessThan(0.01);
    // The binding made it (the Worker's own converter was not used), in few calls.
    expect(IMAGES.calls.length).toBeGreaterThanOrEqual(1);
    expect(IMAGES.calls.length).toBeLessThanOrEqual(6);
    for (const call of IMAGES.calls) {
      expect(call.image).toMatchObject({ type: "image/jpeg", width: 2400, height: 1800 });
      expect(call.output).toEqual({ format: "image/jpeg", quality: 88 });
    }
    expect(copy.width).toBe((IMAGES.calls.at(-1)!.steps[0] as { transform: { width: number } }).transform.width);
  });

  /** One due Bluesky post with a photo that needs a copy, delivered once with this binding. */
  async function publishOnce(IMAGES: ImagesBinding) {
    const user = await signIn();
    await connectNetwork(user, "bluesky", uname());
    const media = await upload(user, photo(2400, 1800, 20));
    const res = await json(user, "POST", `/api/projects/${user.projectId}/posts`, {
      content: `Photo ${crypto.randomUUID().slice(0, 6)}`,
      platform: "bluesky",
      mode: "schedule",
      scheduled_for: new Date(Date.now() - 1000).toISOString(),
      media_info: media,
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const { queue, sent: jobs } = recordingQueue<PublishJob>();
    const e = { ...(env as unknown as Env), PLATFORM_TIMEOUT_MS: "2000", IMAGES, PUBLISH_JOBS: queue } as Env;
    await claimDuePosts(e, Date.now());
    const delivery = await deliverPublish(
      e,
      jobs.filter((j) => j.postId === id),
    );
    return { delivery, row: (await readPost(id))! };
  }

  it("a refusal fails the post at once with the reason (no blind retries); a busy service is tried again later", { timeout: 120_000 }, async () => {
    const quota = await publishOnce(fakeImagesBinding(fakes(), { fail: contract.errors.quotaExhausted }));
    expect(quota.delivery.retries).toEqual([]);
    expect(quota.row.status).toBe("failed");
    expect(quota.row.error_message).toBe(
      "The image could not be prepared for Bluesky: this account's free Cloudflare Images transformations for the month are used up (error 9422). Enable Images Paid in the Cloudflare dashboard, then publish the post again.",
    );
    const denied = await publishOnce(fakeImagesBinding(fakes(), { fail: contract.errors.bindingDenied }));
    expect(denied.row.status).toBe("failed");
    expect(denied.row.error_message).toContain("this Worker may not use Cloudflare Images (error 9430)");

    const busy = await publishOnce(fakeImagesBinding(fakes(), { fail: { code: 9522, message: "The service in this colo is too busy" } }));
    expect(busy.delivery.retries).toHaveLength(1);
    expect(busy.row.status).toBe("publishing");
  });
});
