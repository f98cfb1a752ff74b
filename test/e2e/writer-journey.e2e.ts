import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Post } from "../../schema/api/posts";
import { startProduct, type Product } from "./global-setup";
import { expectToast, getJson, journeyBrowser, pickOnlyNetwork, signIn, signUp, type Step, uniqueEmail, waitForPath } from "./journey-helpers";

// Journey (issue "Posts a brand owner would publish", decisions 260, 278): offline, on `npm start`
// (the local engine), a brand owner feeds the brain, connects X and Instagram through the sandbox,
// and generates a two-network campaign: each message shows an X and an Instagram tab, and the
// calendar draws each message as one card with a row per network whose detail has a tab per
// network. In Create Post the claim check underlines a price the brain does not state and offers
// the brand's; Shorten acts and Undo takes it back, and Rewrite says it needs an AI engine. Then,
// on a second server whose AI engine is the sandbox's OpenAI stand-in (FAKE_AI=openai), Rewrite
// asks the model and applies its answer, and Shorten acts there too.

const baseUrl = inject("baseUrl");
const sandboxUrl = inject("sandboxUrl");
const root = path.resolve(import.meta.dirname, "../..");
const run = Date.now().toString(36);
const PASSWORD = "journey-Passw0rd!";
const BRAND_TEXT =
  "Lotus Room Yoga is a small yoga studio in Leeds run by Maya Okafor. " +
  "Our beginner course costs £30 for four Saturday sessions, mats included. " +
  "The beginner course starts on the first Saturday of every month at 2pm and suits people who have never tried yoga. " +
  "Each beginner class is capped at twelve people so Maya can adjust every pose. " +
  "Beginners learn to breathe, balance and rest before any harder pose.";
const BRIEF = "Announce our Saturday beginner course for people who have never tried yoga";
// A state the server's answer brings (a helper's edit, the engine's capabilities): waited for, up
// to this long on a loaded machine (a model request through the stand-in included).
const ANSWERED = { timeout: 60_000, interval: 200 };
const WRONG_PRICE = "Our beginner course costs £45 for four Saturday sessions. You need no experience at all, just comfortable clothes.";

/** The next Sunday after today, in the browser's zone: the campaign's week. */
async function nextSundayIn(page: Page): Promise<string> {
  return page.evaluate(() => {
    const d = new Date();
    d.setDate(d.getDate() + (7 - d.getDay()));
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
  });
}

/** Ticks exactly these networks in a checkbox group (Chakra's hidden inputs take the click, as a tap on the label does). */
async function pickNetworks(group: Locator, ids: string[]): Promise<void> {
  for (const input of await group.locator('input[type="checkbox"]').all()) {
    const value = await input.getAttribute("value");
    const want = !!value && ids.includes(value);
    if ((await input.isChecked()) === want) continue;
    await input.dispatchEvent("click");
    await expect.poll(() => input.isChecked()).toBe(want);
  }
}

