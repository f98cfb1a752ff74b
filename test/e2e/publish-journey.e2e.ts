import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Post } from "../../schema/api/posts";
import { openBrowser, type BrowserSession } from "./browser";
import { expectToast, getJson, pickOnlyNetwork, signIn, signUp, steps, uniqueEmail, waitForPath } from "./journey-helpers";
import { fireCron, makePng, mintSandboxXTokens, recordTraffic, secretsIn, SANDBOX_TOKEN_RE } from "./publish-helpers";

// Journey (decision 070): offline, on `npm start`, a person connects X and Instagram through the
// sandbox's OAuth pages, writes a post with an image, publishes it now and schedules another two
// minutes ahead, and sees both on the sandbox's page and as published in the app. The cron is
// fired by hand at the scheduled instant instead of waiting (global-setup sets CRON_TICK_MS=0).

const baseUrl = inject("baseUrl");
const sandboxUrl = inject("sandboxUrl");
const root = path.resolve(import.meta.dirname, "../..");
const run = Date.now().toString(36);
const PASSWORD = "journey-Passw0rd!";
const NOW_TEXT = `Fresh beans just landed ${run}: come taste the new roast`;
const SCHEDULED_TEXT = `Weekend tasting at the roastery ${run}, see you there`;
const NOW_IMAGE = `roast-${run}.png`;
const SCHEDULED_IMAGE = `tasting-${run}.png`;

