// The writer's prompts module (decisions 226, 258, 259): what each prompt carries, the zod contracts
// of the answers sent as structured output, one request for a campaign's plan and one per message,
// one retry on a refusal or an answer that is not JSON of that shape, Rewrite and Change tone, and the
// fallback to the local writer with its label. The LLM paths run against the fakes of OpenAI and
// Workers AI, which check each request against the published contract (test/contracts/) and
// answer as the services do: text that is not JSON, OpenAI's message.refusal, a refusal as text.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { OpenAiEngine } from "../../worker/adapters/ai/openai-engine";
import { WorkersAiEngine } from "../../worker/adapters/ai/workers-ai-engine";
import { platformMeta } from "../../platforms/registry";
import {
  askFor,
  editPrompt,
  editSchema,
  jsonSchemaOf,
  messagePrompt,
  type OutputFormat,
  planPrompt,
  planSchema,
  readAnswer,
  RETRY_NOTE,
  variantsSchema,
  type WriterChat,
  writeMessages,
  WriterOutputError,
  WRITER_SYSTEM_PROMPT,
} from "../../worker/adapters/ai/writer/prompts";
import { strictSchemaProblems } from "../contracts/strict-schema";
import type { GeneratePostsInput } from "../../worker/adapters/ai/types";
import { generateContent } from "../../worker/services/posts/generation";
import { fakeAiBinding } from "../fakes/workers-ai-binding";
import { fedProject } from "./brain-test-kit";
import { serviceCtx } from "./helpers";

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
      { id: "p-audience", text: "Audience: people who have never tried yoga." },
    ],
    ...extra,
  };
}

type Logged = {
  path: string;
  body: { messages?: { role: string; content: string }[]; response_format?: { type: string; json_schema?: { name: string; strict?: boolean } } };
  status: number;
};
async function requests(contains: string): Promise<Logged[]> {
  const res = await fetch(`${env.FAKES_URL}/openai/_requests?contains=${encodeURIComponent(contains)}`);
  return ((await res.json()) as { requests: Logged[] }).requests;
}
const openAi = () => new OpenAiEngine({ apiKey: "sk-test", baseURL: `${env.FAKES_URL}/openai/v1`, retry: { maxRetries: 0 }, warn: () => {} });
const key = () => crypto.randomUUID().replace(/-/g, "");