async function openCreatePost(page: Page): Promise<Locator> {
  await page.getByRole("banner").getByRole("button", { name: "Post Now", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Create Post" });
  await dialog.getByLabel("Content", { exact: true }).waitFor();
  return dialog;
}

describe("writer journey on the local engine: a two-network campaign, the claim check, Shorten", () => {
  let page: Page;
  let step: Step;
  let projectId = "";

  const api = <T>(p: string) => getJson<T>(page, baseUrl, p);

  journeyBrowser("writer journey", { width: 1366, height: 900 }, (opened) => {
    page = opened.page;
    step = opened.step;
  });

  it("signs up, feeds the brain and connects X and Instagram through the sandbox", async () => {
    const email = uniqueEmail("writer");
    await step("sign up and sign in", async () => {
      await signUp(page, baseUrl, email, PASSWORD);
      await signIn(page, baseUrl, email, PASSWORD);
    });
    projectId = (await api<{ id: string }[]>("/api/projects"))[0]!.id;
    await step("feed the brain with the brand text", async () => {
      await page.goto(`${baseUrl}/brain`);
      await page.getByRole("tab", { name: "Feed Brain" }).click();
      await page.getByLabel("Document Title").fill("About Lotus Room");
      await page.getByLabel("Content", { exact: true }).fill(BRAND_TEXT);
      await page.getByRole("button", { name: "Process Content" }).click();
      await expectToast(page, "Document processed successfully!");
    });
    for (const n of [
      { id: "twitter", name: "X (Twitter)", short: "X", user: `x_${run}` },
      { id: "instagram", name: "Instagram", short: "Instagram", user: `ig_${run}` },
    ]) {
      await step(`connect ${n.name} through the sandbox`, async () => {
        await page.goto(`${baseUrl}/social-connect`);
        await page
          .getByTestId(`platform-${n.id}`)
          .getByRole("button", { name: `Connect ${n.name}`, exact: true })
          .click();
        await page.waitForURL((u) => u.origin === sandboxUrl);
        await page.getByLabel("Username").fill(n.user);
        await page.getByRole("button", { name: "Approve", exact: true }).click();
        await expectToast(page, `Successfully connected ${n.short} account!`);
        await waitForPath(page, "/social-connect");
        await page.getByTestId(`platform-${n.id}`).getByText("Connected", { exact: true }).waitFor();
      });
    }
  });

  it("generates a campaign on X and Instagram: each message has an X and an Instagram tab, and is one card on the calendar", async () => {
    const start = await nextSundayIn(page);
    await step("fill the campaign form with X and Instagram", async () => {
      await page.goto(`${baseUrl}/campaigns/new`);
      await page.getByLabel("Campaign prompt").fill(BRIEF);
      await page.getByLabel("Number of posts").fill("2");
      await page.getByLabel("Duration (days)").fill("2");
      await page.getByLabel("Start date").fill(start);
      await page.getByLabel("Start time").fill("09:00");
      await pickNetworks(page.getByRole("group", { name: "Platforms" }), ["twitter", "instagram"]);
    });
    await step("generate", async () => {
      await page.getByRole("button", { name: "Generate Posts" }).click();
      await expectToast(page, "Posts generated successfully!");
      await page.getByRole("heading", { name: "Generated Posts" }).waitFor();
      await page.getByText("Drafted from your brand brain's sentences").first().waitFor();
    });
    const groups = page.getByTestId("message-group");
    const messages = await groups.count();
    expect(messages).toBeGreaterThanOrEqual(1);
    expect(messages).toBeLessThanOrEqual(2);
    await step("each message has an X and an Instagram tab", async () => {
      for (const group of await groups.all()) {
        const tabs = group.getByRole("tab");
        expect(await tabs.allTextContents()).toEqual(["X (Twitter)", "Instagram"]);
        await group.getByRole("tab", { name: "Instagram" }).click();
        await expect.poll(() => group.getByRole("tab", { name: "Instagram" }).getAttribute("aria-selected")).toBe("true");
        await group.getByRole("tab", { name: "X (Twitter)" }).click();
        await expect.poll(() => group.getByRole("tab", { name: "X (Twitter)" }).getAttribute("aria-selected")).toBe("true");
      }
    });
    await step("schedule all -> /calendar", async () => {
      await page.getByRole("button", { name: "Schedule All Posts" }).click();
      await expectToast(page, "Campaign scheduled successfully!");
      await waitForPath(page, "/calendar");
    });
    const posts = await api<Post[]>(`/api/projects/${projectId}/posts`);
    expect(posts).toHaveLength(messages * 2);
    const byMessage = new Map<string, string[]>();
    for (const p of posts) byMessage.set(p.message_id!, [...(byMessage.get(p.message_id!) ?? []), p.platform]);
    expect([...byMessage.values()].map((v) => v.sort())).toEqual(Array.from({ length: messages }, () => ["instagram", "twitter"]));

    await step("the calendar draws each message as one card with an X and an Instagram row", async () => {
      await page.getByRole("heading", { level: 1, name: "Content Calendar" }).waitFor();
      if ((await page.locator(`[data-testid="week-column"][data-date="${start}"]`).count()) === 0) {
        await page.getByRole("button", { name: "Next week" }).click();
      }
      await page.locator(`[data-testid="week-column"][data-date="${start}"]`).getByTestId("message-card").first().waitFor();
      await expect.poll(() => page.getByTestId("message-card").count(), ANSWERED).toBe(messages);
      expect(await page.getByTestId("post-card").count()).toBe(0);
      for (const card of await page.getByTestId("message-card").all()) {
        const platforms = await card.getByTestId("message-variant").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-platform")));
        expect(platforms.sort()).toEqual(["instagram", "twitter"]);
      }
    });
    await step("a message opens with a tab per network; each tab shows that network's post", async () => {
      const card = page.getByTestId("message-card").first();
      await card.getByRole("button", { name: "Open the Instagram post" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("heading", { name: "Instagram post" }).waitFor();
      const tabs = dialog.getByRole("tablist", { name: "This message on each network" });
      expect((await tabs.getByRole("tab").allTextContents()).sort()).toEqual(["Instagram", "X (Twitter)"]);
      await tabs.getByRole("tab", { name: "X (Twitter)" }).click();
      await dialog.getByRole("heading", { name: "X (Twitter) post" }).waitFor();
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
    });
  });

  it("underlines a wrong price typed into Create Post, replaces it with the brand's, and Shortens; Rewrite needs an AI engine here", async () => {
    const dialog = await step("open Create Post", () => openCreatePost(page));
    const content = dialog.getByLabel("Content", { exact: true });
    await step("type a post with a price the brain does not state", async () => {
      await pickOnlyNetwork(dialog, "twitter");
      await content.fill(WRONG_PRICE);
    });
    await step("the claim check underlines the price and names the brand's", async () => {
      const check = dialog.getByRole("region", { name: "Claim check" });
      await check.locator('[data-claim="price"]').filter({ hasText: "£45" }).waitFor();
      expect(await check.locator('[data-claim="price"]').evaluate((el) => getComputedStyle(el).textDecorationLine)).toContain("underline");
      await check.getByRole("button", { name: "Replace “£45” with “£30”" }).click();
      await expect.poll(() => content.inputValue(), ANSWERED).toBe(WRONG_PRICE.replace("£45", "£30"));
      await check.waitFor({ state: "hidden" });
    });
    const helpers = dialog.getByRole("group", { name: "Writing helpers" });
    await step("Rewrite is labelled as needing an AI engine on the local engine", async () => {
      await helpers.getByTestId("needs-ai-engine").getByText("Needs an AI engine").waitFor();
      expect(await helpers.getByRole("button", { name: "Rewrite" }).isDisabled()).toBe(true);
    });
    await step("Shorten acts, Undo takes it back", async () => {
      await helpers.getByRole("button", { name: "Shorten" }).click();
      await expect.poll(() => content.inputValue(), ANSWERED).toBe("Our beginner course costs £30 for four Saturday sessions.");
      await helpers.getByRole("button", { name: "Undo" }).click();
      await expect.poll(() => content.inputValue(), ANSWERED).toBe(WRONG_PRICE.replace("£45", "£30"));
    });
  });
});

describe("writer journey on an LLM engine (the sandbox's OpenAI stand-in): Rewrite and Shorten act", () => {
  let product: Product;
  let page: Page;
  let step: Step;
  const DRAFT = "Saturday classes start at 2pm in Leeds. Our beginner course costs £30 for four sessions, mats included.";

  beforeAll(async () => {
    // A second product whose Worker talks to test/fakes/openai.ts (FAKE_AI=openai); the SPA was
    // built by this run's setup.
    product = await startProduct(path.join(root, ".e2e", "writer-llm-state"), { FAKE_AI: "openai", SKIP_BUILD: "1" });
  });
  afterAll(async () => {
    await product?.stop();
  });
  journeyBrowser("writer journey llm", { width: 1280, height: 900 }, (opened) => {
    page = opened.page;
    step = opened.step;
  });

  it("rewrites a draft through the model and shortens it", async () => {
    const email = uniqueEmail("writer-llm");
    await step("sign up and sign in", async () => {
      await signUp(page, product.baseUrl, email, PASSWORD);
      await signIn(page, product.baseUrl, email, PASSWORD);
    });
    const health = await (await page.request.get(`${product.baseUrl}/api/health`)).json();
    expect(JSON.stringify(health)).toContain("openai");
    const dialog = await step("open Create Post and type a draft", async () => {
      const d = await openCreatePost(page);
      await pickOnlyNetwork(d, "twitter");
      await d.getByLabel("Content", { exact: true }).fill(DRAFT);
      return d;
    });
    const content = dialog.getByLabel("Content", { exact: true });
    const helpers = dialog.getByRole("group", { name: "Writing helpers" });
    await step("Rewrite asks the model and applies its answer; Undo takes it back", async () => {
      const rewrite = helpers.getByRole("button", { name: "Rewrite" });
      await expect.poll(() => rewrite.isEnabled(), ANSWERED).toBe(true);
      expect(await helpers.getByTestId("needs-ai-engine").count()).toBe(0);
      await rewrite.click();
      // The stand-in answers with the draft's sentences reordered (test/fakes/openai.ts).
      await expect
        .poll(() => content.inputValue(), ANSWERED)
        .toBe("Our beginner course costs £30 for four sessions, mats included. Saturday classes start at 2pm in Leeds.");
      const asked = await (
        await page.request.get(`${product.sandboxUrl}/openai/_requests?contains=${encodeURIComponent("Saturday classes start at 2pm")}`)
      ).json();
      expect(JSON.stringify(asked)).toContain("chat/completions");
      await helpers.getByRole("button", { name: "Undo" }).click();
      await expect.poll(() => content.inputValue(), ANSWERED).toBe(DRAFT);
    });
    await step("Shorten acts on the LLM engine too", async () => {
      await helpers.getByRole("button", { name: "Shorten" }).click();
      await expect.poll(() => content.inputValue(), ANSWERED).toBe("Saturday classes start at 2pm in Leeds.");
    });
  });
});
