// AI images for generated Instagram posts (decision 118), in workerd against the image
// model fakes (test/fakes/image-models.ts): a configured model's image becomes the post's media
// (bytes in R2, one media row); a refusal, bad bytes, an unknown model or a late answer fall back
// to the brand card; no model configured -> the card; and never an orphan object or row.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, campaignPostOf, json, serviceCtx, signIn, type TestUser } from "./helpers";
import { fakeAiBinding } from "../fakes/workers-ai-binding";
import { createAiEngine } from "../../worker/adapters/ai";
import { imagePrompt, IMAGE_PROMPT_MAX } from "../../worker/adapters/ai/image-model";
import { openAiImageParams } from "../../worker/adapters/ai/openai-image";
import { forgetChatModelFallbacks } from "../../worker/adapters/ai/openai-engine";
import type { Env } from "../../worker/env";
import { getDb } from "../../worker/lib/db";
import { imageSize } from "../../platforms/shared/image-size";
import { sniffImage } from "../../worker/services/posts/media";
import { prepareImage } from "../../worker/services/publishing/media-prepare";
import { checkModelImage } from "../../worker/services/posts/image";
import { encode as encodePng } from "fast-png";
import { generateContent, type GenerateInput } from "../../worker/services/posts/generation";
import type { GeneratedPost } from "../../schema/api/campaigns";

const FAKE_OPENAI = `${env.FAKES_URL}/openai/v1`;
const FLUX = "@cf/black-forest-labs/flux-1-schnell";

const openAiEnv = (overrides: Partial<Env> = {}): Env => ({
  ...env,
  OPENAI_API_KEY: "sk-test",
  OPENAI_BASE_URL: FAKE_OPENAI,
  OPENAI_CHAT_MODEL: "gpt-4o-mini",
  OPENAI_EMBEDDING_MODEL: "text-embedding-3-small",
  OPENAI_MAX_RETRIES: "0",
  ...overrides,
});

async function brandUser(): Promise<TestUser> {
  const user = await signIn();
  await env.DB.prepare("update projects set name = 'Kettle Cargo', industry = 'Cargo bikes', brand_voice = 'Playful and cheeky' where id = ?")
    .bind(user.projectId)
    .run();
  return user;
}

function generate(e: Env, user: TestUser, prompt: string, more: Partial<GenerateInput> = {}) {
  const input = { prompt, type: "social_post", platforms: ["instagram"], time_zone: "UTC", ...more } as GenerateInput;
  return generateContent(serviceCtx(user, e), user.projectId, input);
}

/** The stored image behind a post's media URL: type by content, size from its header. */
async function stored(post: GeneratedPost) {
  const res = await call(post.media_info!.url);
  expect(res.status).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { contentType: res.headers.get("content-type"), type: sniffImage(bytes.subarray(0, 16))?.type, ...imageSize(bytes) };
}

/** Media rows and R2 objects of the project: each generated image must be stored exactly once. */
async function storedCounts(projectId: string) {
  const rows = await env.DB.prepare("select count(*) as n from media where project_id = ?").bind(projectId).first<{ n: number }>();
  const objects = await env.BUCKET.list({ prefix: `post-media/${projectId}/` });
  return { rows: rows!.n, objects: objects.objects.length };
}

/** Returns and forgets the contract violations the fakes recorded (a test that sends one on purpose). */
async function takeViolations() {
  const res = await fetch(`${env.FAKES_URL}/_contracts/violations`);
  return ((await res.json()) as { violations: { service: string; request: string; problems: string[] }[] }).violations;
}

async function imageRequests(contains: string) {
  const res = await fetch(`${env.FAKES_URL}/openai/_images/requests?contains=${encodeURIComponent(contains)}`);
  return ((await res.json()) as { requests: { body: Record<string, unknown>; status: number }[] }).requests;
}

