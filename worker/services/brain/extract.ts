// Text extraction for brain uploads, in the Worker. Files are checked by their content (magic
// bytes), not by the name or type the browser sent (docs/architecture.md security rules): a .pdf must start
// like a PDF, a .docx must be a zip holding word/document.xml, a .txt must be UTF-8 text.
// Encrypted, empty and legacy .doc files are refused with a message the user can act on.
import { strFromU8 } from "fflate";
import { checkZipDirectory, inflateEntryBounded, readZipDirectory, ZipBoundsError } from "../../lib/zip-bounds";

const BRAIN_FILE_TYPES = ["pdf", "doc", "docx", "txt"] as const;
export type BrainFileType = (typeof BRAIN_FILE_TYPES)[number];
/** Largest upload accepted (bytes) and largest extracted text kept (characters). */
export const MAX_BRAIN_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_BRAIN_TEXT_CHARS = 2_000_000;

export const EXTRACT_MESSAGES = {
  unsupported: "Only PDF, DOC, DOCX and TXT files are supported",
  tooLarge: "File is too large (max 10 MB)",
  mismatch: (ext: string) => `The file content does not match its type (.${ext})`,
  legacyDoc: "Legacy .doc files are not supported; please save as .docx or PDF",
  encrypted: "This file is encrypted or password protected; please upload an unprotected copy",
  empty: "No text could be extracted from this file",
  emptyFile: "The file is empty",
  badPdf: "This PDF could not be read",
  badDocx: "This DOCX file could not be read",
  docxTooLarge: "This DOCX file unpacks to too much data (max 64 MB uncompressed)",
  pdfTooManyPages: "This PDF has too many pages (max 500)",
  notUtf8: "Text files must be UTF-8 encoded",
  tooLong: "The document text is too long (max 2,000,000 characters)",
} as const;

export class ExtractError extends Error {}

function fileTypeFromName(name: string): BrainFileType | null {
  const ext = name.toLowerCase().split(".").pop() ?? "";
  return (BRAIN_FILE_TYPES as readonly string[]).includes(ext) ? (ext as BrainFileType) : null;
}

const startsWith = (b: Uint8Array, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];

function isPdf(b: Uint8Array): boolean {
  // The header may be preceded by junk within the first 1024 bytes (PDF 1.7, 7.5.2).
  const head = new TextDecoder("latin1").decode(b.subarray(0, 1024));
  return head.includes("%PDF-");
}

/** An OLE container holding "EncryptionInfo" is an encrypted OOXML (docx) file. */
function isEncryptedOoxml(b: Uint8Array): boolean {
  const needle = [..."EncryptionInfo"].flatMap((ch) => [ch.charCodeAt(0), 0]);
  outer: for (let i = 0; i + needle.length <= b.length; i++) {
    for (let j = 0; j < needle.length; j++) if (b[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/** Detects the real type from the bytes and checks it against the file name's extension. */
export function checkFile(name: string, bytes: Uint8Array): BrainFileType {
  const ext = fileTypeFromName(name);
  if (!ext) throw new ExtractError(EXTRACT_MESSAGES.unsupported);
  if (bytes.byteLength === 0) throw new ExtractError(EXTRACT_MESSAGES.emptyFile);
  if (bytes.byteLength > MAX_BRAIN_FILE_BYTES) throw new ExtractError(EXTRACT_MESSAGES.tooLarge);
  if (startsWith(bytes, OLE)) {
    if (isEncryptedOoxml(bytes)) throw new ExtractError(EXTRACT_MESSAGES.encrypted);
    if (ext === "doc") throw new ExtractError(EXTRACT_MESSAGES.legacyDoc);
    throw new ExtractError(EXTRACT_MESSAGES.mismatch(ext));
  }
  switch (ext) {
    case "pdf":
      if (!isPdf(bytes)) throw new ExtractError(EXTRACT_MESSAGES.mismatch(ext));
      return "pdf";
    case "docx":
    case "doc":
      // A .doc that is really a .docx (zip) is read as one; anything else is not a Word file.
      if (!startsWith(bytes, ZIP)) throw new ExtractError(EXTRACT_MESSAGES.mismatch(ext));
      return "docx";
    case "txt":
      if (isPdf(bytes) || startsWith(bytes, ZIP) || bytes.subarray(0, 8192).includes(0)) {
        throw new ExtractError(EXTRACT_MESSAGES.mismatch(ext));
      }
      return "txt";
  }
}

/** Collapses runs of spaces, keeps paragraph breaks. */
export function normalizeText(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .replace(/[\t\f\v\u00a0 ]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** PDFs are bounded by pages (each page is parsed) and by text (stopped once over the text cap). */
const MAX_PDF_PAGES = 500;

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { getDocumentProxy } = await import("unpdf");
  let pdf;
  try {
    // pdf.js takes ownership of the buffer: give it a copy.
    pdf = await getDocumentProxy(bytes.slice());
  } catch (err) {
    const name = (err as { name?: string })?.name ?? "";
    if (name === "PasswordException" || /password|encrypt/i.test(String((err as Error)?.message))) {
      throw new ExtractError(EXTRACT_MESSAGES.encrypted);
    }
    throw new ExtractError(EXTRACT_MESSAGES.badPdf);
  }
  try {
    if (pdf.numPages > MAX_PDF_PAGES) throw new ExtractError(EXTRACT_MESSAGES.pdfTooManyPages);
    // Page by page, so a PDF whose text runs past the cap stops there instead of being read whole.
    const pages: string[] = [];
    let chars = 0;
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      const text = content.items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : "")).join("");
      page.cleanup();
      chars += text.length;
      if (chars > MAX_BRAIN_TEXT_CHARS * 2) throw new ExtractError(EXTRACT_MESSAGES.tooLong);
      pages.push(text);
    }
    return pages.join("\n\n");
  } catch (err) {
    if (err instanceof ExtractError) throw err;
    throw new ExtractError(EXTRACT_MESSAGES.badPdf);
  } finally {
    await pdf.destroy().catch(() => {});
  }
}

const XML_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
function decodeXml(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === "#") {
      const code = e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : m;
    }
    return XML_ENTITIES[e.toLowerCase()] ?? m;
  });
}

