// The dashboard's total and scheduled figures come from project_post_counts, kept by triggers on
// posts (migrations/0009_posts_count_triggers.sql, decision 169). Whatever path writes posts —
// drizzle inserts, hand-written SQL, status changes by the publisher, moves between projects,
// deletes, a deleted project — the counters must equal counting the posts themselves.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../../worker/lib/db";
import { createPosts } from "../../worker/services/posts/posts";
import { getDashboard } from "../../worker/services/analytics/dashboard";
import { insertPost } from "./posts-fixtures";
import { readCtx, signIn } from "./helpers";

const DAY = 86_400_000;

async function counted(projectId: string) {
  const row = await env.DB.prepare("select count(*) as total, coalesce(sum(status = 'scheduled'), 0) as scheduled from posts where project_id = ?")
    .bind(projectId)
    .first<{ total: number; scheduled: number }>();
  return { total: row!.total, scheduled: row!.scheduled };
}

async function stored(projectId: string) {
  return (
    (await env.DB.prepare("select total, scheduled from project_post_counts where project_id = ?")
      .bind(projectId)
      .first<{ total: number; scheduled: number }>()) ?? { total: 0, scheduled: 0 }
  );
}

async function expectInStep(userId: string, projectId: string) {
  const truth = await counted(projectId);
  expect(await stored(projectId)).toEqual(truth);
  const d = await getDashboard(readCtx(userId), projectId);
  expect({ total: d.total_posts, scheduled: d.scheduled_posts }).toEqual(truth);
}

describe("post counts kept by triggers", () => {
  it("follow inserts, status changes, moves and deletes on every path", async () => {
    const a = await signIn();
    const b = await signIn();
    await expectInStep(a.userId, a.projectId);
    const later = Date.now() + 2 * DAY;
    const created = await createPosts(getDb(env.DB), a.projectId, [
      { platform: "twitter", content: "one", scheduledFor: later },
      { platform: "twitter", content: "two", scheduledFor: later + 1 },
      { platform: "twitter", content: "draft", scheduledFor: later + 2, status: "draft" },
    ]);
    const raw = await insertPost(a.projectId, { status: "published", scheduledFor: Date.now() - DAY });
    await insertPost(a.projectId, { status: "failed", scheduledFor: Date.now() - DAY });
    await expectInStep(a.userId, a.projectId);
    expect(await stored(a.projectId)).toEqual({ total: 5, scheduled: 2 });

    // The publisher's claim and outcome; a retry back to scheduled; a draft scheduled.
    await env.DB.prepare("update posts set status = 'publishing' where id = ?").bind(created[0]!.id).run();
    await expectInStep(a.userId, a.projectId);
    await env.DB.prepare("update posts set status = 'failed' where id = ?").bind(created[0]!.id).run();
    await env.DB.prepare("update posts set status = 'scheduled' where id = ?").bind(raw).run();
    await env.DB.prepare("update posts set status = 'scheduled' where id = ?").bind(created[2]!.id).run();
    // An update that leaves the status alone changes nothing.
    await env.DB.prepare("update posts set content = 'edited', status = status where project_id = ?").bind(a.projectId).run();
    await expectInStep(a.userId, a.projectId);

    // A post moved to another project counts there.
    await env.DB.prepare("update posts set project_id = ? where id = ?").bind(b.projectId, created[1]!.id).run();
    await expectInStep(a.userId, a.projectId);
    await expectInStep(b.userId, b.projectId);

    // Deletes, one and many.
    await env.DB.prepare("delete from posts where id = ?").bind(raw).run();
    await expectInStep(a.userId, a.projectId);
    await env.DB.prepare("delete from posts where project_id = ?").bind(a.projectId).run();
    await expectInStep(a.userId, a.projectId);
    expect(await stored(a.projectId)).toEqual({ total: 0, scheduled: 0 });
  });

  it("go with a deleted project", async () => {
    const a = await signIn();
    await insertPost(a.projectId, { status: "scheduled", scheduledFor: Date.now() + DAY });
    await env.DB.prepare("delete from projects where id = ?").bind(a.projectId).run();
    expect(await env.DB.prepare("select count(*) as n from project_post_counts where project_id = ?").bind(a.projectId).first("n")).toBe(0);
  });
});
