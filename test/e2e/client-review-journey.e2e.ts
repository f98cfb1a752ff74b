import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Post } from "../../schema/api/posts";
import type { ReviewLink } from "../../schema/api/review-links";
import { openBrowser, openContext, type BrowserSession } from "./browser";
import { expectToast, pickOnlyNetwork, readOutbox, signIn, signUp, steps, uniqueEmail, waitForMail } from "./journey-helpers";
import { connectSandboxX } from "./publish-helpers";

// Journey (decision 265): an Owner shares posts for review from the calendar (the visible dates and
// networks, then one selected post), a client opens the /review/<token> link in a fresh browser
// context with no account and requests changes with their name and a comment, and the Owner sees
// it in the post's thread and as a count on the calendar card; a revoked link stops working.

const baseUrl = inject("baseUrl");
const sandboxUrl = inject("sandboxUrl");
const run = Date.now().toString(36);
const PASSWORD = "journey-Passw0rd!";
const OWNER = uniqueEmail("review-owner");
const FIRST = `Our winter menu lands this Friday ${run}: three new soups`;
const SECOND = `Meet the bakers behind our rye loaf ${run}`;
const CLIENT = "Dana Whitfield";
const CLIENT_COMMENT = `Please mention the vegan soup too ${run}`;
const DAY_MS = 86_400_000;

