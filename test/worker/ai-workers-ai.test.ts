// The Workers AI engine in workerd against a fake `AI` binding (test/fakes/workers-ai-binding.ts):
// chosen when the binding exists and no OpenAI key is set, embeddings and text through the
// binding's shapes, retries on capacity errors, and the same sanitising and failure texts as the
// other engines. Also the OpenAI-compatible engine against a server that answers like Ollama,
// LM Studio or vLLM (float embeddings, no usage block, no key needed).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { serviceCtx, signIn } from "./helpers";
import { deliver, quietEnv } from "./brain-test-kit";
import { fakeAiBinding } from "../fakes/workers-ai-binding";
import { createAiEngine } from "../../worker/adapters/ai";
import { LocalAiEngine } from "../../worker/adapters/ai/local/local-engine";
import { forgetChatModelFallbacks, OpenAiEngine } from "../../worker/adapters/ai/openai-engine";
import { WorkersAiEngine } from "../../worker/adapters/ai/workers-ai-engine";
import type { Env } from "../../worker/env";
import { getDb } from "../../worker/lib/db";
import { addTextDocument } from "../../worker/services/brain/documents";
import { generateContent } from "../../worker/services/posts/generation";
import { searchBrain } from "../../worker/services/brain/query";
import { ApiError } from "../../worker/lib/errors";

const DOC =
  "Kettle Cargo builds electric cargo bikes in Utrecht for families. " +
  "Our mobile repair van comes to your home or office for servicing. " +
  "The Kettle Long battery lasts about 90 kilometres per charge.";

const withAi = (e: Env, ai = fakeAiBinding(env.FAKES_URL)) => ({ e: { ...e, OPENAI_API_KEY: undefined, AI: ai as unknown as Ai }, ai });