/** The media row behind a post's public URL. */
async function mediaRow(post: GeneratedPost) {
  const key = post.media_info!.url.split("/").pop()!;
  const row = await env.DB.prepare(
    "select id, project_id as projectId, r2_key as r2Key, public_key as publicKey, file_name as fileName, file_type as fileType, file_size as fileSize, created_at as createdAt from media where public_key = ?",
  )
    .bind(key)
    .first<Parameters<typeof prepareImage>[3]>();
  return row!;
}

// Instagram's card is the 4:5 layout (decision 270).
const isCard = (img: Awaited<ReturnType<typeof stored>>) => img.type === "image/png" && img.width === 1080 && img.height === 1350;

describe("image prompt and request shapes", () => {
  it("builds the prompt from the key line and the brand only, within every model's limit", () => {
    const p = imagePrompt({
      keyLine: "Meet the mobile repair van.\u0000\nIt comes to you.",
      brand: { name: "Kettle Cargo", industry: "Cargo bikes", brand_voice: "Playful" },
    });
    expect(p).toContain("Kettle Cargo");
    expect(p).toContain("Meet the mobile repair van. It comes to you.");
    expect(p).toMatch(/No text, letters, words/);
    // eslint-disable-next-line no-control-regex -- checking no control character survives
    expect(p).not.toMatch(/[\u0000-\u001f]/);
    const long = imagePrompt({ keyLine: "zq ".repeat(5000), brand: { name: "N".repeat(5000), industry: "I".repeat(5000), brand_voice: "V".repeat(5000) } });
    expect(long.length).toBeLessThanOrEqual(IMAGE_PROMPT_MAX);
    // The key line is cut at 300 characters ("zq " x 100), the brand fields at 80 each.
    expect(long.split("zq").length - 1).toBe(100);
    expect(long).toContain(`${"N".repeat(80)},`);
    expect(long).not.toContain("N".repeat(81));
  });

  it("asks each model family for what it accepts", () => {
    expect(openAiImageParams("gpt-image-2", "p", "medium")).toEqual({
      model: "gpt-image-2",
      prompt: "p",
      n: 1,
      size: "1024x1024",
      output_format: "jpeg",
      quality: "medium",
    });
    // A quality the model does not know is not sent.
    expect(openAiImageParams("gpt-image-2", "p", "hd")).toEqual({ model: "gpt-image-2", prompt: "p", n: 1, size: "1024x1024", output_format: "jpeg" });
    // A compatible server's model gets the widely copied dall-e shape: base64 asked, no quality.
    expect(openAiImageParams("sdxl-turbo", "p", "high")).toEqual({ model: "sdxl-turbo", prompt: "p", n: 1, size: "1024x1024", response_format: "b64_json" });
  });
});

describe("a model's bytes are checked before they are stored", () => {
  const png = (width: number, height: number) => encodePng({ width, height, data: new Uint8Array(width * height * 3).fill(120), channels: 3, depth: 8 });

  it("accepts a square PNG; refuses no image, a GIF, a tiny image and an aspect Instagram refuses", () => {
    expect(checkModelImage(png(1024, 1024), "instagram")).toEqual({ type: "image/png", ext: "png" });
    expect(() => checkModelImage(new TextEncoder().encode("<html>no image</html>"), "instagram")).toThrow(/not a JPEG or PNG/);
    expect(() => checkModelImage(new TextEncoder().encode("GIF89a\x00\x04\x00\x04"), "instagram")).toThrow(/not a JPEG or PNG/);
    expect(() => checkModelImage(png(64, 64), "instagram")).toThrow(/too small/);
    expect(() => checkModelImage(png(1536, 512), "instagram")).toThrow(/4:5/);
  });
});

