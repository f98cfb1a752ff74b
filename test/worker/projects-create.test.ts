import { env } from "cloudflare:workers";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { MAX_DOCUMENT_BYTES, MAX_WIZARD_DOCUMENTS, type Project } from "../../schema/api/projects";
import { call, expectError, json, ownedProjectShape, signIn, type TestUser } from "./helpers";

const DETAILS = {
  name: "Acme Coffee",
  industry: "technology",
  brand_voice: "casual",
  description: "Small-batch coffee roasted in Lisbon",
};

const pdf = () => new Uint8Array([...strToU8("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n")]);
const doc = () => {
  const bytes = new Uint8Array(1024);
  bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  return bytes;
};
const docx = () =>
  zipSync({
    "[Content_Types].xml": strToU8("<Types/>"),
    "word/document.xml": strToU8("<w:document><w:body>Brand book</w:body></w:document>"),
  });
const txt = (s = "Our brand is warm, direct and a bit funny.\n") => strToU8(s);

type Part = { name: string; bytes: Uint8Array<ArrayBuffer> };

function form(details: Record<string, string>, files: Part[] = []): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(details)) fd.append(k, v);
  for (const f of files) fd.append("documents", new File([f.bytes], f.name));
  return fd;
}

function post(user: TestUser | null, body: FormData) {
  const headers: Record<string, string> = { origin: "http://localhost" };
  if (user) headers.cookie = user.cookie;
  return call("/api/projects", { method: "POST", headers, body });
}

