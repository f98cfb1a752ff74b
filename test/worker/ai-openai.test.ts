import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createAiEngine } from "../../worker/adapters/ai/index";
import { AiOutputError } from "../../worker/adapters/ai/json-output";
import { WriterOutputError } from "../../worker/adapters/ai/writer/prompts";
import { forgetChatModelFallbacks, OpenAiEngine, REASONING_ALLOWANCE, type OpenAiEngineConfig } from "../../worker/adapters/ai/openai-engine";
import { PLATFORM_LIMITS } from "../../worker/adapters/ai/post-limits";
import { publishedLength } from "../../schema/api/campaigns";

const BASE_URL = `${env.FAKES_URL}/openai/v1`;
const BRAND = { name: "Lumen Roasters", industry: "Coffee", brand_voice: "warm", description: "A small-batch coffee roaster in Portland." };

type Logged = { path: string; body: Record<string, unknown>; status: number; authorized: boolean };

async function requests(contains: string): Promise<Logged[]> {
  const res = await fetch(`${env.FAKES_URL}/openai/_requests?contains=${encodeURIComponent(contains)}`);
  return ((await res.json()) as { requests: Logged[] }).requests;
}

function engine(extra: Partial<OpenAiEngineConfig> = {}) {
  const warnings: string[] = [];
  const e = new OpenAiEngine({
    apiKey: "sk-test",
    baseURL: BASE_URL,
    retry: { maxRetries: 2, baseDelayMs: 5, maxDelayMs: 20 },
    warn: (m) => warnings.push(m),
    ...extra,
  });
  return { e, warnings };
}

function doc(marker: string, extra = "") {
  return {
    title: "About Lumen",
    content: `Lumen Roasters roasts coffee in small batches every Monday. ${marker}
Our mission is to make ethically sourced coffee part of every morning. We serve busy professionals who love coffee.
We are warm and honest about coffee. The Cold Brew Kit includes a glass carafe and a filter.
Every bag names the farm that grew the coffee. Did you know our coffee ships within 48 hours? ${extra}`,
  };
}