describe("the fakes refuse what the real services refuse", () => {
  // Probing the fake's refusals (x-contract-probe: not recorded as contract violations, decision 190).
  const post = (body: unknown) =>
    fetch(`${FAKE_OPENAI}/images/generations`, {
      method: "POST",
      headers: { authorization: "Bearer sk-test", "content-type": "application/json", "x-contract-probe": "1" },
      body: JSON.stringify(body),
    });

  it("OpenAI Images API: the published contract (shut-down models, undeclared fields), then sizes, prompt and n per model", async () => {
    const cases: [unknown, number, string, string | null, RegExp?][] = [
      // dall-e-2 and dall-e-3 were shut down on 2026-05-12 (test/contracts/openai/models.json).
      [{ model: "dall-e-3", prompt: "a bike", size: "1024x1024", response_format: "b64_json" }, 404, "model_not_found", null, /dall-e-3.*deprecated/],
      [{ model: "dall-e-2", prompt: "a bike" }, 404, "model_not_found", null, /deprecated/],
      // A field CreateImageRequest does not declare.
      [{ model: "gpt-image-2", prompt: "a bike", seed: 7 }, 400, "invalid_request", null, /field "seed" is not in the contract/],
      [{ model: "gpt-image-2", prompt: "a bike", size: "512x512" }, 400, "invalid_value", "size"],
      [{ model: "gpt-image-2", prompt: "a bike", size: "1792x1024" }, 400, "invalid_value", "size"],
      [{ model: "gpt-image-2", prompt: "x".repeat(32001) }, 400, "string_above_max_length", "prompt"],
      [{ model: "gpt-image-2" }, 400, "invalid_request", null, /prompt/],
      [{ model: "gpt-image-2", prompt: "a bike", response_format: "b64_json" }, 400, "unknown_parameter", "response_format"],
      [{ model: "gpt-image-2", prompt: "a bike", n: 11 }, 400, "invalid_request", null, /n: must be <= 10/],
      [{ model: "gpt-image-9", prompt: "a bike" }, 404, "model_not_found", null, /does not exist/],
    ];
    for (const [body, status, code, param, message] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      const err = ((await res.json()) as { error: { message: string; type: string; param: string | null; code: string } }).error;
      expect(err, JSON.stringify(body).slice(0, 80)).toMatchObject({ code, param, type: "invalid_request_error" });
      expect(err.message).toMatch(message ?? /.{10}/);
    }
    const ok = await post({ model: "gpt-image-2", prompt: "a bike", size: "1024x1024", output_format: "jpeg", quality: "low", n: 1 });
    expect(ok.status).toBe(200);
  });

  it("a request the adapter would send with a shut-down model is recorded as a contract violation", async () => {
    const res = await fetch(`${FAKE_OPENAI}/images/generations`, {
      method: "POST",
      headers: { authorization: "Bearer sk-test", "content-type": "application/json" },
      body: JSON.stringify(openAiImageParams("dall-e-3", "a bike")),
    });
    expect(res.status).toBe(404);
    expect(await takeViolations()).toEqual([
      expect.objectContaining({ service: "openai", problems: ['model "dall-e-3" is shut down (OpenAI deprecations page)'] }),
    ]);
  });

  it("Workers AI flux-1-schnell: prompt 1-2048 characters, steps <= 8, no other input", async () => {
    // Probing the fake's refusals (not recorded as contract violations, decision 190).
    const ai = fakeAiBinding(env.FAKES_URL, { probe: true });
    await expect(ai.run(FLUX, { prompt: "a bike", seed: 7 })).rejects.toThrow(/additional properties/);
    await expect(ai.run(FLUX, { prompt: "a bike", steps: 9 })).rejects.toThrow(/steps/);
    await expect(ai.run(FLUX, { prompt: "x".repeat(2049) })).rejects.toThrow(/2048/);
    await expect(ai.run(FLUX, { steps: 4 })).rejects.toThrow(/prompt/);
    const ok = (await ai.run(FLUX, { prompt: "a bike", steps: 4 })) as { image: string };
    expect(ok.image.startsWith("/9j/")).toBe(true); // base64 of a JPEG
  });
});

