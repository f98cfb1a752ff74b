import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { GenerateResponse } from "../../schema/api/campaigns";
import type { Post } from "../../schema/api/posts";
import type { Project } from "../../schema/api/projects";
import { HOOKS, type Voice } from "../../worker/adapters/ai/writer/wording";
import { openBrowser, openContext, type BrowserSession } from "./browser";
import {
  expectText,
  expectToast,
  feedBrain,
  followOutboxLink,
  headerProjectName,
  pickOnlyNetwork,
  signIn,
  signUp,
  steps,
  switchBrand,
  uniqueEmail,
  waitForMail,
  waitForPath,
} from "./journey-helpers";
import { connectSandboxX, fireCron, wholeMinuteAhead } from "./publish-helpers";

// Journey (issue "Many brands, one team"; decisions 200, 202, 236): an Owner runs two brands from the
// switcher, creating the second through the wizard; changes the brand's voice in Project settings
// and the next campaign follows it; invites an Editor and a Reviewer through the dev outbox, each
// accepting in their own browser context; the Editor's post goes In review; the Reviewer approves
// it and the cron publishes it on time to the sandbox.

const baseUrl = inject("baseUrl");
const sandboxUrl = inject("sandboxUrl");
const run = Date.now().toString(36);
const PASSWORD = "journey-Passw0rd!";
const OWNER = uniqueEmail("team-owner");
const EDITOR = uniqueEmail("team-editor");
const REVIEWER = uniqueEmail("team-reviewer");
const BRAND = `Juniper Bikes ${run}`;
const BRAND_TEXT =
  "Juniper Bikes repairs city bikes in a small workshop in Leeds. " +
  "Our annual service replaces the chain, the brake pads and the gear cables. " +
  "The Juniper Commuter is a steel bike with mudguards, a rack and dynamo lights. " +
  "Every repair comes with a written quote before any work starts. " +
  "We teach a free puncture repair class on the first Saturday of every month.";
const CAMPAIGN_PROMPT = "Our annual service, the Juniper Commuter and the puncture repair class";
const EDITOR_TEXT = `Spring tune-ups are open at Juniper ${run}: book your annual service`;

/** A hook template of the local writer as a whole-line pattern ("{T}, in brief." -> /^.+, in brief\.$/). */
const hookPattern = (tpl: string) => new RegExp(`^${tpl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\\\{[tT]\\\}/g, ".+")}$`);
/** The posts whose first line is one of `voice`'s hooks (the local writer's, worker/adapters/ai/writer/wording.ts). */
const hookedIn = (posts: GenerateResponse["posts"], voice: Voice) =>
  posts.filter((p) => HOOKS[voice].some((tpl) => hookPattern(tpl).test(p.content.split("\n")[0]!.trim())));

