// What the user is told beside generated drafts (decision 119): the local writer gives no
// post on a subject of the brief the brain knows nothing about, and a campaign comes back shorter
// than asked when the brain has no more distinct facts. The generation result says both
// (skipped_subjects, requested_count); an engine that writes with a model skips nothing.
import { describe, expect, it } from "vitest";
import { json, serviceCtx, signIn } from "./helpers";
import { fedProject } from "./brain-test-kit";
import { generateContent } from "../../worker/services/posts/generation";
import type { AiEngine } from "../../worker/adapters/ai/types";
import { unknownSubjects } from "../../worker/adapters/ai/local/posts";
import { generateResponse } from "../../schema/api/campaigns-responses";
import type { GenerateResponse } from "../../schema/api/campaigns";
import { WRITER_BRANDS, type WriterBrand } from "../fixtures/writer/brands";

const TEA_BOOK = [
  "Lumen Tea blends green tea with yuzu peel in small batches in Bristol.",
  "Our Morning Mist blend has half the caffeine of a cup of coffee.",
  "Every tin is made from recycled aluminium and can be refilled in our shop on Park Street.",
].join("\n");

type Brand = Pick<WriterBrand, "name" | "industry" | "brand_voice" | "description" | "title" | "book">;
const TEA: Brand = { name: "Lumen Tea", industry: "tea", brand_voice: "casual", description: "", title: "About us", book: TEA_BOOK };

/** A signed-in project with the brand's book fed to its brain through the real queue consumer. */
async function fed(brand: Brand) {
  const { user, e } = await fedProject(brand, { title: brand.title, content: brand.book });
  const generate = async (prompt: string, count: number, engine?: AiEngine): Promise<GenerateResponse> =>
    generateResponse.parse(
      await generateContent(
        serviceCtx(user, e),
        user.projectId,
        {
          prompt,
          type: count > 1 ? "campaign" : "social_post",
          count,
          duration: 7,
          platforms: ["twitter", "linkedin"],
          ...(count > 1 ? { start_date: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10), start_time: "09:00" } : {}),
          time_zone: "UTC",
        },
        engine,
      ),
    );
  return { user, generate };
}