describe("Workers AI engine (fake AI binding)", { timeout: 30_000 }, () => {
  it("is chosen when the AI binding exists and no OpenAI key is set; the OpenAI key wins; neither -> local", () => {
    expect(createAiEngine(withAi(env).e)).toBeInstanceOf(WorkersAiEngine);
    expect(createAiEngine({ ...withAi(env).e, OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: `${env.FAKES_URL}/openai/v1` })).toBeInstanceOf(OpenAiEngine);
    expect(createAiEngine({ ...env, OPENAI_API_KEY: undefined, AI: undefined })).toBeInstanceOf(LocalAiEngine);
    const engine = createAiEngine(withAi(env).e);
    expect(engine.engine).toBe("workers-ai:@cf/baai/bge-base-en-v1.5");
    expect(engine.embeddingDim).toBe(768);
  });

  it("embeds through the binding: 768 floats per text, empty texts skipped", async () => {
    const { e, ai } = withAi(env);
    const engine = createAiEngine(e);
    const [a, empty, b] = await engine.embed(["Cargo bikes for families", "  ", "A mobile repair van"]);
    expect(a).toBeInstanceOf(Float32Array);
    expect(a!.length).toBe(768);
    expect(b!.length).toBe(768);
    expect(empty).toBeNull();
    expect(ai.calls[0]).toMatchObject({ model: "@cf/baai/bge-base-en-v1.5", inputs: { text: ["Cargo bikes for families", "A mobile repair van"] } });
  });

  it('an embedding model that answers "No such model" falls back down the list; vectors carry the model in use (decision 230)', async () => {
    const ai = fakeAiBinding(env.FAKES_URL);
    const warnings: string[] = [];
    const gone = "@cf/gone-embeddings/FAKE_NOT_FOUND";
    const engine = new WorkersAiEngine(ai, { embeddingModel: gone });
    (engine as unknown as { warn: (m: string) => void }).warn = (m) => warnings.push(m);
    expect(engine.embeddingModels).toEqual([gone, "@cf/baai/bge-base-en-v1.5"]);
    expect(engine.engine).toBe(`workers-ai:${gone}`);
    // The request whose engine read its label before embedding keeps it: its texts get no vector
    // (skipped, as any failed embedding), never another model's vector under this label.
    expect(await engine.embed(["Cargo bikes for families", "A mobile repair van"])).toEqual([null, null]);
    expect(engine.engine).toBe(`workers-ai:${gone}`);
    expect(ai.calls.map((c) => c.model)).toEqual([gone]);
    expect(warnings.join()).toMatch(/embeddings model @cf\/gone-embeddings\/FAKE_NOT_FOUND answered "not found"; using @cf\/baai\/bge-base-en-v1.5/);
    // The next request's engine in this isolate uses the next model, labels its vectors with it,
    // and health reports it (the brain re-embeds under the new label, brain-reindex.ts).
    const again = new WorkersAiEngine(ai, { embeddingModel: gone });
    expect(again.engine).toBe("workers-ai:@cf/baai/bge-base-en-v1.5");
    const [v] = await again.embed(["A mobile repair van"]);
    expect(v?.length).toBe(768);
    expect(again.embeddingDim).toBe(768);
    expect(again.models()).toMatchObject({ provider: "workers-ai", embeddings: "@cf/baai/bge-base-en-v1.5" });
    expect(ai.calls.map((c) => c.model)).toEqual([gone, "@cf/baai/bge-base-en-v1.5"]);
    // A configured model of another dimension never falls back to one of 768 (the index has one dimension).
    expect(new WorkersAiEngine(ai, { embeddingModel: "@cf/baai/bge-small-en-v1.5" }).embeddingModels).toEqual(["@cf/baai/bge-small-en-v1.5"]);
    // The end of the list: the texts have no vector.
    const none = new WorkersAiEngine({ run: async (m) => Promise.reject(new Error(`AiError: No such model ${m} or task`)) });
    (none as unknown as { warn: (m: string) => void }).warn = () => {};
    expect(await none.embed(["text"])).toEqual([null]);
    forgetChatModelFallbacks();
  });

  it("retries a capacity error, then answers", async () => {
    const ai = fakeAiBinding(env.FAKES_URL);
    const engine = new WorkersAiEngine(ai);
    const key = crypto.randomUUID().slice(0, 8);
    const [v] = await engine.embed([`FAKE_CAPACITY_ONCE:${key} cargo bikes`]);
    expect(v?.length).toBe(768);
    expect(ai.calls.length).toBe(2);
  });

  it("a fed brain answers queries and writes grounded posts with sources through Workers AI", async () => {
    const user = await signIn();
    const { e: quiet, sent } = quietEnv();
    const { e, ai } = withAi(quiet);
    await addTextDocument(serviceCtx(user, e), user.projectId, { title: "Brand book", content: DOC });
    for (let i = 0; i < 10 && sent.length > 0; i++) await deliver(e, sent.splice(0));
    const seg = await env.DB.prepare("select count(*) as n from brain_vectors where project_id = ? and engine = ?")
      .bind(user.projectId, "workers-ai:@cf/baai/bge-base-en-v1.5")
      .first<{ n: number }>();
    expect(seg!.n).toBeGreaterThan(0);
    const matches = await searchBrain(getDb(env.DB), e, user.projectId, "Does the mobile repair van come to my office?");
    expect(matches[0]?.content).toMatch(/mobile repair van/);
    const res = await generateContent(serviceCtx(user, e), user.projectId, {
      prompt: "Tell people about our mobile repair van",
      type: "social_post",
      time_zone: "UTC",
    });
    expect(res.engine).toBe("openai");
    expect(res.posts).toHaveLength(1);
    expect(res.posts[0]!.sources.length).toBeGreaterThan(0);
    // A current model (llama-3.1-8b-instruct was retired on 2026-05-30), with the parameters its
    // published schema has: max_completion_tokens, not the deprecated max_tokens.
    const chat = ai.calls.filter((c) => Array.isArray(c.inputs.messages));
    expect(chat.length).toBeGreaterThan(0);
    for (const c of chat) {
      expect(c.model).toBe("@cf/zai-org/glm-4.7-flash");
      expect(c.inputs).toHaveProperty("max_completion_tokens");
      expect(c.inputs).not.toHaveProperty("max_tokens");
    }
  });

  it("reads the chat.completion answer of the current models (choices[0].message.content)", async () => {
    const ai = fakeAiBinding(env.FAKES_URL);
    const engine = new WorkersAiEngine(ai);
    const brand = { name: "Kettle Cargo", industry: "bikes", brand_voice: "warm", description: "" };
    const summary = await engine.summarize({ brand, documents: [{ title: "Brand book", content: DOC }] });
    expect(summary.elevator_pitch).toMatch(/^Kettle Cargo: /);
  });

  it('falls back down its list when a model answers "No such model", and records the one in use (decision 191)', async () => {
    const ai = fakeAiBinding(env.FAKES_URL);
    const warnings: string[] = [];
    const engine = new WorkersAiEngine(ai, { chatModel: "@cf/gone/FAKE_NOT_FOUND" });
    (engine as unknown as { warn: (m: string) => void }).warn = (m) => warnings.push(m);
    expect(engine.chatModels).toEqual(["@cf/gone/FAKE_NOT_FOUND", "@cf/zai-org/glm-4.7-flash", "@cf/google/gemma-4-26b-a4b-it"]);
    const brand = { name: "Kettle Cargo", industry: "bikes", brand_voice: "warm", description: "" };
    const posts = await engine.generatePosts({ brand, prompt: "Our repair van", context: [DOC], insights: [], count: 1, platforms: ["linkedin"] });
    expect(posts).toHaveLength(1);
    expect(ai.calls.map((c) => c.model)).toEqual(["@cf/gone/FAKE_NOT_FOUND", "@cf/zai-org/glm-4.7-flash"]);
    expect(engine.models()).toMatchObject({ provider: "workers-ai", chat: "@cf/zai-org/glm-4.7-flash" });
    expect(warnings.join()).toMatch(/FAKE_NOT_FOUND answered "not found"; using @cf\/zai-org\/glm-4.7-flash/);
    // The next engine in this isolate starts at the model that works.
    const again = new WorkersAiEngine(ai, { chatModel: "@cf/gone/FAKE_NOT_FOUND" });
    expect(again.chatModel).toBe("@cf/zai-org/glm-4.7-flash");
    // The end of the list: the error surfaces.
    const none = new WorkersAiEngine({ run: async (m) => Promise.reject(new Error(`AiError: No such model ${m} or task`)) });
    await expect(none.summarize({ brand, documents: [] })).rejects.toThrow(/No such model/);
    forgetChatModelFallbacks();
  });

  it("the fake refuses what the service refuses: a retired model, an undeclared field (contract probe)", async () => {
    const run = (model: string, inputs: object) =>
      fetch(`${env.FAKES_URL}/workers-ai/run/${encodeURIComponent(model)}`, {
        method: "POST",
        headers: { "x-contract-probe": "1" },
        body: JSON.stringify(inputs),
      });
    const retired = await run("@cf/meta/llama-3.1-8b-instruct", { messages: [{ role: "user", content: "hi" }] });
    expect(((await retired.json()) as { errors: { message: string }[] }).errors[0]!.message).toMatch(/No such model/);
    const extra = await run("@cf/zai-org/glm-4.7-flash", { messages: [{ role: "user", content: "hi" }], max_tokenz: 5 });
    expect(extra.status).toBe(400);
    expect(((await extra.json()) as { errors: { message: string }[] }).errors[0]!.message).toMatch(/max_tokenz/);
  });

  it("a failing binding gives the spec's failure text, never a 500", async () => {
    const user = await signIn();
    const failing = { run: async () => Promise.reject(new Error("AiError: 5006: Invalid input")) };
    const e = { ...env, OPENAI_API_KEY: undefined, AI: failing as unknown as Ai };
    const err = await generateContent(serviceCtx(user, e), user.projectId, {
      prompt: "Tell people about our van service",
      type: "social_post",
      time_zone: "UTC",
    }).catch((x: unknown) => x);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(502);
    expect((err as ApiError).message).toBe("Failed to generate content. Please try again.");
  });
});

