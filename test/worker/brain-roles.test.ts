// Passage roles (decision 182): classified at ingest, stored, returned with every match, corrected
// by the user (PATCH, kept when the document is processed again); a brain stored before roles is
// classified in the background by the re-index, with progress, keeping every document. Query Brain
// answers with the answering sentence and its source (decision 183).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { json, serviceCtx, signIn } from "./helpers";
import { deliver, quietEnv } from "./brain-test-kit";
import { classifyPassage } from "../../worker/brain/roles/classify";
import { localPassageQuestions } from "../../worker/brain/expand";
import { passagesOf } from "../../worker/services/brain/passages";
import { addTextDocument } from "../../worker/services/brain/documents";
import { indexStatusFor } from "../../worker/services/brain/reindex";
import { answeringSentence } from "../../worker/services/brain/query";
import { BRAIN } from "../../worker/services/brain/text";

const BOOK = [
  "Harbour Kites sells and repairs kites from a workshop in Whitby, opened in 2015 by Jo Marsh.",
  "",
  "Prices",
  "A beginner's stunt kite costs £45, and repairs start at £10.",
  "",
  "Brand voice: cheerful, breezy and never technical.",
  "",
  "Content pillars: kite days on the beach, repair stories, flying tips.",
  "",
  "Our customers are families on holiday and retired hobby flyers.",
  "",
  "FAQ",
  "Is there parking? Yes, six free spaces behind the workshop.",
  "Can I return a kite? Unflown kites can be returned within 30 days for a full refund.",
].join("\n");

const roleOf = (text: string) => classifyPassage(passagesOf(text, BRAIN.segmentChars)[0]!);

