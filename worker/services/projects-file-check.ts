// Brand documents are checked by their bytes, not by the name or the browser's MIME type: a file
// is stored only when its content really is the format its extension claims (DESIGN security
// rules: "Uploads are checked by content (magic bytes) and size before storage").
import type { DocumentType } from "../../schema/api/projects";

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
 * Names of the entries in a zip's central directory, or null when it is not a readable zip.
 * Only the directory is read; nothing is decompressed.
 */
export function zipEntryNames(bytes: Uint8Array): string[] | null {
  if (!startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return null;
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
  const names: string[] = [];
  const decoder = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== 0x02014b50) return null;
    const nameLen = view.getUint16(offset + 28, true);
    const extraLen = view.getUint16(offset + 30, true);
    const commentLen = view.getUint16(offset + 32, true);
    const start = offset + 46;
    if (start + nameLen > bytes.length) return null;
    names.push(decoder.decode(bytes.subarray(start, start + nameLen)));
    offset = start + nameLen + extraLen + commentLen;
  }
  return names;
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
