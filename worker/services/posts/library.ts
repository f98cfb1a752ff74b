// The project's media library (docs/decisions/287-network-previews-media-library.md): every image
// stored for the project (uploads, brand cards, generated images) can be attached to another post
// and carries its alt text. Networks' converted copies (kind "copy") are an implementation detail
// of publishing and are never listed. Deleting is refused while a post that is not yet published
// carries the image (it would publish without it); a published post keeps what the network shows,
// and its history here loses the picture.
import { and, desc, eq, ne, notInArray, sql } from "drizzle-orm";
import { media, posts } from "../../../schema/db/posts";
import type { LibraryImage } from "../../../schema/api/posts";
import type { Db } from "../../lib/db";
import { conflict, notFound } from "../../lib/errors";
import { ownedProject } from "../../lib/ownership";
import type { ServiceContext } from "../context";

/** At most this many images are listed (newest first): a picker, not an archive. */
const LIBRARY_LIMIT = 200;
const NOT_FOUND = "Image not found";

/** Posts of the project not yet published, by the /media/<key> path they carry. */
async function useCounts(db: Db, projectId: string): Promise<Map<string, number>> {
  const url = sql<string>`json_extract(${posts.mediaInfo}, '$.url')`;
  const rows = await db
    .select({ url, n: sql<number>`count(*)` })
    .from(posts)
    .where(and(eq(posts.projectId, projectId), ne(posts.status, "published"), sql`${url} is not null`))
    .groupBy(url)
    .all();
  return new Map(rows.map((r) => [r.url, Number(r.n)]));
}

type Row = typeof media.$inferSelect;

function toLibraryImage(row: Row, inUse: number): LibraryImage {
  return {
    id: row.id,
    url: `/media/${row.publicKey}`,
    file_name: row.fileName,
    file_type: row.fileType as LibraryImage["file_type"],
    file_size: row.fileSize,
    alt_text: row.altText,
    kind: row.kind === "copy" ? "upload" : row.kind,
    created_at: new Date(row.createdAt).toISOString(),
    in_use: inUse,
  };
}

export async function listLibrary(ctx: ServiceContext, projectId: string): Promise<LibraryImage[]> {
  const { db } = ctx;
  const userId = ctx.caller.id;
  await ownedProject(db, userId, projectId, "read");
  const [rows, counts] = await Promise.all([
    db
      .select()
      .from(media)
      .where(and(eq(media.projectId, projectId), notInArray(media.kind, ["copy"])))
      .orderBy(desc(media.createdAt), desc(media.id))
      .limit(LIBRARY_LIMIT)
      .all(),
    useCounts(db, projectId),
  ]);
  return rows.map((r) => toLibraryImage(r, counts.get(`/media/${r.publicKey}`) ?? 0));
}

async function libraryRow(db: Db, projectId: string, mediaId: string): Promise<Row> {
  const row = await db
    .select()
    .from(media)
    .where(and(eq(media.id, mediaId), eq(media.projectId, projectId), ne(media.kind, "copy")))
    .get();
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** Sets a library image's alt text ("" clears it); posts that already carry the image keep their own. */
export async function updateLibraryImage(ctx: ServiceContext, projectId: string, mediaId: string, input: { alt_text: string }): Promise<LibraryImage> {
  const { db } = ctx;
  const userId = ctx.caller.id;
  await ownedProject(db, userId, projectId);
  const row = await libraryRow(db, projectId, mediaId);
  const altText = input.alt_text.trim() || null;
  await db.update(media).set({ altText }).where(eq(media.id, row.id)).run();
  const inUse = (await useCounts(db, projectId)).get(`/media/${row.publicKey}`) ?? 0;
  return toLibraryImage({ ...row, altText }, inUse);
}

/** Deletes a library image, its R2 object and the networks' converted copies of it. */
export async function deleteLibraryImage(ctx: ServiceContext, projectId: string, mediaId: string): Promise<void> {
  const { db, env } = ctx;
  const userId = ctx.caller.id;
  await ownedProject(db, userId, projectId);
  const row = await libraryRow(db, projectId, mediaId);
  const inUse = (await useCounts(db, projectId)).get(`/media/${row.publicKey}`) ?? 0;
  if (inUse > 0) {
    throw conflict(
      inUse === 1
        ? "This image is attached to 1 post that is not published yet. Remove it from that post first."
        : `This image is attached to ${inUse} posts that are not published yet. Remove it from those posts first.`,
    );
  }
  // Copies are keyed "<original key>.<network>….jpg" (media-prepare).
  const prefix = `${row.r2Key}.`;
  const copies = await db
    .select({ id: media.id, r2Key: media.r2Key })
    .from(media)
    .where(and(eq(media.projectId, projectId), eq(media.kind, "copy"), sql`substr(${media.r2Key}, 1, ${prefix.length}) = ${prefix}`))
    .all();
  const keys = [row.r2Key, ...copies.map((c) => c.r2Key)];
  // Rows first: a failed R2 delete leaves an unreachable object, never a row without its bytes.
  await db.batch([db.delete(media).where(eq(media.id, row.id)), ...copies.map((c) => db.delete(media).where(eq(media.id, c.id)))]);
  await env.BUCKET.delete(keys);
}
