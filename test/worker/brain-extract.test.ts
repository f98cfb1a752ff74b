import { describe, expect, it } from "vitest";
import { checkFile, docxXmlToText, EXTRACT_MESSAGES, extractText, MAX_BRAIN_FILE_BYTES } from "../../worker/services/brain/extract";
import { fixtureBytes } from "../fixtures/brain/fixtures";

const enc = (s: string) => new TextEncoder().encode(s);

describe("brain file extraction", () => {
  it("extracts the text of a real PDF with unpdf", async () => {
    const { type, text } = await extractText("Brand Guide.PDF", fixtureBytes("brand-guide.pdf"));
    expect(type).toBe("pdf");
    expect(text).toContain("Acme Trail Co. makes lightweight hiking backpacks from recycled ocean plastic.");
    expect(text).toContain("The Summit 30 pack weighs under one kilogram");
  }, 60_000); // the first use loads pdf.js

  it("extracts the paragraphs of a real DOCX (split runs joined)", async () => {
    const { type, text } = await extractText("brand.docx", fixtureBytes("brand-guide.docx"));
    expect(type).toBe("docx");
    expect(text.split("\n")).toEqual([
      "Northwind Coffee Roasters",
      "We roast single-origin beans in small batches every Monday in Portland.",
      "Our customers are home baristas and independent cafes that value traceable sourcing.",
      "The Morning Ritual subscription ships freshly roasted coffee every two weeks.",
    ]);
  });

  it("reads UTF-8 text files (BOM dropped, whitespace tidied)", async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...enc("Café  crème\r\n\r\n\r\nSecond line ✓")]);
    expect((await extractText("notes.txt", bytes)).text).toBe("Café crème\n\nSecond line ✓");
  });

  it("refuses legacy .doc with a clear message", async () => {
    await expect(extractText("old.doc", fixtureBytes("legacy.doc"))).rejects.toThrow(EXTRACT_MESSAGES.legacyDoc);
  });

  it("refuses encrypted PDFs and PDFs without text", async () => {
    await expect(extractText("secret.pdf", fixtureBytes("encrypted.pdf"))).rejects.toThrow(EXTRACT_MESSAGES.encrypted);
    await expect(extractText("scan.pdf", fixtureBytes("no-text.pdf"))).rejects.toThrow(EXTRACT_MESSAGES.empty);
  });

  it("refuses an encrypted DOCX (an OLE container holding EncryptionInfo)", () => {
    const ole = new Uint8Array(2048);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    ole.set(
      [..."EncryptionInfo"].flatMap((c) => [c.charCodeAt(0), 0]),
      600,
    );
    expect(() => checkFile("locked.docx", ole)).toThrow(EXTRACT_MESSAGES.encrypted);
  });

  it("checks content against the extension (magic bytes)", async () => {
    await expect(extractText("fake.pdf", enc("just some text pretending to be a pdf"))).rejects.toThrow(EXTRACT_MESSAGES.mismatch("pdf"));
    await expect(extractText("fake.docx", fixtureBytes("brand-guide.pdf"))).rejects.toThrow(EXTRACT_MESSAGES.mismatch("docx"));
    await expect(extractText("image.txt", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))).rejects.toThrow(
      EXTRACT_MESSAGES.mismatch("txt"),
    );
    await expect(extractText("pdf.txt", fixtureBytes("brand-guide.pdf"))).rejects.toThrow(EXTRACT_MESSAGES.mismatch("txt"));
    await expect(extractText("latin1.txt", new Uint8Array([0x63, 0x61, 0x66, 0xe9]))).rejects.toThrow(EXTRACT_MESSAGES.notUtf8);
    await expect(extractText("zip.docx", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).rejects.toThrow(EXTRACT_MESSAGES.badDocx);
    await expect(extractText("photo.png", enc("x"))).rejects.toThrow(EXTRACT_MESSAGES.unsupported);
  });

  it("refuses empty and oversized files", async () => {
    await expect(extractText("empty.txt", new Uint8Array())).rejects.toThrow(EXTRACT_MESSAGES.emptyFile);
    await expect(extractText("blank.txt", enc("  \n\t  "))).rejects.toThrow(EXTRACT_MESSAGES.empty);
    expect(() => checkFile("big.txt", new Uint8Array(MAX_BRAIN_FILE_BYTES + 1))).toThrow(EXTRACT_MESSAGES.tooLarge);
  });

  it("reads WordprocessingML entities, tabs and breaks", () => {
    const xml =
      '<w:body><w:p><w:r><w:t>A &amp; B</w:t><w:tab/><w:t xml:space="preserve">C </w:t><w:br/><w:t>D&#233;</w:t></w:r></w:p><w:tbl><w:tr><w:tc><w:p><w:r><w:t>cell</w:t></w:r></w:p></w:tc></w:tr></w:tbl></w:body>';
    expect(docxXmlToText(xml)).toBe("A & B\tC \nDé\ncell");
  });
});
