import { encode as encodePng } from "fast-png";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import type { Post } from "../../schema/api/posts";
import { expectToast, journeyBrowser, signIn, signUp, type Step, uniqueEmail, waitForPath } from "./journey-helpers";

// Journey (decision 116): offline, on `npm start`, a person with a fed brain generates a campaign for
// X and Instagram, opens a post's sources ("Based on: ...") to check a claim against the brand
// book, sees the Instagram card image, replaces one card with an own photo ("The user can replace
// it"), and schedules the campaign with the other card kept; on the calendar, the post opened
// shows its sources again.

const baseUrl = inject("baseUrl");
const PASSWORD = "journey-Passw0rd!";
const EMAIL = uniqueEmail("sources");
const BRAND_BOOK =
  "Kettle Cargo builds electric cargo bikes in Utrecht for families who want to leave the second car at home. " +
  "The Kettle Long carries two children and 80 kilos of shopping, and its battery lasts about 90 kilometres per charge. " +
  "Our mobile repair van comes to your home or office for servicing, so you never have to wheel the bike to a shop. " +
  "Replacing a family car with a cargo bike saves a typical household around 4,000 euros a year in fuel, tax and parking. " +
  "Riders get a free safety lesson on handling, braking and cornering with a loaded box.";
const BRIEF = "Explain why a cargo bike can replace the second family car, with numbers, and show off our mobile repair van.";

async function tomorrowIn(page: Page): Promise<string> {
  return page.evaluate(() => {
    const d = new Date();
    d.setDate(d.getDate() + 1);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
  });
}

