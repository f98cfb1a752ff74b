// Vectors of different engines are never compared: when the engine changes, the status shows the
// brain as behind, a background job re-embeds the project's segments (and document units) with
// the new engine, and queries with the new engine find the brand's passages again.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { serviceCtx, signIn } from "./helpers";
import { deliver, depsFor, quietEnv } from "./brain-test-kit";
import { LocalAiEngine } from "../../worker/adapters/ai/local/local-engine";
import { addTextDocument } from "../../worker/services/brain/documents";
import { indexStatusFor } from "../../worker/services/brain/reindex";
import { searchBrainWith } from "../../worker/services/brain/query";
import { json } from "./helpers";

const DOC =
  "Kettle Cargo builds electric cargo bikes in Utrecht for families. " +
  "Our mobile repair van comes to your home or office for servicing. " +
  "The Kettle Long battery lasts about 90 kilometres per charge. " +
  "Riders get a free safety lesson on handling and braking with a loaded box.";

describe("re-index when the AI engine changes", { timeout: 60_000 }, () => {
  it("shows the brain behind for a new engine, re-embeds it in the background, and answers again", async () => {
    const user = await signIn();
    const { e, sent } = quietEnv();
    await addTextDocument(serviceCtx(user, e), user.projectId, { title: "Brand book", content: DOC });
    for (let i = 0; i < 10 && sent.length > 0; i++) await deliver(e, sent.splice(0));

    const before = await indexStatusFor(serviceCtx(user, e), user.projectId);
    expect(before.reindexing).toBe(false);
    expect(before.done).toBe(before.total);
    expect(sent).toEqual([]);

    // Another engine (its own name and dimension): nothing of it is indexed yet.
    const other = new LocalAiEngine({ table: null, engine: "local-hashing-only" });
    const deps = depsFor(e, other);
    const stale = await indexStatusFor(serviceCtx(user, e), user.projectId, { engine: other });
    expect(stale).toMatchObject({ engine: "local-hashing-only", done: 0, reindexing: true });
    expect(stale.total).toBeGreaterThan(0);
    expect(sent).toEqual([{ kind: "reindex", projectId: user.projectId }]);
    // Meanwhile the words still match (BM25 needs no vectors).
    expect((await searchBrainWith(deps, user.projectId, "Does the mobile repair van come to my office?"))[0]?.content).toMatch(/repair van/);

    // The queue consumer re-embeds with the new engine.
    for (let i = 0; i < 20 && sent.length > 0; i++) await deliver(e, sent.splice(0), { engine: other });
    const after = await indexStatusFor(serviceCtx(user, e), user.projectId, { engine: other });
    expect(after).toMatchObject({ engine: "local-hashing-only", reindexing: false });
    expect(after.done).toBe(after.total);
    const vectors = await env.DB.prepare(
      "select kind, count(*) as n from brain_vectors where project_id = ? and engine = 'local-hashing-only' group by kind order by kind",
    )
      .bind(user.projectId)
      .all<{ kind: string; n: number }>();
    expect(vectors.results.map((r) => r.kind)).toEqual(["document", "segment"]);
    const matches = await searchBrainWith(deps, user.projectId, "Does the repair van come to my office?");
    expect(matches[0]!.content).toMatch(/mobile repair van/);
    // The old engine's vectors are untouched (never mixed, never compared).
    const old = await searchBrainWith(depsFor(e), user.projectId, "How far does the Kettle Long go on one charge?");
    expect(old[0]!.content).toMatch(/90 kilometres/);
  });

  // Decision 256: a brain stored by an older segmentation is cut again in the background.
  it("re-segments documents stored by an older segmentation, with progress, keeping every document", async () => {
    const user = await signIn();
    const { e, sent } = quietEnv();
    const deps = depsFor(e);
    const faq = [
      "Hillside Climbing is a bouldering gym in Sheffield with walls for every level.",
      "",
      "Do you rent shoes? Yes, you can hire a pair for £4 at the front desk.",
      "Is there parking? Yes, 12 free spaces behind the building.",
      "Do you do birthday parties? Yes, for ages 6 to 14 on Saturday afternoons.",
    ].join("\n");
    const a = await addTextDocument(serviceCtx(user, e), user.projectId, { title: "FAQ", content: faq });
    const b = await addTextDocument(serviceCtx(user, e), user.projectId, { title: "Brand book", content: DOC });
    for (let i = 0; i < 10 && sent.length > 0; i++) await deliver(e, sent.splice(0));
    const docsBefore = await env.DB.prepare("select id, title, status from brain_documents where project_id = ? order by id").bind(user.projectId).all();

    // As an older segmentation stored them: each question glued to the previous answer, no roles,
    // no marker of the segmentation that cut them.
    const old = [
      "Hillside Climbing is a bouldering gym in Sheffield with walls for every level. Do you rent shoes?",
      "Yes, you can hire a pair for £4 at the front desk. Is there parking?",
      "Yes, 12 free spaces behind the building. Do you do birthday parties?",
      "Yes, for ages 6 to 14 on Saturday afternoons.",
    ];
    await env.DB.batch([
      env.DB.prepare("delete from brain_segments where document_id = ?").bind(a.id),
      env.DB.prepare("delete from brain_vectors where document_id = ?").bind(a.id),
      ...old.map((content, i) =>
        env.DB.prepare("insert into brain_segments (id, project_id, document_id, content, segment_index, metadata) values (?, ?, ?, ?, ?, '{}')").bind(
          `${a.id}-old-${i}`,
          user.projectId,
          a.id,
          content,
          i,
        ),
      ),
      env.DB.prepare("update brain_documents set metadata = json_remove(metadata, '$.segmentation') where project_id = ?").bind(user.projectId),
    ]);

    const stale = await indexStatusFor(serviceCtx(user, e), user.projectId);
    expect(stale.reindexing).toBe(true);
    expect(stale.done).toBe(0); // every passage of a stale document is still to do
    expect(sent).toEqual([{ kind: "reindex", projectId: user.projectId }]);

    // One message with no time left: the first document is cut again, then the job continues in a new message.
    await deliver(e, sent.splice(0), { budgetMs: 0 });
    const midway = await indexStatusFor(serviceCtx(user, e), user.projectId);
    expect(midway.reindexing).toBe(true);
    expect(midway.done).toBeGreaterThan(0);
    expect(midway.done).toBeLessThan(midway.total);
    for (let i = 0; i < 20 && sent.length > 0; i++) await deliver(e, sent.splice(0));
    const after = await indexStatusFor(serviceCtx(user, e), user.projectId);
    expect(after).toMatchObject({ reindexing: false });
    expect(after.done).toBe(after.total);

    // Every document kept, still ready; the FAQ's questions are with their own answers now.
    const docsAfter = await env.DB.prepare("select id, title, status from brain_documents where project_id = ? order by id").bind(user.projectId).all();
    expect(docsAfter.results).toEqual(docsBefore.results);
    const segs = await env.DB.prepare("select content, role from brain_segments where document_id = ? order by segment_index")
      .bind(a.id)
      .all<{ content: string; role: string }>();
    expect(segs.results.some((s) => s.content.includes("-old-"))).toBe(false);
    const parking = segs.results.find((s) => s.content.includes("Is there parking?"))!;
    expect(parking.content).toMatch(/^Is there parking\?\s+Yes, 12 free spaces/);
    expect(parking.role).not.toBeNull();
    const matches = await searchBrainWith(deps, user.projectId, "Is there parking?");
    expect(matches[0]!.content).toMatch(/12 free spaces/);
    expect((await env.DB.prepare("select count(*) as n from brain_segments where document_id = ?").bind(b.id).first<{ n: number }>())!.n).toBeGreaterThan(0);
  });

  it("GET /brain/index answers the owner with the status, others with 404", async () => {
    const user = await signIn();
    const res = await json(user, "GET", `/api/projects/${user.projectId}/brain/index`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ total: 0, done: 0, reindexing: false });
    const stranger = await signIn();
    expect((await json(stranger, "GET", `/api/projects/${user.projectId}/brain/index`)).status).toBe(404);
  });
});
