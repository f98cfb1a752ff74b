import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { expectError, json, serviceCtx, signIn } from "./helpers";
import { fitPost, generateContent, sanitizeDrafts } from "../../worker/services/posts/generation";
import type { AiEngine } from "../../worker/adapters/ai/types";
import { publishedLength } from "../../schema/api/campaigns";
import { localDateTimeToUtc, wallTimeOf } from "../../schema/api/campaign-schedule";
import type { GenerateResponse } from "../../schema/api/campaigns";

const BRAND_TEXT =
  "Acme Coffee roasts single-origin beans in small batches every Monday. " +
  "Our baristas train for six weeks before pulling a single espresso shot. " +
  "We buy directly from farmers in Ethiopia and Colombia and pay above fair-trade prices. " +
  // Enough facts for the 10-post campaign below: the local writer stops short rather than repeat itself.
  "Every bag of beans is packed in a compostable pouch with a one-way valve.";

async function setBrand(projectId: string) {
  await env.DB.prepare("update projects set name = 'Acme Coffee', industry = 'Food', brand_voice = 'Warm & Friendly', description = ? where id = ?")
    .bind(BRAND_TEXT, projectId)
    .run();
}

/** An engine whose generatePosts returns whatever the test wants (stands in for a misbehaving model). */
function stubEngine(output: unknown, kind: "local" | "openai" = "openai"): AiEngine & { calls: unknown[] } {
  const calls: unknown[] = [];
  return {
    engine: "stub",
    embeddingDim: 3,
    matchThreshold: 0.5,
    kind,
    calls,
    embed: async (texts) => texts.map(() => null),
    extractTopicsAndInsights: async () => ({ topics: [], insights: [] }),
    summarize: async () => ({ elevator_pitch: "", value_props: [], positioning: "", brand_story: "", content_themes: [] }),
    generatePosts: async (input) => {
      calls.push(input);
      if (output instanceof Error) throw output;
      return output as never;
    },
  };
}

const future = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  return d.toISOString().slice(0, 10);
};

