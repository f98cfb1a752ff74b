// Local-only tools. /dev/outbox shows the mail the built-in auth "sent" (dev outbox), so magic
// links and reset links can be clicked without a mail account. It holds live sign-in links, so it
// answers 404 unless APP_ENV is explicitly "development" or "test" (production is the default).
// POST /dev/cron/<job> runs one cron job alone, so `npm run bench` measures each job's CPU
// (decision 263).
import { desc } from "drizzle-orm";
import { Hono } from "hono";
import { mailOutbox } from "../../schema/db/auth";
import type { AppEnv } from "../lib/context";
import { getDb } from "../lib/db";
import { errorBody } from "../lib/errors";
import { isProduction } from "../lib/app-config";
import { CRON_JOBS } from "../jobs/cron";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const linkify = (text: string) => escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

export const devRoutes = new Hono<AppEnv>()
  .use("*", async (c, next) => {
    if (isProduction(c.env)) return c.json(errorBody("not_found", "Not found"), 404);
    await next();
  })
  .post("/cron/:job", async (c) => {
    const job = c.req.param("job");
    if (!Object.hasOwn(CRON_JOBS, job)) return c.json(errorBody("not_found", `No cron job "${job}". Jobs: ${Object.keys(CRON_JOBS).join(", ")}.`), 404);
    const time = c.req.query("time") === undefined ? Date.now() : Number(c.req.query("time"));
    if (!Number.isSafeInteger(time) || time < 0)
      return c.json(errorBody("invalid_input", "time must be the tick's time in milliseconds since 1970", { time: "Expected milliseconds since 1970" }), 400);
    const result = await CRON_JOBS[job]!(c.env, time);
    return c.json({ job, scheduled_time: time, result: result ?? null });
  })
  .get("/outbox", async (c) => {
    // Mounted outside /api, so the per-request db of the API is not set here.
    const rows = await getDb(c.env.DB).select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(100).all();
    c.header("Cache-Control", "no-store");
    if (c.req.query("format") === "json") return c.json(rows);
    const items = rows
      .map(
        (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(m.to)}</strong> · <time>${new Date(m.createdAt).toISOString()}</time></p>
  <pre>${linkify(m.text)}</pre>
</article>`,
      )
      .join("\n");
    return c.html(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Dev outbox · Brandpilot</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#1a202c}
article{border:1px solid #e2e8f0;border-radius:8px;padding:1rem;margin:1rem 0}h2{font-size:1.1rem;margin:0 0 .25rem}
.meta{color:#718096;margin:0 0 .5rem}pre{white-space:pre-wrap;word-break:break-all;font-family:inherit;margin:0}a{color:#6b46c1}</style>
</head><body><h1>Dev outbox</h1><p>Mail sent by this local app (newest first). Only available outside production.</p>
${items || "<p>No mail yet.</p>"}
</body></html>`);
  });
