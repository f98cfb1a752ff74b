// The writer's named steps (decisions 186, 258): brief (writer-steps here and brief-subjects.test.ts),
// roles (internal notes never published, labels never echoed), plan (only facts that serve the
// brief), wording (voices and hooks), call to action (the brief's ask or the brand's own
// invitations, never a stock line), hashtags (topics of the post, never the industry), per-network
// fit (hashtag caps from each network's meta), claim check (claim-check.test.ts), and the local
// writer putting them together as messages with one variant per network.
import { describe, expect, it } from "vitest";
import { isInternalSentence, labelOf, stripLabel, voiceNotes } from "../../worker/adapters/ai/writer/roles";
import { briefCta, campaignCtas, invitationsIn } from "../../worker/adapters/ai/writer/cta";
import { briefStems, servesBrief, stemSet } from "../../worker/adapters/ai/writer/plan";
import { hashtagCap } from "../../worker/adapters/ai/writer/fit";
import { CLICKBAIT, HOOKS, hookFor, voiceOf, withArticle } from "../../worker/adapters/ai/writer/wording";
import { postTags, topicTags } from "../../worker/adapters/ai/writer/hashtags";
import { briefSubjects } from "../../worker/adapters/ai/writer/brief";
import { BRAND_VOICES } from "../../schema/api/projects";
import { writePosts } from "../../worker/adapters/ai/local/posts";
import { PLATFORM_METAS } from "../../platforms/registry";
import { YOGA } from "../fixtures/writer/quality-fixture";
import { checkCampaign, NO_DEFECTS } from "./writer-checks";

describe("roles: what may be published", () => {
  it("reads internal notes from their labels and strips other labels", () => {
    expect(isInternalSentence("Brand voice: warm and encouraging, never gym-bro.")).toBe(true);
    expect(isInternalSentence("Content pillars: beginner confidence, back care.")).toBe(true);
    expect(isInternalSentence("Goals for this year: grow the club to 1,500 members.")).toBe(true);
    expect(isInternalSentence("Audience: adults over 35.")).toBe(true);
    expect(isInternalSentence("Referral programme: recommend a friend and you both get a free class.")).toBe(false);
    expect(isInternalSentence("Our studio is above the bookshop.")).toBe(false);
    // The brain's stored role wins when the sentence has no label.
    expect(isInternalSentence("We sound like a calm neighbour.", "voice")).toBe(true);
    expect(isInternalSentence("We sound like a calm neighbour.", "fact")).toBe(false);
    expect(stripLabel("Referral programme: recommend a friend and you both get a free class.")).toBe("Recommend a friend and you both get a free class.");
    expect(stripLabel("Yes, Saturdays at 2pm.")).toBe("Yes, Saturdays at 2pm.");
    expect(labelOf("Opening times at 9: not a label")).toBeNull();
    expect(labelOf("The croissants take three days: the dough is laminated.")).toBeNull();
    expect(labelOf("Sampling is tail-based: every trace with an error is kept.")).toBeNull();
    expect(stripLabel("The croissants take three days: the dough is laminated.")).toBe("The croissants take three days: the dough is laminated.");
    expect(voiceNotes([{ text: "Brand voice: warm and playful." }, { text: "We open at 9." }])).toBe("warm and playful.");
  });
});

describe("call to action: the brief's ask or the brand's own", () => {
  it("turns the brief's ask into an action said to the reader, cut before its reason", () => {
    expect(briefCta("Get new puppy owners to sign up for our Thursday puppy class before the next course fills up")).toBe(
      "Sign up for our Thursday puppy class.",
    );
    expect(briefCta("Promote our next Margin Clinic webinar and get chefs to send in their menus for a live review")).toBe(
      "Send in your menus for a live review.",
    );
    expect(briefCta("Announce our Saturday beginner course for people who have never tried yoga")).toBeNull();
  });
  it("splits the brand's invitations and offers nothing else", () => {
    expect(invitationsIn("Call 01422 350 118 or book a service on our website.")).toEqual(["Call 01422 350 118.", "Book a service on our website."]);
    expect(invitationsIn("Our studio has a tea corner.")).toEqual([]);
    expect(campaignCtas("Announce our course", ["Our studio has a tea corner."])).toEqual([]);
  });
});

