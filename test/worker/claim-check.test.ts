// The claim check (decision 225): a draft's figures, prices, times, dates, names and
// absolute claims that no brain passage supports are flagged with the reason and the nearest brand
// fact; supported ones are not. Through POST /api/projects/:projectId/claims on a fed brain, and
// on the local writer's own campaign (a generated post with an unsupported figure is a defect).
import { describe, expect, it } from "vitest";
import { checkClaims, findClaims } from "../../worker/adapters/ai/writer/claims";
import { generateContent } from "../../worker/services/posts/generation";
import type { ClaimCheckResponse } from "../../schema/api/writer";
import { fedProject } from "./brain-test-kit";
import { expectError, json, serviceCtx, signIn } from "./helpers";

const BOOK = `Lotus Room Yoga runs a beginner course on Saturdays at 2pm for people who have never tried yoga.
The beginner course costs £30 for four Saturday sessions, mats included.
Your first class is free if you bring a friend.
Classes are taught by Maya Okafor, who has taught yoga in Leeds for twelve years.
Book your place on our website or call 0113 496 0000.`;

const facts = [{ id: "s1", text: BOOK, source: "“Brand book”" }];

describe("checkClaims", () => {
  it("finds each kind of claim where it is written", () => {
    const text = "Join Maya Okafor on Sunday at 10am: £25 for 6 sessions, guaranteed.";
    const kinds = findClaims(text).map((c) => [c.kind, c.text, text.slice(c.start, c.end)]);
    expect(kinds).toEqual([
      ["name", "Maya Okafor", "Maya Okafor"],
      ["date", "Sunday", "Sunday"],
      ["time", "10am", "10am"],
      ["price", "£25", "£25"],
      ["figure", "6", "6"],
      ["absolute", "guaranteed", "guaranteed"],
    ]);
  });

  it("passes claims the brain supports, in other wordings", () => {
    const ok = "Our beginner course is 30 pounds for four sessions on Saturdays at 2 pm with Maya Okafor. Your first class is free when you bring a friend.";
    expect(checkClaims(ok, facts)).toEqual([]);
  });

  it("flags a wrong price with the brand's own price as the suggestion and the passage as the reason", () => {
    const text = "The beginner course costs £25 for four sessions.";
    const [f, ...rest] = checkClaims(text, facts);
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ text: "£25", kind: "price", suggestion: "£30", start: text.indexOf("£25"), end: text.indexOf("£25") + 3 });
    expect(f!.nearest).toMatchObject({ segment_id: "s1", text: "The beginner course costs £30 for four Saturday sessions, mats included." });
    expect(f!.reason).toContain("“Brand book” says: “The beginner course costs £30");
  });

  it("flags times, days, names and absolute claims the brain does not make", () => {
    const text = "Classes with Sam Jones every Sunday at 10am. The only studio in Yorkshire with guaranteed results.";
    const flagged = checkClaims(text, facts).map((f) => [f.kind, f.text]);
    expect(flagged).toEqual([
      ["name", "Sam Jones"],
      ["date", "Sunday"],
      ["time", "10am"],
      ["absolute", "only"],
      ["name", "Yorkshire"],
      ["absolute", "guaranteed"],
    ]);
  });

  it("does not accept an absolute said about something else ('free' mats when only the first class is free)", () => {
    expect(checkClaims("Free mats for every student.", facts).map((f) => f.text)).toEqual(["Free"]);
    expect(checkClaims("Your first class is free.", facts)).toEqual([]);
  });

  it("leaves URLs, hashtags and mentions alone", () => {
    expect(checkClaims("See https://example.com/2024/99 #Yoga2025 @studio42", facts)).toEqual([]);
  });
});

const LOTUS = { name: "Lotus Room Yoga", industry: "Fitness", brand_voice: "Warm & Friendly", description: "A small yoga studio in Leeds." };
const fedLotus = () => fedProject(LOTUS, { title: "Brand book", content: BOOK });

describe("POST /api/projects/:projectId/claims", { timeout: 60_000 }, () => {
  it("underlines a wrong price typed into a draft and names the brand's price; a true draft has no findings", async () => {
    const { user } = await fedLotus();
    const res = await json(user, "POST", `/api/projects/${user.projectId}/claims`, { content: "Beginner course: just £25 for four Saturdays!" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as ClaimCheckResponse;
    expect(body.passages).toBeGreaterThan(0);
    expect(body.findings.map((f) => [f.text, f.suggestion])).toEqual([["£25", "£30"]]);
    expect(body.findings[0]!.nearest?.source).toBe("“Brand book”");

    const fine = (await (
      await json(user, "POST", `/api/projects/${user.projectId}/claims`, { content: "Lotus Room Yoga: beginner course, £30, Saturdays at 2pm." })
    ).json()) as ClaimCheckResponse;
    expect(fine.findings).toEqual([]);
  });

  it("refuses bad input with the field's message, and another user's project with 404", async () => {
    const { user } = await fedLotus();
    const bad = await json(user, "POST", `/api/projects/${user.projectId}/claims`, { content: "x".repeat(5001) });
    const body = await expectError(bad, 400);
    expect(JSON.stringify(body)).toContain("Content is too long");
    await expectError(await json(user, "POST", `/api/projects/${user.projectId}/claims`, { text: 1 }), 400);
    const other = await signIn();
    await expectError(await json(other, "POST", `/api/projects/${user.projectId}/claims`, { content: "£25" }), 404);
  });

  it("finds no unsupported claim in what the local writer drafts from the brain", async () => {
    const { user, e } = await fedLotus();
    const res = await generateContent(serviceCtx(user, e), user.projectId, {
      prompt: "Announce our Saturday beginner course for people who have never tried yoga",
      type: "campaign",
      count: 4,
      duration: 7,
      platforms: ["twitter", "instagram"],
      start_date: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      start_time: "09:00",
      time_zone: "UTC",
    });
    expect(res.posts.length).toBeGreaterThan(0);
    for (const p of res.posts) {
      const check = (await (await json(user, "POST", `/api/projects/${user.projectId}/claims`, { content: p.content })).json()) as ClaimCheckResponse;
      expect(check.findings.map((f) => `${f.text} in “${p.content}”`)).toEqual([]);
    }
  });
});
