import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { queryPlan, readCtx, signIn } from "./helpers";
import { getDashboard } from "../../worker/services/analytics/dashboard";

const HOUR = 3_600_000;

describe("dashboard at 10,000 posts", () => {
  it("computes exact figures and reads every count and the upcoming list from an index", async () => {
    const user = await signIn();
    const now = Date.now();
    const stmts = [];
    let scheduled = 0;
    let recent = 0;
    let previous = 0;
    for (let i = 0; i < 10_000; i += 5) {
      const vals = [];
      const binds: unknown[] = [];
      for (let k = i; k < i + 5; k++) {
        vals.push("(?, ?, 'twitter', ?, '[]', ?, ?, 0, ?, ?)");
        const status = k % 3 ? "scheduled" : "published";
        const created = now - k * 600_000; // one every 10 minutes back in time
        if (status === "scheduled") scheduled++;
        if (created >= now - 7 * 24 * HOUR) recent++;
        else if (created >= now - 14 * 24 * HOUR) previous++;
        binds.push(crypto.randomUUID(), user.projectId, `post ${k}`, now + (k - 5000) * HOUR, status, created, now);
      }
      stmts.push(
        env.DB.prepare(
          `insert into posts (id, project_id, platform, content, hashtags, scheduled_for, status, publish_attempts, created_at, updated_at) values ${vals.join(",")}`,
        ).bind(...binds),
      );
    }
    for (let i = 0; i < stmts.length; i += 200) await env.DB.batch(stmts.slice(i, i + 200));

    const d = await getDashboard(readCtx(user.userId), user.projectId, now);
    expect(d.total_posts).toBe(10_000);
    expect(d.scheduled_posts).toBe(scheduled);
    expect(previous).toBeGreaterThan(0);
    expect(d.total_change_percent).toBe(Math.round(((recent - previous) / previous) * 1000) / 10);
    expect(d.upcoming).toHaveLength(10);
    expect(d.upcoming.every((p) => p.status === "scheduled" && Date.parse(p.scheduled_for) > now)).toBe(true);
    // Future scheduled posts are k > 5000 with k % 3 != 0, one hour apart.
    const expected = Array.from({ length: 30 }, (_, i) => 5001 + i)
      .filter((k) => k % 3 !== 0)
      .slice(0, 10);
    expect(d.upcoming.map((p) => p.content)).toEqual(expected.map((k) => `post ${k}`));

    const plans: [string, unknown[], RegExp][] = [
      ["select count(*) from posts where project_id = ?", [user.projectId], /COVERING INDEX/],
      ["select count(*) from posts where project_id = ? and created_at >= ?", [user.projectId, now], /COVERING INDEX posts_project_created_idx/],
      ["select count(*) from posts where project_id = ? and status = 'scheduled'", [user.projectId], /COVERING INDEX posts_project_status_time_idx/],
      // The figures as getDashboard sends them: one statement of scalar subqueries, each on an index.
      [
        "select (select count(*) from posts where project_id = ?), (select count(*) from posts where project_id = ? and created_at >= ?), (select count(*) from posts where project_id = ? and status = 'scheduled') from projects where id = ?",
        [user.projectId, user.projectId, now, user.projectId, user.projectId],
        /SEARCH projects USING COVERING INDEX .*SUBQUERY 1 \| SEARCH posts USING COVERING INDEX .*SUBQUERY 2 \| SEARCH posts USING COVERING INDEX posts_project_created_idx .*SUBQUERY 3 \| SEARCH posts USING COVERING INDEX posts_project_status_time_idx/,
      ],
      [
        "select * from posts where project_id = ? and status = 'scheduled' and scheduled_for > ? order by scheduled_for limit 10",
        [user.projectId, now],
        /INDEX posts_project_status_time_idx \(project_id=\? AND status=\? AND scheduled_for>\?\)/,
      ],
    ];
    for (const [q, binds, expected] of plans) {
      const plan = await queryPlan(q, ...binds);
      expect(plan, q).toMatch(expected);
      expect(plan, q).not.toMatch(/SCAN posts|TEMP B-TREE/);
    }
  }, 120_000);
});
