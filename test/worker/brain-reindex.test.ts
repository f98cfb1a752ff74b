// Vectors of different engines are never compared: when the engine changes, the status shows the
// brain as behind, a background job re-embeds the project's segments (and document units) with
// the new engine, and queries with the new engine find the brand's passages again.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { signIn } from "./helpers";
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
    await addTextDocument(depsFor(e), user.userId, user.projectId, { title: "Brand book", content: DOC });
    for (let i = 0; i < 10 && sent.length > 0; i++) await deliver(e, sent.splice(0));

    const before = await indexStatusFor(depsFor(e), user.userId, user.projectId);
    expect(before.reindexing).toBe(false);
    expect(before.done).toBe(before.total);
    expect(sent).toEqual([]);

    // Another engine (its own name and dimension): nothing of it is indexed yet.
    const other = new LocalAiEngine({ table: null, engine: "local-hashing-only" });
    const deps = depsFor(e, other);
    const stale = await indexStatusFor(deps, user.userId, user.projectId);
    expect(stale).toMatchObject({ engine: "local-hashing-only", done: 0, reindexing: true });
    expect(stale.total).toBeGreaterThan(0);
    expect(sent).toEqual([{ kind: "reindex", projectId: user.projectId }]);
    // Meanwhile the words still match (BM25 needs no vectors).
    expect((await searchBrainWith(deps, user.projectId, "Does the mobile repair van come to my office?"))[0]?.content).toMatch(/repair van/);

    // The queue consumer re-embeds with the new engine.
    for (let i = 0; i < 20 && sent.length > 0; i++) await deliver(e, sent.splice(0), { engine: other });
    const after = await indexStatusFor(deps, user.userId, user.projectId);
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

  it("GET /brain/index answers the owner with the status, others with 404", async () => {
    const user = await signIn();
    const res = await json(user, "GET", `/api/projects/${user.projectId}/brain/index`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ total: 0, done: 0, reindexing: false });
    const stranger = await signIn();
    expect((await json(stranger, "GET", `/api/projects/${user.projectId}/brain/index`)).status).toBe(404);
  });
});