describe("OpenAI-compatible engine against the fake server", () => {
  it("is chosen when OPENAI_API_KEY is set, labelled with its embedding model and threshold", () => {
    const current = createAiEngine({ ...env, OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: BASE_URL });
    expect(current.kind).toBe("openai");
    expect(current.engine).toBe("openai:text-embedding-3-small");
    expect(current.matchThreshold).toBe(0.4);
    expect(current.embeddingDim).toBe(1536);
    const ada = createAiEngine({ ...env, OPENAI_API_KEY: "sk-test", OPENAI_EMBEDDING_MODEL: "text-embedding-ada-002" });
    expect(ada.matchThreshold).toBe(0.8);
    const custom = createAiEngine({
      ...env,
      OPENAI_API_KEY: "sk-test",
      OPENAI_EMBEDDING_MODEL: "text-embedding-3-large",
      OPENAI_MATCH_THRESHOLD: "0.55",
    });
    expect(custom.engine).toBe("openai:text-embedding-3-large");
    expect(custom.matchThreshold).toBe(0.55);
    expect(createAiEngine({ ...env, OPENAI_API_KEY: undefined }).kind).toBe("local");
  });

  it("asks for float embeddings (compatible servers ignore base64) and learns the dimension from them", async () => {
    const marker = `emb-${crypto.randomUUID()}`;
    const { e } = engine({ embeddingModel: "text-embedding-3-small" });
    const vecs = await e.embed([`cold brew coffee kit ${marker}`, `cold brew coffee kit with carafe ${marker}`, "", `tax report ${marker}`]);
    expect(vecs[0]).toBeInstanceOf(Float32Array);
    expect(vecs[0]!.length).toBe(1536);
    expect(vecs[2]).toBeNull();
    expect(e.embeddingDim).toBe(1536);
    const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);
    expect(dot(vecs[0]!, vecs[1]!)).toBeGreaterThan(dot(vecs[0]!, vecs[3]!));
    const logged = await requests(marker);
    expect(logged).toHaveLength(1);
    expect(logged[0]!.path).toBe("/v1/embeddings");
    expect(logged[0]!.body.encoding_format).toBe("float");
    expect(logged[0]!.body.model).toBe("text-embedding-3-small");
    expect(logged[0]!.authorized).toBe(true);
  });

  it("learns a non-standard dimension from the response", async () => {
    const { e } = engine({ embeddingModel: "my-local-embedder" });
    const [v] = await e.embed(["hello there"]);
    expect(v!.length).toBe(e.embeddingDim);
  });

  it("skips only the input the provider rejects, and yields null for all when the provider keeps failing", async () => {
    const marker = `bad-${crypto.randomUUID()}`;
    const { e, warnings } = engine();
    const vecs = await e.embed([`good text ${marker}`, `FAKE_BAD_REQUEST ${marker}`, `another good text ${marker}`]);
    expect(vecs[0]).toBeInstanceOf(Float32Array);
    expect(vecs[1]).toBeNull();
    expect(vecs[2]).toBeInstanceOf(Float32Array);
    expect(warnings.some((w) => w.includes("embedding failed"))).toBe(true);

    const down = `down-${crypto.randomUUID()}`;
    const failing = engine();
    expect(await failing.e.embed([`FAKE_SERVER_ERROR ${down}`, `x ${down}`])).toEqual([null, null]);
    // First attempt + 2 retries, then given up.
    expect(await requests(down)).toHaveLength(3);
  });

  it("extracts topics and insights with the spec's parameters and confidences", async () => {
    const marker = `topics-${crypto.randomUUID()}`;
    const { e } = engine();
    const { topics, insights } = await e.extractTopicsAndInsights([doc(marker)]);
    expect(topics.length).toBeGreaterThan(0);
    for (const t of topics) {
      expect(t.relevance_score).toBeGreaterThanOrEqual(0);
      expect(t.relevance_score).toBeLessThanOrEqual(1);
    }
    const conf: Record<string, number> = { goal: 0.9, audience: 0.85, brand_trait: 0.95, feature: 0.8, social_hook: 0.75 };
    expect(new Set(insights.map((i) => i.type))).toEqual(new Set(Object.keys(conf)));
    for (const i of insights) expect(i.confidence).toBe(conf[i.type]);
    const logged = await requests(marker);
    expect(logged).toHaveLength(2);
    for (const l of logged) {
      expect(l.path).toBe("/v1/chat/completions");
      // A current reasoning model (gpt-4 is shut down): max_completion_tokens covers the answer and
      // the reasoning; max_tokens and temperature, which it refuses, are not sent.
      expect(l.body.model).toBe("gpt-5.6-terra");
      expect(l.body.max_completion_tokens).toBe(1000 + REASONING_ALLOWANCE);
      expect(l.body.reasoning_effort).toBe("low");
      expect(l.body).not.toHaveProperty("max_tokens");
      expect(l.body).not.toHaveProperty("temperature");
      expect(l.body.response_format).toEqual({ type: "json_object" });
    }
  });

  it("falls back down the chat list on model_not_found and records the model in use (decision 191)", async () => {
    const marker = `fallback-${crypto.randomUUID()}`;
    const { e, warnings } = engine({ chatModel: "gpt-FAKE_NOT_FOUND", baseURL: BASE_URL, chatModels: ["gpt-5.6-terra", "gpt-5.4-mini"] });
    const s = await e.summarize({ brand: BRAND, documents: [doc(marker)] });
    expect(s.elevator_pitch).toContain("Lumen Roasters");
    expect(e.chatModel).toBe("gpt-5.6-terra");
    expect(e.models()).toEqual({ provider: "openai", chat: "gpt-5.6-terra", embeddings: "text-embedding-3-small", image: null });
    expect(warnings.some((w) => w.includes('gpt-FAKE_NOT_FOUND answered "not found"'))).toBe(true);
    expect((await requests(marker)).map((l) => [l.body.model, l.status])).toEqual([
      ["gpt-FAKE_NOT_FOUND", 404],
      ["gpt-5.6-terra", 200],
      ["gpt-5.6-terra", 200],
    ]);
  });

  it("falls back down the embedding list on model_not_found; vectors are labelled with the model in use (decision 230)", async () => {
    const marker = `embfallback-${crypto.randomUUID()}`;
    const { e, warnings } = engine({ embeddingModel: "text-embedding-FAKE_NOT_FOUND" });
    expect(e.embeddingModels).toEqual(["text-embedding-FAKE_NOT_FOUND", "text-embedding-3-small"]);
    // This engine's texts get no vector (its label was read already); the next engine moves on.
    expect(await e.embed([`Cold brew kits ${marker}`])).toEqual([null]);
    expect(e.engine).toBe("openai:text-embedding-FAKE_NOT_FOUND");
    expect(warnings.some((w) => w.includes('embeddings model text-embedding-FAKE_NOT_FOUND answered "not found"; using text-embedding-3-small'))).toBe(true);
    const { e: next } = engine({ embeddingModel: "text-embedding-FAKE_NOT_FOUND" });
    expect(next.engine).toBe("openai:text-embedding-3-small");
    expect(next.models().embeddings).toBe("text-embedding-3-small");
    const [v] = await next.embed([`Cold brew kits ${marker}`]);
    expect(v?.length).toBe(1536);
    expect((await requests(marker)).map((l) => [l.body.model, l.status])).toEqual([
      ["text-embedding-FAKE_NOT_FOUND", 404],
      ["text-embedding-3-small", 200],
    ]);
    // A compatible server's model has no list: a "not found" leaves the text without a vector.
    const { e: other } = engine({ embeddingModel: "nomic-FAKE_NOT_FOUND" });
    expect(other.embeddingModels).toEqual(["nomic-FAKE_NOT_FOUND"]);
    expect(await other.embed([`Cold brew ${marker}`])).toEqual([null]);
    forgetChatModelFallbacks();
  });

  it("the fake holds requests to OpenAI's published contract (contract probes)", async () => {
    const post = async (body: object, path = "/chat/completions") => {
      const res = await fetch(`${BASE_URL}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: "Bearer sk-test", "x-contract-probe": "1" },
        body: JSON.stringify(body),
      });
      return { status: res.status, error: ((await res.json()) as { error: { code: string | null; message: string } }).error };
    };
    const messages = [{ role: "user", content: "hi" }];
    // What today's requests looked like before: a shut-down model with max_tokens and temperature.
    expect(await post({ model: "gpt-4", messages, max_tokens: 10, temperature: 0.7 })).toMatchObject({ status: 404, error: { code: "model_not_found" } });
    expect((await post({ model: "gpt-5.6-terra", messages, temperature: 0.7 })).error.message).toMatch(/temperature 0.7 is refused/);
    expect((await post({ model: "gpt-5.6-terra", messages, max_tokens: 10 })).error.message).toMatch(/"max_tokens" is refused/);
    expect((await post({ model: "gpt-5.6-terra", messages, max_output_tokens: 10 })).error.message).toMatch(/field "max_output_tokens" is not in the contract/);
    expect((await post({ model: "gpt-5.6-terra", input: "hi" }, "/responses")).status).toBe(404);
  });

  it("asks for JSON mode on models that support it", async () => {
    const marker = `json-${crypto.randomUUID()}`;
    const { e } = engine({ chatModel: "gpt-4o-mini" });
    await e.extractTopicsAndInsights([doc(marker)]);
    const logged = await requests(marker);
    expect(logged.map((l) => l.body.response_format)).toEqual([{ type: "json_object" }, { type: "json_object" }]);
  });

  it("falls back as the spec says on malformed JSON: topics skipped with a warning, insights [], posts asked twice then WriterOutputError (decision 226), summary rethrown", async () => {
    const { e, warnings } = engine();
    const bad = doc("FAKE_MALFORMED_JSON");
    expect(await e.extractTopicsAndInsights([bad])).toEqual({ topics: [], insights: [] });
    expect(warnings.some((w) => w.includes("topic extraction failed"))).toBe(true);
    await expect(
      e.generatePosts({ brand: BRAND, prompt: "FAKE_MALFORMED_JSON summer", context: [], insights: [], count: 2, platforms: ["twitter"] }),
    ).rejects.toBeInstanceOf(WriterOutputError);
    await expect(e.summarize({ brand: BRAND, documents: [bad] })).rejects.toBeInstanceOf(AiOutputError);
  });

  it("retries a 429 after the Retry-After the server asked for, then succeeds", async () => {
    const key = crypto.randomUUID().replace(/-/g, "");
    const { e } = engine();
    const started = Date.now();
    const posts = await e.generatePosts({
      brand: BRAND,
      prompt: `Launch our cold brew FAKE_RATE_LIMIT_ONCE:${key}`,
      context: ["The Cold Brew Kit includes a glass carafe."],
      insights: [],
      count: 1,
      platforms: ["twitter"],
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(posts).toHaveLength(1);
    const logged = await requests(key);
    expect(logged.map((l) => l.status)).toEqual([429, 200]);
  });

  it("does not wait for a Retry-After beyond its cap", async () => {
    const { e, warnings } = engine({ retry: { maxRetries: 3, baseDelayMs: 5, maxRetryAfterMs: 2000 } });
    const started = Date.now();
    const marker = `long-${crypto.randomUUID()}`;
    const { topics } = await e.extractTopicsAndInsights([doc(`${marker} FAKE_RATE_LIMIT_LONG`)]);
    expect(topics).toEqual([]);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(warnings.length).toBeGreaterThan(0);
    expect((await requests(marker)).every((l) => l.status === 429)).toBe(true);
  });

  it("gives up on a persistent 500 after the retries and rethrows for summaries", async () => {
    const marker = `five-${crypto.randomUUID()}`;
    const { e } = engine();
    await expect(e.summarize({ brand: BRAND, documents: [doc(`${marker} FAKE_SERVER_ERROR`)] })).rejects.toMatchObject({ status: 500 });
    const logged = await requests(marker);
    expect(logged.map((l) => l.status)).toEqual([500, 500, 500]);
  });

  it("recovers from a single 500", async () => {
    const key = crypto.randomUUID().replace(/-/g, "");
    const { e } = engine();
    const [v] = await e.embed([`text FAKE_SERVER_ERROR_ONCE:${key}`]);
    expect(v).toBeInstanceOf(Float32Array);
    expect((await requests(key)).map((l) => l.status)).toEqual([500, 200]);
  });

  it("summarises each document with 200 tokens, then builds the marketing summary", async () => {
    const marker = `sum-${crypto.randomUUID()}`;
    const { e } = engine();
    const s = await e.summarize({ brand: BRAND, documents: [doc(marker), { ...doc(marker), title: "Second" }] });
    expect(s.elevator_pitch).toContain("Lumen Roasters");
    expect(s.value_props.length).toBeGreaterThan(0);
    expect(s.content_themes.length).toBeGreaterThan(0);
    const logged = await requests(marker);
    const perDoc = logged.filter((l) => JSON.stringify(l.body).includes('\\"summary\\"'));
    expect(perDoc).toHaveLength(2);
    for (const l of perDoc) expect(l.body.max_completion_tokens).toBe(200 + REASONING_ALLOWANCE);
  });

  it("generates posts with 2000 tokens, clean hashtags and platform limits", async () => {
    const marker = `posts-${crypto.randomUUID()}`;
    const { e } = engine();
    const long = "Our Cold Brew Kit includes a reusable glass carafe, a steel filter and a bag of our Midnight blend. ".repeat(5);
    const posts = await e.generatePosts({
      brand: BRAND,
      prompt: `Summer cold brew launch campaign ${marker}`,
      context: [long],
      insights: [{ type: "goal", content: "Make coffee part of every morning.", confidence: 0.9 }],
      count: 3,
      platforms: ["twitter", "linkedin"],
    });
    // Each message once per network (decision 185): 3 messages x 2 networks.
    expect(posts.map((p) => [p.message, p.platform])).toEqual(
      [0, 1, 2].flatMap((m) => [
        [m, "twitter"],
        [m, "linkedin"],
      ]),
    );
    for (const p of posts) {
      expect(p.content.length).toBeGreaterThan(0);
      expect(p.hashtags.every((h) => !h.startsWith("#") && h.length > 0)).toBe(true);
      expect(publishedLength(p.content, p.hashtags)).toBeLessThanOrEqual(PLATFORM_LIMITS[p.platform]);
    }
    const [logged] = await requests(marker);
    expect(logged!.body.max_completion_tokens).toBe(2000 + REASONING_ALLOWANCE);
    expect(logged!.body).not.toHaveProperty("temperature");
  });

  it("tidies what the model returns: only the asked platforms, clean hashtags, limits, no empty posts", async () => {
    const { e } = engine();
    const posts = await e.generatePosts({
      brand: BRAND,
      prompt: "Summer FAKE_UNRULY_POSTS",
      context: [],
      insights: [],
      count: 3,
      platforms: ["twitter", "instagram"],
    });
    // Each of the 3 messages: the empty variant dropped, "X" read as twitter, the second "X" ignored
    // (the missing Instagram variant is adapted by generation.ts).
    expect(posts.map((p) => [p.message, p.platform])).toEqual([
      [0, "twitter"],
      [1, "twitter"],
      [2, "twitter"],
    ]);
    for (const p of posts) {
      expect(publishedLength(p.content, p.hashtags)).toBeLessThanOrEqual(280);
      for (const h of p.hashtags) expect(h).toMatch(/^[\p{L}\p{N}_]+$/u);
    }
    expect(posts[0]!.hashtags[0]).toBe("Summer");
  });

  it("times out a slow answer and retries it", async () => {
    const key = crypto.randomUUID().replace(/-/g, "");
    const { e } = engine({ timeoutMs: 400 });
    const started = Date.now();
    const [v] = await e.embed([`slow text FAKE_SLOW_ONCE:${key}`]);
    expect(v).toBeInstanceOf(Float32Array);
    expect(Date.now() - started).toBeLessThan(1400);
    expect(await requests(key)).toHaveLength(2);
  });
});
