// The brain's LLM paths (decision 220), in workerd against the fakes, which validate
// every request against the model's published contract (test/contracts/; a violation fails the
// test in test/worker/setup.ts): Workers AI's bge-reranker-base re-scoring the hybrid candidates,
// questions written per passage at ingest, and answers composed from the matching passages only.
// The local engine has none of these paths, so `npm start` is unchanged.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { serviceCtx, signIn } from "./helpers";
import { deliver, quietEnv } from "./brain-test-kit";
import { fakeAiBinding } from "../fakes/workers-ai-binding";
import { createAiEngine } from "../../worker/adapters/ai";
import { isGrounded } from "../../worker/adapters/ai/grounded-answer";
import { WORKERS_AI_MODELS } from "../../worker/adapters/ai/models";
import { WorkersAiEngine, type AiBinding } from "../../worker/adapters/ai/workers-ai-engine";
import type { Env } from "../../worker/env";
import { addTextDocument } from "../../worker/services/brain/documents";
import { queryBrain, RERANK_CANDIDATES } from "../../worker/services/brain/query";

const RERANKER = WORKERS_AI_MODELS.rerank[0]!;

const FAQ =
  "Fenwick Pottery runs wheel-throwing classes for adults in Leeds.\n\n" +
  "Is there parking? Yes, 12 free spaces behind the studio on Mill Lane.\n\n" +
  "Do you do gift vouchers? Vouchers for any class can be bought online and last a year.\n\n" +
  "Can I bring my own clay? No, we fire only our own stoneware clay in the kiln.";

const withAi = (e: Env, ai: AiBinding) => ({ ...e, OPENAI_API_KEY: undefined, AI: ai as unknown as Ai });

async function fedBrain(ai: AiBinding) {
  const user = await signIn();
  const { e: quiet, sent } = quietEnv();
  const e = withAi(quiet, ai);
  await addTextDocument(serviceCtx(user, e), user.projectId, { title: "Brand book", content: FAQ });
  for (let i = 0; i < 10 && sent.length > 0; i++) await deliver(e, sent.splice(0));
  return { user, e };
}