describe("the writer's prompts", () => {
  it("carry the brief, the voice, facts grouped by role and numbered, internal notes apart, and each network's rules", () => {
    const request = input("Announce our Saturday beginner course");
    for (const text of [planPrompt(request), messagePrompt(request, null)]) {
      expect(text).toContain("Request: Announce our Saturday beginner course");
      expect(text).toContain("Brand voice: Warm & Friendly");
      // The voice/style passages steer the wording, apart from the facts.
      expect(text).toContain("Voice and style notes from the brand book (write this way; never quote them):\n- Brand voice: warm, one pun, no gym-bro.");
      // Public facts by role, numbered across groups (offers first).
      expect(text).toContain(
        "Offer & price:\n[1] The beginner course costs £30 for four Saturday sessions.\nFact:\n[2] Classes start at 2pm and mats are included.",
      );
      // A passage the brain stored without a role but whose label says it (roles.ts) is a note too.
      expect(text).toMatch(
        /never quote them\):\n- \(goals\) Goals: fill the Saturday course by March\.\n- \(audience\) Audience: people who have never tried yoga\./,
      );
      expect(text).not.toMatch(/\[\d\] (?:Brand voice|Goals|Audience):/);
      expect(text).toContain("never use the industry as a hashtag");
    }
    const plan = planPrompt(request);
    expect(plan).toContain("Plan a social media campaign of 2 messages");
    expect(plan).toContain("plan fewer: never pad with unrelated facts");
    const message = messagePrompt(request, {
      index: 1,
      total: 2,
      subject: "the beginner course",
      angle: "Mats are included.",
      facts: [2],
      call_to_action: "Book on our website.",
      others: ["Four Saturdays for £30."],
    });
    expect(message).toContain(
      "This is message 2 of 2 of the campaign.\nSubject: the beginner course\nAngle: Mats are included.\nDraw on the numbered facts: [2]",
    );
    expect(message).toContain("Call to action: Book on our website.");
    expect(message).toContain('(say something else): "Four Saturdays for £30."');
    for (const p of ["twitter", "instagram"] as const) {
      const rules = platformMeta(p).rules;
      expect(message).toContain(`at most ${rules.maxLength} characters including hashtags, at most ${rules.hashtagCap} hashtags`);
    }
    expect(message).toContain("an image is attached to every post");
    expect(message).toContain('"platform": one of ["twitter","instagram"]');
  });

  it("Rewrite and Change tone: the draft, the voice asked for, the network's rules and the brand's facts", () => {
    const edit = {
      content: "The course costs £30.",
      hashtags: ["Yoga"],
      platform: "twitter" as const,
      brand: BRAND,
      passages: input("x").passages!,
    };
    const tone = editPrompt({ ...edit, action: "tone", tone: "Luxury & Sophisticated" });
    expect(tone).toContain("Rewrite the draft in this voice: Luxury & Sophisticated.");
    expect(tone).toContain("Draft:\nThe course costs £30.\nHashtags: #Yoga");
    expect(tone).toContain(`twitter (${platformMeta("twitter").label}): at most ${platformMeta("twitter").rules.maxLength} characters`);
    expect(tone).toContain("[1] The beginner course costs £30 for four Saturday sessions.");
    // Internal notes are no facts an edit may state.
    expect(tone).not.toContain("Goals: fill the Saturday course");
    const rewrite = editPrompt({ ...edit, action: "rewrite" });
    expect(rewrite).toContain("in the brand voice (Warm & Friendly)");
    expect(rewrite).not.toContain("in this voice:");
  });

  it("send zod's own JSON Schema of each answer, fit for OpenAI's strict mode", () => {
    const plan = jsonSchemaOf(planSchema(5));
    expect(plan).not.toHaveProperty("$schema");
    expect(JSON.stringify(plan)).not.toContain('"default"');
    expect(strictSchemaProblems(plan)).toEqual([]);
    expect(plan).toMatchObject({
      properties: { messages: { type: "array", maxItems: 5, items: { required: ["subject", "angle", "facts", "call_to_action"] } } },
    });
    const variants = jsonSchemaOf(variantsSchema(["twitter", "instagram"]));
    expect(strictSchemaProblems(variants)).toEqual([]);
    expect(variants).toMatchObject({ properties: { variants: { items: { properties: { platform: { enum: ["twitter", "instagram"] } } } } } });
    expect(strictSchemaProblems(jsonSchemaOf(editSchema))).toEqual([]);
  });

  it("read answers against the schema: refusals, text that is not JSON and the wrong shape are told apart", () => {
    const schema = variantsSchema(["twitter"]);
    expect(readAnswer("I'm sorry, but I can't help with that request.", schema)).toEqual({ ok: false, problem: "refused" });
    expect(readAnswer('Sure! {"variants": [{"content": "cut', schema)).toEqual({ ok: false, problem: "invalid_json" });
    expect(readAnswer('{"variants": [{"platform": "twitter", "content": 3}]}', schema)).toEqual({ ok: false, problem: "wrong_shape" });
    expect(readAnswer('{"variants": []}', schema)).toEqual({ ok: false, problem: "wrong_shape" });
    expect(readAnswer('{"variants": [{"platform": "myspace", "content": "Hi"}]}', schema)).toEqual({ ok: false, problem: "wrong_shape" });
    const ok = readAnswer('```json\n{"variants": [{"platform": "X", "content": "Hi", "sources": ["2"]}]}\n```', schema);
    expect(ok).toEqual({ ok: true, value: { variants: [{ platform: "twitter", content: "Hi", hashtags: [], image_prompt: null, sources: [2] }] } });
  });

  it("ask once more after a bad answer, with the retry note, and stop after the second", async () => {
    const prompts: string[] = [];
    const formats: OutputFormat[] = [];
    const answers = ["not json", '{"variants": [{"platform": "twitter", "content": "Saturday course, £30."}]}'];
    const chat: WriterChat = async (p, f) => (prompts.push(p), formats.push(f), answers.shift()!);
    const got = await askFor(chat, "PROMPT", "message_variants", variantsSchema(["twitter"]));
    expect(got.variants[0]!.content).toBe("Saturday course, £30.");
    expect(prompts).toEqual(["PROMPT", `PROMPT\n\n${RETRY_NOTE}`]);
    expect(formats[0]).toEqual({ name: "message_variants", schema: jsonSchemaOf(variantsSchema(["twitter"])) });
    let calls = 0;
    await expect(askFor(async () => (calls++, "I cannot help with that."), "PROMPT", "x", editSchema)).rejects.toMatchObject({ problem: "refused" });
    expect(calls).toBe(2);
  });

  it("make exactly one request for the plan and one per planned message; a short plan is not padded", async () => {
    const asked: string[] = [];
    const chat: WriterChat = async (prompt, format) => {
      asked.push(format.name);
      if (format.name === "campaign_plan")
        return JSON.stringify({ messages: [{ subject: "course", angle: "Four Saturdays.", facts: [1], call_to_action: null }] });
      return JSON.stringify({
        variants: ["twitter", "instagram"].map((platform) => ({ platform, content: "Four Saturdays, £30.", hashtags: [], image_prompt: null, sources: [] })),
      });
    };
    const messages = await writeMessages(chat, input("Announce the course", { count: 3 }));
    expect(asked).toEqual(["campaign_plan", "message_variants"]);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.facts).toEqual([1]);
    asked.length = 0;
    await writeMessages(chat, input("Announce the course", { count: 1 }));
    expect(asked).toEqual(["message_variants"]);
  });
});