describe("connect X and Instagram through the sandbox, publish now and on schedule", () => {
  let session: BrowserSession;
  let page: Page;
  let step: ReturnType<typeof steps>;
  let traffic: ReturnType<typeof recordTraffic>;
  let projectId = "";
  let scheduledAt = 0;

  const api = <T>(p: string) => getJson<T>(page, baseUrl, p);
  const projectPosts = () => api<Post[]>(`/api/projects/${projectId}/posts`);

  beforeAll(async () => {
    session = await openBrowser();
    page = session.page;
    step = steps(page, "publish journey");
    traffic = recordTraffic(page, baseUrl);
  });
  afterAll(async () => {
    await session?.close();
  });

  /** `name`: the card's name ("X (Twitter)"); `short`: the name in messages ("X"). */
  async function connect(platform: "twitter" | "instagram", name: string, username: string, authorizePath: string, short = name) {
    await step(`connect ${name} in one click`, async () => {
      // A configured network goes straight to its consent (decision 206).
      await page
        .getByTestId(`platform-${platform}`)
        .getByRole("button", { name: `Connect ${name}`, exact: true })
        .click();
    });
    await step(`approve on the ${name} sandbox authorize page`, async () => {
      await page.waitForURL((u) => u.origin === sandboxUrl && u.pathname === authorizePath);
      await page.getByRole("heading", { name: "Authorize app" }).waitFor();
      await page.getByRole("button", { name: "Approve", exact: true }).click();
    });
    await step(`back on /auth/${platform}/callback, then the connected ${name} account`, async () => {
      await page.waitForURL((u) => u.origin === baseUrl && u.pathname === `/auth/${platform}/callback`);
      await expectToast(page, `Successfully connected ${short} account!`);
      await waitForPath(page, "/social-connect");
      const row = page.getByRole("region", { name: "Connected Accounts" }).getByRole("listitem").filter({ hasText: username });
      await row.getByText(`${name} · Connected`).waitFor();
      await page.getByTestId(`platform-${platform}`).getByText("Connected", { exact: true }).waitFor();
      await page
        .getByTestId(`platform-${platform}`)
        .getByRole("button", { name: `Reconnect ${name}`, exact: true })
        .waitFor();
    });
  }

  async function openCreatePost() {
    await page.getByRole("banner").getByRole("button", { name: "Post Now", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Create Post" });
    await dialog.getByLabel("Content", { exact: true }).waitFor();
    return dialog;
  }

  async function attachImage(dialog: ReturnType<Page["getByRole"]>, fileName: string, rgb: [number, number, number]) {
    await dialog.getByRole("button", { name: "Add Image" }).click();
    const upload = page.getByRole("dialog", { name: "Upload Image" });
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), upload.getByText("Drag & drop an image here, or click to select").click()]);
    await chooser.setFiles({ name: fileName, mimeType: "image/png", buffer: makePng(8, rgb) });
    await upload.getByRole("img", { name: `Preview of ${fileName}` }).waitFor();
    await upload.getByRole("button", { name: "Upload Image", exact: true }).click();
    await expectToast(page, "Image attached successfully!");
    await upload.waitFor({ state: "hidden" });
    await dialog.getByText(`Image attached: ${fileName}`, { exact: true }).waitFor();
    // The live preview shows the stored image (served from /media/...), really loaded.
    const previewImage = dialog.getByTestId("post-preview").getByRole("img", { name: "Attached image" });
    await previewImage.waitFor();
    await expect.poll(() => previewImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(8);
    expect(await previewImage.getAttribute("src")).toMatch(/\/media\/[A-Za-z0-9_-]{16,64}$/);
  }

  it("signs up and signs in through the UI", async () => {
    const email = uniqueEmail("publish");
    await step("sign up on /signup", () => signUp(page, baseUrl, email, PASSWORD));
    await step("sign in on /login", () => signIn(page, baseUrl, email, PASSWORD));
    const projects = await api<{ id: string }[]>("/api/projects");
    expect(projects.length).toBeGreaterThan(0);
    projectId = projects[0]!.id;
  });

  it("connects X and Instagram through the sandbox's OAuth pages", async () => {
    await step("open /social-connect", async () => {
      const accountsLoaded = page.waitForResponse((r) => r.url().endsWith(`/api/projects/${projectId}/social-accounts`) && r.ok());
      await page.goto(`${baseUrl}/social-connect`);
      await page.getByRole("heading", { level: 1, name: "Connect Your Social Media" }).waitFor();
      await accountsLoaded;
      await page.getByText("No accounts connected yet").waitFor();
      await page.getByTestId("platform-twitter").getByText("Not connected", { exact: true }).waitFor();
    });
    await connect("twitter", "X (Twitter)", "sandbox_x_user", "/x/i/oauth2/authorize", "X");
    await connect("instagram", "Instagram", "sandbox_ig_user", "/instagram/oauth/authorize");
    await step("both accounts listed", async () => {
      await expect.poll(() => page.getByRole("region", { name: "Connected Accounts" }).getByRole("listitem").count()).toBe(2);
    });
    await step("continue to the dashboard", async () => {
      await page.getByRole("button", { name: "Continue to Dashboard", exact: true }).click();
      await waitForPath(page, "/dashboard");
    });
  });

  it("writes a post with an image and publishes it now to X", async () => {
    const dialog = await step("open the Create Post dialog from the header", openCreatePost);
    await step("write the post", async () => {
      await dialog.getByRole("tab", { name: "Post Now" }).waitFor();
      await pickOnlyNetwork(dialog, "twitter");
      await dialog.getByLabel("Content", { exact: true }).fill(NOW_TEXT);
      await dialog.getByLabel("Hashtags").fill("#coffee #newroast");
      const preview = dialog.getByTestId("post-preview");
      await preview.getByText(NOW_TEXT, { exact: true }).waitFor();
      await preview.getByText("#coffee #newroast", { exact: true }).waitFor();
      await preview.getByText("@sandbox_x_user", { exact: true }).waitFor();
    });
    await step("attach an image through the upload dialog", () => attachImage(dialog, NOW_IMAGE, [37, 99, 235]));
    await step("Post Now", async () => {
      await dialog.getByRole("button", { name: "Post Now", exact: true }).click();
      await expectToast(page, "Post published successfully!");
      await dialog.waitFor({ state: "hidden" });
    });
    const post = (await projectPosts()).find((p) => p.content === NOW_TEXT);
    expect(post).toMatchObject({ platform: "twitter", status: "published", hashtags: ["coffee", "newroast"], publish_attempts: 1 });
    expect(post?.platform_post_id).toBeTruthy();
    expect(post?.media_info?.file_name).toBe(NOW_IMAGE);
  });

  it("schedules an Instagram post two minutes ahead; the cron publishes it at that minute, not before", async () => {
    const dialog = await step("open the Create Post dialog again", openCreatePost);
    // The next whole minute at least two minutes from now, as the user's local date and time.
    const when = await page.evaluate(() => {
      const at = Math.ceil((Date.now() + 120_000) / 60_000) * 60_000;
      const d = new Date(at);
      const pad = (n: number) => String(n).padStart(2, "0");
      return { at, date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`, time: `${pad(d.getHours())}:${pad(d.getMinutes())}` };
    });
    scheduledAt = when.at;
    await step("fill the Schedule Post tab", async () => {
      await dialog.getByRole("tab", { name: "Schedule Post" }).click();
      await pickOnlyNetwork(dialog, "instagram");
      await dialog.getByLabel("Content", { exact: true }).fill(SCHEDULED_TEXT);
      await dialog.getByLabel("Hashtags").fill("#tasting");
      await dialog.getByLabel("Date").fill(when.date);
      await dialog.getByLabel("Time").fill(when.time);
      // Instagram shows the bare username (no "@"), above the image and before the caption.
      await dialog.getByTestId("post-preview").getByText("sandbox_ig_user", { exact: true }).first().waitFor();
    });
    await step("attach an image (Instagram needs one)", () => attachImage(dialog, SCHEDULED_IMAGE, [219, 39, 119]));
    await step("Schedule Post", async () => {
      await dialog.getByRole("button", { name: "Schedule Post", exact: true }).click();
      await expectToast(page, "Post scheduled successfully!");
      await dialog.waitFor({ state: "hidden" });
    });

    const find = async () => (await projectPosts()).find((p) => p.content === SCHEDULED_TEXT);
    const scheduled = await find();
    expect(scheduled).toMatchObject({ platform: "instagram", status: "scheduled", scheduled_for: new Date(scheduledAt).toISOString() });
    expect(scheduled?.media_info?.file_name).toBe(SCHEDULED_IMAGE);

    await step("a tick one minute early leaves it scheduled", async () => {
      expect(await fireCron(baseUrl, scheduledAt - 60_000)).toBe("ok");
      expect((await find())?.status).toBe("scheduled");
    });
    await step("the tick at the scheduled minute publishes it", async () => {
      expect(await fireCron(baseUrl, scheduledAt)).toBe("ok");
      // The tick's claim has run by the time the tick answers, so the early tick's "still
      // scheduled" above was a real answer, not a race.
      expect((await find())?.status).not.toBe("scheduled");
      await expect.poll(async () => (await find())?.status, { timeout: 30_000, interval: 500 }).toBe("published");
    });
    const published = await find();
    expect(published?.publish_attempts).toBe(1);
    expect(published?.platform_post_id).toBeTruthy();
    // Published in real time, before the scheduled instant: the tick's time decided, not a wait.
    expect(Date.parse(published!.published_at!)).toBeLessThan(scheduledAt);
  });

  it("shows both posts on the sandbox's page, with their images", async () => {
    await step("open the sandbox's page", async () => {
      await page.goto(`${sandboxUrl}/`);
      await page.getByRole("heading", { name: "Platform sandbox" }).waitFor();
    });
    await step("the X post is there", async () => {
      const row = page.locator('tr[data-platform="x"]').filter({ hasText: NOW_TEXT });
      await row.waitFor();
      expect(await row.count()).toBe(1);
      await row.getByText("@sandbox_x_user").waitFor();
      await row.getByText("#coffee #newroast").waitFor();
      await row.getByRole("img").waitFor();
    });
    await step("the Instagram post is there", async () => {
      const row = page.locator('tr[data-platform="instagram"]').filter({ hasText: SCHEDULED_TEXT });
      await row.waitFor();
      expect(await row.count()).toBe(1);
      await row.getByText("@sandbox_ig_user").waitFor();
      // Instagram fetched the image from the app's public /media/... address: a JPEG copy of the
      // PNG the user attached (Instagram publishes JPEG only), really shown on the sandbox's page.
      const img = row.getByRole("img");
      const src = (await img.getAttribute("src"))!;
      expect(src).toMatch(new RegExp(`^${baseUrl}/media/[A-Za-z0-9_-]{16,64}$`));
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(8);
      const sent = await page.request.get(src);
      expect(sent.headers()["content-type"]).toBe("image/jpeg");
      expect([...(await sent.body()).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      // The original upload is kept as it was.
      const original = (await projectPosts()).find((p) => p.content === SCHEDULED_TEXT)!.media_info!;
      expect(original.file_type).toBe("image/png");
      expect(src).not.toBe(`${baseUrl}${original.url}`);
      const kept = await page.request.get(`${baseUrl}${original.url}`);
      expect(kept.headers()["content-type"]).toBe("image/png");
    });
  });

  it("refuses an X post that is too long while the user types (counted as X counts)", async () => {
    await page.goto(`${baseUrl}/dashboard`);
    const dialog = await step("open the Create Post dialog", openCreatePost);
    const submit = dialog.getByRole("button", { name: "Post Now", exact: true });
    await step("type 270 characters and a hashtag: 279 as X counts them, allowed", async () => {
      await pickOnlyNetwork(dialog, "twitter");
      await dialog.getByLabel("Content", { exact: true }).fill(`${"Long roast notes ".repeat(15)}${"x".repeat(15)}`);
      await dialog.getByLabel("Hashtags").fill("#launch");
      await expect.poll(() => dialog.getByTestId("post-length").textContent()).toBe("279/280");
      expect(await submit.isEnabled()).toBe(true);
    });
    await step("one emoji more counts 2: refused at once, before anything is sent", async () => {
      await dialog.getByLabel("Content", { exact: true }).press("End");
      await dialog.getByLabel("Content", { exact: true }).pressSequentially("☕");
      await dialog.getByText("Too long for X (Twitter): 281/280 characters as X counts them, hashtags included").waitFor();
      await expect.poll(() => submit.isDisabled()).toBe(true);
    });
    await step("close without saving", async () => {
      await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
      await dialog.waitFor({ state: "hidden" });
    });
    expect((await projectPosts()).some((p) => p.content.startsWith("Long roast notes"))).toBe(false);
  });

  it("shows both posts as published in the app (API and calendar)", async () => {
    const posts = await projectPosts();
    for (const text of [NOW_TEXT, SCHEDULED_TEXT]) {
      const post = posts.find((p) => p.content === text);
      expect(post, text).toBeDefined();
      expect(post!.status).toBe("published");
      expect(post!.published_at).toBeTruthy();
      expect(post!.error_message).toBeNull();
    }
    await step("the calendar shows them as published", async () => {
      await page.goto(`${baseUrl}/calendar`);
      await page.getByRole("heading", { level: 1, name: "Content Calendar" }).waitFor();
      const card = (text: string) => page.getByTestId("post-card").filter({ hasText: text });
      // The post published now is in this week (the calendar opens on today's week).
      await card(NOW_TEXT).getByText("published", { exact: true }).waitFor();
      await card(NOW_TEXT).getByRole("img", { name: "Post image" }).waitFor();
      // The scheduled one is two minutes later, which may be past the week's end (Sunday night).
      if ((await card(SCHEDULED_TEXT).count()) === 0) await page.getByRole("button", { name: "Next week" }).click();
      await card(SCHEDULED_TEXT).getByText("published", { exact: true }).waitFor();
      await card(SCHEDULED_TEXT).getByRole("img", { name: "Post image" }).waitFor();
    });
  });

  it("never lets a platform token or the app secret reach the browser or the bundle", async () => {
    // The check is only worth something if it recognises the sandbox's real tokens.
    const probe = await mintSandboxXTokens(sandboxUrl, `token_probe_${run}`);
    expect(probe.access).toMatch(SANDBOX_TOKEN_RE);
    expect(probe.refresh).toMatch(SANDBOX_TOKEN_RE);

    const received = await traffic.settle();
    const apiAnswers = received.filter((r) => new URL(r.url).pathname.startsWith("/api/"));
    expect(apiAnswers.some((r) => r.url.includes("/oauth/twitter/callback"))).toBe(true);
    expect(apiAnswers.some((r) => r.url.includes("/oauth/instagram/callback"))).toBe(true);
    expect(apiAnswers.some((r) => r.url.includes("/social-accounts"))).toBe(true);
    const leaks = received.flatMap((r) => secretsIn(r.body).map((s) => `${r.url}: ${s}`));
    expect(leaks).toEqual([]);
    expect(traffic.requestUrls.flatMap((u) => secretsIn(decodeURIComponent(u)))).toEqual([]);

    const assets = path.join(root, "dist", "assets");
    const js = readdirSync(assets).filter((f) => f.endsWith(".js"));
    expect(js.length).toBeGreaterThan(0);
    const bundleLeaks = js.flatMap((f) => secretsIn(readFileSync(path.join(assets, f), "utf8")).map((s) => `${f}: ${s}`));
    expect(bundleLeaks).toEqual([]);
  });
});