describe("plan: every message serves the brief", () => {
  it("accepts facts on the brief's subject and refuses unrelated ones", () => {
    const brief = briefStems(["Saturday beginner course", "yoga"], "Stillwater Yoga", () => false);
    expect([...brief.stems].sort()).toEqual(["beginn", "cours", "saturdai"].sort());
    expect(servesBrief(stemSet("The beginner course teaches the basic poses."), brief, false)).toBe(true);
    expect(servesBrief(stemSet("A ten-class pass costs 85 pounds and lasts four months."), brief, false)).toBe(false);
    expect(servesBrief(stemSet("A ten-class pass costs 85 pounds."), brief, true)).toBe(true);
  });
  it("counts a word of the subject's clause only beside a word of the subject itself (decision 258)", () => {
    const brief = briefStems(["Friday pottery club"], "Kiln Lane", () => false, ["our Friday pottery club before the next term fills up for adults"]);
    expect([...brief.context].sort()).toEqual(["adult", "fill", "term"]);
    // "pottery" (subject) + "term" (its clause): the term is the club's.
    expect(servesBrief(stemSet("Each term lasts six weeks and pottery clay is included."), brief, false)).toBe(true);
    // Clause words alone (the audience, the timing) never make a fact serve the brief.
    expect(servesBrief(stemSet("Adults can park behind the studio next term."), brief, false)).toBe(false);
  });
});

describe("wording: the voice and its hooks", () => {
  it("reads the spec's five voices as five different voices, each with hooks that name the topic and no clickbait", () => {
    const voices = BRAND_VOICES.map((v) => voiceOf(v.label));
    expect(new Set(voices).size).toBe(5);
    for (const v of voices)
      for (const tpl of HOOKS[v]) {
        expect(tpl).toMatch(/\{[tT]\}/);
        expect(hookFor(tpl, "the beginner course")).not.toMatch(CLICKBAIT);
      }
    expect(hookFor("{T}, in brief.", "the beginner course")).toBe("The beginner course, in brief.");
  });
  it("says the brief's 'their' to the reader", () => {
    expect(withArticle("annual check-up", "their", false)).toBe("your annual check-up");
    expect(withArticle("Bake School", "", true)).toBe("Bake School");
  });
});

describe("hashtags: topics of the post, never the industry", () => {
  it("takes the brief's subjects as the brain writes them and the brand's name; a post gets only what it says in full", () => {
    const input = {
      brand: { name: "Kiln Lane", industry: "Arts", brand_voice: "warm", description: "" },
      prompt: "Announce our Friday pottery club",
      context: [],
      insights: [],
      count: 1,
      platforms: ["instagram" as const],
    };
    const brain = "The pottery club meets on Fridays at 7pm. Clay and glazes are included in the pottery club fee.";
    const topics = topicTags(input, briefSubjects(input.prompt), brain);
    expect(topics.tags).toContain("PotteryClub");
    expect(topics.tags.at(-1)).toBe("KilnLane");
    expect(topics.tags).not.toContain("Arts");
    expect(postTags(topics, stemSet("The pottery club meets on Fridays."), 5)).toEqual(["PotteryClub"]);
    // A post no topic matches carries the brand's own tag.
    expect(postTags(topics, stemSet("Parking is behind the studio."), 5)).toEqual(["KilnLane"]);
    expect(postTags(topics, stemSet("The pottery club meets on Fridays."), 0)).toEqual([]);
  });
});

describe("fit: hashtag caps come from each network's meta", () => {
  it("is the meta's number for every network", () => {
    for (const m of PLATFORM_METAS) expect(hashtagCap(m.id)).toBe(m.rules.hashtagCap);
  });
});

describe("the local writer: one message on every network", () => {
  const input = (prompt: string, count: number) => ({
    brand: { name: YOGA.name, industry: YOGA.industry, brand_voice: YOGA.brand_voice, description: YOGA.description },
    prompt,
    context: [],
    insights: [],
    count,
    platforms: ["twitter", "instagram"] as ("twitter" | "instagram")[],
    passages: YOGA.book.split("\n").map((text, i) => ({ id: `p${i}`, text })),
  });
  it("writes each message once per network, on the brief, without internal notes, labels or stock lines", () => {
    const brief = YOGA.briefs[0]!;
    const drafts = writePosts(input(brief.prompt, 4));
    const messages = [...new Set(drafts.map((d) => d.message))];
    expect(messages.length).toBeGreaterThan(0);
    for (const m of messages)
      expect(
        drafts
          .filter((d) => d.message === m)
          .map((d) => d.platform)
          .sort(),
      ).toEqual(["instagram", "twitter"]);
    const c = checkCampaign(
      drafts.map((d) => ({ ...d, message_id: `m${d.message}` })),
      YOGA,
      brief,
    );
    expect({ ...c, findings: [] }).toMatchObject({
      onBrief: drafts.length,
      ...NO_DEFECTS,
    });
    for (const d of drafts) expect(d.hashtags.length).toBeLessThanOrEqual(hashtagCap(d.platform));
    // The brand's own invitation is the call to action.
    expect(
      drafts.some((d) => /Book a place on our website|Message us on Instagram/.test(d.content)),
      drafts.map((d) => d.content).join("\n---\n"),
    ).toBe(true);
  });
});