describe("the OpenAI engine's posts against the fake OpenAI server", () => {
  it("plans, then writes each message in one request with strict structured output; retries once on JSON that is not; keeps sources", async () => {
    const k = key();
    const posts = await openAi().generatePosts(input(`Announce the course FAKE_MALFORMED_JSON_ONCE:${k}`));
    const logged = await requests(k);
    // The plan (asked twice: its first answer was not JSON), then one request per message.
    expect(logged.map((l) => [l.status, l.body.response_format?.json_schema?.name])).toEqual([
      [200, "campaign_plan"],
      [200, "campaign_plan"],
      [200, "message_variants"],
      [200, "message_variants"],
    ]);
    for (const l of logged) {
      expect(l.body.messages![0]!.content).toBe(WRITER_SYSTEM_PROMPT);
      expect(l.body.response_format).toMatchObject({ type: "json_schema", json_schema: { strict: true } });
    }
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
    expect((await requests(k)).length).toBe(4); // plan twice, two messages
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

  it("Rewrite and Change tone: one request each, strict structured output, an edit fitted to the network", async () => {
    const k = key();
    const edit = {
      content: `The course costs £30. Mats are included ${k}.`,
      hashtags: ["Yoga"],
      platform: "twitter" as const,
      brand: BRAND,
      passages: input("x").passages!,
    };
    const rewritten = await openAi().editDraft({ ...edit, action: "rewrite" });
    expect(rewritten.content).toBe(`Mats are included ${k}. The course costs £30.`);
    const toned = await openAi().editDraft({ ...edit, action: "tone", tone: "Playful & Fun" });
    expect(toned.content).toMatch(/\(Playful & Fun\)$/);
    const logged = await requests(k);
    expect(logged.map((l) => l.body.response_format?.json_schema?.name)).toEqual(["draft_edit", "draft_edit"]);
    expect(logged[1]!.body.messages![1]!.content).toContain("Rewrite the draft in this voice: Playful & Fun.");
  });
});

describe("the Workers AI engine's posts against the fake binding", () => {
  it("sends the answer's JSON Schema as response_format json_schema { name, schema, strict }, retries a refusal written as text once, and gives up after two answers that are not JSON", async () => {
    const ai = fakeAiBinding(env.FAKES_URL);
    const engine = new WorkersAiEngine(ai, { maxRetries: 0 });
    const posts = await engine.generatePosts(input(`Announce the course FAKE_REFUSAL_ONCE:${key()}`));
    expect(posts.length).toBe(4);
    expect(ai.calls).toHaveLength(4); // plan twice, two messages
    for (const c of ai.calls)
      expect(c.inputs.response_format).toMatchObject({
        type: "json_schema",
        json_schema: { name: expect.any(String), strict: true, schema: { type: "object" } },
      });
    const err = await engine.generatePosts(input("Announce the course FAKE_MALFORMED_JSON")).catch((e: unknown) => e);
    expect((err as WriterOutputError).problem).toBe("invalid_json");
    expect(ai.calls).toHaveLength(6);
  });

  it("asks a model whose published schema has no response_format for JSON in the prompt only", async () => {
    const calls: Record<string, unknown>[] = [];
    const ai = {
      run: async (_model: string, inputs: Record<string, unknown>) => (calls.push(inputs), { response: '{"content": "Mats included.", "hashtags": []}' }),
    };
    const engine = new WorkersAiEngine(ai, { chatModel: "@cf/some/other-model", maxRetries: 0 });
    const out = await engine.editDraft({ action: "rewrite", content: "Mats are included.", hashtags: [], platform: "twitter", brand: BRAND, passages: [] });
    expect(out.content).toBe("Mats included.");
    expect(calls[0]).not.toHaveProperty("response_format");
  });
});

describe("generation falls back to the local writer, saying so", { timeout: 60_000 }, () => {
  it("answers the local writer's drafts with engine 'local' and the reason when the model refuses twice", async () => {
    const lotus = { name: "Lotus Room Yoga", industry: "Fitness", brand_voice: "Warm & Friendly", description: "A small yoga studio in Leeds." };
    const { user, e } = await fedProject(lotus, {
      title: "Brand book",
      content:
        "Lotus Room Yoga runs a beginner course on Saturdays at 2pm for people who have never tried yoga.\nThe beginner course costs £30 for four Saturday sessions, mats included.\nBook your place on our website.",
    });
    const res = await generateContent(
      serviceCtx(user, e),
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