describe("many brands, one team", () => {
  let owner: BrowserSession;
  let page: Page;
  let step: ReturnType<typeof steps>;
  let brandId = "";
  const others: BrowserContext[] = [];

  const apiAs = async <T>(p: Page, path: string): Promise<T> => {
    const res = await p.request.get(`${baseUrl}${path}`);
    expect(res.status(), `GET ${path}`).toBe(200);
    return (await res.json()) as T;
  };

  /** Another person's browser: their own context (cookies, storage) in the same Chromium. */
  async function personPage(): Promise<Page> {
    const { context } = await openContext(owner.browser);
    others.push(context);
    return context.newPage();
  }

  beforeAll(async () => {
    owner = await openBrowser({ width: 1366, height: 900 });
    page = owner.page;
    step = steps(page, "team journey");
  });
  afterAll(async () => {
    for (const c of others) await c.close().catch(() => undefined);
    await owner?.close();
  });

  it("creates a second brand through the wizard and switches between the two", async () => {
    await step("sign up and sign in", async () => {
      await signUp(page, baseUrl, OWNER, PASSWORD);
      await signIn(page, baseUrl, OWNER, PASSWORD);
      await expectText(headerProjectName(page), "My First Project");
    });
    await step("'New project' in the switcher opens the wizard", async () => {
      await page.getByRole("button", { name: /^Project: .*\. Switch project$/ }).click();
      await page.getByRole("menuitem", { name: "New project" }).click();
      await waitForPath(page, "/onboarding");
      await page.getByRole("heading", { level: 1, name: "Create Your Project" }).waitFor();
    });
    await step("describe the brand in three steps and create it", async () => {
      await page.getByLabel("Project Name").fill(BRAND);
      await page.getByLabel("Industry").selectOption("retail");
      await page.getByLabel("Brand Voice").selectOption("professional");
      await page.getByLabel("Description").fill("A bike repair workshop for commuters in Leeds");
      await page.getByRole("button", { name: "Next", exact: true }).click();
      await page.getByRole("heading", { name: "Brand Documents" }).waitFor();
      await page.getByRole("button", { name: "Next", exact: true }).click();
      await page.getByRole("heading", { name: "Review" }).waitFor();
      await page.getByText(BRAND, { exact: true }).waitFor();
      await page.getByRole("button", { name: "Create Project", exact: true }).click();
      await expectToast(page, "Project created successfully!");
      await waitForPath(page, "/social-connect");
    });
    const projects = await apiAs<Project[]>(page, "/api/projects");
    expect(projects.map((p) => p.name).sort()).toEqual([BRAND, "My First Project"].sort());
    brandId = projects.find((p) => p.name === BRAND)!.id;

    await step("the new brand is current; the switcher goes back to the first one", async () => {
      await page.goto(`${baseUrl}/dashboard`);
      await expectText(headerProjectName(page), BRAND);
      await switchBrand(page, "My First Project");
    });
    await step("the choice is remembered across a reload", async () => {
      await page.reload();
      await expectText(headerProjectName(page), "My First Project");
      await page.getByRole("button", { name: /^Project: .*\. Switch project$/ }).click();
      await page.getByRole("menuitemradio", { name: "My First Project", exact: true }).and(page.locator('[aria-checked="true"]')).waitFor();
      await page.keyboard.press("Escape");
    });
    await step("switch to the new brand", () => switchBrand(page, BRAND));
  });

  it("edits the brand's voice in Project settings and the next campaign follows it", async () => {
    await step("feed the brand's brain", () => feedBrain(page, baseUrl, "About Juniper", BRAND_TEXT));

    /** Generates a LinkedIn campaign on /campaigns/new and returns what the writer answered. */
    const generate = async (): Promise<GenerateResponse> => {
      await page.goto(`${baseUrl}/campaigns/new`);
      await expectText(headerProjectName(page), BRAND);
      await page.getByLabel("Campaign prompt").fill(CAMPAIGN_PROMPT);
      await page.getByLabel("Number of posts").fill("3");
      await page.getByLabel("Duration (days)").fill("3");
      const platforms = page.getByRole("group", { name: "Platforms" });
      const box = (v: string) => platforms.locator(`input[type="checkbox"][value="${v}"]`);
      if (!(await box("linkedin").isChecked())) await box("linkedin").dispatchEvent("click");
      await expect.poll(() => box("linkedin").isChecked()).toBe(true);
      if (await box("twitter").isChecked()) await box("twitter").dispatchEvent("click");
      await expect.poll(() => box("twitter").isChecked()).toBe(false);
      const answer = page.waitForResponse((r) => r.url().endsWith(`/api/projects/${brandId}/generate`) && r.request().method() === "POST");
      await page.getByRole("button", { name: "Generate Posts" }).click();
      const res = await answer;
      expect(res.status()).toBe(200);
      const body = (await res.json()) as GenerateResponse;
      await expectToast(page, "Posts generated successfully!");
      await page.getByRole("heading", { name: "Generated Posts" }).waitFor();
      expect(body.engine).toBe("local");
      expect(body.posts.length).toBeGreaterThanOrEqual(2);
      expect(body.posts.every((p) => p.platform === "linkedin")).toBe(true);
      // What the writer answered is what the screen shows.
      await page
        .getByTestId("generated-post")
        .filter({ hasText: body.posts[0]!.content.split("\n")[0]! })
        .first()
        .waitFor();
      return body;
    };

    const before = await step("a campaign in the wizard's voice (Professional & Formal)", generate);
    // The professional voice opens with its own hooks and writes paragraphs (a blank line between parts).
    expect(hookedIn(before.posts, "professional").length).toBeGreaterThanOrEqual(1);
    expect(hookedIn(before.posts, "playful")).toEqual([]);
    expect(before.posts.some((p) => p.content.includes("\n\n"))).toBe(true);

    await step("change the brand voice in Project settings", async () => {
      await page.getByRole("button", { name: /^Project: .*\. Switch project$/ }).click();
      await page.getByRole("menuitem", { name: "Project settings" }).click();
      await waitForPath(page, "/settings/project");
      const voice = page.getByLabel("Brand Voice");
      expect(await voice.inputValue()).toBe("professional");
      await voice.fill("Playful & Fun");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expectToast(page, "Project settings updated successfully");
    });
    expect((await apiAs<Project[]>(page, "/api/projects")).find((p) => p.id === brandId)?.brand_voice).toBe("Playful & Fun");

    const after = await step("the next campaign follows the new voice", generate);
    // Same brain, same brief: the playful voice's hooks and its rhythm (every part on its own line).
    expect(hookedIn(after.posts, "playful").length).toBeGreaterThanOrEqual(1);
    expect(hookedIn(after.posts, "professional")).toEqual([]);
    expect(after.posts.every((p) => !p.content.includes("\n\n"))).toBe(true);
    expect(after.posts.some((p) => p.content.includes("\n"))).toBe(true);
  });

  it("connects X and turns approvals on", async () => {
    await step("connect X through the sandbox", () => connectSandboxX(page, baseUrl, sandboxUrl));
    await step("Posts need approval before they publish", async () => {
      await page.goto(`${baseUrl}/settings/project`);
      await expectText(headerProjectName(page), BRAND);
      const box = page.getByRole("checkbox", { name: "Posts need approval before they publish" });
      expect(await box.isChecked()).toBe(false);
      await page.getByText("Posts need approval before they publish", { exact: true }).click();
      await expectToast(page, "Project settings updated successfully");
      await expect.poll(() => box.isChecked()).toBe(true);
    });
    expect((await apiAs<Project[]>(page, "/api/projects")).find((p) => p.id === brandId)?.approvals_required).toBe(true);
  });

  let editor: Page;
  let reviewer: Page;

  it("invites an Editor and a Reviewer; each accepts the mailed link in their own browser", async () => {
    for (const [email, role] of [
      [EDITOR, "editor"],
      [REVIEWER, "reviewer"],
    ] as const) {
      await step(`invite ${role} on Settings -> Team`, async () => {
        await page.goto(`${baseUrl}/settings/team`);
        await page.getByRole("heading", { level: 1, name: "Team" }).waitFor();
        await expectText(headerProjectName(page), BRAND);
        const form = page.getByRole("form", { name: "Invite member" });
        await form.getByLabel("Email", { exact: true }).fill(email);
        await form.getByLabel("Role", { exact: true }).selectOption(role);
        await form.getByRole("button", { name: "Invite member" }).click();
        await expectToast(page, `Invitation sent to ${email}`);
        await page.getByTestId("invitation-row").filter({ hasText: email }).waitFor();
      });
    }
    const invitation = await waitForMail(baseUrl, EDITOR, `You're invited to ${BRAND} on Brandpilot`);
    expect(invitation.text).toContain("as Editor");

    const accept = async (email: string, role: string) => {
      const p = await personPage();
      const s = steps(p, `team journey ${role}`);
      await s(`${role} signs up with the invited address`, async () => {
        await signUp(p, baseUrl, email, PASSWORD);
        await signIn(p, baseUrl, email, PASSWORD);
      });
      await s(`${role} opens the invitation from the outbox and joins`, async () => {
        const href = await followOutboxLink(p, baseUrl, email, `You're invited to ${BRAND}`);
        expect(new URL(href).pathname).toMatch(/^\/invite\/[A-Za-z0-9_-]{32,}$/);
        await expectToast(p, `You joined ${BRAND}`);
        await waitForPath(p, "/dashboard");
        await expectText(headerProjectName(p), BRAND);
      });
      await s(`the link works once`, async () => {
        const token = new URL(await lastInviteLink(email)).pathname.split("/").pop();
        const res = await p.request.post(`${baseUrl}/api/invitations/accept`, { data: { token } });
        expect(res.status()).toBeGreaterThanOrEqual(400);
        expect(res.status()).toBeLessThan(500);
      });
      return p;
    };
    editor = await accept(EDITOR, "Editor");
    reviewer = await accept(REVIEWER, "Reviewer");

    await step("the Owner sees both members with their roles", async () => {
      await page.goto(`${baseUrl}/settings/team`);
      await page.getByTestId("member-row").filter({ hasText: EDITOR }).waitFor();
      await page.getByTestId("member-row").filter({ hasText: REVIEWER }).waitFor();
      expect(await page.getByLabel(`Role of ${EDITOR}`).inputValue()).toBe("editor");
      expect(await page.getByLabel(`Role of ${REVIEWER}`).inputValue()).toBe("reviewer");
      await page.getByText("No pending invitations").waitFor();
    });
    // A Reviewer publishes nothing: no Post Now in their header.
    expect(await reviewer.getByRole("banner").getByRole("button", { name: "Post Now" }).count()).toBe(0);
  });

  async function lastInviteLink(email: string): Promise<string> {
    const mail = await waitForMail(baseUrl, email, `You're invited to ${BRAND}`);
    return mail.text.match(/https?:\/\/\S+/)![0];
  }

  let postId = "";
  let scheduledAt = 0;

  it("the Editor's post goes In review and is not published while it waits", async () => {
    const s = steps(editor, "team journey Editor post");
    // Far enough ahead that the Reviewer approves before its time (a post past its time asks to publish at once).
    const when = await wholeMinuteAhead(editor, 300_000);
    scheduledAt = when.at;
    await s("schedule a post for X five minutes ahead", async () => {
      await editor.getByRole("banner").getByRole("button", { name: "Post Now", exact: true }).click();
      const dialog = editor.getByRole("dialog", { name: "Create Post" });
      await dialog.getByLabel("Content", { exact: true }).waitFor();
      await dialog.getByRole("tab", { name: "Schedule Post" }).click();
      await pickOnlyNetwork(dialog, "twitter");
      await dialog.getByLabel("Content", { exact: true }).fill(EDITOR_TEXT);
      await dialog.getByLabel("Date").fill(when.date);
      await dialog.getByLabel("Time").fill(when.time);
      await dialog.getByRole("button", { name: "Schedule Post", exact: true }).click();
      await expectToast(editor, "Post sent for review");
      await dialog.waitFor({ state: "hidden" });
    });
    const posts = await apiAs<Post[]>(editor, `/api/projects/${brandId}/posts`);
    const post = posts.find((p) => p.content === EDITOR_TEXT)!;
    expect(post).toMatchObject({ platform: "twitter", status: "in_review", scheduled_for: new Date(scheduledAt).toISOString() });
    postId = post.id;
    await s("the calendar shows it In review", async () => {
      await editor.goto(`${baseUrl}/calendar`);
      await editor.getByRole("heading", { level: 1, name: "Content Calendar" }).waitFor();
      // Five minutes ahead may be in next week (late on Saturday): the week's columns say which.
      await editor.getByTestId("week-column").first().waitFor();
      if ((await editor.locator(`[data-testid="week-column"][data-date="${when.date}"]`).count()) === 0) {
        await editor.getByRole("button", { name: "Next week" }).click();
      }
      const card = editor.locator(`[data-testid="week-column"][data-date="${when.date}"]`).getByTestId("post-card").filter({ hasText: EDITOR_TEXT });
      await card.getByText("In review", { exact: true }).waitFor();
    });
    await step("a tick at its time does not publish a post In review", async () => {
      expect(await fireCron(baseUrl, scheduledAt)).toBe("ok");
      expect((await apiAs<Post>(page, `/api/posts/${postId}`)).status).toBe("in_review");
    });
  });

  it("the Reviewer approves it and it publishes on time to the sandbox", async () => {
    const s = steps(reviewer, "team journey Reviewer");
    await s("open the post from its link and approve", async () => {
      await reviewer.goto(`${baseUrl}/calendar?post=${postId}`);
      const actions = reviewer.getByTestId("review-actions");
      await actions.getByText("This post is waiting for approval.").waitFor();
      // A comment that @mentions the Editor (picked from the members offered) mails them.
      const box = reviewer.getByRole("dialog").getByPlaceholder("Add a comment (type @ to mention a member)");
      await box.fill(`Looks good @${EDITOR.slice(0, 11)}`);
      await reviewer
        .getByRole("group", { name: "Mention a member" })
        .getByRole("button", { name: `@${EDITOR}` })
        .click();
      expect(await box.inputValue()).toBe(`Looks good @${EDITOR} `);
      await reviewer.getByRole("dialog").getByRole("button", { name: "Comment", exact: true }).click();
      await reviewer
        .getByRole("dialog")
        .getByTestId("comment")
        .filter({ hasText: `Looks good @${EDITOR}` })
        .waitFor();
      const mention = await waitForMail(baseUrl, EDITOR, `${REVIEWER} mentioned you in ${BRAND}`);
      expect(mention.text).toContain(`/calendar?post=${postId}`);
      await actions.getByRole("button", { name: "Approve", exact: true }).click();
      await expectToast(reviewer, "Post approved");
      await reviewer.getByRole("dialog").getByTestId("comment").filter({ hasText: "Approved" }).waitFor();
    });
    expect((await apiAs<Post>(reviewer, `/api/posts/${postId}`)).status).toBe("scheduled");

    await step("a tick one minute early leaves it scheduled", async () => {
      expect(await fireCron(baseUrl, scheduledAt - 60_000)).toBe("ok");
      expect((await apiAs<Post>(page, `/api/posts/${postId}`)).status).toBe("scheduled");
    });
    await step("the tick at its minute publishes it", async () => {
      expect(await fireCron(baseUrl, scheduledAt)).toBe("ok");
      await expect.poll(async () => (await apiAs<Post>(page, `/api/posts/${postId}`)).status, { timeout: 30_000, interval: 500 }).toBe("published");
    });
    const published = await apiAs<Post>(page, `/api/posts/${postId}`);
    expect(published.platform_post_id).toBeTruthy();
    expect(published.publish_attempts).toBe(1);

    await step("the post is on the sandbox's X page", async () => {
      await page.goto(`${sandboxUrl}/`);
      await page.getByRole("heading", { name: "Platform sandbox" }).waitFor();
      const row = page.locator('tr[data-platform="x"]').filter({ hasText: EDITOR_TEXT });
      await row.waitFor();
      expect(await row.count()).toBe(1);
    });
    await step("the Owner's activity names who did what", async () => {
      await page.goto(`${baseUrl}/settings/activity`);
      await page.getByRole("heading", { level: 1, name: "Activity" }).waitFor();
      await page.getByRole("listitem").filter({ hasText: REVIEWER }).filter({ hasText: "approved" }).first().waitFor();
      await page.getByRole("listitem").filter({ hasText: EDITOR }).first().waitFor();
    });
  });

  it("a removed member's next request is refused and the brand leaves their switcher", async () => {
    await step("the Owner removes the Reviewer on Settings -> Team", async () => {
      await page.goto(`${baseUrl}/settings/team`);
      const row = page.getByTestId("member-row").filter({ hasText: REVIEWER });
      await row.getByRole("button", { name: "Remove", exact: true }).click();
      await expectToast(page, `${REVIEWER} was removed`);
      await row.waitFor({ state: "detached" });
    });
    // The Reviewer's session is still signed in: the very next request about the brand is refused.
    const res = await reviewer.request.get(`${baseUrl}/api/posts/${postId}`);
    expect(res.status()).toBe(404);
    const s = steps(reviewer, "team journey removed Reviewer");
    await s("on the next page load the Reviewer is back on their own project, without the brand", async () => {
      await reviewer.goto(`${baseUrl}/dashboard`);
      await expectText(headerProjectName(reviewer), "My First Project");
      await reviewer.getByRole("button", { name: /^Project: .*\. Switch project$/ }).click();
      await reviewer.getByRole("menuitemradio", { name: "My First Project", exact: true }).waitFor();
      expect(await reviewer.getByRole("menuitemradio", { name: BRAND }).count()).toBe(0);
    });
    expect(owner.cspViolations).toEqual([]);
  });
});