describe("POST /api/projects/:projectId/generate with the local engine", () => {
  it("generates one twitter post scheduled now, drawn from the brand text", { timeout: 20_000 }, async () => {
    const user = await signIn();
    await setBrand(user.projectId);
    const before = Date.now();
    const res = await json(user, "POST", `/api/projects/${user.projectId}/generate`, {
      prompt: "Tell people about our espresso training",
      type: "social_post",
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as GenerateResponse;
    expect(body.engine).toBe("local");
    expect(body.posts).toHaveLength(1);
    const [post] = body.posts;
    expect(post.platform).toBe("twitter");
    expect(post.content.trim().length).toBeGreaterThan(0);
    expect(publishedLength(post.content, post.hashtags)).toBeLessThanOrEqual(280);
    // Built from the brand's own sentences.
    expect(post.content).toMatch(/Acme|espresso|baristas|beans|farmers/i);
    const at = Date.parse(post.scheduled_for);
    expect(at).toBeGreaterThanOrEqual(Math.floor(before / 60_000) * 60_000);
    expect(at).toBeLessThanOrEqual(Date.now());
  });

  it(
    "generates a campaign of up to 10 messages over 5 days, each on both networks, two a day from the start time in the user's zone",
    { timeout: 20_000 },
    async () => {
      const user = await signIn();
      await setBrand(user.projectId);
      const start = future(3);
      const res = await json(user, "POST", `/api/projects/${user.projectId}/generate`, {
        prompt: "A week about our direct trade relationships with farmers",
        type: "campaign",
        count: 10,
        duration: 5,
        platforms: ["twitter", "instagram"],
        start_date: start,
        start_time: "09:30",
        time_zone: "America/New_York",
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as GenerateResponse;
      // post_count counts messages: each message is one post per network, at one time (decision 185).
      const messages = [...new Set(body.posts.map((p) => p.message_id))];
      expect(body.message_count).toBe(messages.length);
      expect(messages.length).toBeGreaterThan(0);
      expect(messages.length).toBeLessThanOrEqual(10);
      expect(body.posts).toHaveLength(messages.length * 2);
      const first = localDateTimeToUtc(start, "09:30", "America/New_York")!;
      expect(Date.parse(body.posts[0].scheduled_for)).toBe(first);
      const timeOf = (m: string) => [...new Set(body.posts.filter((p) => p.message_id === m).map((p) => p.scheduled_for))];
      for (const m of messages) expect(timeOf(m)).toHaveLength(1);
      const hours = messages.map((m) => wallTimeOf(Date.parse(timeOf(m)[0]!), "America/New_York").hour);
      expect(hours).toEqual([9, 21, 9, 21, 9, 21, 9, 21, 9, 21].slice(0, messages.length));
      for (const p of body.posts) {
        expect(["twitter", "instagram"]).toContain(p.platform);
        expect(p.content.trim()).not.toBe("");
        expect(publishedLength(p.content, p.hashtags)).toBeLessThanOrEqual(p.platform === "twitter" ? 280 : 2200);
      }
      expect(new Set(body.posts.map((p) => p.platform))).toEqual(new Set(["twitter", "instagram"]));
    },
  );

  it("validates the request with the spec's messages", async () => {
    const user = await signIn();
    const short = await expectError(
      await json(user, "POST", `/api/projects/${user.projectId}/generate`, { prompt: "too short", type: "campaign", count: 5, time_zone: "UTC" }),
      400,
    );
    expect(short.fields?.prompt).toBe("Please provide a detailed prompt");
    const empty = await expectError(await json(user, "POST", `/api/projects/${user.projectId}/generate`, { prompt: "   ", type: "social_post" }), 400);
    expect(empty.fields?.prompt).toBe("Please enter a prompt");
    const noPlatform = await expectError(
      await json(user, "POST", `/api/projects/${user.projectId}/generate`, { prompt: "A detailed enough prompt", type: "campaign", platforms: [] }),
      400,
    );
    expect(noPlatform.fields?.platforms).toBe("Select at least one platform");
    await expectError(
      await json(user, "POST", `/api/projects/${user.projectId}/generate`, { prompt: "A detailed enough prompt", type: "campaign", count: 31 }),
      400,
    );
    await expectError(
      await json(user, "POST", `/api/projects/${user.projectId}/generate`, { prompt: "A detailed enough prompt", type: "campaign", time_zone: "Mars/Olympus" }),
      400,
    );
    const past = await expectError(
      await json(user, "POST", `/api/projects/${user.projectId}/generate`, {
        prompt: "A detailed enough prompt",
        type: "campaign",
        start_date: "2020-01-01",
        start_time: "09:00",
        time_zone: "UTC",
      }),
      400,
    );
    expect(past.fields?.start_date).toBeTruthy();
  });

  it("answers 404 for another user's project and 401 when anonymous", async () => {
    const owner = await signIn();
    const other = await signIn();
    const body = { prompt: "Tell people about our espresso training", type: "social_post" };
    await expectError(await json(other, "POST", `/api/projects/${owner.projectId}/generate`, body), 404);
    await expectError(await json(null, "POST", `/api/projects/${owner.projectId}/generate`, body), 401);
  });
});

describe("generation service against misbehaving engine output", () => {
  it("passes the brand, the prompt and the requested count and platforms to the engine", async () => {
    const user = await signIn();
    await setBrand(user.projectId);
    const engine = stubEngine([{ content: "Hello", hashtags: ["a"], platform: "twitter" }]);
    await generateContent(
      serviceCtx(user),
      user.projectId,
      {
        prompt: "Coffee week campaign",
        type: "campaign",
        count: 3,
        platforms: ["twitter"],
        time_zone: "UTC",
      },
      engine,
    );
    const input = engine.calls[0] as {
      brand: { name: string; description: string };
      count: number;
      platforms: string[];
      context: string[];
      insights: unknown[];
    };
    expect(input.brand.name).toBe("Acme Coffee");
    expect(input.brand.description).toBe(BRAND_TEXT);
    expect(input.count).toBe(3);
    expect(input.platforms).toEqual(["twitter"]);
    expect(input.context.length).toBeLessThanOrEqual(2);
    for (const c of input.context) expect(c.length).toBeLessThanOrEqual(500);
    expect(input.insights.length).toBeLessThanOrEqual(2);
  });

  it("answers 'No content generated' (422) when the model output is malformed or empty", async () => {
    const user = await signIn();
    const input = { prompt: "A detailed prompt here", type: "campaign" as const, count: 3, time_zone: "UTC" };
    for (const output of [[], null, "not json", { posts: "x" }, [{ content: "   " }, { hashtags: ["x"] }, 42]]) {
      await expect(generateContent(serviceCtx(user), user.projectId, input, stubEngine(output))).rejects.toMatchObject({
        status: 422,
        message: "No content generated",
      });
    }
  });

  it("answers 502 with the spec's failure text when the engine throws, never a 500", async () => {
    const user = await signIn();
    await expect(
      generateContent(serviceCtx(user), user.projectId, { prompt: "A detailed prompt", type: "social_post", time_zone: "UTC" }, stubEngine(new Error("boom"))),
    ).rejects.toMatchObject({ status: 502, message: "Failed to generate content. Please try again." });
  });

  it("keeps the good drafts of a partly malformed answer: each a message on every requested platform", async () => {
    const drafts = sanitizeDrafts(
      [
        { content: "  First post  ", hashtags: ["#Coffee", "coffee", "with space", 7], platform: "TWITTER" },
        { content: "" },
        { content: "Second post", hashtags: "nope", platform: "myspace", image_prompt: "a cup" },
        { content: "Third post", platform: "linkedin" },
        { content: "Beyond the count" },
      ],
      ["twitter", "instagram"],
      3,
    );
    expect(drafts).toEqual([
      { content: "First post", hashtags: ["Coffee", "withspace"], platform: "twitter", message: 0 },
      { content: "First post", hashtags: ["Coffee", "withspace"], platform: "instagram", message: 0 },
      { content: "Second post", hashtags: [], platform: "twitter", image_prompt: "a cup", message: 1 },
      { content: "Second post", hashtags: [], platform: "instagram", image_prompt: "a cup", message: 1 },
      { content: "Third post", hashtags: [], platform: "twitter", message: 2 },
      { content: "Third post", hashtags: [], platform: "instagram", message: 2 },
    ]);
    // A message's own variant for a network is kept; a missing one is adapted (fitted) from it.
    const grouped = sanitizeDrafts(
      [
        { content: "Long ".repeat(80).trim(), platform: "instagram", message: 4 },
        { content: "Short one", platform: "twitter", message: 4 },
      ],
      ["twitter", "instagram", "linkedin"],
      1,
    );
    expect(grouped.map((d) => [d.platform, d.message, d.content.length])).toEqual([
      ["twitter", 0, 9],
      ["instagram", 0, 399],
      ["linkedin", 0, 399],
    ]);
  });

  it("fits an over-long X post within 280 characters counting hashtags", () => {
    const long = "word ".repeat(100).trim();
    const fitted = fitPost(long, ["Alpha", "Beta", "Gamma"], "twitter");
    expect(publishedLength(fitted.content, fitted.hashtags)).toBeLessThanOrEqual(280);
    expect(fitted.hashtags).toEqual(["Alpha"]);
    expect(fitted.content.endsWith("…")).toBe(true);
    const tagHeavy = fitPost(
      "Short text",
      Array.from({ length: 40 }, (_, i) => `Tag${i}Long`),
      "twitter",
    );
    expect(publishedLength(tagHeavy.content, tagHeavy.hashtags)).toBeLessThanOrEqual(280);
    expect(tagHeavy.content).toBe("Short text");
    const ok = fitPost("Fine as it is", ["One"], "twitter");
    expect(ok).toEqual({ content: "Fine as it is", hashtags: ["One"] });
  });

  it("schedules a single post at the chosen local date and time", async () => {
    const user = await signIn();
    const date = future(2);
    const res = await generateContent(
      serviceCtx(user),
      user.projectId,
      { prompt: "A post", type: "social_post", start_date: date, start_time: "18:45", time_zone: "Europe/Berlin" },
      stubEngine([{ content: "Hi", hashtags: [] }, { content: "extra" }]),
    );
    expect(res.posts).toHaveLength(1);
    expect(res.posts[0].platform).toBe("twitter");
    expect(Date.parse(res.posts[0].scheduled_for)).toBe(localDateTimeToUtc(date, "18:45", "Europe/Berlin"));
    expect(res.engine).toBe("openai");
  });
});
