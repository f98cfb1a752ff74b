import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createAiEngine } from "../../worker/adapters/ai";
import type { BrainDocumentDto, BrainQueryResponse, BrainSummary } from "../../schema/api/brain";
import { EXTRACT_MESSAGES } from "../../worker/services/brain/extract";
import { fixtureBytes } from "../fixtures/brain/fixtures";
import { call, expectError, json, ORIGIN, signIn, type TestUser } from "./helpers";
import { BRAND_TEXT, count } from "./brain-test-kit";

const base = (u: { projectId: string }) => `/api/projects/${u.projectId}/brain`;

function upload(u: TestUser, projectId: string, name: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name));
  return call(`/api/projects/${projectId}/brain/documents`, { method: "POST", headers: { cookie: u.cookie, origin: ORIGIN }, body: form });
}

/** The real brain-jobs queue runs in the background: wait until the document is finished. */
async function waitReady(u: TestUser, id: string): Promise<BrainDocumentDto> {
  for (let i = 0; i < 100; i++) {
    const doc = (await (await json(u, "GET", `${base(u)}/documents/${id}`)).json()) as BrainDocumentDto;
    if (doc.status === "ready" || doc.status === "failed") return doc;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("document never finished");
}

describe("brain API: adding documents", () => {
  it("validates typed text with the spec's messages and stores nothing", async () => {
    const u = await signIn();
    let err = await expectError(await json(u, "POST", `${base(u)}/documents`, { title: "  ", content: "Some text" }), 400);
    expect(err.message).toBe("Please enter a document title");
    err = await expectError(await json(u, "POST", `${base(u)}/documents`, { title: "Notes", content: " \n " }), 400);
    expect(err.message).toBe("Content cannot be empty");
    expect(err.fields).toEqual({ content: "Content cannot be empty" });
    await expectError(await call(`${base(u)}/documents`, { method: "POST", headers: u.headers, body: "{not json" }), 400);
    expect(await count("select count(*) as n from brain_documents where project_id = ?", u.projectId)).toBe(0);
  });

  it("accepts text, queues it, and the queue consumer makes it ready and queryable", async () => {
    const u = await signIn();
    const res = await json(u, "POST", `${base(u)}/documents`, { title: "About Acme", content: BRAND_TEXT });
    expect(res.status).toBe(202);
    const doc = (await res.json()) as BrainDocumentDto;
    expect(doc).toMatchObject({ title: "About Acme", type: "document", status: "queued", project_id: u.projectId });
    expect(await (await env.BUCKET.get(`brain-sources/${u.projectId}/${doc.id}.txt`))!.text()).toBe(BRAND_TEXT);

    const ready = await waitReady(u, doc.id);
    expect(ready).toMatchObject({ status: "ready", progress_done: 2, progress_total: 2, error_message: null });

    const q = await json(u, "POST", `${base(u)}/query`, { question: "How much does the Summit 30 daypack weigh?" });
    expect(q.status).toBe(200);
    const answered = (await q.json()) as BrainQueryResponse;
    const matches = answered.matches;
    expect(matches.length).toBeGreaterThan(0);
    expect(matches.length).toBeLessThanOrEqual(3);
    expect(matches[0]!.content).toContain("Summit 30");
    const threshold = createAiEngine(env).matchThreshold;
    for (const m of matches) expect(m.similarity).toBeGreaterThanOrEqual(threshold);
    expect(matches.map((m) => m.similarity)).toEqual([...matches.map((m) => m.similarity)].sort((a, b) => b - a));

    // Below the engine's threshold nothing comes back.
    const none = (await (await json(u, "POST", `${base(u)}/query`, { question: "zzqx vbnm plokij" })).json()) as BrainQueryResponse;
    expect(none.matches).toEqual([]);
    expect(none.answer).toBeNull();
    await expectError(await json(u, "POST", `${base(u)}/query`, { question: "   " }), 400);

    const summary = (await (await json(u, "GET", `${base(u)}/summary`)).json()) as BrainSummary;
    expect(summary.placeholder).toBe(false);
    expect(summary.engine).toBe("local");
    expect(summary.elevator_pitch).not.toBe("Add content to generate an elevator pitch");
    expect(summary.topics.length).toBeGreaterThan(0);
    expect(summary.topics.length).toBeLessThanOrEqual(5);
  }, 60_000);

  it("uploads PDF, DOCX and TXT files checked by content", async () => {
    const u = await signIn();
    const pdf = await upload(u, u.projectId, "brand-guide.pdf", fixtureBytes("brand-guide.pdf"));
    expect(pdf.status).toBe(202);
    const pdfDoc = (await pdf.json()) as BrainDocumentDto;
    expect(pdfDoc).toMatchObject({ title: "brand-guide", source_name: "brand-guide.pdf", type: "document", status: "queued" });
    expect(pdfDoc.content).toContain("recycled ocean plastic");

    const docx = (await (await upload(u, u.projectId, "Northwind.docx", fixtureBytes("brand-guide.docx"))).json()) as BrainDocumentDto;
    expect(docx.content).toContain("We roast single-origin beans");
    const txt = (await (await upload(u, u.projectId, "notes.txt", new TextEncoder().encode("Plain notes about our brand voice."))).json()) as BrainDocumentDto;
    expect(txt.title).toBe("notes");

    const before = await count("select count(*) as n from brain_documents where project_id = ?", u.projectId);
    for (const [name, bytes, message] of [
      ["old.doc", fixtureBytes("legacy.doc"), EXTRACT_MESSAGES.legacyDoc],
      ["locked.pdf", fixtureBytes("encrypted.pdf"), EXTRACT_MESSAGES.encrypted],
      ["fake.pdf", new TextEncoder().encode("not a pdf at all"), EXTRACT_MESSAGES.mismatch("pdf")],
      ["empty.txt", new Uint8Array(), EXTRACT_MESSAGES.emptyFile],
      ["photo.png", new Uint8Array([0x89, 0x50, 0x4e, 0x47]), EXTRACT_MESSAGES.unsupported],
    ] as const) {
      const err = await expectError(await upload(u, u.projectId, name, bytes), 400);
      expect(err.message).toBe(message);
    }
    expect(await count("select count(*) as n from brain_documents where project_id = ?", u.projectId)).toBe(before);
  }, 60_000);

  // Bad input a person may paste or upload: empty text, a 10 MB paste, a binary file named .txt.
  it("refuses an empty paste, a 10 MB paste and a binary file named .txt with their messages, and changes nothing", async () => {
    const u = await signIn();
    await json(u, "POST", `${base(u)}/documents`, { title: "Kept", content: "Our brand note stays as it is." });
    const before = await count("select count(*) as n from brain_documents where project_id = ?", u.projectId);
    const empty = await expectError(await json(u, "POST", `${base(u)}/documents`, { title: "Empty", content: "" }), 400);
    expect(empty.message).toBe("Content cannot be empty");
    const huge = await expectError(await json(u, "POST", `${base(u)}/documents`, { title: "Huge", content: "brand text ".repeat(1_000_000) }), 413);
    expect(huge.code).toBe("too_large");
    expect(huge.message).toBe("The request body is too large (max 8 MB)");
    const binary = new Uint8Array(4096).map((_, i) => (i * 37) % 256);
    const bin = await expectError(await upload(u, u.projectId, "notes.txt", binary), 400);
    expect(bin.message).toBe(EXTRACT_MESSAGES.mismatch("txt"));
    const latin1 = await expectError(
      await upload(u, u.projectId, "notes.txt", new Uint8Array([0x43, 0x61, 0x66, 0xe9, 0x20, 0x6e, 0x6f, 0x74, 0x65, 0x73])),
      400,
    );
    expect(latin1.message).toBe(EXTRACT_MESSAGES.notUtf8);
    expect(await count("select count(*) as n from brain_documents where project_id = ?", u.projectId)).toBe(before);
    expect(await count("select count(*) as n from brain_documents where project_id = ? and title in ('Empty', 'Huge', 'notes')", u.projectId)).toBe(0);
  }, 60_000);

  it("lists newest first, shows one document, deletes it", async () => {
    const u = await signIn();
    const a = (await (
      await json(u, "POST", `${base(u)}/documents`, { title: "First", content: "First brand note about sustainability." })
    ).json()) as BrainDocumentDto;
    await new Promise((r) => setTimeout(r, 5));
    const b = (await (
      await json(u, "POST", `${base(u)}/documents`, { title: "Second", content: "Second brand note about our audience." })
    ).json()) as BrainDocumentDto;
    const list = (await (await json(u, "GET", `${base(u)}/documents`)).json()) as BrainDocumentDto[];
    expect(list.map((d) => d.id)).toEqual([b.id, a.id]);
    const one = (await (await json(u, "GET", `${base(u)}/documents/${a.id}`)).json()) as BrainDocumentDto;
    expect(one.content).toBe("First brand note about sustainability.");
    await waitReady(u, a.id);
    expect((await json(u, "DELETE", `${base(u)}/documents/${a.id}`)).status).toBe(204);
    await expectError(await json(u, "GET", `${base(u)}/documents/${a.id}`), 404);
    await expectError(await json(u, "DELETE", `${base(u)}/documents/${a.id}`), 404);
    expect(await count("select count(*) as n from brain_segments where document_id = ?", a.id)).toBe(0);
  }, 60_000);

  it("returns the placeholder summary when there are no documents", async () => {
    const u = await signIn();
    const s = (await (await json(u, "GET", `${base(u)}/summary`)).json()) as BrainSummary;
    expect(s).toMatchObject({
      elevator_pitch: "Add content to generate an elevator pitch",
      value_props: [],
      content_themes: [],
      placeholder: true,
      topics: [],
      insights: {},
    });
  });
});

describe("brain API: ownership", () => {
  it("answers 404 for every brain endpoint of another user's project, and 401 when signed out", async () => {
    const owner = await signIn();
    const other = await signIn();
    const doc = (await (await json(owner, "POST", `${base(owner)}/documents`, { title: "Private", content: BRAND_TEXT })).json()) as BrainDocumentDto;
    await waitReady(owner, doc.id);
    const p = base(owner);
    await expectError(await json(other, "GET", `${p}/documents`), 404);
    await expectError(await json(other, "POST", `${p}/documents`, { title: "x", content: "y" }), 404);
    await expectError(await json(other, "POST", `${p}/documents`, { url: "https://example.com" }), 404);
    await expectError(await upload(other, owner.projectId, "a.txt", new TextEncoder().encode("hello")), 404);
    await expectError(await json(other, "GET", `${p}/documents/${doc.id}`), 404);
    await expectError(await json(other, "DELETE", `${p}/documents/${doc.id}`), 404);
    await expectError(await json(other, "GET", `${p}/summary`), 404);
    await expectError(await json(other, "POST", `${p}/query`, { question: "Summit 30" }), 404);
    // The owner's document id under the other user's own project is not found either.
    await expectError(await json(other, "GET", `${base(other)}/documents/${doc.id}`), 404);
    await expectError(await json(other, "DELETE", `${base(other)}/documents/${doc.id}`), 404);
    await expectError(await json(null, "GET", `${p}/documents`), 401);
    // Nothing changed for the owner.
    expect(((await (await json(owner, "GET", `${p}/documents`)).json()) as BrainDocumentDto[]).map((d) => d.id)).toEqual([doc.id]);
    expect(await count("select count(*) as n from brain_documents where project_id = ?", other.projectId)).toBe(0);
  }, 60_000);

  it("a query never returns another project's segments", async () => {
    const a = await signIn();
    const b = await signIn();
    const docA = (await (await json(a, "POST", `${base(a)}/documents`, { title: "Acme", content: BRAND_TEXT })).json()) as BrainDocumentDto;
    const docB = (await (
      await json(b, "POST", `${base(b)}/documents`, {
        title: "Coffee",
        content: "Northwind Coffee Roasters roast single-origin beans every Monday in Portland for home baristas.",
      })
    ).json()) as BrainDocumentDto;
    await waitReady(a, docA.id);
    await waitReady(b, docB.id);
    const fromB = ((await (await json(b, "POST", `${base(b)}/query`, { question: BRAND_TEXT.slice(0, 150) })).json()) as BrainQueryResponse).matches;
    for (const m of fromB) expect(BRAND_TEXT).not.toContain(m.content);
    const fromA = (
      (await (await json(a, "POST", `${base(a)}/query`, { question: "Who roasts single-origin beans in Portland?" })).json()) as BrainQueryResponse
    ).matches;
    for (const m of fromA) expect(m.content).not.toContain("Northwind");
    const own = ((await (await json(a, "POST", `${base(a)}/query`, { question: BRAND_TEXT.slice(0, 150) })).json()) as BrainQueryResponse).matches;
    expect(own.length).toBeGreaterThan(0);
    expect(BRAND_TEXT).toContain(own[0]!.content);
  }, 60_000);
});