describe("client review without an account", () => {
  let owner: BrowserSession;
  let page: Page;
  let step: ReturnType<typeof steps>;
  let client: Page;
  let projectId = "";
  let rangeLink = "";

  const api = async <T>(path: string): Promise<T> => {
    const res = await page.request.get(`${baseUrl}${path}`);
    expect(res.status(), `GET ${path}`).toBe(200);
    return (await res.json()) as T;
  };
  const card = (text: string) => page.getByTestId("post-card").filter({ hasText: text });

  /** /calendar on the week that holds tomorrow (the week may end tonight). */
  async function calendarOnTomorrow() {
    await page.goto(`${baseUrl}/calendar`);
    await page.getByRole("heading", { level: 1, name: "Content Calendar" }).waitFor();
    const tomorrow = await page.evaluate(() => {
      const d = new Date(Date.now() + 86_400_000);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
    });
    await page.getByTestId("week-column").first().waitFor();
    if ((await page.locator(`[data-testid="week-column"][data-date="${tomorrow}"]`).count()) === 0) {
      await page.getByRole("button", { name: "Next week" }).click();
    }
    await card(FIRST).waitFor();
  }

  async function schedule(text: string, time: string) {
    await page.getByRole("banner").getByRole("button", { name: "Post Now", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Create Post" });
    await dialog.getByLabel("Content", { exact: true }).waitFor();
    await dialog.getByRole("tab", { name: "Schedule Post" }).click();
    await pickOnlyNetwork(dialog, "twitter");
    await dialog.getByLabel("Content", { exact: true }).fill(text);
    const date = await page.evaluate(() => {
      const d = new Date(Date.now() + 86_400_000);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
    });
    await dialog.getByLabel("Date").fill(date);
    await dialog.getByLabel("Time").fill(time);
    await dialog.getByRole("button", { name: "Schedule Post", exact: true }).click();
    await expectToast(page, "Post scheduled successfully!");
    await dialog.waitFor({ state: "hidden" });
  }

  beforeAll(async () => {
    owner = await openBrowser({ width: 1366, height: 900 });
    page = owner.page;
    step = steps(page, "client review journey");
  });
  afterAll(async () => {
    await owner?.close();
  });

  it("the Owner schedules two posts for tomorrow", async () => {
    await step("sign up and sign in", async () => {
      await signUp(page, baseUrl, OWNER, PASSWORD);
      await signIn(page, baseUrl, OWNER, PASSWORD);
    });
    projectId = (await api<{ id: string }[]>("/api/projects"))[0]!.id;
    await step("connect X", () => connectSandboxX(page, baseUrl, sandboxUrl));
    await step("schedule two posts", async () => {
      await page.goto(`${baseUrl}/dashboard`);
      await schedule(FIRST, "10:00");
      await schedule(SECOND, "11:00");
    });
    const posts = await api<Post[]>(`/api/projects/${projectId}/posts`);
    expect(
      posts
        .filter((p) => p.status === "scheduled")
        .map((p) => p.content)
        .sort(),
    ).toEqual([FIRST, SECOND].sort());
  });

  it("shares the visible dates and networks from the calendar: a 7-day link by default, 1-30 allowed", async () => {
    await step("open Share for review on the calendar", async () => {
      await calendarOnTomorrow();
      await page.getByRole("button", { name: "Share for review", exact: true }).click();
    });
    const dialog = page.getByRole("dialog", { name: "Share for review" });
    await step("the range form: dates, networks and a 7-day expiry", async () => {
      await dialog.getByLabel("From", { exact: true }).waitFor();
      await dialog.getByLabel("To", { exact: true }).waitFor();
      await dialog.getByText("Networks", { exact: true }).waitFor();
      expect(await dialog.locator('input[type="checkbox"]').count()).toBeGreaterThan(1);
      const days = dialog.getByLabel("Expires after (days)", { exact: true });
      expect(await days.inputValue()).toBe("7");
      await days.fill("31");
      await dialog.getByText("A link lasts between 1 and 30 days").waitFor();
      await expect.poll(() => dialog.getByRole("button", { name: "Create link" }).isDisabled()).toBe(true);
      await days.fill("7");
      await expect.poll(() => dialog.getByRole("button", { name: "Create link" }).isEnabled()).toBe(true);
    });
    const before = Date.now();
    await step("create the link", async () => {
      await dialog.getByRole("button", { name: "Create link" }).click();
      await dialog.getByText(/^Review link \(2 posts, until /).waitFor();
    });
    rangeLink = await dialog.getByRole("textbox", { name: "Review link" }).inputValue();
    expect(rangeLink).toMatch(new RegExp(`^${baseUrl}/review/[A-Za-z0-9_-]{43}$`));
    const links = await api<ReviewLink[]>(`/api/projects/${projectId}/review-links`);
    expect(links).toHaveLength(1);
    expect(links[0]!.post_count).toBe(2);
    // Seven days from when it was made (the default), give or take the request's own time.
    expect(links[0]!.expires_at).toBeGreaterThanOrEqual(before + 7 * DAY_MS - 60_000);
    expect(links[0]!.expires_at).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS + 60_000);
    await step("close the dialog", async () => {
      await dialog.getByRole("button", { name: "Close", exact: true }).first().click();
      await dialog.waitFor({ state: "hidden" });
    });
  });

  it("a client opens the link in a fresh browser with no account and requests changes", async () => {
    const { context } = await openContext(owner.browser);
    client = await context.newPage();
    const s = steps(client, "client review journey client");
    await s("open the link", async () => {
      await client.goto(rangeLink);
      await client.getByRole("heading", { level: 1, name: "Posts for your review" }).waitFor();
      await client.getByText(/^My First Project shared 2 posts\./).waitFor();
    });
    // Only the shared posts, and nothing of the signed-in app (no header, no account).
    expect(await client.getByText(FIRST).count()).toBeGreaterThan(0);
    expect(await client.getByText(SECOND).count()).toBeGreaterThan(0);
    expect(await client.getByRole("button", { name: "Settings menu" }).count()).toBe(0);
    expect(await client.content()).not.toContain(OWNER);
    expect((await context.cookies()).filter((c) => /session/i.test(c.name))).toEqual([]);

    const item = client.getByRole("listitem").filter({ hasText: FIRST });
    await s("a decision needs a name", async () => {
      await item.getByLabel("Comment", { exact: true }).fill(CLIENT_COMMENT);
      await item.getByRole("button", { name: "Request changes" }).click();
      await item.getByRole("alert").filter({ hasText: "Please enter your name" }).waitFor();
    });
    await s("request changes with a name and a comment", async () => {
      await client.getByLabel("Your name").fill(CLIENT);
      await item.getByRole("button", { name: "Request changes" }).click();
      await item.getByRole("status").filter({ hasText: "Thanks: your request for changes was sent to the team." }).waitFor();
    });
  });

  it("the Owner sees the client's comment in the post's thread, counted on the card, and by mail", async () => {
    const mail = await waitForMail(baseUrl, OWNER, `${CLIENT} requested changes to a post of My First Project`);
    expect(mail.text).toContain(CLIENT_COMMENT);
    await step("the card counts one comment", async () => {
      await calendarOnTomorrow();
      await card(FIRST).getByTestId("comment-count").waitFor();
      expect(await card(FIRST).getByTestId("comment-count").getAttribute("aria-label")).toBe("1 comment");
      expect(await card(SECOND).getByTestId("comment-count").count()).toBe(0);
    });
    await step("the post's thread holds the client's request", async () => {
      await card(FIRST).getByTitle("Open post details").click();
      const comment = page.getByRole("dialog").getByTestId("comment").filter({ hasText: CLIENT_COMMENT });
      await comment.waitFor();
      await comment.getByText(`${CLIENT} (client review)`).waitFor();
      await comment.getByText("Changes requested", { exact: true }).waitFor();
      await page.keyboard.press("Escape");
    });
    // The client's request leaves the post as it was: the team decides.
    const post = (await api<Post[]>(`/api/projects/${projectId}/posts`)).find((p) => p.content === FIRST)!;
    expect(post.status).toBe("scheduled");
  });

  it("shares one selected post, and a revoked link stops working", async () => {
    const dialog = page.getByRole("dialog", { name: "Share for review" });
    await step("select one post and share it", async () => {
      await calendarOnTomorrow();
      await page.getByRole("button", { name: "Select", exact: true }).click();
      await page.getByRole("checkbox", { name: `Select post: ${SECOND.slice(0, 40)}` }).check();
      await page.getByRole("button", { name: "Share 1 for review" }).click();
      await dialog.getByText("the selected post", { exact: false }).waitFor();
      expect(await dialog.getByLabel("From", { exact: true }).count()).toBe(0);
      await dialog.getByRole("button", { name: "Create link" }).click();
      await dialog.getByText(/^Review link \(1 post, until /).waitFor();
    });
    const oneLink = await dialog.getByRole("textbox", { name: "Review link" }).inputValue();
    await step("the client sees only that post", async () => {
      await client.goto(oneLink);
      await client.getByText(/^My First Project shared 1 post\./).waitFor();
      expect(await client.getByText(SECOND).count()).toBeGreaterThan(0);
      expect(await client.getByText(FIRST).count()).toBe(0);
    });
    await step("revoke the first link", async () => {
      const active = dialog.getByRole("list", { name: "Active review links" });
      await expect.poll(() => active.getByRole("listitem").count()).toBe(2);
      await active
        .getByRole("listitem")
        .filter({ hasText: /^2 posts/ })
        .getByRole("button", { name: "Revoke" })
        .click();
      await expectToast(page, "Link revoked");
      await expect.poll(() => active.getByRole("listitem").count()).toBe(1);
    });
    await step("the revoked link answers that it no longer works", async () => {
      await client.goto(rangeLink);
      await client.getByRole("heading", { level: 1, name: "This review link has expired" }).waitFor();
    });
    // Nothing the client did signed anyone in or mailed anyone but the Owner.
    expect((await readOutbox(baseUrl)).filter((m) => m.subject.includes(CLIENT)).every((m) => m.to === OWNER.toLowerCase())).toBe(true);
    expect(owner.cspViolations).toEqual([]);
  });
});
