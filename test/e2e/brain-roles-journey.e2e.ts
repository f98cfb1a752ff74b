import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { documentRow, openBrainTab, overviewSection, snapshot, waitForDocumentReady } from "./brain-helpers";
import { expectToast, journeyBrowser, signIn, signUp, type Step, uniqueEmail, waitForPath } from "./journey-helpers";

// Journey (decisions 181-183, 255): a person pastes a FAQ and a brand book, asks a question in
// their own words and sees the answering sentence with its source, corrects a passage's role in
// one step, and reads a Project Overview whose fields are whole sentences of the right passages.

const baseUrl = inject("baseUrl");
const EMAIL = uniqueEmail("brain-roles");
const PASSWORD = "brain-Passw0rd!";
const PROCESSING_MS = 90_000;

const FAQ_TITLE = "Hillside FAQ";
const FAQ = [
  "Do you rent climbing shoes? Yes, you can hire a pair for £4 at the front desk.",
  "Is there parking? Yes, 12 free spaces behind the building.",
  "Do you do birthday parties? Yes, for ages 6 to 14 on Saturday afternoons.",
  "Can beginners come on their own? No. Most of our members started with us as complete beginners.",
].join("\n");

const BOOK_TITLE = "Hillside brand book";
const BOOK = [
  "Hillside Climbing is a bouldering gym in Sheffield with walls for every level.",
  "",
  "Our story",
  "Two climbing friends, Amara and Jon, opened Hillside in an old steelworks in 2018.",
  "",
  "Coaching",
  "Our coaches run small group sessions that help you climb harder without getting hurt.",
  "",
  "Competitors: big chain gyms reset their walls every few months; we set new problems every week.",
  "",
  "Our members are students and young professionals who want a friendly place to train after work.",
  "",
  "Content pillars: new problems of the week, member stories, and training tips.",
  "",
  "Plans: we want to open a second gym in Leeds next year.",
].join("\n");

const PILLARS = ["New problems of the week", "Member stories", "Training tips"];

describe("brain roles journey: FAQ and brand book, a paraphrased question, a corrected role, the overview", () => {
  let page: Page;
  let step: Step;

  journeyBrowser("brain roles journey", { width: 1280, height: 900 }, (opened) => {
    page = opened.page;
    step = opened.step;
  });

  const paste = async (title: string, content: string) => {
    const feed = await openBrainTab(page, "Feed Brain");
    await feed.getByLabel("Document Title", { exact: true }).fill(title);
    await feed.getByLabel("Content", { exact: true }).fill(content);
    await feed.getByRole("button", { name: "Process Content" }).click();
    await expectToast(page, "Document processed successfully!");
    await waitForDocumentReady(documentRow(page, title), PROCESSING_MS);
  };

  it("pastes a FAQ and a brand book and watches both get ready", { timeout: 2 * PROCESSING_MS + 60_000 }, async () => {
    await step("sign up, sign in and open Brain Studio", async () => {
      await signUp(page, baseUrl, EMAIL, PASSWORD);
      await signIn(page, baseUrl, EMAIL, PASSWORD);
      await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Brain Studio", exact: true }).click();
      await waitForPath(page, "/brain");
    });
    await step("paste the FAQ", () => paste(FAQ_TITLE, FAQ));
    await step("paste the brand book", () => paste(BOOK_TITLE, BOOK));
  });

  it("asks in its own words and sees the answering sentence with its source; corrects the passage's role", async () => {
    const explore = await step("open Explore Knowledge", () => openBrainTab(page, "Explore Knowledge"));
    await step("a paraphrased question gets the FAQ's answer sentence, from the FAQ", async () => {
      await explore.getByLabel("Ask the Brain", { exact: true }).fill("Where can I park my car when I come?");
      await explore.getByRole("button", { name: "Query Brain" }).click();
      const answer = explore.getByLabel("Answer", { exact: true });
      await answer.waitFor();
      const text = (await answer.innerText()).replace(/\s+/g, " ");
      expect(text).toContain("12 free spaces behind the building");
      expect(text).toContain(`- from ${FAQ_TITLE}`);
      // The question and its answer are one passage (FAQ-aware segmentation), not glued to the previous answer.
      const first = explore.getByRole("list", { name: "Brain answers" }).getByRole("listitem").first();
      const passage = await first.innerText();
      expect(passage).toContain("Is there parking?");
      expect(passage).not.toContain("front desk");
      await snapshot(page, "brain-roles-answer");
    });
    await step("the passage's role is corrected in one step and kept", async () => {
      const first = explore.getByRole("list", { name: "Brain answers" }).getByRole("listitem").first();
      await first.getByLabel("Passage role").selectOption("contact");
      await expectToast(page, "Saved as Contact & hours");
      await first.getByLabel("Role: Contact & hours").waitFor();
      // Asked again, the server returns the corrected role.
      const responded = page.waitForResponse((r) => r.url().endsWith("/brain/query") && r.request().method() === "POST");
      await explore.getByRole("button", { name: "Query Brain" }).click();
      await responded;
      await explore.getByRole("button", { name: "Query Brain" }).waitFor();
      await explore.getByRole("list", { name: "Brain answers" }).getByRole("listitem").first().getByLabel("Role: Contact & hours").waitFor();
    });
  });

  it("reads a Project Overview of whole sentences from the right passages, with the book's pillars", async () => {
    const overview = await step("open Project Overview", async () => {
      const panel = await openBrainTab(page, "Project Overview");
      await panel.getByText("Generated by the local engine (extractive, offline)", { exact: true }).waitFor({ timeout: 60_000 });
      return panel;
    });
    await step("each field reads on its own: no Yes/No opening, no question, no cut sentence", async () => {
      const read = async (title: string) => (await overviewSection(overview, title).innerText()).replace(title, "").trim();
      const pitch = await read("Elevator Pitch");
      expect(pitch).toMatch(/^Hillside Climbing is a bouldering gym/);
      const position = await read("Market Position");
      expect(position).toContain("we set new problems every week");
      const story = await read("Brand Story");
      expect(story).toContain("opened Hillside in an old steelworks in 2018");
      const values = await overviewSection(overview, "Value Propositions").getByRole("listitem").allInnerTexts();
      expect(values.length).toBeGreaterThan(0);
      for (const field of [pitch, position, story, ...values]) {
        expect(field, field).not.toMatch(/^(?:Yes|No)\b/);
        expect(field, field).not.toMatch(/\b(?:Yes|No)[,.] /);
        expect(field, field).not.toContain("?");
        expect(field, field).toMatch(/[.!]$/);
        expect(field, field).not.toMatch(/…$/);
      }
      // Benefits, never a price list.
      for (const v of values) expect(v).not.toMatch(/£/);
      await snapshot(page, "brain-roles-overview");
    });
    await step("content themes are the book's pillars; topics are no number, price or weekday", async () => {
      const themes = (await overviewSection(overview, "Content Themes").innerText()).replace("Content Themes", "");
      for (const p of PILLARS) expect(themes).toContain(p);
      // A topic's name is the line above its "NN% relevance" badge.
      const lines = (await overviewSection(overview, "Top Topics").innerText())
        .split("\n")
        .map((l) => l.trim())
        .filter(Boolean);
      const names = lines.filter((_, i) => /^\d+% relevance$/.test(lines[i + 1] ?? ""));
      expect(names.length, lines.join(" | ")).toBeGreaterThan(0);
      for (const t of names) expect(t, t).not.toMatch(/\d|£|\b(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days?\b|\bPounds?\b/i);
    });
  });
});
