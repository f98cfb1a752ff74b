import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, expectError, json, signIn, type TestUser } from "./helpers";
import type { Campaign, CampaignWithPosts } from "../../schema/api/campaigns";
import { campaignSchedule } from "../../schema/api/campaign-schedule";

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

function campaignBody(count = 4) {
  const start = day(2);
  const times = campaignSchedule({ count, duration: 2, startDate: start, startTime: "09:00", timeZone: "Europe/Berlin" });
  return {
    prompt: "Launch week for the new roast",
    post_count: count,
    duration: 2,
    platforms: ["twitter", "linkedin"],
    start_date: start,
    start_time: "09:00",
    time_zone: "Europe/Berlin",
    posts: times.map((t, i) => ({
      content: `Post number ${i + 1}`,
      hashtags: ["#Roast", "Coffee"],
      platform: i % 2 ? "linkedin" : "twitter",
      scheduled_for: new Date(t + 17_000).toISOString(),
      image_prompt: i === 0 ? "a steaming cup" : undefined,
    })),
  };
}

async function create(user: TestUser, body = campaignBody()) {
  const res = await json(user, "POST", `/api/projects/${user.projectId}/campaigns`, body);
  if (res.status !== 201) throw new Error(`create failed ${res.status}: ${await res.text()}`);
  return (await res.json()) as CampaignWithPosts;
}

describe("campaigns", () => {
  it("saves the campaign and its scheduled posts together", async () => {
    const user = await signIn();
    const body = campaignBody(4);
    const saved = await create(user, body);
    expect(saved).toMatchObject({
      project_id: user.projectId,
      prompt: body.prompt,
      post_count: 4,
      duration: 2,
      platforms: ["twitter", "linkedin"],
      start_date: body.start_date,
      start_time: "09:00",
      time_zone: "Europe/Berlin",
      posts_total: 4,
    });
    expect(saved.posts).toHaveLength(4);
    for (const [i, p] of saved.posts.entries()) {
      expect(p.status).toBe("scheduled");
      expect(p.publish_attempts).toBe(0);
      expect(p.campaign_id).toBe(saved.id);
      expect(p.hashtags).toEqual(["Roast", "Coffee"]);
      // Seconds are dropped.
      expect(p.scheduled_for).toBe(new Date(Math.floor(Date.parse(body.posts[i].scheduled_for) / 60_000) * 60_000).toISOString());
    }
    expect(saved.posts[0].image_prompt).toBe("a steaming cup");
    const { n } = (await env.DB.prepare("select count(*) as n from posts where campaign_id = ?").bind(saved.id).first<{ n: number }>())!;
    expect(n).toBe(4);
  });

  it("refuses, saving nothing, a campaign whose posts break their network's rules", async () => {
    const user = await signIn();
    const withInstagram = campaignBody(2);
    withInstagram.platforms = ["twitter", "instagram"];
    withInstagram.posts[1]!.platform = "instagram";
    const res = await json(user, "POST", `/api/projects/${user.projectId}/campaigns`, withInstagram);
    expect(await expectError(res, 400)).toMatchObject({ message: expect.stringContaining("Instagram requires an image") });
    // X counts a URL as 23 and an emoji as 2: 250 letters + a long URL + 5 emoji is over 280.
    const tooLong = campaignBody(2);
    tooLong.posts[0]!.content = `${"a".repeat(230)} https://example.com/${"p".repeat(80)} 😀😀😀😀😀`;
    tooLong.posts[0]!.hashtags = ["Roast", "Coffee"];
    const res2 = await json(user, "POST", `/api/projects/${user.projectId}/campaigns`, tooLong);
    expect(await expectError(res2, 400)).toMatchObject({ message: expect.stringMatching(/Too long for X \(Twitter\): 28\d\/280/) });
    const { n } = (await env.DB.prepare("select count(*) as n from posts where project_id = ?").bind(user.projectId).first<{ n: number }>())!;
    expect(n).toBe(0);
  });

  it("saves a 30-post campaign (more rows than one statement can bind)", async () => {
    const user = await signIn();
    const saved = await create(user, campaignBody(30));
    expect(saved.posts).toHaveLength(30);
    const sorted = [...saved.posts].map((p) => p.scheduled_for).sort();
    expect(saved.posts.map((p) => p.scheduled_for)).toEqual(sorted);
  });

  it("lists the project's campaigns newest first and reads one with its posts", async () => {
    const user = await signIn();
    const a = await create(user);
    const b = await create(user, { ...campaignBody(2), prompt: "A second, later campaign" });
    const listRes = await json(user, "GET", `/api/projects/${user.projectId}/campaigns`);
    expect(listRes.status).toBe(200);
    const list = (await listRes.json()) as Campaign[];
    expect(list.map((c) => c.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(list.find((c) => c.id === b.id)?.posts_total).toBe(2);
    const one = (await (await json(user, "GET", `/api/campaigns/${a.id}`)).json()) as CampaignWithPosts;
    expect(one.posts.map((p) => p.id)).toEqual(a.posts.map((p) => p.id));
  });

  it("refuses invalid campaigns with the spec's messages and stores nothing", async () => {
    const user = await signIn();
    const base = campaignBody(2);
    const cases: [unknown, string, string | undefined][] = [
      [{ ...base, prompt: "short" }, "prompt", "Please provide a detailed prompt"],
      [{ ...base, platforms: [] }, "platforms", "Select at least one platform"],
      [{ ...base, start_date: "" }, "start_date", "Please select a start date"],
      [{ ...base, start_time: "" }, "start_time", "Please select a start time"],
      [{ ...base, post_count: 31 }, "post_count", undefined],
      [{ ...base, duration: 91 }, "duration", undefined],
      [{ ...base, posts: [] }, "posts", undefined],
      [{ ...base, posts: [{ ...base.posts[0], content: "  " }] }, "posts.0.content", "Please enter some content"],
      [{ ...base, posts: [{ ...base.posts[0], content: "x".repeat(279), hashtags: ["Tag"] }] }, "posts.0.content", undefined],
      [{ ...base, time_zone: "Nowhere/Land" }, "time_zone", undefined],
    ];
    for (const [body, field, message] of cases) {
      const err = await expectError(await json(user, "POST", `/api/projects/${user.projectId}/campaigns`, body), 400);
      expect(err.fields?.[field], field).toBeTruthy();
      if (message) expect(err.fields?.[field]).toBe(message);
    }
    const { n } = (await env.DB.prepare("select count(*) as n from campaigns where project_id = ?").bind(user.projectId).first<{ n: number }>())!;
    expect(n).toBe(0);
  });

  it("hides other users' projects and campaigns (404) and needs a session (401)", async () => {
    const owner = await signIn();
    const other = await signIn();
    const saved = await create(owner);
    await expectError(await json(other, "POST", `/api/projects/${owner.projectId}/campaigns`, campaignBody()), 404);
    await expectError(await json(other, "GET", `/api/projects/${owner.projectId}/campaigns`), 404);
    await expectError(await json(other, "GET", `/api/campaigns/${saved.id}`), 404);
    await expectError(await json(owner, "GET", `/api/campaigns/does-not-exist`), 404);
    await expectError(await json(null, "POST", `/api/projects/${owner.projectId}/campaigns`, campaignBody()), 401);
    await expectError(await call(`/api/projects/${owner.projectId}/campaigns`), 401);
    await expectError(await call(`/api/campaigns/${saved.id}`), 401);
    const { n } = (await env.DB.prepare("select count(*) as n from posts where project_id = ?").bind(owner.projectId).first<{ n: number }>())!;
    expect(n).toBe(4);
  });
});