async function storedDocumentObjects(): Promise<number> {
  let n = 0;
  let cursor: string | undefined;
  do {
    const page = await env.BUCKET.list({ prefix: "project-documents/", cursor });
    n += page.objects.length;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return n;
}

async function counts(userId: string) {
  const projects = await env.DB.prepare("select count(*) as n from projects where user_id = ?").bind(userId).first<{ n: number }>();
  const docs = await env.DB.prepare("select count(*) as n from project_documents").first<{ n: number }>();
  return { projects: projects?.n, docs: docs?.n, objects: await storedDocumentObjects() };
}

/** Posts the form and asserts a 400 that stored nothing; returns the error. */
async function expectRefused(user: TestUser, body: FormData) {
  const before = await counts(user.userId);
  const err = await expectError(await post(user, body), 400);
  expect(await counts(user.userId)).toEqual(before);
  return err;
}

describe("POST /api/projects", () => {
  it("creates a project from the wizard's details without documents", async () => {
    const user = await signIn();
    const res = await post(user, form(DETAILS));
    expect(res.status).toBe(201);
    const project = (await res.json()) as Project;
    expect(project).toEqual({ id: expect.any(String), ...ownedProjectShape(user, DETAILS) });
    const fetched = await json(user, "GET", `/api/projects/${project.id}`);
    expect(await fetched.json()).toEqual(project);
  });

  it("stores each accepted document in R2 under project-documents/{projectId}/ with a row", async () => {
    const user = await signIn();
    const files: Part[] = [
      { name: "deck.pdf", bytes: pdf() },
      { name: "old-brief.DOC", bytes: doc() },
      { name: "brand-book.docx", bytes: docx() },
      { name: "voice.txt", bytes: txt() },
    ];
    const res = await post(user, form(DETAILS, files));
    expect(res.status).toBe(201);
    const project = (await res.json()) as Project;
    const rows = await env.DB.prepare("select * from project_documents where project_id = ? order by rowid")
      .bind(project.id)
      .all<{ name: string; file_url: string; file_type: string; file_size: number }>();
    expect(rows.results.map((r) => r.name)).toEqual(files.map((f) => f.name));
    expect(rows.results.map((r) => r.file_type)).toEqual([
      "application/pdf",
      "application/msword",
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      "text/plain",
    ]);
    const exts = ["pdf", "doc", "docx", "txt"];
    for (const [i, row] of rows.results.entries()) {
      expect(row.file_url).toMatch(new RegExp(`^project-documents/${project.id}/[A-Za-z0-9_-]{16,}\\.${exts[i]}$`));
      const object = await env.BUCKET.get(row.file_url);
      expect(object).not.toBeNull();
      const stored = new Uint8Array(await object!.arrayBuffer());
      expect(stored).toEqual(files[i].bytes);
      expect(row.file_size).toBe(stored.byteLength);
    }
    const listed = await json(user, "GET", `/api/projects/${project.id}/documents`);
    expect(((await listed.json()) as unknown[]).length).toBe(4);
  });

  it("treats an empty file input as no document", async () => {
    const user = await signIn();
    const fd = form(DETAILS);
    fd.append("documents", new File([], ""));
    const res = await post(user, fd);
    expect(res.status).toBe(201);
    const project = (await res.json()) as Project;
    const n = await env.DB.prepare("select count(*) as n from project_documents where project_id = ?").bind(project.id).first<{ n: number }>();
    expect(n?.n).toBe(0);
  });

  it("also accepts the details as JSON", async () => {
    const user = await signIn();
    const res = await json(user, "POST", "/api/projects", DETAILS);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject(DETAILS);
  });

  it("answers 401 to an anonymous caller and stores nothing", async () => {
    const before = await storedDocumentObjects();
    await expectError(await post(null, form(DETAILS, [{ name: "a.txt", bytes: txt() }])), 401);
    expect(await storedDocumentObjects()).toBe(before);
  });

  it("refuses a body that is neither form data nor JSON", async () => {
    const user = await signIn();
    const before = await counts(user.userId);
    const res = await call("/api/projects", {
      method: "POST",
      headers: { cookie: user.cookie, origin: "http://localhost", "content-type": "text/plain" },
      body: "name=x",
    });
    await expectError(res, 400);
    expect(await counts(user.userId)).toEqual(before);
  });
});

describe("POST /api/projects validation (spec section 5)", () => {
  it.each([
    ["name", "A", "Project name must be at least 2 characters"],
    ["name", " A ", "Project name must be at least 2 characters"],
    ["name", "x".repeat(51), "Project name must be less than 50 characters"],
    ["industry", "", "Please select an industry"],
    ["industry", "x", "Please select an industry"],
    ["brand_voice", "", "Please describe your brand voice"],
    ["brand_voice", "a", "Please describe your brand voice"],
    ["description", "too short", "Please provide a brief description"],
    ["description", "         ", "Please provide a brief description"],
  ])("%s = %j -> %j, nothing stored", async (field, value, message) => {
    const user = await signIn();
    // A valid document rides along: it must not be stored either.
    const err = await expectRefused(user, form({ ...DETAILS, [field]: value }, [{ name: "voice.txt", bytes: txt() }]));
    expect(err.fields?.[field]).toBe(message);
    expect(err.message).toBe(message);
  });

  it("reports every missing field at once", async () => {
    const user = await signIn();
    const err = await expectRefused(user, form({}));
    expect(err.fields).toEqual({
      name: "Project name must be at least 2 characters",
      industry: "Please select an industry",
      brand_voice: "Please describe your brand voice",
      description: "Please provide a brief description",
    });
  });
});

describe("POST /api/projects document checks (by content)", () => {
  const cases: [string, Part, string][] = [
    ["a .pdf that is really text", { name: "deck.pdf", bytes: txt("just text, not a pdf") }, "deck.pdf is not a valid PDF file"],
    ["a .docx that is text", { name: "brief.docx", bytes: txt("not a zip") }, "brief.docx is not a valid DOCX file"],
    [
      "a .docx zip without word/ entries",
      { name: "sheet.docx", bytes: zipSync({ "xl/workbook.xml": strToU8("<workbook/>") }) },
      "sheet.docx is not a valid DOCX file",
    ],
    ["a .docx with a truncated zip", { name: "cut.docx", bytes: docx().slice(0, 40) }, "cut.docx is not a valid DOCX file"],
    ["a .doc without the OLE header", { name: "old.doc", bytes: pdf() }, "old.doc is not a valid DOC file"],
    ["a .txt with NUL bytes", { name: "bin.txt", bytes: new Uint8Array([0x68, 0x69, 0x00, 0x21]) }, "bin.txt is not a valid TXT file"],
    ["a .txt that is not UTF-8", { name: "latin.txt", bytes: new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x20, 0xff]) }, "latin.txt is not a valid TXT file"],
    ["a .png", { name: "logo.png", bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47]) }, "Only PDF, DOC, DOCX and TXT files are allowed"],
    ["a file without an extension", { name: "README", bytes: txt() }, "Only PDF, DOC, DOCX and TXT files are allowed"],
    ["a PDF renamed to .exe", { name: "setup.exe", bytes: pdf() }, "Only PDF, DOC, DOCX and TXT files are allowed"],
    ["an empty .txt", { name: "empty.txt", bytes: new Uint8Array() }, "empty.txt is empty"],
  ];

  it.each(cases)("refuses %s and stores nothing, not even the valid documents", async (_label, bad, message) => {
    const user = await signIn();
    const err = await expectRefused(user, form(DETAILS, [{ name: "ok.pdf", bytes: pdf() }, bad]));
    expect(err.fields?.["documents.1"]).toBe(message);
    expect(err.fields?.["documents.0"]).toBeUndefined();
  });

  it("refuses a document larger than the limit", async () => {
    const user = await signIn();
    const big = new Uint8Array(MAX_DOCUMENT_BYTES + 1).fill(0x61);
    const err = await expectRefused(user, form(DETAILS, [{ name: "huge.txt", bytes: big }]));
    expect(err.fields?.["documents.0"]).toBe("huge.txt is larger than 10 MB");
  });

  it("accepts a document of exactly the limit", async () => {
    const user = await signIn();
    const res = await post(user, form(DETAILS, [{ name: "max.txt", bytes: new Uint8Array(MAX_DOCUMENT_BYTES).fill(0x61) }]));
    expect(res.status).toBe(201);
  });

  it("refuses more documents than the wizard allows", async () => {
    const user = await signIn();
    const files = Array.from({ length: MAX_WIZARD_DOCUMENTS + 1 }, (_, i) => ({ name: `n${i}.txt`, bytes: txt() }));
    const err = await expectRefused(user, form(DETAILS, files));
    expect(err.fields?.documents).toBe(`At most ${MAX_WIZARD_DOCUMENTS} documents can be added`);
  });

  it("refuses documents over the total limit with a field message", async () => {
    const user = await signIn();
    const mb = 1024 * 1024;
    const sizes = [9 * mb, 9 * mb, 7.5 * mb];
    const files = sizes.map((n, i) => ({ name: `part${i}.txt`, bytes: new Uint8Array(n).fill(0x61) }));
    const err = await expectRefused(user, form(DETAILS, files));
    expect(err.fields?.documents).toBe("Documents can be at most 25 MB in total");
  });

  it("refuses an oversized body before reading it (413)", async () => {
    const user = await signIn();
    const before = await counts(user.userId);
    const files = [0, 1, 2].map((i) => ({ name: `big${i}.txt`, bytes: new Uint8Array(MAX_DOCUMENT_BYTES).fill(0x61) }));
    const err = await expectError(await post(user, form(DETAILS, files)), 413);
    expect(err.message).toBe("Documents can be at most 25 MB in total");
    expect(await counts(user.userId)).toEqual(before);
  });

  it("refuses a text value in place of a file", async () => {
    const user = await signIn();
    const fd = form(DETAILS);
    fd.append("documents", "not a file");
    const err = await expectRefused(user, fd);
    expect(err.fields?.["documents.0"]).toBe("Only PDF, DOC, DOCX and TXT files are allowed");
  });
});

describe("wizard documents feed the new project's brain", () => {
  it("adds each readable document to the brain and skips one the brain cannot read", async () => {
    const user = await signIn();
    const res = await post(
      user,
      form(DETAILS, [
        { name: "voice.txt", bytes: txt("Acme Coffee roasts single-origin beans in Lisbon every Tuesday for our subscribers.\n") },
        { name: "old.doc", bytes: doc() },
      ]),
    );
    expect(res.status).toBe(201);
    const project = (await res.json()) as Project;
    // Fed after the response (waitUntil): poll briefly for the brain rows.
    let rows: { title: string; type: string }[] = [];
    for (let i = 0; i < 100 && rows.length === 0; i++) {
      rows = (await env.DB.prepare("select title, type from brain_documents where project_id = ?").bind(project.id).all<{ title: string; type: string }>())
        .results;
      if (rows.length === 0) await new Promise((r) => setTimeout(r, 20));
    }
    expect(rows).toEqual([{ title: "voice", type: "document" }]);
    // Both files stay stored with the project itself.
    const docs = await env.DB.prepare("select count(*) as n from project_documents where project_id = ?").bind(project.id).first<{ n: number }>();
    expect(docs?.n).toBe(2);
  });
});
