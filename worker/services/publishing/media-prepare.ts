// Images prepared for each network before publishing (decisions 123, 126, 128 and 129). A network
// whose meta says `sendAs` (JPEG only), `sentAsJpeg` (a GIF's first frame) or `maxWidth`,
// `shrinkToFit` for a file over its `maxBytes` or the account's own limit (1,000,000 bytes, 4 MB,
// a server's image_size_limit), or `maxPixels` for a larger photo, gets a converted copy, scaled down until it fits (the plan is
// platforms/shared/image-copy.ts); the original upload is kept untouched. The copy is stored once
// in R2 next to the original (`<r2Key>.<platform>.jpg`) with its own media row and unguessable
// public key, because some networks fetch the image by URL. Conversion: the Cloudflare Images binding
// where it is bound (IMAGES; its refusals become publishing errors, decision 262), else the
// Worker-capable JavaScript converter (worker/lib/image-convert.ts), which also runs in tests and offline.
import { and, eq } from "drizzle-orm";
import { networkName, platformMeta, type PlatformId } from "../../../platforms/registry";
import { PlatformError } from "../../../platforms/shared/adapter";
import { media } from "../../../schema/db/posts";
import type { Env } from "../../env";
import type { Db } from "../../lib/db";
import { newId, randomToken } from "../../lib/ids";
import { fitWidth, ImageConvertError, toJpegUnder } from "../../lib/image-convert";
import { imagesBinding, imagesBindingFailure } from "../../lib/images-binding";
import { imageSize } from "../../../platforms/shared/image-size";
import { imageCopyPlan } from "../../../platforms/shared/image-copy";
import { MEDIA_CACHE_CONTROL } from "../posts";

type MediaRow = typeof media.$inferSelect;
export type PreparedImage = { row: MediaRow; data: ArrayBuffer };

/** One JPEG encode through the binding, at most `width` wide. */
async function viaBinding(images: ImagesBinding, bytes: Uint8Array, width: number | undefined): Promise<Uint8Array> {
  const input = images.input(new Blob([bytes.slice()]).stream());
  const result = await input.transform(width ? { width, fit: "scale-down" } : {}).output({ format: "image/jpeg", quality: 88 });
  return new Uint8Array(await result.response().arrayBuffer());
}

/** A JPEG at most `maxWidth` wide and `maxBytes` long, through the binding when bound. */
async function convert(env: Env, bytes: Uint8Array, type: string, maxWidth: number | undefined, maxBytes: number, sourceWidth: number): Promise<Uint8Array> {
  const images = imagesBinding(env);
  if (!images) return (await toJpegUnder(bytes, type, maxBytes, maxWidth)).data;
  // Width unknown from the header: one encode at maxWidth (or as it is), as before decision 126.
  const fit = sourceWidth
    ? await fitWidth({ type, size: bytes.byteLength, width: sourceWidth }, maxBytes, maxWidth ?? Infinity, async (w) => {
        const data = await viaBinding(images, bytes, w);
        return { data, bytes: data.byteLength };
      })
    : await viaBinding(images, bytes, maxWidth).then((data) => (data.byteLength <= maxBytes ? { data } : null));
  if (!fit) throw new ImageConvertError(`The image could not be made smaller than ${maxBytes.toLocaleString("en-US")} bytes`);
  return fit.data;
}

/**
 * The image to send to `platform` for this upload: the original when the network takes it as it
 * is, else the converted copy (made on first use, then reused). `accountMaxBytes` is the account's
 * own image limit where its network has one (a server's image_size_limit, decision 128).
 */
export async function prepareImage(env: Env, db: Db, platform: PlatformId, original: MediaRow, accountMaxBytes?: number | null): Promise<PreparedImage | null> {
  const rules = platformMeta(platform).rules.images;
  const obj = await env.BUCKET.get(original.r2Key);
  if (!obj) return null;
  const bytes = new Uint8Array(await obj.arrayBuffer());
  const size = imageSize(bytes);
  const width = size?.width ?? 0;
  const plan = imageCopyPlan(rules, { type: original.fileType, size: bytes.byteLength, ...(size ?? {}) }, accountMaxBytes);
  if (!plan) return { row: original, data: bytes.buffer as ArrayBuffer };

  // A copy for an account's own lower limit is a copy of its own (another server may allow more).
  const r2Key = `${original.r2Key}.${platform}${plan.maxBytes < rules.maxBytes ? `-${plan.maxBytes}` : ""}.jpg`;
  const existing = await db
    .select()
    .from(media)
    .where(and(eq(media.r2Key, r2Key), eq(media.projectId, original.projectId)))
    .get();
  if (existing) {
    const stored = await env.BUCKET.get(r2Key);
    if (stored) return { row: existing, data: await stored.arrayBuffer() };
  }
  let jpeg: Uint8Array;
  try {
    jpeg = await convert(env, bytes, original.fileType, plan.maxWidth, plan.maxBytes, width);
  } catch (err) {
    if (err instanceof ImageConvertError) throw new PlatformError("rejected", `The image could not be prepared for ${networkName(platform)}: ${err.message}`);
    // The binding's own refusal: the same answer again is no use, a busy service is (decision 262).
    const refused = imagesBindingFailure(err);
    if (refused)
      throw new PlatformError(refused.retry ? "retryable" : "rejected", `The image could not be prepared for ${networkName(platform)}: ${refused.message}`);
    throw err;
  }
  await env.BUCKET.put(r2Key, jpeg, { httpMetadata: { contentType: "image/jpeg", cacheControl: MEDIA_CACHE_CONTROL } });
  const fileName = original.fileName.replace(/\.[A-Za-z0-9]+$/, "") + ".jpg";
  const row: MediaRow = existing ?? {
    id: newId(),
    projectId: original.projectId,
    r2Key,
    publicKey: randomToken(24),
    fileName,
    fileType: "image/jpeg",
    fileSize: jpeg.byteLength,
    createdAt: Date.now(),
    // A network's converted copy: never listed in the project's media library (decision 287).
    altText: original.altText,
    kind: "copy",
  };
  if (!existing) await db.insert(media).values(row).onConflictDoNothing().run();
  const saved = (await db.select().from(media).where(eq(media.r2Key, r2Key)).get()) ?? row;
  return { row: saved, data: jpeg.buffer.slice(jpeg.byteOffset, jpeg.byteOffset + jpeg.byteLength) as ArrayBuffer };
}
