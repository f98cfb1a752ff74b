// The writer's prompts module (decision 226): what the prompt carries, the zod contract
// of the answer, one retry on a refusal or an answer that is not JSON of that shape, and the
// fallback to the local writer with its label. The LLM paths run against the fakes of OpenAI and
// Workers AI, which check each request against the published contract (test/contracts/) and
// answer as the services do: text that is not JSON, OpenAI's message.refusal, a refusal as text.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { OpenAiEngine } from "../../worker/adapters/ai/openai-engine";
import { WorkersAiEngine } from "../../worker/adapters/ai/workers-ai-engine";
import { platformMeta } from "../../platforms/registry";
import { askForPosts, postsPrompt, readAnswer, RETRY_NOTE, WriterOutputError, WRITER_SYSTEM_PROMPT } from "../../worker/adapters/ai/writer/prompts";
import type { GeneratePostsInput } from "../../worker/adapters/ai/types";
import { getDb } from "../../worker/lib/db";
import { addTextDocument } from "../../worker/services/brain/documents";
import { generateContent } from "../../worker/services/posts/generation";
import { fakeAiBinding } from "../fakes/workers-ai-binding";
import { deliver, depsFor, quietEnv } from "./brain-test-kit";
import { signIn } from "./helpers";

const BRAND = { name: "Lotus Room Yoga", industry: "Healthcare", brand_voice: "Warm & Friendly", description: "A small yoga studio in Leeds." };

function input(prompt: string, extra: Partial<GeneratePostsInput> = {}): GeneratePostsInput {
  return {
    brand: BRAND,
    prompt,
    context: [],
    insights: [],
    count: 2,
    platforms: ["twitter", "instagram"],
    passages: [
      { id: "p-course", text: "The beginner course costs £30 for four Saturday sessions.", role: "offer" },
      { id: "p-voice", text: "Brand voice: warm, one pun, no gym-bro.", role: "voice" },
      { id: "p-time", text: "Classes start at 2pm and mats are included.", role: "fact" },
      { id: "p-goal", text: "Goals: fill the Saturday course by March.", role: "goals" },
    ],
    ...extra,
  };
}

type Logged = { path: string; body: { messages?: { role: string; content: string }[] }; status: number };
async function requests(contains: string): Promise<Logged[]> {
  const res = await fetch(`${env.FAKES_URL}/openai/_requests?contains=${encodeURIComponent(contains)}`);
  return ((await res.json()) as { requests: Logged[] }).requests;
}
const openAi = () => new OpenAiEngine({ apiKey: "sk-test", baseURL: `${env.FAKES_URL}/openai/v1`, retry: { maxRetries: 0 }, warn: () => {} });
const key = () => crypto.randomUUID().replace(/-/g, "");

describe("the writer's prompt", () => {
  it("carries the brief, the voice, numbered public facts, internal notes apart, and each network's rules", () => {
    const text = postsPrompt(input("Announce our Saturday beginner course"));
    expect(text).toContain("Request: Announce our Saturday beginner course");
    expect(text).toContain("Brand voice: Warm & Friendly");
    expect(text).toContain("[1] (offer) The beginner course costs £30 for four Saturday sessions.");
    expect(text).toContain("[2] (fact) Classes start at 2pm and mats are included.");
    // Internal passages steer and are never numbered as facts to state.
    expect(text).toMatch(/never quote them\):\n- \(voice\) Brand voice: warm, one pun, no gym-bro\.\n- \(goals\) Goals: fill the Saturday course by March\./);
    expect(text).not.toMatch(/\[\d\] \((?:voice|goals)\)/);
    for (const p of ["twitter", "instagram"] as const) {
      const rules = platformMeta(p).rules;
      expect(text).toContain(`at most ${rules.maxLength} characters including hashtags, at most ${rules.hashtagCap} hashtags`);
    }
    expect(text).toContain("an image is attached to every post");
    expect(text).toContain("with 4 posts.");
    expect(text).toContain("never use the industry as a hashtag");
  });

  it("reads answers against the schema: refusals, text that is not JSON and the wrong shape are told apart", () => {
    expect(readAnswer("I'm sorry, but I can't help with that request.")).toEqual({ ok: false, problem: "refused" });
    expect(readAnswer('Sure! {"posts": [{"content": "cut')).toEqual({ ok: false, problem: "invalid_json" });
    expect(readAnswer('{"posts": [{"content": 3}]}')).toEqual({ ok: false, problem: "wrong_shape" });
    expect(readAnswer('{"posts": []}')).toEqual({ ok: false, problem: "wrong_shape" });
    const ok = readAnswer('```json\n{"posts": [{"message": "1", "platform": "twitter", "content": "Hi", "sources": ["2"]}]}\n```');
    expect(ok).toEqual({ ok: true, value: { posts: [{ message: 1, platform: "twitter", content: "Hi", hashtags: [], sources: [2] }] } });
  });

  it("asks once more after a bad answer, with the retry note, and stops after the second", async () => {
    const prompts: string[] = [];
    const answers = ["not json", '{"posts": [{"platform": "twitter", "content": "Saturday course, £30."}]}'];
    const got = await askForPosts(async (p) => (prompts.push(p), answers.shift()!), input("Announce the course"));
    expect(got.posts[0]!.content).toBe("Saturday course, £30.");
    expect(prompts).toHaveLength(2);
    expect(prompts[0]).not.toContain(RETRY_NOTE);
    expect(prompts[1]!.endsWith(RETRY_NOTE)).toBe(true);
    let calls = 0;
    await expect(askForPosts(async () => (calls++, "I cannot help with that."), input("Announce the course"))).rejects.toMatchObject({ problem: "refused" });
    expect(calls).toBe(2);
  });
});

