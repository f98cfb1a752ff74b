// The post editor's helpers that need no model (decision 227): Shorten keeps the draft's
// own sentences, Adapt fits a network's length and hashtag cap, Suggest hashtags takes topics of
// the draft that the brain also uses; through POST /api/projects/:projectId/assist.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { platformMeta } from "../../platforms/registry";
import { measurePost } from "../../platforms/validation";
import { adapt, shorten, suggestHashtags } from "../../worker/adapters/ai/writer/assist";
import { sentenceTexts } from "../../worker/text/nlp";
import { addTextDocument } from "../../worker/services/brain/documents";
import type { AssistCapabilities, AssistResponse } from "../../schema/api/writer";
import { BRAND_VOICES } from "../../schema/api/projects";
import { OpenAiEngine } from "../../worker/adapters/ai/openai-engine";
import { assistCapabilities, assistDraft } from "../../worker/services/posts";
import { deliver, quietEnv } from "./brain-test-kit";
import { expectError, json, serviceCtx, signIn } from "./helpers";

const DRAFT =
  "Our beginner course is really the easiest way to start yoga on a Saturday. It runs for four Saturday sessions at 2pm. Mats are included, so you just bring yourself. Maya Okafor teaches every class with a warm pun or two.";
const BOOK =
  "Lotus Room Yoga runs a beginner course on Saturdays at 2pm.\nThe beginner course costs £30 for four Saturday sessions, mats included.\nMaya Okafor teaches every class.";

describe("the helpers", () => {
  it("Shorten keeps whole sentences of the draft, without filler, to about 60%", () => {
    const out = shorten(DRAFT, [], "linkedin");
    expect(out.length).toBeLessThanOrEqual(Math.ceil(DRAFT.length * 0.6));
    expect(out).not.toMatch(/\breally\b/);
    const original = DRAFT.replace(/\breally /, "").replace(/\bjust /, "");
    for (const s of sentenceTexts(out)) expect(original).toContain(s);
    expect(shorten(DRAFT, [], "linkedin")).toBe(out); // deterministic
  });

  it("Adapt fits X's length and hashtag cap", () => {
    const long = `${DRAFT} ${DRAFT}`;
    const tags = ["BeginnerYoga", "Leeds", "Saturday", "Yoga", "Mats"];
    const out = adapt(long, tags, "twitter");
    expect(out.hashtags.length).toBeLessThanOrEqual(platformMeta("twitter").rules.hashtagCap);
    const m = measurePost("twitter", out.content, out.hashtags, null)!;
    expect(m.length).toBeLessThanOrEqual(m.limit);
  });

  it("Suggest hashtags names topics of the draft the brain also uses, then the brand, never a figure", () => {
    const tags = suggestHashtags(DRAFT, { name: "Lotus Room Yoga" }, BOOK, "instagram");
    expect(tags).toContain("BeginnerCourse");
    expect(tags.at(-1)).toBe("LotusRoomYoga");
    expect(tags.some((t) => /\d/.test(t))).toBe(false);
    expect(tags.length).toBeLessThanOrEqual(platformMeta("instagram").rules.hashtagCap);
  });
});

describe("POST /api/projects/:projectId/assist", { timeout: 60_000 }, () => {
  it("answers each helper on a fed brain and refuses bad input", async () => {
    const user = await signIn();
    await env.DB.prepare("update projects set name = 'Lotus Room Yoga' where id = ?").bind(user.projectId).run();
    const { e, sent } = quietEnv();
    await addTextDocument(serviceCtx(user, e), user.projectId, { title: "Brand book", content: BOOK });
    for (let i = 0; i < 10 && sent.length > 0; i++) await deliver(e, sent.splice(0));
    const path = `/api/projects/${user.projectId}/assist`;
    const short = (await (await json(user, "POST", path, { action: "shorten", content: DRAFT, platform: "linkedin" })).json()) as AssistResponse;
    expect(short.content).toBe(shorten(DRAFT, [], "linkedin"));
    const tags = (await (
      await json(user, "POST", path, { action: "hashtags", content: DRAFT, platform: "instagram", hashtags: ["#Old"] })
    ).json()) as AssistResponse;
    expect(tags.hashtags).toContain("BeginnerCourse");
    expect(tags.content).toBe(DRAFT);
    expect(short.available).toEqual(["shorten", "adapt", "hashtags"]);
    // The local engine has no model: Rewrite and Change tone answer a typed "needs an AI engine".
    const rewrite = await json(user, "POST", path, { action: "rewrite", content: DRAFT, platform: "twitter" });
    expect(rewrite.status).toBe(422);
    expect(((await rewrite.json()) as { error: { code: string } }).error.code).toBe("needs_ai_engine");
    const tone = await expectError(await json(user, "POST", path, { action: "tone", content: DRAFT, platform: "twitter" }), 400);
    expect(tone.message).toBe("Please choose a tone");
    await expectError(await json(user, "POST", path, { action: "summarise", content: DRAFT, platform: "twitter" }), 400);
    const caps = (await (await json(user, "GET", path)).json()) as AssistCapabilities;
    expect(caps).toEqual({
      engine: "local",
      available: ["shorten", "adapt", "hashtags"],
      tones: BRAND_VOICES.map((v) => ({ value: v.value, label: v.label })),
    });
    const empty = await expectError(await json(user, "POST", path, { action: "shorten", content: "  ", platform: "twitter" }), 400);
    expect(empty.message).toBe("Please enter some content");
    await expectError(await json(await signIn(), "POST", path, { action: "shorten", content: DRAFT, platform: "twitter" }), 404);
  });
});

describe("Rewrite and Change tone with an AI engine (decision 259)", { timeout: 60_000 }, () => {
  it("each is one model request answering a single edit, and every helper is available", async () => {
    const user = await signIn();
    const engine = new OpenAiEngine({ apiKey: "sk-test", baseURL: `${env.FAKES_URL}/openai/v1`, retry: { maxRetries: 0 }, warn: () => {} });
    const caps = await assistCapabilities(serviceCtx(user), user.projectId, engine);
    expect(caps.available).toEqual(["rewrite", "shorten", "tone", "adapt", "hashtags"]);
    const marker = crypto.randomUUID();
    const draft = `Our beginner course runs on Saturdays. Mats are included ${marker}.`;
    const out = await assistDraft(
      serviceCtx(user),
      user.projectId,
      { action: "tone", tone: "playful", content: draft, hashtags: [], platform: "twitter" },
      engine,
    );
    expect(out.content).toBe(`Mats are included ${marker}. Our beginner course runs on Saturdays. (Playful & Fun)`);
    expect(out.available).toEqual(caps.available);
    // One chat request (the brain search for the draft's facts embeds it: that one is not a chat).
    const logged = (await (await fetch(`${env.FAKES_URL}/openai/_requests?contains=${marker}`)).json()) as { requests: { path: string }[] };
    expect(logged.requests.filter((r) => r.path.endsWith("/chat/completions"))).toHaveLength(1);
  });
});
