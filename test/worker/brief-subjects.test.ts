// A brief's subjects as the brief writes them (decision 119): instruction, framing, audience and
// style words are not subjects; a clause about "it" belongs to the subject before it; "X and Y"
// names two; the label keeps the brief's capitals and is a noun phrase, never a clause.
import { describe, expect, it } from "vitest";
import { briefSubjects } from "../../worker/adapters/ai/writer/brief";
import { leadNounPhrase } from "../../worker/text/noun-phrase";
import { loadTagger } from "../../worker/text/pos";
import { writePosts } from "../../worker/adapters/ai/local/posts";

const labels = (brief: string) => briefSubjects(brief).map((s) => s.label);

describe("brief subjects", () => {
  it("drops instructions, campaign framing, audiences and style, and keeps the brief's capitals", () => {
    expect(labels("A fun week about Doris the sourdough starter, our Saturday cinnamon buns and the new lemon drizzle loaf.")).toEqual([
      "Doris",
      "Saturday cinnamon buns",
      "lemon drizzle loaf",
    ]);
    expect(labels("Write a campaign of posts for business owners before the 31 January deadline: explain how the secure client portal works")).toEqual([
      "31 January deadline",
      "secure client portal",
    ]);
    expect(labels("Promote test rides at our Utrecht showroom and explain the warranty on frame and motor in a reassuring tone.")).toEqual([
      "test rides",
      "warranty",
    ]);
    expect(labels("Introduce tail-based sampling and the Terraform provider, and also our new Kubernetes cost reports.")).toEqual([
      "tail-based sampling",
      "Terraform provider",
      "Kubernetes",
    ]);
    expect(labels("Let people know about emergency appointments, spotlight Invisalign and share tips on whitening")).toEqual([
      "emergency appointments",
      "Invisalign",
      "whitening",
    ]);
  });

  it("joins a clause about 'it' to the subject before it, splits 'X and Y', and never splits a decimal", () => {
    const bread = briefSubjects("Grow the bread club to 200 members: it costs 4 pounds a week");
    expect(bread.map((s) => s.label)).toEqual(["bread club"]);
    expect(bread[0]!.query).toMatch(/costs 4 pounds/);
    expect(labels("cover SOC 2 Type II and data residency in Frankfurt")).toEqual(["SOC 2 Type II", "data residency"]);
    expect(briefSubjects("explain the 0.25 dollars per GB pricing with 50 GB free").every((s) => !/^\d+ dollars/.test(s.query))).toBe(true);
    // An audience alone is no subject.
    expect(labels("Plan a launch campaign for platform teams evaluating observability vendors")).toEqual([]);
    expect(labels("Kids go free!")).toEqual([]);
    // An ask of the audience: what they are asked to act on is the subject, not "remind dog owners" (decision 258).
    expect(labels("Remind dog owners to book their spring grooming appointment before the summer rush")).toEqual(["spring grooming appointment"]);
    expect(labels("Invite parents to come along to our open evening")).toEqual(["open evening"]);
  });

  it("a sentence's noun phrase stops at its verb, and keeps names whole", () => {
    const np = (t: string) => leadNounPhrase(t)?.text ?? null;
    expect(np("Our payroll bureau runs weekly and monthly payrolls, submits RTI reports to HMRC.")).toBe("payroll bureau");
    expect(np("Every sourdough loaf rises for 36 hours before it goes into the oven.")).toBe("sourdough loaf");
    expect(np("Hot cross buns arrive for two weeks before Easter.")).toBe("hot cross buns");
    expect(np("Self-assessment tax returns are prepared from the documents you upload.")).toBe("self-assessment tax returns");
    expect(np("A GPS tracker hidden in the frame lets you locate the bike.")).toBe("GPS tracker");
    expect(np("Bake School runs on Sunday afternoons.")).toBe("Bake School");
    expect(np("Our practice plan costs 14.50 pounds a month.")).toBe("practice plan");
    expect(np("Book a free test ride at our showroom.")).toBeNull();
    expect(np("We open at 7am from Tuesday to Sunday.")).toBeNull();
  });

  it("verbs no list names end the phrase too, read by the tagger (decision 174); an -ing word between nouns does not", async () => {
    const tagger = await loadTagger();
    const np = (t: string) => leadNounPhrase(t, { tagger })?.text ?? null;
    // Without the tagger the list alone misses "removes".
    expect(leadNounPhrase("Our hygienist removes plaque and tartar in a 30-minute scale and polish.")?.text).toBe("hygienist removes");
    expect(np("Our hygienist removes plaque and tartar in a 30-minute scale and polish.")).toBe("hygienist");
    expect(np("Invisalign clear aligners straighten teeth without metal braces.")).toBe("invisalign clear aligners");
    expect(np("White composite fillings match the colour of your own teeth.")).toBe("white composite fillings");
    expect(np("Our Bright Smile whitening kit uses custom trays.")).toBe("Bright Smile whitening kit");
    // A noun right before the clause's verb ends the phrase, though it follows a capital.
    expect(leadNounPhrase("Wedding cakes start with a free tasting at our York bakery.")?.text).toBe("wedding");
    expect(np("Wedding cakes start with a free tasting at our York bakery.")).toBe("wedding cakes");
    // A verb with another after it in its clause is no verb of its own ("parties ... include").
    expect(np("Children's birthday parties at the Clifton café include decorating cupcakes.")).toBe("children's birthday parties");
    // The object of an instruction holds no verb: the tagger (which reads "rides" as one) is not asked.
    expect(leadNounPhrase("test rides at the new store", { object: true, tagger })?.text).toBe("test rides");
  });
});

