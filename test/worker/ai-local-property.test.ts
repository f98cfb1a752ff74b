// Property tests: whatever text a brand feeds in (markup, emoji, other scripts, nothing at all),
// the local engine answers within its contract and the platforms' limits.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LocalAiEngine } from "../../worker/adapters/ai/local/local-engine";
import { PLATFORM_LIMITS } from "../../worker/adapters/ai/post-limits";
import { publishedLength } from "../../schema/api/campaigns";
import { PLATFORMS } from "../../schema/api/common";

const engine = new LocalAiEngine();
const text = fc.oneof(
  fc.string({ maxLength: 400 }),
  fc.string({ unit: "grapheme", maxLength: 300 }),
  fc
    .array(fc.constantFrom("Coffee", "roast", "kit!", "We", "are", "🙂", "Über", "咖啡", "#tag", "<b>", "\n", ".", "?", "$12", "100%"), { maxLength: 80 })
    .map((w) => w.join(" ")),
);

describe("local engine properties", () => {
  it("posts: at most count messages, each on every platform, never empty, within every platform's limit", async () => {
    await fc.assert(
      fc.asyncProperty(
        text,
        fc.array(text, { maxLength: 3 }),
        fc.integer({ min: 1, max: 6 }),
        fc.subarray([...PLATFORMS], { minLength: 1 }),
        text,
        async (prompt, context, count, platforms, description) => {
          const posts = await engine.generatePosts({
            brand: { name: "Brand", industry: "Retail", brand_voice: "bold", description },
            prompt,
            context,
            insights: [],
            count,
            platforms,
          });
          // At most `count` messages (fewer when there is less to say), each on every platform once.
          const messages = [...new Set(posts.map((p) => p.message))];
          expect(messages.length).toBeGreaterThan(0);
          expect(messages.length).toBeLessThanOrEqual(count);
          for (const m of messages)
            expect(
              posts
                .filter((p) => p.message === m)
                .map((p) => p.platform)
                .sort(),
            ).toEqual([...new Set(platforms)].sort());
          for (const p of posts) {
            expect(p.content.trim().length).toBeGreaterThan(0);
            expect(platforms).toContain(p.platform);
            expect(publishedLength(p.content, p.hashtags)).toBeLessThanOrEqual(PLATFORM_LIMITS[p.platform]);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it("topics, insights and summaries: valid shapes on any text", async () => {
    await fc.assert(
      fc.asyncProperty(text, text, async (a, b) => {
        const { topics, insights } = await engine.extractTopicsAndInsights([
          { title: "A", content: a },
          { title: "B", content: b },
        ]);
        for (const t of topics) {
          expect(t.name.trim().length).toBeGreaterThan(0);
          expect(t.relevance_score).toBeGreaterThanOrEqual(0);
          expect(t.relevance_score).toBeLessThanOrEqual(1);
        }
        for (const i of insights) expect([0.9, 0.85, 0.95, 0.8, 0.75]).toContain(i.confidence);
        const s = await engine.summarize({
          brand: { name: "Brand", industry: "Retail", brand_voice: "", description: b },
          documents: [{ title: "A", content: a }],
        });
        expect(typeof s.elevator_pitch).toBe("string");
        expect(s.elevator_pitch.length).toBeGreaterThan(0);
        expect(Array.isArray(s.value_props) && Array.isArray(s.content_themes)).toBe(true);
        const [v] = await engine.embed([a]);
        if (v) expect(v.every((x) => Number.isFinite(x))).toBe(true);
      }),
      { numRuns: 40 },
    );
  });
});