/** Text of a WordprocessingML body: paragraphs become lines, w:t runs are joined. */
export function docxXmlToText(xml: string): string {
  const out: string[] = [];
  const re = /<w:p[ >/]|<\/w:p>|<w:t(?: [^>]*)?>([\s\S]*?)<\/w:t>|<w:tab\/>|<w:br[^>]*\/>|<w:cr\/>/g;
  let line = "";
  for (let m = re.exec(xml); m; m = re.exec(xml)) {
    const tag = m[0];
    if (tag.startsWith("<w:t")) {
      if (tag.startsWith("<w:tab")) line += "\t";
      else line += decodeXml(m[1] ?? "");
    } else if (tag === "</w:p>" || tag.startsWith("<w:br") || tag === "<w:cr/>") {
      out.push(line);
      line = "";
    }
  }
  if (line) out.push(line);
  return out.join("\n");
}

/** The body of a DOCX, unpacked within lib/zip-bounds.ts's limits (a zip bomb stops early). */
function docxText(bytes: Uint8Array): string {
  const entries = readZipDirectory(bytes);
  if (!entries) throw new ExtractError(EXTRACT_MESSAGES.badDocx);
  let xml: Uint8Array | null;
  try {
    checkZipDirectory(entries);
    xml = inflateEntryBounded(bytes, "word/document.xml");
  } catch (err) {
    if (err instanceof ZipBoundsError) {
      throw new ExtractError(err.reason === "corrupt" ? EXTRACT_MESSAGES.badDocx : EXTRACT_MESSAGES.docxTooLarge);
    }
    throw err;
  }
  if (!xml) throw new ExtractError(EXTRACT_MESSAGES.badDocx);
  return docxXmlToText(strFromU8(xml));
}

function txtText(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new ExtractError(EXTRACT_MESSAGES.notUtf8);
  }
}

/** The readable text of an uploaded file, or an ExtractError with a message for the user. */
export async function extractText(name: string, bytes: Uint8Array): Promise<{ type: BrainFileType; text: string }> {
  const type = checkFile(name, bytes);
  const raw = type === "pdf" ? await pdfText(bytes) : type === "docx" ? docxText(bytes) : txtText(bytes);
  const text = normalizeText(raw);
  if (!text) throw new ExtractError(EXTRACT_MESSAGES.empty);
  if (text.length > MAX_BRAIN_TEXT_CHARS) throw new ExtractError(EXTRACT_MESSAGES.tooLong);
  return { type, text };
}
