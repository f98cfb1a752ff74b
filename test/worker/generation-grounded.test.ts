import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { serviceCtx, signIn } from "./helpers";
import { fedProject } from "./brain-test-kit";
import { createAiEngine } from "../../worker/adapters/ai";
import type { AiEngine } from "../../worker/adapters/ai/types";
import { generateContent } from "../../worker/services/posts/generation";
import { publishedLength } from "../../schema/api/campaigns";

const FAKE_OPENAI = `${env.FAKES_URL}/openai/v1`;

const DOC =
  "Lumen Roasters roasts single-origin coffee in small batches every Monday in Portland. " +
  "Every bag names the farm in Huila, Colombia that grew the beans. " +
  "Our Cold Brew Kit includes a glass carafe, a steel filter and a recipe card. " +
  "Baristas at Lumen train for six weeks before pulling their first espresso shot. " +
  "We plant a coffee tree with our partner farms for every subscription order.";

/** A user whose brain has been fed DOC (document processed through the real queue handler). */
async function fedUser() {
  const lumen = { name: "Lumen Roasters", industry: "Coffee", brand_voice: "Warm & Friendly", description: "A small-batch coffee roaster." };
  const { user, e } = await fedProject(lumen, { title: "About Lumen", content: DOC });
  await env.DB.prepare(
    "insert into brain_insights (id, project_id, type, content, confidence, created_at) values (?, ?, 'brand_trait', 'Warm and honest about coffee', 0.95, ?), (?, ?, 'goal', 'Grow subscriptions', 0.9, ?), (?, ?, 'social_hook', 'Low-confidence hook', 0.1, ?)",
  )
    .bind(crypto.randomUUID(), user.projectId, Date.now(), crypto.randomUUID(), user.projectId, Date.now(), crypto.randomUUID(), user.projectId, Date.now())
    .run();
  return { user, e };
}

function spy(engine: AiEngine) {
  const inputs: Parameters<AiEngine["generatePosts"]>[0][] = [];
  const wrapped: AiEngine = Object.assign(Object.create(Object.getPrototypeOf(engine)) as AiEngine, engine, {
    generatePosts: (input: Parameters<AiEngine["generatePosts"]>[0]) => {
      inputs.push(input);
      return engine.generatePosts(input);
    },
  });
  return { engine: wrapped, inputs };
}

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

describe("generation grounded in a fed brain", () => {
  it("local engine: a campaign of up to 10 messages over 5 days draws on the brand's documents, never padded", { timeout: 20_000 }, async () => {
    const { user, e } = await fedUser();
    const { engine, inputs } = spy(createAiEngine(e));
    const res = await generateContent(
      serviceCtx(user, e),
      user.projectId,
      {
        prompt: "Tell people about our cold brew kit and how we roast",
        type: "campaign",
        count: 10,
        duration: 5,
        platforms: ["twitter"],
        start_date: tomorrow(),
        start_time: "09:00",
        time_zone: "UTC",
      },
      engine,
    );
    expect(res.engine).toBe("local");
    // As many messages as the brain has facts on the brief for (decision 186), each on X.
    expect(res.posts.length).toBeGreaterThanOrEqual(3);
    expect(res.posts.length).toBeLessThanOrEqual(10);
    expect(res.message_count).toBe(res.posts.length);
    // The request carried the 2 best brain matches (each at most 500 characters) and the top 2 insights.
    const input = inputs[0]!;
    expect(input.context.length).toBeGreaterThan(0);
    expect(input.context.length).toBeLessThanOrEqual(2);
    for (const c of input.context) expect(c.length).toBeLessThanOrEqual(500);
    expect(input.context.join(" ")).toMatch(/Cold Brew Kit|roasts/);
    expect(input.insights.map((i) => i.content)).toEqual(["Warm and honest about coffee", "Grow subscriptions"]);
    // Posts are built from the brand's own sentences.
    const docSentences = DOC.split(/(?<=\.)\s+/).map((s) => s.replace(/\.$/, ""));
    // (A sentence may go on after its hook with a pronoun: "It roasts single-origin coffee ...".)
    const grounded = res.posts.filter((p) => docSentences.some((s) => p.content.includes(s.slice(0, 40)) || p.content.includes(s.slice(-40))));
    expect(grounded.length).toBe(res.posts.length);
    for (const p of res.posts) {
      expect(p.content.trim()).not.toBe("");
      expect(publishedLength(p.content, p.hashtags)).toBeLessThanOrEqual(280);
    }
  });

  it("OpenAI engine (fake server): the prompt carries brand, brain context and insights; output respects the limits", async () => {
    const { user, e } = await fedUser();
    const openaiEnv = { ...e, OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: FAKE_OPENAI, OPENAI_MAX_RETRIES: "0" };
    // Brain vectors were made by the local engine; the OpenAI engine never compares with them, so
    // context is empty here and insights still flow.
    const res = await generateContent(serviceCtx(user, openaiEnv), user.projectId, {
      prompt: "Announce the cold brew kit to coffee lovers everywhere",
      type: "campaign",
      count: 4,
      duration: 2,
      platforms: ["twitter", "linkedin"],
      time_zone: "UTC",
    });
    expect(res.engine).toBe("openai");
    // 4 messages, each on X and LinkedIn (decision 185).
    expect(res.posts).toHaveLength(8);
    expect(res.posts.map((p) => p.platform)).toEqual(["twitter", "linkedin", "twitter", "linkedin", "twitter", "linkedin", "twitter", "linkedin"]);
    expect(res.posts.map((p) => p.message_id)).toEqual(["m1", "m1", "m2", "m2", "m3", "m3", "m4", "m4"]);
    for (const p of res.posts) {
      expect(p.content).toContain("Announce the cold brew kit");
      expect(p.hashtags.every((h) => !h.startsWith("#"))).toBe(true);
      expect(publishedLength(p.content, p.hashtags)).toBeLessThanOrEqual(p.platform === "twitter" ? 280 : 3000);
    }
    const logged = (await (await fetch(`${env.FAKES_URL}/openai/_requests?contains=${encodeURIComponent("Announce the cold brew kit")}`)).json()) as {
      requests: { body: { messages: { content: string }[]; temperature?: number; max_tokens?: number } }[];
    };
    const prompt = logged.requests
      .at(-1)!
      .body.messages.map((m) => m.content)
      .join("\n");
    expect(prompt).toContain("Lumen Roasters");
    expect(prompt).toContain("Warm and honest about coffee");
    expect(prompt).not.toContain("Low-confidence hook");
  });

  it("OpenAI engine (fake server): malformed JSON twice -> the local writer's drafts, labelled (decision 226); server failure -> the spec's failure text", async () => {
    const user = await signIn();
    const openaiEnv = { ...env, OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: FAKE_OPENAI, OPENAI_MAX_RETRIES: "0" };
    const fallback = await generateContent(serviceCtx(user, openaiEnv), user.projectId, {
      prompt: "Write about FAKE_MALFORMED_JSON please",
      type: "campaign",
      count: 3,
      time_zone: "UTC",
    });
    expect(fallback).toMatchObject({
      engine: "local",
      fallback: "The AI model's answer was not readable twice, so these posts were drafted from your brand brain's sentences instead.",
    });
    expect(fallback.posts.length).toBeGreaterThan(0);
    await expect(
      generateContent(serviceCtx(user, openaiEnv), user.projectId, { prompt: "Write about FAKE_SERVER_ERROR please", type: "social_post", time_zone: "UTC" }),
    ).rejects.toMatchObject({ status: 502, message: "Failed to generate content. Please try again." });
  });
});
