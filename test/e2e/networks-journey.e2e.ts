import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import type { Post } from "../../schema/api/posts";
import { expectToast, getJson, journeyBrowser, pickOnlyNetwork, signIn, signUp, type Step, uniqueEmail, waitForPath } from "./journey-helpers";
import { makePng } from "./publish-helpers";

// Journey (decision 140): offline, on `npm start`, a person connects all seven networks through
// the sandbox, each through its own flow (OAuth approve pages; Facebook's Page choice; Mastodon's
// server name; Bluesky's handle and app password), publishes one post with an image to each from
// Create Post, and the sandbox shows exactly one copy per network, with its image.

const baseUrl = inject("baseUrl");
const sandboxUrl = inject("sandboxUrl");
const run = Date.now().toString(36);
const PASSWORD = "journey-Passw0rd!";

type Net = {
  id: string;
  /** The network's name on its card ("X (Twitter)"); `short` in messages ("X") where it differs. */
  name: string;
  short?: string;
  /** The sandbox's path prefix. */
  key: string;
  flow: "oauth" | "facebook" | "mastodon" | "bluesky";
  /** What we type on the sandbox's authorize page (or as the Bluesky handle). */
  username: string;
  /** The account as the sandbox names it. */
  sandboxName: string;
};

const NETWORKS: Net[] = [
  { id: "twitter", name: "X (Twitter)", short: "X", key: "x", flow: "oauth", username: `x_${run}`, sandboxName: `x_${run}` },
  { id: "instagram", name: "Instagram", key: "instagram", flow: "oauth", username: `ig_${run}`, sandboxName: `ig_${run}` },
  { id: "linkedin", name: "LinkedIn", key: "linkedin", flow: "oauth", username: `li_${run}`, sandboxName: `li_${run}` },
  { id: "threads", name: "Threads", key: "threads", flow: "oauth", username: `th_${run}`, sandboxName: `th_${run}` },
  { id: "facebook", name: "Facebook", key: "facebook", flow: "facebook", username: `Brand ${run}`, sandboxName: `Brand ${run} Page` },
  { id: "mastodon", name: "Mastodon", key: "mastodon", flow: "mastodon", username: `md_${run}`, sandboxName: `md_${run}` },
  { id: "bluesky", name: "Bluesky", key: "bluesky", flow: "bluesky", username: `b${run}.bsky.social`, sandboxName: `b${run}.bsky.social` },
];

const textFor = (n: Net) => `${n.name} launch ${run}: the new roast is here`;