describe("brain sources and the Instagram card", () => {
  let page: Page;
  let step: Step;

  journeyBrowser("brain sources journey", { width: 1366, height: 900 }, (opened) => {
    page = opened.page;
    step = opened.step;
  });

  it("generates a campaign, opens a post's sources and schedules it with its Instagram card", async () => {
    await step("sign up and sign in", async () => {
      await signUp(page, baseUrl, EMAIL, PASSWORD);
      await signIn(page, baseUrl, EMAIL, PASSWORD);
    });
    const projectId = ((await (await page.request.get(`${baseUrl}/api/projects`)).json()) as { id: string }[])[0]!.id;
    await step("feed the brain with the brand book", async () => {
      await page.goto(`${baseUrl}/brain`);
      await page.getByRole("tab", { name: "Feed Brain" }).click();
      await page.getByLabel("Document Title").fill("Kettle brand book");
      await page.getByLabel("Content", { exact: true }).fill(BRAND_BOOK);
      await page.getByRole("button", { name: "Process Content" }).click();
      await expectToast(page, "Document processed successfully!");
    });
    await step("generate a 4-post campaign for X and Instagram", async () => {
      await page.goto(`${baseUrl}/campaigns/new`);
      await page.getByLabel("Campaign prompt").fill(BRIEF);
      await page.getByLabel("Number of posts").fill("4");
      await page.getByLabel("Duration (days)").fill("2");
      // Chakra's checkbox control covers the hidden input: click the label, as a person does.
      await page.getByRole("group").getByText("Instagram", { exact: true }).click();
      await expect.poll(() => page.getByRole("checkbox", { name: "Instagram" }).isChecked()).toBe(true);
      await page.getByLabel("Start date").fill(await tomorrowIn(page));
      await page.getByLabel("Start time").fill("10:00");
      await page.getByRole("button", { name: "Generate Posts" }).click();
      await expectToast(page, "Posts generated successfully!");
      await page.getByRole("heading", { name: "Generated Posts" }).waitFor();
    });
    const items = page.getByTestId("generated-post");
    // Each message goes to both networks (decision 185); the local writer may write fewer than asked.
    const count = await items.count();
    expect(count).toBeGreaterThanOrEqual(2);
    expect(count % 2).toBe(0);
    const texts = await items.allTextContents();
    // The brief is an instruction: no post repeats it.
    for (const t of texts) expect(t).not.toContain("can replace the second family car, with numbers");
    expect(texts.some((t) => /repair van/i.test(t))).toBe(true);

    await step("open the sources of the post about the repair van", async () => {
      const post = items.filter({ hasText: /repair van/i }).first();
      const sources = post.getByRole("button", { name: /^Based on: Kettle brand book/ });
      await sources.click();
      await expect.poll(() => sources.getAttribute("aria-expanded")).toBe("true");
      await post
        .getByRole("list", { name: "Sources" })
        .getByText(/Our mobile repair van comes to your home/)
        .waitFor();
    });
    await step("the Instagram posts show their card", async () => {
      // Each message shows one network at a time: open every message's Instagram tab.
      for (const tab of await page.getByRole("tab", { name: "Instagram" }).all()) await tab.click();
      const cards = page.getByRole("img", { name: /^Image of post/ });
      expect(await cards.count()).toBe(count / 2);
      const loaded = await cards.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth);
      expect(loaded).toBe(1080);
    });
    await step("replace one Instagram card with an own photo", async () => {
      const withImage = items.filter({ has: page.getByRole("img", { name: /^Image of post/ }) }).last();
      const label = (await withImage.getByRole("button", { name: /^Edit post \d+$/ }).getAttribute("aria-label"))!.replace(/^Edit /, "");
      await withImage.getByRole("button", { name: `Edit ${label}`, exact: true }).click();
      await page.getByRole("button", { name: `Remove image of ${label}`, exact: true }).click();
      await page.getByText("Instagram requires an image. Please attach an image to this post.").waitFor();
      await page.getByRole("button", { name: `Add Image of ${label}`, exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Upload Image" });
      const data = new Uint8Array(400 * 400 * 3).map((_, i) => (i % 3 === 0 ? 200 : 90));
      const photo = Buffer.from(encodePng({ width: 400, height: 400, data, channels: 3, depth: 8 }));
      await dialog.getByTestId("image-file-input").setInputFiles({ name: "my-photo.png", mimeType: "image/png", buffer: photo });
      await dialog.getByRole("button", { name: "Upload Image" }).click();
      await expectToast(page, "Image attached successfully!");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.getByRole("img", { name: `Image of ${label}` }).waitFor();
    });
    await step("schedule all -> /calendar", async () => {
      await page.getByRole("button", { name: "Schedule All Posts" }).click();
      await expectToast(page, "Campaign scheduled successfully!");
      await waitForPath(page, "/calendar");
    });
    await step("open the post about the repair van from the calendar: its sources come with it", async () => {
      // The campaign starts tomorrow: on a Saturday, that is in next week.
      if (await page.evaluate(() => new Date().getDay() === 6)) await page.getByRole("button", { name: "Next week" }).click();
      // The week reads the calendar's lighter rows (decision 171); the dialog fetches the full post.
      // Each message is one card with a row per network (decision 278): open the variant that
      // names the repair van from its network's row.
      const saved = (await (await page.request.get(`${baseUrl}/api/projects/${projectId}/posts`)).json()) as Post[];
      const vanPost = saved.find((p) => /repair van/i.test(p.content))!;
      await page
        .locator(`[data-testid="message-variant"][data-post-id="${vanPost.id}"]`)
        .getByRole("button", { name: /^Open the .* post$/ })
        .click();
      const dialog = page.getByRole("dialog");
      const sources = dialog.getByRole("button", { name: /^Based on: Kettle brand book/ });
      await sources.click();
      await dialog.getByText(/Our mobile repair van comes to your home/).waitFor();
      await dialog.getByRole("button", { name: "Close", exact: true }).first().click();
      await dialog.waitFor({ state: "hidden" });
    });
    const posts = (await (await page.request.get(`${baseUrl}/api/projects/${projectId}/posts`)).json()) as Post[];
    expect(posts).toHaveLength(count);
    for (const p of posts) expect(p.sources.length).toBeGreaterThan(0);
    const instagram = posts.filter((p) => p.platform === "instagram");
    expect(instagram).toHaveLength(count / 2);
    // One card replaced by the person's own photo; every other Instagram post keeps its brand card.
    const names = instagram.map((p) => p.media_info!.file_name);
    expect(names.filter((n) => n === "my-photo.png")).toHaveLength(1);
    expect(names.filter((n) => n === "brand-card.png")).toHaveLength(instagram.length - 1);
    for (const p of instagram) {
      expect(p.media_info).toMatchObject({ file_type: "image/png" });
      const img = await page.request.get(`${baseUrl}${p.media_info!.url}`);
      expect(img.status()).toBe(200);
      expect(img.headers()["content-type"]).toBe("image/png");
    }
  });
});
