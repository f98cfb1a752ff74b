// Post images. Security rules (docs/architecture.md): uploads are checked by CONTENT (magic bytes), never by
// the name or the declared type, and by size before anything is stored; the R2 key is chosen
// by the server and never overwrites an object; the public URL uses an unguessable key so
// a network that takes images by URL can fetch one without the bucket being listable.
import { and, eq } from "drizzle-orm";
import { media } from "../../../schema/db/posts";
import { socialAccounts } from "../../../schema/db/social";
import { ALT_TEXT_MESSAGE, MAX_ALT_TEXT, MAX_IMAGE_BYTES, type MediaInfo } from "../../../schema/api/posts";
import type { Db } from "../../lib/db";
import type { Env } from "../../env";
import { ApiError, badRequest, notFound, payloadTooLarge } from "../../lib/errors";
import { newId, randomToken } from "../../lib/ids";
import { ownedProject } from "../../lib/ownership";
import type { ServiceContext } from "../context";

export const SIZE_MESSAGE = "File size must be less than 5MB";
const TYPE_MESSAGE = "Unsupported file type. Please upload a JPEG, PNG or GIF image.";
export const MEDIA_CACHE_CONTROL = "public, max-age=3600";

type ImageKind = { type: "image/jpeg" | "image/png" | "image/gif"; ext: "jpg" | "png" | "gif" };

/** The image type from the first bytes, or null when it is not JPEG, PNG or GIF. */
export function sniffImage(head: Uint8Array): ImageKind | null {
  const b = head;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return { type: "image/jpeg", ext: "jpg" };
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (b.length >= 8 && png.every((v, i) => b[i] === v)) return { type: "image/png", ext: "png" };
  const sig = String.fromCharCode(...b.slice(0, 6));
  if (sig === "GIF87a" || sig === "GIF89a") return { type: "image/gif", ext: "gif" };
  return null;
}

function cleanFileName(name: string, ext: string): string {
  // Keep a readable name for "Image attached: {file name}", without path parts or control chars.
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base
    // eslint-disable-next-line no-control-regex -- stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim()
    .slice(0, 200);
  return cleaned || `image.${ext}`;
}

async function ownedAccount(db: Db, projectId: string, accountId: string) {
  const row = await db
    .select({ id: socialAccounts.id })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.id, accountId), eq(socialAccounts.projectId, projectId)))
    .get();
  if (!row) throw notFound("No connected social account found");
  return row;
}

/**
 * Stores an uploaded image for a project. `file` comes from the multipart field `file`;
 * `accountId` (optional) must be a social account of the same project.
 */
export async function uploadImage(
  ctx: ServiceContext,
  projectId: string,
  input: { file: unknown; accountId?: string | null; altText?: unknown; kind?: StoredKind },
): Promise<MediaInfo> {
  const { db, env } = ctx;
  const userId = ctx.caller.id;
  await ownedProject(db, userId, projectId);
  const file = input.file;
  if (!(file instanceof File)) throw badRequest("Please choose an image to upload", { file: "Please choose an image to upload" });
  if (file.size > MAX_IMAGE_BYTES) throw payloadTooLarge(SIZE_MESSAGE);
  if (file.size === 0) throw badRequest(TYPE_MESSAGE, { file: TYPE_MESSAGE });
  const accountId = input.accountId?.trim() || null;
  if (accountId) await ownedAccount(db, projectId, accountId);
  const alt = altTextField(input.altText);

  const bytes = new Uint8Array(await file.arrayBuffer());
  return storeImage(db, env, projectId, accountId ?? projectId, bytes, file.name, { altText: alt, kind: input.kind });
}

/** The multipart `altText` field: optional, trimmed, at most MAX_ALT_TEXT characters. */
function altTextField(value: unknown): string | null {
  if (value == null) return null;
  if (typeof value !== "string") throw badRequest(ALT_TEXT_MESSAGE, { altText: ALT_TEXT_MESSAGE });
  const alt = value.trim();
  if (alt.length > MAX_ALT_TEXT) throw badRequest(ALT_TEXT_MESSAGE, { altText: ALT_TEXT_MESSAGE });
  return alt || null;
}

type StoredKind = "upload" | "card" | "ai";

/**
 * Stores image bytes for a project after the same content checks as an upload (size, magic
 * bytes); used by uploads and by CSV import's fetched image URLs. The caller checked ownership.
 */
export async function storeImage(
  db: Db,
  env: Env,
  projectId: string,
  owner: string,
  bytes: Uint8Array,
  name: string,
  extra: { altText?: string | null; kind?: StoredKind } = {},
): Promise<MediaInfo> {
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw payloadTooLarge(SIZE_MESSAGE);
  const kind = sniffImage(bytes.subarray(0, 16));
  if (!kind) throw badRequest(TYPE_MESSAGE, { file: TYPE_MESSAGE });

  let r2Key: string | null = null;
  // post-media/{owner}/{timestamp}.{ext}, never overwriting: the put is conditional on the key
  // being absent; on a collision the next timestamp is tried.
  const base = Date.now();
  for (let i = 0; i < 5 && !r2Key; i++) {
    const key = `post-media/${owner}/${base + i}.${kind.ext}`;
    if (await env.BUCKET.head(key)) continue;
    const put = await env.BUCKET.put(key, bytes, {
      httpMetadata: { contentType: kind.type, cacheControl: MEDIA_CACHE_CONTROL },
      onlyIf: { etagDoesNotMatch: "*" },
    });
    if (put) r2Key = key;
  }
  if (!r2Key) throw new ApiError(503, "unavailable", "Failed to attach image");

  const publicKey = randomToken(24);
  const fileName = cleanFileName(name, kind.ext);
  try {
    await db
      .insert(media)
      .values({
        id: newId(),
        projectId,
        r2Key,
        publicKey,
        fileName,
        fileType: kind.type,
        fileSize: bytes.byteLength,
        createdAt: Date.now(),
        altText: extra.altText ?? null,
        kind: extra.kind ?? "upload",
      })
      .run();
  } catch (err) {
    await env.BUCKET.delete(r2Key);
    throw err;
  }
  return {
    url: `/media/${publicKey}`,
    file_name: fileName,
    file_type: kind.type,
    file_size: bytes.byteLength,
    ...(extra.altText ? { alt_text: extra.altText } : {}),
    ...(extra.kind && extra.kind !== "upload" ? { kind: extra.kind } : {}),
  };
}

/** This project's upload behind a `/media/<key>` URL (absolute or not), or null: how post code finds one. */
export async function projectUpload(db: Db, projectId: string, url: string) {
  const key = url.match(/^(?:https?:\/\/[^/]+)?\/media\/([A-Za-z0-9_-]{16,64})$/)?.[1];
  if (!key) return null;
  return (
    (await db
      .select()
      .from(media)
      .where(and(eq(media.publicKey, key), eq(media.projectId, projectId)))
      .get()) ?? null
  );
}

/** The public read behind /media/:publicKey (no auth: the key itself is the capability). */
export async function readPublicMedia(db: Db, env: Env, publicKey: string) {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(publicKey)) return null;
  const row = await db.select().from(media).where(eq(media.publicKey, publicKey)).get();
  if (!row) return null;
  const object = await env.BUCKET.get(row.r2Key);
  if (!object) return null;
  return { object, contentType: row.fileType, size: row.fileSize };
}