describe("generation says which brief subjects it skipped", () => {
  it("names the subject the brain does not know, and only that one", { timeout: 20_000 }, async () => {
    const { generate } = await fed(TEA);
    const res = await generate("Announce our summer sale and the Morning Mist blend", 3);
    expect(res.engine).toBe("local");
    expect(res.skipped_subjects).toEqual(["summer sale"]);
    expect(res.requested_count).toBe(3);
    // Up to 3 messages, each on X and LinkedIn (decision 185).
    expect(res.message_count).toBeGreaterThan(0);
    expect(res.message_count).toBeLessThanOrEqual(3);
    expect(res.posts).toHaveLength(res.message_count * 2);
    // The skipped subject really has no post; the known one has.
    expect(res.posts.some((p) => /summer sale/i.test(p.content))).toBe(false);
    expect(res.posts.some((p) => /Morning Mist/.test(p.content))).toBe(true);
  });

  it(
    "says what to add to the brain when fewer messages are written than asked, from the brief's own subjects (decision 228)",
    { timeout: 20_000 },
    async () => {
      const { generate } = await fed(TEA);
      const res = await generate("Announce our summer sale and the Morning Mist blend", 12);
      expect(res.message_count).toBeLessThan(12);
      // The known subject it ran out of facts on; the unknown one is named apart (skipped_subjects).
      expect(res.add_to_brain).toEqual(["Morning Mist blend"]);
      const full = await generate("Tell people about the Morning Mist blend", 1);
      expect(full.message_count).toBe(1);
      expect(full).not.toHaveProperty("add_to_brain");
    },
  );

  it("skips nothing when the brain knows every subject, for a single post too", async () => {
    const { generate } = await fed(TEA);
    const campaign = await generate("Introduce the Morning Mist blend and our refillable tins", 3);
    expect(campaign.skipped_subjects).toEqual([]);
    const single = await generate("Write a post about our summer sale", 1);
    expect(single.posts).toHaveLength(1);
    expect(single.requested_count).toBe(1);
    expect(single.skipped_subjects).toEqual(["summer sale"]);
  });

  it("reports a campaign shorter than asked when the brain runs out of distinct facts", async () => {
    const { generate } = await fed(TEA);
    const res = await generate("A month of posts about Lumen Tea", 20);
    expect(res.requested_count).toBe(20);
    expect(res.posts.length).toBeGreaterThan(0);
    expect(res.message_count).toBeLessThan(20);
    // Shorter rather than repeated: no two messages are the same text (a message's variants may be).
    const texts = new Map<string, string>();
    for (const p of res.posts) {
      const at = texts.get(p.content.toLowerCase());
      expect(at === undefined || at === p.message_id, p.content).toBe(true);
      texts.set(p.content.toLowerCase(), p.message_id);
    }
  });

  it("on three brands of other trades: the subject the brand book does not know, and no other", { timeout: 120_000 }, async () => {
    for (const brand of WRITER_BRANDS) {
      const { generate } = await fed(brand);
      for (const brief of brand.briefs) {
        const res = await generate(brief.prompt, 6);
        const where = `${brand.name}: ${brief.prompt}`;
        if (brief.unknown) {
          expect(res.skipped_subjects, where).toHaveLength(1);
          expect(res.skipped_subjects[0]!.toLowerCase(), where).toContain(brief.unknown.toLowerCase());
        } else expect(res.skipped_subjects, where).toEqual([]);
        // A subject the brain knows is never reported skipped.
        for (const known of Object.keys(brief.covered))
          expect(
            res.skipped_subjects.map((x) => x.toLowerCase()),
            where,
          ).not.toContain(known.toLowerCase());
      }
    }
  });

  it("a brief that names no thing (a mood, an aim, a day) reports nothing, whatever the brain holds", () => {
    const input = (prompt: string) => ({
      brand: { name: "Lumen Tea", industry: "tea", brand_voice: "casual", description: "" },
      prompt,
      context: [],
      insights: [],
      count: 3,
      platforms: ["twitter" as const],
    });
    for (const prompt of [
      "Make it fun and engaging",
      "Share a quick tip",
      "Post something about our company",
      "Create a week of posts to boost engagement",
      "Happy Friday!",
      "Write a motivational Monday post",
      "Say thank you to our customers",
    ]) {
      expect(unknownSubjects(input(prompt)), prompt).toEqual([]);
    }
    // A thing the brief names is reported, as the brief writes it.
    expect(unknownSubjects(input("Tell everyone about the gift cards and our 10th anniversary"))).toEqual(["gift cards", "10th anniversary"]);
  });

  it("an engine that writes with a model skips nothing", async () => {
    const { generate } = await fed(TEA);
    const model: AiEngine = {
      engine: "model",
      embeddingDim: 3,
      matchThreshold: 0.5,
      kind: "openai",
      embed: async (texts) => texts.map(() => null),
      extractTopicsAndInsights: async () => ({ topics: [], insights: [] }),
      summarize: async () => ({ elevator_pitch: "", value_props: [], positioning: "", brand_story: "", content_themes: [] }),
      generatePosts: async (input) =>
        Array.from({ length: input.count }, (_, i) => ({ content: `Our summer sale starts soon, day ${i + 1}.`, hashtags: [], platform: "twitter" as const })),
    };
    const res = await generate("Announce our summer sale and the Morning Mist blend", 2, model);
    expect(res.engine).toBe("openai");
    expect(res.skipped_subjects).toEqual([]);
    // 2 messages, each adapted to X and LinkedIn.
    expect(res.posts).toHaveLength(4);
  });
});

describe("POST /api/projects/:projectId/generate", () => {
  it("answers with skipped_subjects and requested_count in the documented shape", async () => {
    const user = await signIn();
    const res = await json(user, "POST", `/api/projects/${user.projectId}/generate`, { prompt: "Announce our winter raffle", type: "social_post" });
    expect(res.status).toBe(200);
    const body = generateResponse.parse(await res.json());
    expect(body.requested_count).toBe(1);
    // A new project's brain is empty: the raffle is a subject it does not know.
    expect(body.skipped_subjects).toEqual(["winter raffle"]);
  });
});
