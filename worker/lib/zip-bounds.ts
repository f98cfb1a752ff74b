// A DOCX is a ZIP, and a ZIP can unpack to a thousand times its size (a 150 KB "zip bomb" to
// 150 MiB). Every ZIP we read is bounded BEFORE memory is spent (docs/architecture.md security rules):
// 1. its central directory is read (nothing inflated) and refused when it lists too many entries,
//    declares too many uncompressed bytes in total, or uses ZIP64 sizes we never need;
// 2. the one entry we want is inflated with fflate's streaming Unzip, fed in small pieces, and
//    stopped the moment its real output passes the cap: the declared sizes may lie, the count
//    of bytes actually produced cannot. Memory stays within the cap plus one piece's expansion.
import { Unzip, UnzipInflate } from "fflate";

export const ZIP_LIMITS = {
  /** Entries in the central directory (a real DOCX has a few dozen). */
  maxEntries: 1000,
  /** Sum of the declared uncompressed sizes of all entries. */
  maxTotalBytes: 64 * 1024 * 1024,
  /** Real inflated bytes of the one entry read (word/document.xml of a 2M-character text fits). */
  maxEntryBytes: 32 * 1024 * 1024,
} as const;

/** Compressed bytes handed to the inflater at a time: deflate expands at most ~1032x, so 4 KiB gives <= ~4 MiB per step. */
const FEED_BYTES = 4 * 1024;

export class ZipBoundsError extends Error {
  readonly reason: "too_many_entries" | "too_large" | "corrupt";
  /** Bytes actually inflated before stopping (tests use it to prove memory stayed bounded). */
  readonly inflated: number;
  constructor(reason: ZipBoundsError["reason"], inflated = 0) {
    super(reason);
    this.reason = reason;
    this.inflated = inflated;
  }
}

export type ZipEntry = { name: string; compressedSize: number; uncompressedSize: number };

/** The central directory's entries, or null when the bytes are not a readable ZIP. Nothing is inflated. */
export function readZipDirectory(bytes: Uint8Array): ZipEntry[] | null {
  if (bytes.length < 22 || bytes[0] !== 0x50 || bytes[1] !== 0x4b || bytes[2] !== 0x03 || bytes[3] !== 0x04) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // End of central directory: 22 bytes plus a comment of at most 65535 bytes, at the end.
  const minEocd = Math.max(0, bytes.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= minEocd; i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = view.getUint16(eocd + 10, true);
  let offset = view.getUint32(eocd + 16, true);
  const entries: ZipEntry[] = [];
  const decoder = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== 0x02014b50) return null;
    const compressedSize = view.getUint32(offset + 20, true);
    const uncompressedSize = view.getUint32(offset + 24, true);
    const nameLen = view.getUint16(offset + 28, true);
    const extraLen = view.getUint16(offset + 30, true);
    const commentLen = view.getUint16(offset + 32, true);
    const start = offset + 46;
    if (start + nameLen > bytes.length) return null;
    entries.push({ name: decoder.decode(bytes.subarray(start, start + nameLen)), compressedSize, uncompressedSize });
    offset = start + nameLen + extraLen + commentLen;
  }
  return entries;
}

/** Refuses a directory over the entry-count or declared-size bounds (ZIP64 markers count as too large). */
export function checkZipDirectory(entries: ZipEntry[], limits = ZIP_LIMITS): void {
  if (entries.length > limits.maxEntries) throw new ZipBoundsError("too_many_entries");
  let total = 0;
  for (const e of entries) {
    if (e.uncompressedSize === 0xffffffff || e.compressedSize === 0xffffffff) throw new ZipBoundsError("too_large");
    total += e.uncompressedSize;
    if (total > limits.maxTotalBytes) throw new ZipBoundsError("too_large");
  }
}

/**
 * Inflates one named entry, streaming, and stops as soon as its real size passes `maxBytes`.
 * Returns null when the entry is absent. Throws ZipBoundsError for bounds and corrupt data.
 */
export function inflateEntryBounded(bytes: Uint8Array, name: string, maxBytes: number = ZIP_LIMITS.maxEntryBytes): Uint8Array | null {
  const chunks: Uint8Array[] = [];
  let inflated = 0;
  let found = false;
  let done = false;
  let failure: ZipBoundsError | null = null;
  const unzip = new Unzip((file) => {
    if (file.name !== name || found) return;
    found = true;
    file.ondata = (err, chunk, final) => {
      if (failure) return;
      if (err) {
        failure = new ZipBoundsError("corrupt", inflated);
        return;
      }
      inflated += chunk.length;
      if (inflated > maxBytes) {
        failure = new ZipBoundsError("too_large", inflated);
        file.terminate();
        return;
      }
      chunks.push(chunk);
      if (final) done = true;
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length && !failure && !done; at += FEED_BYTES) {
      const end = Math.min(at + FEED_BYTES, bytes.length);
      unzip.push(bytes.subarray(at, end), end === bytes.length);
    }
  } catch {
    if (!failure) failure = new ZipBoundsError("corrupt", inflated);
  }
  if (failure) throw failure;
  if (!found) return null;
  if (!done) throw new ZipBoundsError("corrupt", inflated);
  const out = new Uint8Array(inflated);
  let pos = 0;
  for (const c of chunks) {
    out.set(c, pos);
    pos += c.length;
  }
  return out;
}