describe("OpenAI-compatible servers (Ollama, LM Studio, vLLM) through OPENAI_BASE_URL", () => {
  const compat = (): Env => ({
    ...env,
    OPENAI_API_KEY: "ollama",
    OPENAI_BASE_URL: `${env.FAKES_URL}/compat/v1`,
    OPENAI_CHAT_MODEL: "llama3.1",
    OPENAI_EMBEDDING_MODEL: "nomic-embed-text",
    OPENAI_MATCH_THRESHOLD: "0.5",
  });

  it("reads float embeddings (no base64, no usage block) and learns the model's dimension", async () => {
    const engine = createAiEngine(compat());
    expect(engine).toBeInstanceOf(OpenAiEngine);
    const [v] = await engine.embed(["Cargo bikes for families"]);
    expect(v!.length).toBe(768);
    expect(engine.embeddingDim).toBe(768);
    expect(engine.engine).toBe("openai:nomic-embed-text");
  });

  it("writes posts from a chat answer without a usage block", async () => {
    const user = await signIn();
    const res = await generateContent(serviceCtx(user, compat()), user.projectId, {
      prompt: "Tell people about our cargo bikes",
      type: "social_post",
      time_zone: "UTC",
    });
    expect(res.posts).toHaveLength(1);
    expect(res.posts[0]!.content.length).toBeGreaterThan(0);
  });
});
