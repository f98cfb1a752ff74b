// The cron tick's jobs one by one (worker/jobs/cron.ts, decision 263): outside production
// POST /dev/cron/<job> runs a single job on the given tick time, which is how `npm run bench`
// measures each job's CPU on its own.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { CRON_JOBS } from "../../worker/jobs/cron";
import { call, expectError, ORIGIN, PROD_ORIGIN, productionEnv, signIn } from "./helpers";

const runJob = (job: string, time?: number | string) =>
  call(`/dev/cron/${job}${time === undefined ? "" : `?time=${time}`}`, { method: "POST", headers: { origin: ORIGIN } });

describe("/dev/cron/<job>", () => {
  it("lists every job the scheduled handler runs", () => {
    expect(Object.keys(CRON_JOBS)).toEqual(["publish-dispatch", "token-refresh", "brain-sweep", "metrics-collection", "activity-sweep", "feed-poll"]);
  });

  it("runs one job alone at the tick's time: the activity sweep only on the hour", async () => {
    const owner = await signIn();
    await env.DB.prepare(
      "insert into activity_log (id, project_id, user_id, actor_name, action, subject, created_at) values (?, ?, null, 'x', 'old', 'old', ?)",
    )
      .bind(crypto.randomUUID(), owner.projectId, Date.now() - 91 * 86_400_000)
      .run();
    const count = async () =>
      (await env.DB.prepare("select count(*) as n from activity_log where project_id = ?").bind(owner.projectId).first<{ n: number }>())!.n;
    const quarterPast = Date.UTC(2026, 10, 28, 10, 15);
    const off = await runJob("activity-sweep", quarterPast);
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ job: "activity-sweep", scheduled_time: quarterPast, result: false });
    expect(await count()).toBe(1);
    const onTheHour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    expect(await (await runJob("activity-sweep", onTheHour)).json()).toEqual({ job: "activity-sweep", scheduled_time: onTheHour, result: true });
    expect(await count()).toBe(0);
  });

  it("answers with the job's own result", async () => {
    const res = await runJob("brain-sweep");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { job: string; scheduled_time: number; result: unknown };
    expect(body.job).toBe("brain-sweep");
    expect(body.result).toEqual({ resent: 0 });
    expect(Math.abs(body.scheduled_time - Date.now())).toBeLessThan(60_000);
  });

  it("refuses an unknown job or time, and answers 404 in production", async () => {
    const unknown = await expectError(await runJob("toString"), 404);
    expect(unknown.message).toBe('No cron job "toString". Jobs: publish-dispatch, token-refresh, brain-sweep, metrics-collection, activity-sweep, feed-poll.');
    for (const bad of ["soon", "-5", "1.5"]) {
      const err = await expectError(await runJob("activity-sweep", bad), 400);
      expect(err).toMatchObject({ code: "invalid_input", fields: { time: "Expected milliseconds since 1970" } });
    }
    await expectError(await app.request(`${PROD_ORIGIN}/dev/cron/activity-sweep`, { method: "POST" }, productionEnv()), 404);
  });
});
