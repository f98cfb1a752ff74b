// Brand documents are checked by their bytes, not by the name or the browser's MIME type: a file
// is stored only when its content really is the format its extension claims (docs/architecture.md security
// rules: "Uploads are checked by content (magic bytes) and size before storage").
import type { DocumentType } from "../../../schema/api/projects";
import { checkZipDirectory, inflateEntryBounded, readZipDirectory, ZipBoundsError } from "../../lib/zip-bounds";

const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

export const DOCUMENT_MIME: Record<DocumentType, string> = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  txt: "text/plain",
};

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  if (bytes.length < magic.length) return false;
  return magic.every((b, i) => bytes[i] === b);
}

const ascii = (s: string) => [...s].map((ch) => ch.charCodeAt(0));

/**
 * A DOCX within the unpacking bounds of lib/zip-bounds.ts: a directory of sane size, and its
 * document body inflating (streamed, capped) to no more than the cap. A zip bomb is refused here,
 * before it is stored, not later by the brain.
 */
export function docxWithinBounds(bytes: Uint8Array): boolean {
  const entries = readZipDirectory(bytes);
  if (!entries) return false;
  try {
    checkZipDirectory(entries);
    inflateEntryBounded(bytes, "word/document.xml");
    return true;
  } catch (err) {
    if (err instanceof ZipBoundsError) return false;
    throw err;
  }
}

/**
 * Names of the entries in a zip's central directory, or null when it is not a readable zip.
 * Only the directory is read; nothing is decompressed.
 */
function zipEntryNames(bytes: Uint8Array): string[] | null {
  return readZipDirectory(bytes)?.map((e) => e.name) ?? null;
}

function isPlainText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** True when the bytes are really a document of the given type. */
export function contentMatches(type: DocumentType, bytes: Uint8Array): boolean {
  switch (type) {
    case "pdf":
      return startsWith(bytes, ascii("%PDF-"));
    case "doc":
      return startsWith(bytes, OLE_MAGIC);
    case "docx": {
      const names = zipEntryNames(bytes);
      return !!names && names.some((n) => n.startsWith("word/"));
    }
    case "txt":
      return isPlainText(bytes);
  }
}