describe("OpenAI image model", { timeout: 60_000 }, () => {
  it("gpt-image-2: the Instagram post's image is the model's JPEG, stored once in R2 with a media row", async () => {
    const user = await brandUser();
    const marker = `gptimg${crypto.randomUUID().slice(0, 8)}`;
    const res = await generate(openAiEnv({ OPENAI_IMAGE_MODEL: "gpt-image-2", OPENAI_IMAGE_QUALITY: "low" }), user, `Show our mobile repair van ${marker}`);
    const post = res.posts[0]!;
    expect(post.media_info).toMatchObject({ file_type: "image/jpeg", file_name: "ai-image.jpg" });
    expect(await stored(post)).toMatchObject({ contentType: "image/jpeg", type: "image/jpeg", width: 1024, height: 1024 });
    expect(await storedCounts(user.projectId)).toEqual({ rows: 1, objects: 1 });
    const [req] = await imageRequests(marker);
    expect(req!.status).toBe(200);
    expect(req!.body).toMatchObject({ model: "gpt-image-2", size: "1024x1024", output_format: "jpeg", quality: "low", n: 1 });
    expect(req!.body).not.toHaveProperty("response_format");
    const prompt = req!.body.prompt as string;
    expect(prompt).toContain("Kettle Cargo");
    expect(prompt).toContain(marker);
    expect(prompt.length).toBeLessThanOrEqual(IMAGE_PROMPT_MAX);
    // Instagram takes the model's JPEG as it is (decision 123: no converted copy needed).
    const row = await mediaRow(post);
    const prepared = await prepareImage(env, getDb(env.DB), "instagram", row);
    expect(prepared!.row.id).toBe(row.id);
  });

  it("gpt-image-2 in a campaign: every Instagram post gets its own model image, other networks none", async () => {
    const user = await brandUser();
    const marker = `campaign${crypto.randomUUID().slice(0, 8)}`;
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const res = await generate(openAiEnv({ OPENAI_IMAGE_MODEL: "gpt-image-2" }), user, `A week about our cargo bikes ${marker}`, {
      type: "campaign",
      count: 4,
      duration: 7,
      platforms: ["instagram", "twitter"],
      start_date: tomorrow,
      start_time: "09:00",
    });
    // Each message goes to both networks (decision 185): one Instagram variant per message.
    const instagram = res.posts.filter((p) => p.platform === "instagram");
    const twitter = res.posts.filter((p) => p.platform === "twitter");
    expect(instagram.length).toBeGreaterThan(0);
    expect(instagram).toHaveLength(twitter.length);
    for (const p of instagram) expect(await stored(p)).toMatchObject({ type: "image/jpeg", width: 1024, height: 1024 });
    expect(new Set(instagram.map((p) => p.media_info!.url)).size).toBe(instagram.length);
    expect(twitter.every((p) => !p.media_info)).toBe(true);
    const reqs = await imageRequests(marker);
    expect(reqs).toHaveLength(instagram.length);
    for (const r of reqs) expect(r.body).toMatchObject({ model: "gpt-image-2", output_format: "jpeg", size: "1024x1024" });
    expect(await storedCounts(user.projectId)).toEqual({ rows: instagram.length, objects: instagram.length });
    // The campaign is scheduled with its images (the API checks Instagram's rules on the stored bytes).
    const saved = await json(user, "POST", `/api/projects/${user.projectId}/campaigns`, {
      prompt: `A week about our cargo bikes ${marker}`,
      post_count: 4,
      duration: 7,
      platforms: ["instagram", "twitter"],
      start_date: tomorrow,
      start_time: "09:00",
      time_zone: "UTC",
      posts: res.posts.map(campaignPostOf),
    });
    expect(saved.status).toBe(201);
    const body = (await saved.json()) as { posts: { platform: string; media_info: { url: string } | null }[] };
    expect(
      body.posts
        .filter((p) => p.platform === "instagram")
        .map((p) => p.media_info!.url)
        .sort(),
    ).toEqual(instagram.map((p) => p.media_info!.url).sort());
    // The model's JPEG is what Instagram publishes (decision 123: no converted copy).
    const row = await mediaRow(instagram[0]!);
    const prepared = await prepareImage(env, getDb(env.DB), "instagram", row);
    expect(prepared!.row.id).toBe(row.id);
  });

  it("a shut-down model (dall-e-3) falls back down the image list: the post gets gpt-image-2's image (decision 230)", async () => {
    const user = await brandUser();
    const marker = `retired${crypto.randomUUID().slice(0, 8)}`;
    const e = openAiEnv({ OPENAI_IMAGE_MODEL: "dall-e-3" });
    expect((createAiEngine(e).image as { models?: readonly string[] }).models).toEqual(["dall-e-3", "gpt-image-2"]);
    const res = await generate(e, user, `Show our mobile repair van ${marker}`);
    const post = res.posts[0]!;
    expect(post.media_info).toMatchObject({ file_type: "image/jpeg", file_name: "ai-image.jpg" });
    expect(await stored(post)).toMatchObject({ type: "image/jpeg", width: 1024, height: 1024 });
    // The service refused dall-e-3 as OpenAI does (404 model_not_found), then gpt-image-2 answered.
    expect((await imageRequests(marker)).map((r) => [r.body.model, r.status])).toEqual([
      ["dall-e-3", 404],
      ["gpt-image-2", 200],
    ]);
    // The configured model broke the contract once (a shut-down model): expected here, and taken
    // so the check after each test does not fail this one.
    const violations = await takeViolations();
    expect(violations.map((v) => v.problems)).toEqual([['model "dall-e-3" is shut down (OpenAI deprecations page)']]);
    // The isolate remembers: the next post asks gpt-image-2 at once, and health reports it.
    const next = `${marker}b`;
    await generate(e, user, `Show our mobile repair van ${next}`);
    expect((await imageRequests(next)).map((r) => r.body.model)).toEqual(["gpt-image-2"]);
    expect(createAiEngine(e).models?.().image).toBe("gpt-image-2");
    forgetChatModelFallbacks();
  });

  it.each([
    ["a content-policy refusal (400)", "gpt-image-2", "FAKE_CONTENT_POLICY", {}],
    ["bytes that are no image", "gpt-image-2", "FAKE_IMAGE_BAD_BYTES", {}],
    ["a server error", "gpt-image-2", "FAKE_IMAGE_SERVER_ERROR", {}],
    ["no answer before the deadline", "gpt-image-2", "FAKE_IMAGE_SLOW", { AI_IMAGE_TIMEOUT_MS: "400" }],
    // A compatible server's name has no list to fall back on.
    ["an unknown model (404)", "flux-dev-unknown", "", {}],
  ] as const)("%s: the post gets the brand card, generation succeeds, nothing else is stored", async (_label, model, word, extra) => {
    const user = await brandUser();
    const marker = `fallback${crypto.randomUUID().slice(0, 8)}`;
    const res = await generate(openAiEnv({ OPENAI_IMAGE_MODEL: model, ...extra }), user, `Show our mobile repair van ${word} ${marker}`);
    expect(res.posts).toHaveLength(1);
    const post = res.posts[0]!;
    expect(post.media_info).toMatchObject({ file_type: "image/png", file_name: "brand-card.png" });
    expect(isCard(await stored(post))).toBe(true);
    expect(await storedCounts(user.projectId)).toEqual({ rows: 1, objects: 1 });
    // The model was asked (and refused, failed or was too late).
    expect((await imageRequests(marker)).length).toBeGreaterThanOrEqual(1);
  });

  it("no image model configured: the card, and the Images API is never called", async () => {
    const user = await brandUser();
    const marker = `noimg${crypto.randomUUID().slice(0, 8)}`;
    const e = openAiEnv();
    expect(createAiEngine(e).image).toBeUndefined();
    const res = await generate(e, user, `Show our mobile repair van ${marker}`);
    expect(isCard(await stored(res.posts[0]!))).toBe(true);
    expect(await imageRequests(marker)).toEqual([]);
    expect(await storedCounts(user.projectId)).toEqual({ rows: 1, objects: 1 });
  });

  it("the local engine has no image model: the card", async () => {
    const user = await brandUser();
    const e = { ...env, OPENAI_API_KEY: undefined, AI: undefined, OPENAI_IMAGE_MODEL: "gpt-image-2" };
    expect(createAiEngine(e).image).toBeUndefined();
    const res = await generate(e, user, "Show our mobile repair van to families");
    expect(isCard(await stored(res.posts[0]!))).toBe(true);
  });
});

