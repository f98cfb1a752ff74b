import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import jpeg from "jpeg-js";
import type { PlatformId } from "../../platforms/registry";
import { media } from "../../schema/db/posts";
import type { Env } from "../../worker/env";
import { getDb } from "../../worker/lib/db";
import { prepareImage } from "../../worker/services/publishing/media-prepare";

// The platform sandbox downloads image_url when a container is created (platforms/shared/sandbox-media.ts).
// In worker tests neither the app (http://localhost, inside workerd) nor the test's image hosts are
// reachable over TCP, so a test puts the bytes such a public URL serves into the test fakes first.

/** A small real JPEG (8x8 grey). */
export function smallJpeg(): Uint8Array {
  const data = new Uint8Array(8 * 8 * 4).fill(180);
  return new Uint8Array(jpeg.encode({ data, width: 8, height: 8 }, 80).data);
}

/** Makes `url` (on an origin the sandbox treats as public) serve `bytes` (a JPEG by default); returns the URL. */
export async function putPublicMedia(url: string, bytes: Uint8Array = smallJpeg()): Promise<string> {
  const res = await fetch(`${env.FAKES_URL.replace(/\/+$/, "")}/_media?url=${encodeURIComponent(url)}`, {
    method: "PUT",
    body: bytes.slice().buffer as ArrayBuffer,
  });
  if (res.status !== 204) throw new Error(`could not store media for ${url}: ${res.status}`);
  return url;
}

/**
 * Serves at `${origin}/media/<key>` what the pipeline will send `platform` for an upload of this
 * project (the copy prepared for the network, as publishing makes it: decision 123), so the
 * sandbox can download it as it would from the deployed app.
 */
export async function servePreparedMedia(projectId: string, mediaPath: string, platform: PlatformId, origin = "http://localhost"): Promise<string> {
  const key = mediaPath.match(/\/media\/([A-Za-z0-9_-]+)$/)?.[1];
  if (!key) throw new Error(`not an upload: ${mediaPath}`);
  const e = env as unknown as Env;
  const db = getDb(e.DB);
  const row = await db
    .select()
    .from(media)
    .where(and(eq(media.publicKey, key), eq(media.projectId, projectId)))
    .get();
  if (!row) throw new Error(`no upload ${key}`);
  const prepared = await prepareImage(e, db, platform, row);
  if (!prepared) throw new Error(`upload ${key} could not be prepared`);
  return putPublicMedia(`${origin}/media/${prepared.row.publicKey}`, new Uint8Array(prepared.data));
}