describe("connect all seven networks through the sandbox and publish one post with an image to each", () => {
  let page: Page;
  let step: Step;
  let projectId = "";

  const api = <T>(p: string) => getJson<T>(page, baseUrl, p);

  journeyBrowser("networks journey", {}, (opened) => {
    page = opened.page;
    step = opened.step;
  });

  async function approveAtSandbox(n: Net) {
    await page.waitForURL((u) => u.origin === sandboxUrl);
    await page.getByRole("heading", { name: "Authorize app" }).waitFor();
    await page.getByLabel("Username").fill(n.username);
    await page.getByRole("button", { name: "Approve", exact: true }).click();
    await page.waitForURL((u) => u.origin === baseUrl && u.pathname === `/auth/${n.id}/callback`);
  }

  async function connect(n: Net) {
    await step(`connect ${n.name}`, async () => {
      await page
        .getByTestId(`platform-${n.id}`)
        .getByRole("button", { name: `Connect ${n.name}`, exact: true })
        .click();
      // Only what the user must type is asked (decision 206); OAuth networks go straight to consent.
      if (n.flow === "mastodon" || n.flow === "bluesky") {
        const guide = page.getByRole("dialog", { name: `Connect ${n.name}` });
        await guide.getByRole("listitem").first().waitFor();
        if (n.flow === "mastodon") await guide.getByLabel("Your Mastodon server").fill("mastodon.social");
        if (n.flow === "bluesky") {
          await guide.getByLabel("Handle").fill(n.username);
          await guide.getByLabel("App password").fill("abcd-efgh-ijkl-mnop");
        }
        await guide.getByRole("button", { name: `Connect ${n.name}`, exact: true }).click();
      }
    });
    if (n.flow !== "bluesky") await step(`approve on the ${n.name} sandbox`, () => approveAtSandbox(n));
    if (n.flow === "facebook") {
      await step("choose which Facebook Page", async () => {
        const choose = page.getByRole("dialog", { name: "Choose a Facebook Page" });
        await choose.getByRole("button", { name: `Post to ${n.sandboxName}` }).click();
      });
    }
    await step(`${n.name} is connected`, async () => {
      await expectToast(page, `Successfully connected ${n.short ?? n.name} account!`);
      await waitForPath(page, "/social-connect");
      await page.getByTestId(`platform-${n.id}`).getByText("Connected", { exact: true }).waitFor();
    });
  }

  async function publishWithImage(n: Net, index: number) {
    await step(`write a ${n.name} post with an image and publish it now`, async () => {
      await page.getByRole("banner").getByRole("button", { name: "Post Now", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Create Post" });
      await dialog.getByLabel("Content", { exact: true }).waitFor();
      await pickOnlyNetwork(dialog, n.id);
      await dialog.getByLabel("Content", { exact: true }).fill(textFor(n));
      await dialog.getByTestId("post-preview").getByText(textFor(n), { exact: true }).waitFor();
      await dialog.getByRole("button", { name: "Add Image" }).click();
      const upload = page.getByRole("dialog", { name: "Upload Image" });
      const fileName = `${n.id}-${run}.png`;
      const [chooser] = await Promise.all([page.waitForEvent("filechooser"), upload.getByText("Drag & drop an image here, or click to select").click()]);
      await chooser.setFiles({ name: fileName, mimeType: "image/png", buffer: makePng(8, [20 + index * 30, 99, 235 - index * 20]) });
      await upload.getByRole("img", { name: `Preview of ${fileName}` }).waitFor();
      await upload.getByRole("button", { name: "Upload Image", exact: true }).click();
      await upload.waitFor({ state: "hidden" });
      await dialog.getByText(`Image attached: ${fileName}`, { exact: true }).waitFor();
      await dialog.getByRole("button", { name: "Post Now", exact: true }).click();
      await expectToast(page, "Post published successfully!");
      await dialog.waitFor({ state: "hidden" });
    });
  }

  it("signs up and signs in", async () => {
    const email = uniqueEmail("networks");
    await step("sign up", () => signUp(page, baseUrl, email, PASSWORD));
    await step("sign in", () => signIn(page, baseUrl, email, PASSWORD));
    projectId = (await api<{ id: string }[]>("/api/projects"))[0]!.id;
  });

  it("connects all seven networks, each through its own flow", async () => {
    await step("open /social-connect with every network listed", async () => {
      await page.goto(`${baseUrl}/social-connect`);
      await page.getByRole("heading", { level: 1, name: "Connect Your Social Media" }).waitFor();
      for (const n of NETWORKS) await page.getByTestId(`platform-${n.id}`).waitFor();
    });
    for (const n of NETWORKS) await connect(n);
    await expect.poll(() => page.getByRole("region", { name: "Connected Accounts" }).getByRole("listitem").count()).toBe(NETWORKS.length);
  });

  it("publishes one post with an image to each network", async () => {
    await page.goto(`${baseUrl}/dashboard`);
    for (const [i, n] of NETWORKS.entries()) await publishWithImage(n, i);
    const posts = await api<Post[]>(`/api/projects/${projectId}/posts`);
    for (const n of NETWORKS) {
      const post = posts.filter((p) => p.content === textFor(n));
      expect(post, n.name).toHaveLength(1);
      expect(post[0]).toMatchObject({ platform: n.id, status: "published" });
      expect(post[0]!.platform_post_id, n.name).toBeTruthy();
    }
  });

  it("the sandbox shows exactly one copy per network, with its image", async () => {
    for (const n of NETWORKS) {
      const res = await fetch(`${sandboxUrl}/${n.key}/_state?account=${encodeURIComponent(n.sandboxName)}`);
      const state = (await res.json()) as { items: { text: string; image_url: string | null }[] };
      const copies = state.items.filter((it) => it.text.includes(textFor(n)));
      expect(copies, n.name).toHaveLength(1);
      expect(copies[0]!.image_url, `${n.name} image`).toBeTruthy();
    }
    await step("the sandbox's page lists a post of every network", async () => {
      await page.goto(sandboxUrl);
      for (const n of NETWORKS)
        await page
          .getByRole("cell", { name: textFor(n), exact: true })
          .first()
          .waitFor();
    });
  });
});
