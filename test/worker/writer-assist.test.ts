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
import type { AssistResponse } from "../../schema/api/writer";
import { deliver, depsFor, quietEnv } from "./brain-test-kit";
import { expectError, json, signIn } from "./helpers";

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
    await addTextDocument(depsFor(e), user.userId, user.projectId, { title: "Brand book", content: BOOK });
    for (let i = 0; i < 10 && sent.length > 0; i++) await deliver(e, sent.splice(0));
    const path = `/api/projects/${user.projectId}/assist`;
    const short = (await (await json(user, "POST", path, { action: "shorten", content: DRAFT, platform: "linkedin" })).json()) as AssistResponse;
    expect(short.content).toBe(shorten(DRAFT, [], "linkedin"));
    const tags = (await (
      await json(user, "POST", path, { action: "hashtags", content: DRAFT, platform: "instagram", hashtags: ["#Old"] })
    ).json()) as AssistResponse;
    expect(tags.hashtags).toContain("BeginnerCourse");
    expect(tags.content).toBe(DRAFT);
    await expectError(await json(user, "POST", path, { action: "rewrite", content: DRAFT, platform: "twitter" }), 400);
    const empty = await expectError(await json(user, "POST", path, { action: "shorten", content: "  ", platform: "twitter" }), 400);
    expect(empty.message).toBe("Please enter some content");
    await expectError(await json(await signIn(), "POST", path, { action: "shorten", content: DRAFT, platform: "twitter" }), 404);
  });
});
