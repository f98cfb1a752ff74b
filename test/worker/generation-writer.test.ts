// The local writer through the real generation service and a fed brain (decision 116, "Done when"):
// no post repeats 8 consecutive words of its brief, no sentence appears twice in a campaign, every
// subject the brief names is covered when the brain holds it, X posts fit by X's own count,
// Instagram posts carry a stored image, and every post lists the brain passages it drew on.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import twitter from "twitter-text";
import { call, campaignPostOf, json, serviceCtx } from "./helpers";
import { fedProject } from "./brain-test-kit";
import { repeatsBrief } from "../../worker/adapters/ai/writer/brief";
import { CLICKBAIT } from "../../worker/adapters/ai/writer/wording";
import { sentenceTexts } from "../../worker/text/nlp";
import { generateContent } from "../../worker/services/posts/generation";
import { composePostText } from "../../worker/services/publishing/publish";
import { sniffImage } from "../../worker/services/posts/media";
import type { GeneratedPost } from "../../schema/api/campaigns";

const BRAND_BOOK = `Kettle Cargo builds electric cargo bikes in Utrecht for families who want to leave the second car at home.
The Kettle Long carries two children and 80 kilos of shopping, and its battery lasts about 90 kilometres per charge.
A full recharge takes four hours from an ordinary wall socket; a fast charger cuts that to two.
Our mobile repair van comes to your home or office for servicing, so you never have to wheel the bike to a shop.
Every bike comes with a rain cover for the box, a child seat with five-point harnesses and integrated lights.
Prices start at 3,900 euros, and you can spread the cost over 36 months with zero interest.
Book a free test ride at our Utrecht showroom or at one of 40 partner dealers in the Netherlands and Belgium.
The frame is guaranteed for ten years and the motor and battery for two years or 15,000 kilometres.
A GPS tracker hidden in the frame lets you locate the bike from the app and sends an alert if it moves.
Replacing a family car with a cargo bike saves a typical household around 4,000 euros a year in fuel, tax and parking.
The belt drive needs no oil and lasts roughly three times longer than a chain.
Riders get a free safety lesson on handling, braking and cornering with a loaded box.`;

const fedKettle = (voice: string) =>
  fedProject(
    { name: "Kettle Cargo", industry: "Cargo bikes", brand_voice: voice, description: "Electric cargo bikes for families." },
    { title: "Brand book", content: BRAND_BOOK },
  );

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

async function campaign(voice: string, prompt: string, count: number, platforms: ("twitter" | "instagram" | "linkedin")[]) {
  const { user, e } = await fedKettle(voice);
  const res = await generateContent(serviceCtx(user, e), user.projectId, {
    prompt,
    type: "campaign",
    count,
    duration: 7,
    platforms,
    start_date: tomorrow(),
    start_time: "09:00",
    time_zone: "UTC",
  });
  return { user, posts: res.posts };
}

const BRIEFS = [
  "Explain why a cargo bike can replace the second family car, with numbers, and show off our mobile repair van.",
  "Write a week of posts about charging the battery and how far the Kettle Long goes, plus the free safety lesson for new riders.",
  "Promote test rides at our Utrecht showroom and explain the warranty on frame and motor in a reassuring tone.",
];

/** Sentences of a post's text (hashtags aside). */
const sentencesOf = (p: GeneratedPost) => sentenceTexts(p.content).map((s) => s.toLowerCase().replace(/\W+/g, " ").trim());

