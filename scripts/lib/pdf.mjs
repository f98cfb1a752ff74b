// A minimal PDF file from its objects (object 1 is the catalog): the cross-reference table and
// trailer written with exact byte offsets, so unpdf and PDF readers open it. Used to make the
// brain's PDF fixtures (test/fixtures/brain/make-fixtures.mjs) and the bench's large PDF.

/** The file's bytes; `trailerExtra` adds entries to the trailer (e.g. "/Encrypt 9 0 R "). */
export function pdfFile(objects, trailerExtra = "") {
  let out = "%PDF-1.4\n%\xE2\xE3\xCF\xD3\n";
  const offsets = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}