const DENTAL = { name: "Harbourview Dental", industry: "dental practice", brand_voice: "casual", description: "" };

/** The writer's input for a brief over these brain passages. */
const writerInput = (prompt: string, texts: string[], count: number, platforms: ("twitter" | "instagram" | "linkedin")[]) => ({
  brand: DENTAL,
  prompt,
  context: [],
  insights: [],
  passages: texts.map((text, i) => ({ id: `p${i + 1}`, text })),
  count,
  platforms,
});

describe("the local writer with the tagger (decision 174)", () => {
  it("goes on with a pronoun after a hook that named the sentence's subject, whatever its verb; a person gets no hook", async () => {
    const tagger = await loadTagger();
    const input = writerInput(
      "Tell people about our fillings and our hygienist",
      [
        "White composite fillings match the colour of your own teeth and replace old silver amalgam.",
        "Our hygienist removes plaque and tartar in a 30-minute scale and polish, priced at £65.",
      ],
      2,
      ["linkedin"],
    );
    const [fillings, hygienist] = ["fillings", "hygienist"].map((w) => writePosts(input, tagger).find((p) => p.content.toLowerCase().includes(w))!.content);
    // The sentence opens with its topic, so no hook repeats it (decision 186): it reads whole, once.
    expect(fillings).toMatch(/White composite fillings match the colour of your own teeth/);
    expect(fillings.match(/fillings/gi)).toHaveLength(1);
    // A person is no topic for a hook ("We're proud of our hygienist."): the post opens with the sentence.
    expect(hygienist).not.toMatch(/\bIt removes\b/);
    expect(hygienist).toMatch(/^Our hygienist removes plaque/);
    // "left" opens a clause whose verb comes later: no "It left at closing time is given".
    const bread = writePosts(
      writerInput("Tell people about our bread", ["Bread left at closing time is given to local food banks and shelters."], 1, ["linkedin"]),
      tagger,
    )[0]!.content;
    expect(bread).not.toMatch(/\bIt left\b/);
    expect(bread).toMatch(/Bread left at closing time is given/);
    // The tagger reads "service" as the verb and "covers" as a noun here; the listed verb after it wins.
    const accounts = writePosts(
      writerInput(
        "Tell people about the annual accounts",
        ["The annual accounts service covers statutory accounts, the corporation tax return and filing at Companies House."],
        1,
        ["linkedin"],
      ),
      tagger,
    )[0]!.content;
    expect(accounts).not.toMatch(/They service/);
    expect(accounts).toMatch(/annual accounts service covers/i);
    // Without the tagger, "match" is no verb the writer knows: the sentence repeats the hook's words.
    expect(writePosts(input).find((p) => p.content.toLowerCase().includes("fillings"))!.content).toMatch(/fillings match/i);
  });

  it("a second sentence shares the post's topic, not only its numbers or a word of the subject", async () => {
    const tagger = await loadTagger();
    const input = writerInput(
      "The Smile Plan",
      [
        "Our Smile Plan membership costs £16.50 a month and covers two check-ups and two hygiene visits.",
        "Our Bright Smile whitening kit uses custom trays and a gel worn at home for two weeks.",
      ],
      1,
      ["instagram"],
    );
    const [post] = writePosts(input, tagger);
    expect(post!.content).toMatch(/£16\.50 a month/);
    expect(post!.content).not.toMatch(/whitening kit/);
  });

  it("hashtags name what the post says in full; Instagram adds the brief's and the brand's, not the brain's other names", () => {
    const texts = [
      "Our Smile Plan membership costs £16.50 a month and covers two check-ups.",
      "Our Bright Smile whitening kit uses custom trays and a gel worn at home.",
      "The practice on Harbour Street has step-free access, and Harbour Street has free parking.",
    ];
    const write = (prompt: string, platforms: ("twitter" | "instagram")[]) => writePosts(writerInput(prompt, texts, 2, platforms));
    // On X: the whitening kit's post shares "smile" with the Smile Plan, which is no shared topic.
    const kit = write("The Smile Plan and the whitening kit", ["twitter"]).find((p) => /whitening kit/.test(p.content))!;
    expect(kit.hashtags).toContain("WhiteningKit");
    expect(kit.hashtags).not.toContain("SmilePlan");
    // On Instagram: the post's own subject (decision 186: topics of the post itself), not a street the post does not name.
    const plan = write("The whitening kit, with prices", ["twitter", "instagram"]).find((p) => p.platform === "instagram")!;
    expect(plan.content).not.toMatch(/Harbour Street/);
    expect(plan.hashtags).not.toContain("HarbourStreet");
    expect(plan.hashtags).not.toContain("Prices");
    expect(plan.hashtags).toContain("WhiteningKit");
  });
});