describe("Workers AI image model (fake AI binding)", { timeout: 60_000 }, () => {
  const withAi = (overrides: Partial<Env> = {}) => {
    const ai = fakeAiBinding(env.FAKES_URL);
    return { e: { ...env, OPENAI_API_KEY: undefined, AI: ai as unknown as Ai, ...overrides } as Env, ai };
  };

  it("on by default: flux-1-schnell's JPEG becomes the post's image, asked with its schema's inputs only", async () => {
    const user = await brandUser();
    const { e, ai } = withAi();
    expect(createAiEngine(e).image?.model).toBe(FLUX);
    const res = await generate(e, user, "Show our mobile repair van to families");
    expect(await stored(res.posts[0]!)).toMatchObject({ type: "image/jpeg", width: 1024, height: 1024 });
    const calls = ai.calls.filter((c) => c.model === FLUX);
    expect(calls).toHaveLength(1);
    expect(Object.keys(calls[0]!.inputs).sort()).toEqual(["prompt", "steps"]);
    expect(calls[0]!.inputs.steps).toBe(4);
    expect(calls[0]!.inputs.prompt).toContain("Kettle Cargo");
    expect(await storedCounts(user.projectId)).toEqual({ rows: 1, objects: 1 });
  });

  it('a configured model that answers "No such model" falls back to flux-1-schnell: the post gets its image (decision 230)', async () => {
    const user = await brandUser();
    const gone = "@cf/gone-images/FAKE_NOT_FOUND";
    const { e, ai } = withAi({ WORKERS_AI_IMAGE_MODEL: gone });
    expect((createAiEngine(e).image as { models?: readonly string[] }).models).toEqual([gone, FLUX]);
    const res = await generate(e, user, "Show our mobile repair van to families");
    expect(await stored(res.posts[0]!)).toMatchObject({ type: "image/jpeg", width: 1024, height: 1024 });
    expect(ai.calls.filter((c) => c.model === gone || c.model === FLUX).map((c) => c.model)).toEqual([gone, FLUX]);
    expect(createAiEngine(e).models?.().image).toBe(FLUX);
    forgetChatModelFallbacks();
  });

  it("a refused prompt falls back to the card; WORKERS_AI_IMAGE_MODEL=off keeps the card without calling the model", async () => {
    const user = await brandUser();
    const refused = withAi();
    const a = await generate(refused.e, user, "Show our mobile repair van FAKE_NSFW");
    expect(isCard(await stored(a.posts[0]!))).toBe(true);
    expect(refused.ai.calls.some((c) => c.model === FLUX)).toBe(true);
    const off = withAi({ WORKERS_AI_IMAGE_MODEL: "off" });
    const b = await generate(off.e, user, "Show our mobile repair van to families");
    expect(isCard(await stored(b.posts[0]!))).toBe(true);
    expect(off.ai.calls.some((c) => c.model === FLUX)).toBe(false);
    expect(await storedCounts(user.projectId)).toEqual({ rows: 2, objects: 2 });
  });
});