describe("brain LLM paths (decision 220)", { timeout: 60_000 }, () => {
  it("only engines with a model have them: the local engine none, OpenAI no reranker, Workers AI all three", () => {
    const local = createAiEngine({ ...env, OPENAI_API_KEY: undefined, AI: undefined });
    expect(local.rerank).toBeUndefined();
    expect(local.passageQuestions).toBeUndefined();
    expect(local.composeAnswer).toBeUndefined();
    const openai = createAiEngine({ ...env, AI: undefined, OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: `${env.FAKES_URL}/openai/v1` });
    expect(openai.rerank).toBeUndefined();
    expect(typeof openai.composeAnswer).toBe("function");
    const workers = createAiEngine(withAi(env, fakeAiBinding(env.FAKES_URL)));
    expect(typeof workers.rerank).toBe("function");
    expect(typeof workers.passageQuestions).toBe("function");
  });

  it("reranks with bge-reranker-base in its published input shape and reads the scores by id", async () => {
    const ai = fakeAiBinding(env.FAKES_URL);
    const engine = new WorkersAiEngine(ai);
    const passages = [
      "Vouchers for any class can be bought online.",
      "Is there parking? Yes, 12 free spaces behind the studio.",
      "We fire our own stoneware clay.",
    ];
    const scores = await engine.rerank("Where can I park near the studio? Any free spaces?", passages);
    expect(ai.calls).toEqual([
      { model: RERANKER, inputs: { query: "Where can I park near the studio? Any free spaces?", contexts: passages.map((text) => ({ text })) } },
    ]);
    expect(scores).toHaveLength(3);
    // The fake answers best first; the engine puts each score back at its passage.
    expect(scores[1]).toBeGreaterThan(scores[0]!);
    expect(scores[1]).toBeGreaterThan(scores[2]!);
    expect(await engine.rerank("  ", passages)).toEqual([0, 0, 0]);
    expect(ai.calls).toHaveLength(1);
  });

  it("the fake refuses a rerank request its contract does not admit (contract probe)", async () => {
    const run = (inputs: object) =>
      fetch(`${env.FAKES_URL}/workers-ai/run/${encodeURIComponent(RERANKER)}`, {
        method: "POST",
        headers: { "x-contract-probe": "1" },
        body: JSON.stringify(inputs),
      });
    const noContexts = await run({ query: "parking" });
    expect(noContexts.status).toBe(400);
    const extra = await run({ query: "parking", contexts: [{ text: "12 spaces" }], documents: ["x"] });
    expect(((await extra.json()) as { errors: { message: string }[] }).errors[0]!.message).toMatch(/documents/);
    const empty = await run({ query: "", contexts: [{ text: "12 spaces" }] });
    expect(empty.status).toBe(400);
  });

  it("a brain fed through Workers AI stores written questions, reranks its candidates and composes a cited answer", async () => {
    const ai = fakeAiBinding(env.FAKES_URL);
    const { user, e } = await fedBrain(ai);
    const rows = await env.DB.prepare("select content, questions from brain_segments where project_id = ? order by segment_index")
      .bind(user.projectId)
      .all<{ content: string; questions: string }>();
    expect(rows.results.length).toBeGreaterThanOrEqual(4);
    // The fake model writes "What about <word>?" per passage; the local engine never does.
    for (const r of rows.results) expect(r.questions).toMatch(/^What about \w/);
    const questionCalls = ai.calls.filter((c) => JSON.stringify(c.inputs).includes('\\"questions\\"'));
    expect(questionCalls.length).toBeGreaterThan(0);

    ai.calls.length = 0;
    const res = await queryBrain(serviceCtx(user, e), user.projectId, "Is there free parking at the studio?");
    const rerank = ai.calls.find((c) => c.model === RERANKER);
    expect(rerank).toBeDefined();
    const contexts = rerank!.inputs.contexts as { text: string }[];
    expect(contexts.length).toBeGreaterThan(0);
    expect(contexts.length).toBeLessThanOrEqual(RERANK_CANDIDATES);
    expect(res.confidence).toBe("clear");
    expect(res.matches[0]!.content).toMatch(/12 free spaces/);
    // Composed by the model from the passages, citing the parking passage; not the FAQ's question.
    expect(ai.calls.some((c) => JSON.stringify(c.inputs).includes("A customer asks: Is there free parking"))).toBe(true);
    expect(res.answer).toMatchObject({ segment_id: res.matches[0]!.segment_id, document_title: "Brand book" });
    expect(res.answer!.text).toMatch(/12 free spaces behind the studio/);
    expect(res.answer!.text).not.toMatch(/\?$/);
  });

  it("an answer stating a figure no passage states is dropped for the passage's own sentence", async () => {
    const ai = fakeAiBinding(env.FAKES_URL);
    const { user, e } = await fedBrain(ai);
    const res = await queryBrain(serviceCtx(user, e), user.projectId, "Is there free parking at the studio? FAKE_UNGROUNDED");
    expect(res.answer).not.toBeNull();
    expect(res.answer!.text).not.toMatch(/999/);
    expect(res.answer!.text).toMatch(/12 free spaces/);
  });

  it("a failing reranker keeps the hybrid order: the question is still answered", async () => {
    const inner = fakeAiBinding(env.FAKES_URL);
    const failing: AiBinding = {
      run: (model, inputs) => (model === RERANKER ? Promise.reject(new Error("AiError: 5006: Invalid input")) : inner.run(model, inputs)),
    };
    const { user, e } = await fedBrain(failing);
    const res = await queryBrain(serviceCtx(user, e), user.projectId, "Is there free parking at the studio?");
    expect(res.matches[0]!.content).toMatch(/12 free spaces/);
  });

  it("OpenAI composes through /chat/completions too (checked against OpenAI's contract)", async () => {
    const engine = createAiEngine({ ...env, AI: undefined, OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: `${env.FAKES_URL}/openai/v1` });
    const passages = ["Vouchers for any class can be bought online and last a year.", "Is there parking? Yes, 12 free spaces behind the studio."];
    expect(await engine.composeAnswer!("How long does a gift voucher last?", passages)).toEqual({
      text: "Vouchers for any class can be bought online and last a year.",
      cited: [0],
    });
    expect(await engine.composeAnswer!("Do you sell paintings of horses?", passages)).toBeNull();
    const lists = await engine.passageQuestions!(passages.map((text) => ({ text, role: "faq" as const })));
    expect(lists).toHaveLength(2);
    expect(lists[0]!.length).toBeGreaterThan(0);
  });

  it("grounding: figures must appear in the cited passages and most words come from them", () => {
    const src = ["Is there parking? Yes, 12 free spaces behind the studio on Mill Lane."];
    expect(isGrounded("There are 12 free spaces behind the studio.", src)).toBe(true);
    expect(isGrounded("There are 20 free spaces behind the studio.", src)).toBe(false);
    expect(isGrounded("Parking is valet only with a chauffeur service downtown.", src)).toBe(false);
    expect(isGrounded("", src)).toBe(false);
    expect(isGrounded("12 free spaces.", [])).toBe(false);
  });
});