describe("the OpenAI engine's posts against the fake OpenAI server", () => {
  it("retries once when the first answer is not JSON, and writes each message on every network with its sources", async () => {
    const k = key();
    const posts = await openAi().generatePosts(input(`Announce the course FAKE_MALFORMED_JSON_ONCE:${k}`));
    const logged = await requests(k);
    expect(logged.map((l) => l.status)).toEqual([200, 200]);
    expect(logged[0]!.body.messages![0]!.content).toBe(WRITER_SYSTEM_PROMPT);
    expect(logged[1]!.body.messages![1]!.content.endsWith(RETRY_NOTE)).toBe(true);
    expect(posts.map((p) => [p.message, p.platform])).toEqual([
      [0, "twitter"],
      [0, "instagram"],
      [1, "twitter"],
      [1, "instagram"],
    ]);
    expect(posts[0]!.sources).toEqual(["p-course"]);
    expect(posts[2]!.sources).toEqual(["p-time"]);
  });

  it("retries once after a refusal (message.refusal) and then succeeds", async () => {
    const k = key();
    const posts = await openAi().generatePosts(input(`Announce the course FAKE_REFUSAL_ONCE:${k}`));
    expect((await requests(k)).length).toBe(2);
    expect(posts.length).toBe(4);
  });

  it("gives up with WriterOutputError after two refusals (no third request)", async () => {
    const k = key();
    const err = await openAi()
      .generatePosts(input(`Announce the course FAKE_REFUSAL ${k}`))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WriterOutputError);
    expect((err as WriterOutputError).problem).toBe("refused");
    expect((await requests(k)).length).toBe(2);
  });
});

describe("the Workers AI engine's posts against the fake binding", () => {
  it("retries a refusal written as text once, and gives up after two answers that are not JSON", async () => {
    const ai = fakeAiBinding(env.FAKES_URL);
    const engine = new WorkersAiEngine(ai, { maxRetries: 0 });
    const posts = await engine.generatePosts(input(`Announce the course FAKE_REFUSAL_ONCE:${key()}`));
    expect(posts.length).toBe(4);
    expect(ai.calls).toHaveLength(2);
    const err = await engine.generatePosts(input("Announce the course FAKE_MALFORMED_JSON")).catch((e: unknown) => e);
    expect((err as WriterOutputError).problem).toBe("invalid_json");
    expect(ai.calls).toHaveLength(4);
  });
});

describe("generation falls back to the local writer, saying so", { timeout: 60_000 }, () => {
  it("answers the local writer's drafts with engine 'local' and the reason when the model refuses twice", async () => {
    const user = await signIn();
    await env.DB.prepare(
      "update projects set name = 'Lotus Room Yoga', industry = 'Fitness', brand_voice = 'Warm & Friendly', description = 'A small yoga studio in Leeds.' where id = ?",
    )
      .bind(user.projectId)
      .run();
    const { e, sent } = quietEnv();
    await addTextDocument(depsFor(e), user.userId, user.projectId, {
      title: "Brand book",
      content:
        "Lotus Room Yoga runs a beginner course on Saturdays at 2pm for people who have never tried yoga.\nThe beginner course costs £30 for four Saturday sessions, mats included.\nBook your place on our website.",
    });
    for (let i = 0; i < 10 && sent.length > 0; i++) await deliver(e, sent.splice(0));
    const res = await generateContent(
      getDb(env.DB),
      e,
      user.userId,
      user.projectId,
      { prompt: "Announce our Saturday beginner course FAKE_REFUSAL", type: "social_post", platforms: ["twitter"], time_zone: "UTC" },
      openAi(),
    );
    expect(res.engine).toBe("local");
    expect(res.fallback).toBe("The AI model declined to write these posts twice, so they were drafted from your brand brain's sentences instead.");
    expect(res.posts.length).toBe(1);
    expect(res.posts[0]!.content).toMatch(/beginner course/i);
    expect(res.posts[0]!.content).not.toContain("FAKE_REFUSAL");
  });
});