describe("passage roles", { timeout: 60_000 }, () => {
  it("the classifier reads the shape, the label and the text", () => {
    expect(roleOf("Brand voice: cheerful, breezy and never technical.")).toBe("voice");
    expect(roleOf("Content pillars: kite days, repair stories.")).toBe("pillars");
    expect(roleOf("Our customers are families on holiday and retired hobby flyers.")).toBe("audience");
    expect(roleOf("Competitors sell cheap kites online; we repair every kite we sell.")).toBe("competitors");
    expect(roleOf("We plan to open a second workshop in Scarborough next year.")).toBe("goals");
    expect(roleOf("Prices\nA beginner's kite costs £45.")).toBe("offer");
    expect(roleOf("Is there parking? Yes, six free spaces.")).toBe("faq");
    expect(roleOf("Call us on 01947 600 600, Monday to Friday, 9am to 5pm.")).toBe("contact");
    expect(roleOf("Over 4,000 customers have flown our kites, and 92% of them come back.")).toBe("proof");
    expect(roleOf("We believe kites should be mended, not thrown away.")).toBe("values");
    expect(roleOf("Jo Marsh opened the workshop in 2015 after twenty years as a sailmaker.")).toBe("story");
    expect(roleOf("The workshop sells kites, lines and spare spars.")).toBe("fact");
  });

  it("the local engine's questions come from the role and the passage's noun phrases", () => {
    const qs = localPassageQuestions("A beginner's stunt kite costs £45.", "offer");
    expect(qs.some((q) => /cost/.test(q))).toBe(true);
    expect(localPassageQuestions("Our customers are families on holiday.", "audience").join(" ")).toMatch(/Who are your customers\?/);
  });

  it("ingest stores each passage's role; a query returns it with the answering sentence and its source; the user corrects a role", async () => {
    const user = await signIn();
    const { e, sent } = quietEnv();
    const doc = await addTextDocument(serviceCtx(user, e), user.projectId, { title: "Brand book", content: BOOK });
    for (let i = 0; i < 10 && sent.length > 0; i++) await deliver(e, sent.splice(0));
    const rows = await env.DB.prepare("select id, content, role, role_source from brain_segments where document_id = ? order by segment_index")
      .bind(doc.id)
      .all<{ id: string; content: string; role: string; role_source: string }>();
    const byText = (re: RegExp) => rows.results.find((r) => re.test(r.content))!;
    expect(byText(/^Brand voice/).role).toBe("voice");
    expect(byText(/^Content pillars/).role).toBe("pillars");
    expect(byText(/families on holiday/).role).toBe("audience");
    expect(byText(/^Is there parking\? Yes, six free spaces/).role).toBe("faq");
    expect(byText(/^Prices: A beginner's stunt kite costs £45/).role).toBe("offer");
    expect(rows.results.every((r) => r.role_source === "auto")).toBe(true);

    const res = await json(user, "POST", `/api/projects/${user.projectId}/brain/query`, { question: "Can I park at the workshop?" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      confidence: string;
      answer: { text: string; document_title: string; role: string } | null;
      matches: { content: string; role: string }[];
    };
    expect(body.matches[0]!.content).toMatch(/parking/);
    expect(body.matches[0]!.role).toBe("faq");
    expect(body.confidence).toBe("clear");
    expect(body.answer).toMatchObject({ text: "Six free spaces behind the workshop.", document_title: "Brand book", role: "faq" });

    // The user corrects a role; processing the document again keeps the correction.
    const target = byText(/families on holiday/);
    const patched = await json(user, "PATCH", `/api/projects/${user.projectId}/brain/segments/${encodeURIComponent(target.id)}`, { role: "fact" });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ id: target.id, role: "fact", role_source: "user" });
    await env.DB.prepare("update brain_documents set status = 'queued' where id = ?").bind(doc.id).run();
    await deliver(e, [{ kind: "process-document", projectId: user.projectId, documentId: doc.id }]);
    const again = await env.DB.prepare("select role, role_source from brain_segments where document_id = ? and content = ?")
      .bind(doc.id, target.content)
      .first();
    expect(again).toEqual({ role: "fact", role_source: "user" });

    // Bad input changes nothing: an unknown role (400 with the field), an unknown passage (404), another user (404).
    const bad = await json(user, "PATCH", `/api/projects/${user.projectId}/brain/segments/${encodeURIComponent(target.id)}`, { role: "gossip" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { fields: { role: "Please choose one of the passage roles" } } });
    expect((await json(user, "PATCH", `/api/projects/${user.projectId}/brain/segments/nope`, { role: "fact" })).status).toBe(404);
    const other = await signIn();
    expect((await json(other, "PATCH", `/api/projects/${user.projectId}/brain/segments/${encodeURIComponent(target.id)}`, { role: "team" })).status).toBe(404);
    expect(await env.DB.prepare("select role from brain_segments where id = ?").bind(target.id).first()).toEqual({ role: "fact" });
  });

  it("a brain stored before roles is classified by the background re-index, with progress, keeping every document", async () => {
    const user = await signIn();
    const { e, sent } = quietEnv();
    const doc = await addTextDocument(serviceCtx(user, e), user.projectId, { title: "Brand book", content: BOOK });
    for (let i = 0; i < 10 && sent.length > 0; i++) await deliver(e, sent.splice(0));
    const count = async () => (await env.DB.prepare("select count(*) as n from brain_segments where document_id = ?").bind(doc.id).first<{ n: number }>())!.n;
    const segments = await count();
    await env.DB.prepare("update brain_segments set role = null, questions = null where project_id = ?").bind(user.projectId).run();

    const stale = await indexStatusFor(serviceCtx(user, e), user.projectId);
    expect(stale).toMatchObject({ total: segments, done: 0, reindexing: true });
    expect(sent).toEqual([{ kind: "reindex", projectId: user.projectId }]);
    for (let i = 0; i < 10 && sent.length > 0; i++) await deliver(e, sent.splice(0));
    expect(await indexStatusFor(serviceCtx(user, e), user.projectId)).toMatchObject({ total: segments, done: segments, reindexing: false });
    expect(await count()).toBe(segments);
    const voice = await env.DB.prepare("select role, questions from brain_segments where document_id = ? and content like 'Brand voice%'")
      .bind(doc.id)
      .first<{ role: string; questions: string }>();
    expect(voice!.role).toBe("voice");
    expect(voice!.questions).toMatch(/tone of voice/);
  });

  it("the answering sentence: the sentence sharing the question's words, never the FAQ's own question, no bare 'Yes,'", () => {
    expect(answeringSentence("Is there parking? Yes, six free spaces behind the workshop.", "Where can I park?")).toBe("Six free spaces behind the workshop.");
    expect(answeringSentence("Prices: A beginner's stunt kite costs £45. Repairs start at £10.", "How much is a repair?")).toBe("Repairs start at £10.");
    expect(answeringSentence("Prices: A beginner's stunt kite costs £45. Repairs start at £10.", "How much is a stunt kite?")).toBe(
      "Prices: A beginner's stunt kite costs £45.",
    );
  });
});

describe("overview from role passages (decision 184)", () => {
  it("the book's content pillars become the content themes, as the book names them", async () => {
    const { pillarsOf } = await import("../../worker/brain/overview");
    expect(pillarsOf(["kite days on the beach, repair stories, and flying tips."])).toEqual(["Kite days on the beach", "Repair stories", "Flying tips"]);
  });

  it("a brain with a pillars line and a competitors line: the summary uses them", async () => {
    const user = await signIn();
    const { e, sent } = quietEnv();
    await addTextDocument(serviceCtx(user, e), user.projectId, {
      title: "Brand book",
      content: `${BOOK}\n\nCompetitors sell cheap kites online; we repair every kite we sell.`,
    });
    for (let i = 0; i < 10 && sent.length > 0; i++) await deliver(e, sent.splice(0));
    const res = await json(user, "GET", `/api/projects/${user.projectId}/brain/summary`);
    const summary = (await res.json()) as { content_themes: string[]; positioning: string };
    expect(summary.content_themes).toEqual(["Kite days on the beach", "Repair stories", "Flying tips"]);
    expect(summary.positioning).toBe("Competitors sell cheap kites online; we repair every kite we sell.");
  });
});
