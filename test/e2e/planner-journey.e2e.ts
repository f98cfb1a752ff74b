import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import type { Post } from "../../schema/api/posts";
import type { AnalyticsResponse } from "../../schema/api/analytics";
import { expectToast, getJson, journeyBrowser, pickOnlyNetwork, signIn, signUp, type Step, uniqueEmail } from "./journey-helpers";
import { connectSandboxX, fireCron } from "./publish-helpers";

// Journey (decision 150): offline, on `npm start`, a person sets a weekly posting slot, queues a
// post into the next free slot, drags it in the month view (its time of day is kept), imports a
// CSV with one bad row (reported, the others imported), and after a post is published and the
// cron reads its metrics, sees the analytics charts.

const baseUrl = inject("baseUrl");
const sandboxUrl = inject("sandboxUrl");
const run = Date.now().toString(36);
const PASSWORD = "journey-Passw0rd!";
const QUEUED = `Queued roast notes ${run}`;
const PUBLISHED = `Metrics roast ${run}`;

describe("planner journey: slots, queue, month view, CSV import, analytics", () => {
  let page: Page;
  let step: Step;
  let projectId = "";

  const api = <T>(p: string) => getJson<T>(page, baseUrl, p);
  const projectPosts = () => api<Post[]>(`/api/projects/${projectId}/posts`);
  /** Local date, time and weekday of an instant in the browser's zone. */
  const local = (iso: string) =>
    page.evaluate((at) => {
      const d = new Date(at);
      const pad = (n: number) => String(n).padStart(2, "0");
      return {
        date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
        time: `${pad(d.getHours())}:${pad(d.getMinutes())}`,
        weekday: d.getDay(),
      };
    }, iso);

  journeyBrowser("planner journey", { width: 1366, height: 900 }, (opened) => {
    page = opened.page;
    step = opened.step;
  });

  it("signs up and connects X through the sandbox", async () => {
    await step("sign up and sign in", async () => {
      const email = uniqueEmail("planner");
      await signUp(page, baseUrl, email, PASSWORD);
      await signIn(page, baseUrl, email, PASSWORD);
    });
    projectId = (await api<{ id: string }[]>("/api/projects"))[0]!.id;
    await step("connect X", async () => {
      await connectSandboxX(page, baseUrl, sandboxUrl);
    });
  });

  it("saves a weekly slot and queues a post into the next free one", async () => {
    await step("add a Twitter slot on Wednesday 10:45", async () => {
      await page.goto(`${baseUrl}/settings/schedule`);
      const card = page.getByTestId("slots-twitter");
      await card.getByRole("button", { name: "Add time slot" }).click();
      await card.getByLabel("X (Twitter) slot day").selectOption("3");
      await card.getByLabel("X (Twitter) slot time").fill("10:45");
      await page.getByRole("button", { name: "Save schedule" }).click();
      await expectToast(page, "Posting schedule saved");
    });
    await step("Add to queue from Create Post", async () => {
      await page.getByRole("banner").getByRole("button", { name: "Post Now", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Create Post" });
      await pickOnlyNetwork(dialog, "twitter");
      await dialog.getByLabel("Content", { exact: true }).fill(QUEUED);
      await dialog.getByRole("button", { name: "Add to queue" }).click();
      await page
        .getByText(/^Added to queue for /)
        .first()
        .waitFor();
      await dialog.waitFor({ state: "hidden" });
    });
    const queued = (await projectPosts()).find((p) => p.content === QUEUED)!;
    expect(queued.status).toBe("scheduled");
    const when = await local(queued.scheduled_for);
    expect(when).toMatchObject({ time: "10:45", weekday: 3 });
    expect(Date.parse(queued.scheduled_for)).toBeGreaterThan(Date.now());
    expect(Date.parse(queued.scheduled_for)).toBeLessThanOrEqual(Date.now() + 7 * 86_400_000);
  });

  it("drags the queued post one day later in the month view, keeping its time of day", async () => {
    const queued = (await projectPosts()).find((p) => p.content === QUEUED)!;
    const from = await local(queued.scheduled_for);
    await step("open the month view", async () => {
      await page.goto(`${baseUrl}/calendar`);
      await page.getByRole("button", { name: "Month View" }).click();
      await page.getByTestId("month-view").waitFor();
      // The post is within a week: if it falls in next month and outside this grid, go forward.
      if ((await page.locator(`[data-testid="month-day"][data-date="${from.date}"]`).count()) === 0) {
        await page.getByRole("button", { name: "Next month" }).click();
      }
    });
    const chip = page.locator(`[data-testid="post-chip"][data-post-id="${queued.id}"]`);
    await chip.waitFor();
    // Wednesday + 1 is Thursday: always in the same grid row.
    const target = await page.evaluate((d) => {
      const t = new Date(`${d}T12:00:00`);
      t.setDate(t.getDate() + 1);
      const pad = (n: number) => String(n).padStart(2, "0");
      return `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}`;
    }, from.date);
    await step("drag it to the next day", async () => {
      await chip.dragTo(page.locator(`[data-testid="month-day"][data-date="${target}"]`));
      await expectToast(page, "Post rescheduled successfully");
    });
    const moved = (await projectPosts()).find((p) => p.id === queued.id)!;
    expect(await local(moved.scheduled_for)).toMatchObject({ date: target, time: "10:45", weekday: 4 });
  });

  it("imports a CSV with one bad row: the bad row is reported, the others are imported", async () => {
    const future = await page.evaluate(() => {
      const d = new Date(Date.now() + 10 * 86_400_000);
      const pad = (n: number) => String(n).padStart(2, "0");
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    });
    const csv = [
      "content,hashtags,network,date,time,time_zone,image_url",
      `CSV post one ${run},#coffee,X,${future},08:15,,`,
      `${"Too long ".repeat(40)}${run},,twitter,${future},09:00,,`,
      `"CSV post two, with a comma ${run}",#roast #beans,twitter,${future},12:30,,`,
      `CSV draft ${run},,twitter,,,,`,
    ].join("\n");
    await step("choose the file and see the preview", async () => {
      await page.goto(`${baseUrl}/calendar`);
      await page.getByRole("button", { name: "Import CSV" }).click();
      await page.getByLabel("CSV file").setInputFiles({ name: "posts.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
      await page.getByTestId("import-summary").getByText("3 of 4 rows are ready to import; 1 have problems and will be skipped.").waitFor();
      await page
        .getByTestId("import-preview")
        .getByText(/Too long for X \(Twitter\)/)
        .waitFor();
    });
    await step("import the valid rows", async () => {
      await page.getByRole("button", { name: "Import 3 valid rows" }).click();
      await page.getByTestId("import-result").getByText("3 posts imported.").waitFor();
      await page
        .getByTestId("import-result")
        .getByText(/Row 2: Too long for X \(Twitter\)/)
        .waitFor();
      await page.getByRole("button", { name: "Close" }).click();
    });
    const posts = await projectPosts();
    const imported = posts.filter((p) => p.content.includes(run) && p.content.startsWith("CSV"));
    expect(imported.map((p) => p.status).sort()).toEqual(["draft", "scheduled", "scheduled"]);
    expect(posts.some((p) => p.content.startsWith("Too long"))).toBe(false);
    const two = imported.find((p) => p.content.startsWith("CSV post two"))!;
    expect(two.hashtags).toEqual(["roast", "beans"]);
    expect(await local(two.scheduled_for)).toMatchObject({ date: future, time: "12:30" });
    await step("the draft waits in the Unscheduled tray", async () => {
      await page.getByTestId("unscheduled-tray").getByText(`CSV draft ${run}`).waitFor();
    });
  });

  it("shows the analytics charts after a published post's metrics arrive", async () => {
    await step("publish a post now", async () => {
      await page.getByRole("banner").getByRole("button", { name: "Post Now", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Create Post" });
      await pickOnlyNetwork(dialog, "twitter");
      await dialog.getByLabel("Content", { exact: true }).fill(PUBLISHED);
      await dialog.getByRole("button", { name: "Post Now", exact: true }).click();
      await expectToast(page, "Post published successfully!");
    });
    await step("the cron reads the post's metrics from the sandbox", async () => {
      await fireCron(baseUrl, Date.now());
      // The cron's metrics pass lands asynchronously: wait for the state, not for a time.
      await expect
        .poll(
          async () =>
            (await api<AnalyticsResponse>(`/api/projects/${projectId}/analytics?days=7&time_zone=UTC`)).top_posts.some((p) => p.content === PUBLISHED),
          {
            timeout: 60_000,
            interval: 250,
            message: "the published post's metrics arrive",
          },
        )
        .toBe(true);
    });
    await step("see totals, charts, top posts and best times on /analytics", async () => {
      await page.goto(`${baseUrl}/analytics`);
      await page.getByRole("group", { name: "X (Twitter) totals" }).waitFor();
      await page.getByTestId("line-chart").first().locator("canvas").waitFor();
      await page.getByTestId("top-posts").getByText(PUBLISHED).waitFor();
      await page.getByTestId("best-times").waitFor();
    });
    const a = await api<AnalyticsResponse>(`/api/projects/${projectId}/analytics?days=7&time_zone=UTC`);
    expect(a.networks.find((n) => n.platform === "twitter")!.likes).toBeGreaterThan(0);
  });
});