describe("the local writer on a fed brain", { timeout: 60_000 }, () => {
  it("never repeats 8 consecutive words of the brief, nor a sentence across a campaign, nor opens with clickbait", async () => {
    for (const [i, brief] of BRIEFS.entries()) {
      const { posts } = await campaign(["Playful", "Professional", "Warm & Friendly"][i]!, brief, 8, ["twitter", "instagram", "linkedin"]);
      // Up to 8 messages, each on the three networks (decision 185).
      const messages = new Set(posts.map((p) => p.message_id)).size;
      expect(messages).toBeGreaterThan(0);
      expect(messages).toBeLessThanOrEqual(8);
      expect(posts).toHaveLength(messages * 3);
      const seen = new Map<string, string>();
      posts.forEach((p) => {
        const n = p.message_id;
        expect(repeatsBrief(p.content, brief), p.content).toBe(false);
        expect(p.content, p.content).not.toMatch(CLICKBAIT);
        for (const line of p.content.split("\n")) expect(line.trim()).not.toMatch(CLICKBAIT);
        for (const s of new Set(sentencesOf(p))) {
          const at = seen.get(s);
          expect(at === undefined || at === n, `"${s}" in messages ${at} and ${n}`).toBe(true);
          seen.set(s, n);
        }
      });
    }
  });

  it("covers every subject the brief names when the brain holds it, and says so in its sources", async () => {
    const { posts } = await campaign("Bold", BRIEFS[0]!, 4, ["twitter", "instagram"]);
    const van = posts.find((p) => /repair van/i.test(p.content));
    expect(van, posts.map((p) => p.content).join("\n---\n")).toBeDefined();
    expect(van!.sources.some((s) => /mobile repair van/.test(s.content))).toBe(true);
    expect(posts.some((p) => /cargo bike/i.test(p.content) && p.sources.some((s) => /family car|second car/.test(s.content)))).toBe(true);
    // A different brief names other subjects; they are covered too.
    const second = await campaign("Bold", BRIEFS[1]!, 4, ["twitter"]);
    expect(second.posts.some((p) => /Kettle Long/.test(p.content))).toBe(true);
    expect(second.posts.some((p) => /safety lesson/i.test(p.content))).toBe(true);
  });

  it("every post lists its sources: real passages of the project's brain", async () => {
    const { user, posts } = await campaign("Professional", BRIEFS[2]!, 6, ["twitter", "linkedin"]);
    const { results } = await env.DB.prepare("select id, content from brain_segments where project_id = ?")
      .bind(user.projectId)
      .all<{ id: string; content: string }>();
    const segments = new Map(results.map((r) => [r.id, r.content]));
    for (const p of posts) {
      expect(p.sources.length, p.content).toBeGreaterThan(0);
      for (const s of p.sources) {
        expect(segments.get(s.segment_id)).toBe(s.content);
        expect(s.document_title).toBe("Brand book");
      }
    }
  });

  it("X posts fit by X's own count with hashtags joined as sent; hashtags are 1-3 real topics on X, up to 8 on Instagram", async () => {
    const { posts } = await campaign("Playful", BRIEFS[0]!, 6, ["twitter", "instagram"]);
    const brandText = `${BRAND_BOOK} ${BRIEFS[0]} Kettle Cargo Cargo bikes`.toLowerCase();
    for (const p of posts) {
      const words = (t: string) => t.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
      for (const tag of p.hashtags) {
        // A topic of the brand or the brief, at most three words, not a sentence fragment.
        expect(brandText, `#${tag}`).toContain(words(tag).replace(/s$/, ""));
        expect(words(tag).split(" ").length).toBeLessThanOrEqual(3);
      }
      if (p.platform === "twitter") {
        const parsed = twitter.parseTweet(composePostText(p.content, p.hashtags));
        expect(parsed.valid).toBe(true);
        expect(parsed.weightedLength).toBeLessThanOrEqual(280);
        expect(p.hashtags.length).toBeGreaterThanOrEqual(1);
        expect(p.hashtags.length).toBeLessThanOrEqual(3);
      } else expect(p.hashtags.length).toBeLessThanOrEqual(8);
    }
  });

  it("the brand voice changes hooks and rhythm", async () => {
    const a = await campaign("Playful and cheeky", BRIEFS[1]!, 3, ["linkedin"]);
    const b = await campaign("Professional", BRIEFS[1]!, 3, ["linkedin"]);
    const firstLines = (ps: GeneratedPost[]) => ps.map((p) => p.content.split("\n")[0]);
    expect(firstLines(a.posts)).not.toEqual(firstLines(b.posts));
    // Professional keeps paragraphs; playful breaks single lines. (A post of one sentence, such as
    // an invitation that needs no call to action, has no parts to break.)
    const parted = (ps: GeneratedPost[]) => ps.filter((p) => p.content.includes("\n"));
    expect(parted(b.posts).length).toBeGreaterThanOrEqual(1);
    expect(parted(b.posts).every((p) => p.content.includes("\n\n"))).toBe(true);
    expect(parted(a.posts).length).toBeGreaterThanOrEqual(1);
    expect(a.posts.every((p) => !p.content.includes("\n\n"))).toBe(true);
  });

  it("Instagram posts carry a stored PNG card, kept when the campaign is scheduled", async () => {
    const { user, posts } = await campaign("Warm", BRIEFS[2]!, 4, ["instagram", "twitter"]);
    const instagram = posts.filter((p) => p.platform === "instagram");
    const messages = new Set(posts.map((p) => p.message_id)).size;
    expect(instagram.length).toBe(messages);
    for (const p of instagram) {
      expect(p.media_info).toMatchObject({ file_type: "image/png" });
      const res = await call(p.media_info!.url);
      expect(res.status).toBe(200);
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(sniffImage(bytes.subarray(0, 16))?.type).toBe("image/png");
      // Instagram's 4:5 card, 1080 x 1350 (IHDR width and height, big-endian; decision 270).
      const view = new DataView(bytes.buffer);
      expect([view.getUint32(16), view.getUint32(20)]).toEqual([1080, 1350]);
    }
    expect(posts.filter((p) => p.platform === "twitter").every((p) => !p.media_info)).toBe(true);
    const saved = await json(user, "POST", `/api/projects/${user.projectId}/campaigns`, {
      prompt: BRIEFS[2],
      post_count: messages,
      duration: 7,
      platforms: ["instagram", "twitter"],
      start_date: tomorrow(),
      start_time: "09:00",
      time_zone: "UTC",
      posts: posts.map((p) => ({ ...campaignPostOf(p), message_id: p.message_id })),
    });
    expect(saved.status).toBe(201);
    const body = (await saved.json()) as { posts: { platform: string; media_info: unknown; sources: unknown[]; message_id: string | null }[] };
    // Each saved message keeps its two variants together under one stored id.
    const stored = new Map<string, string[]>();
    for (const p of body.posts) stored.set(p.message_id!, [...(stored.get(p.message_id!) ?? []), p.platform]);
    expect(stored.size).toBe(messages);
    for (const nets of stored.values()) expect(nets.sort()).toEqual(["instagram", "twitter"]);
    for (const p of body.posts) {
      expect(p.sources.length).toBeGreaterThan(0);
      if (p.platform === "instagram") expect(p.media_info).toMatchObject({ file_type: "image/png" });
    }
  });
});
