import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, expectError, json, ORIGIN, signIn, type TestUser } from "./helpers";
import { sessionOf } from "./auth-helpers";

/** Gives a user one of everything: rows in every project-scoped table and R2 objects. */
async function seed(user: TestUser) {
  const p = user.projectId;
  const now = Date.now();
  const acc = crypto.randomUUID();
  const doc = crypto.randomUUID();
  const brain = crypto.randomUUID();
  const campaign = crypto.randomUUID();
  const keys = {
    projectDoc: `project-documents/${p}/brief.txt`,
    orphanDoc: `project-documents/${p}/left-over.pdf`,
    postMedia: `post-media/${acc}/1700000000000.png`,
    mediaRow: `post-media/${acc}/1700000000001.png`,
    brainSource: `brain-sources/${p}/${brain}.txt`,
  };
  for (const key of Object.values(keys)) await env.BUCKET.put(key, `object ${key}`);
  await env.DB.batch([
    env.DB.prepare(
      "insert into project_documents (id, project_id, name, file_url, file_type, file_size, created_at) values (?, ?, 'brief.txt', ?, 'text/plain', 10, ?)",
    ).bind(doc, p, keys.projectDoc, now),
    env.DB.prepare(
      "insert into social_accounts (id, project_id, platform, account_name, access_token_enc, created_at) values (?, ?, 'twitter', 'me', 'enc', ?)",
    ).bind(acc, p, now),
    env.DB.prepare(
      "insert into brain_documents (id, project_id, title, content, type, source_key, status, created_at) values (?, ?, 't', 'c', 'document', ?, 'ready', ?)",
    ).bind(brain, p, keys.brainSource, now),
    env.DB.prepare("insert into brain_segments (id, project_id, document_id, content, segment_index) values (?, ?, ?, 'seg', 0)").bind(
      crypto.randomUUID(),
      p,
      brain,
    ),
    env.DB.prepare("insert into brain_topics (id, project_id, name, description, relevance_score, created_at) values (?, ?, 'n', 'd', 0.5, ?)").bind(
      crypto.randomUUID(),
      p,
      now,
    ),
    env.DB.prepare(
      "insert into campaigns (id, project_id, prompt, post_count, duration, platforms, start_date, start_time, time_zone, created_at) values (?, ?, 'prompt text', 1, 1, '[\"twitter\"]', '2026-01-01', '09:00', 'UTC', ?)",
    ).bind(campaign, p, now),
    env.DB.prepare(
      "insert into posts (id, project_id, campaign_id, platform, content, scheduled_for, status, created_at, updated_at) values (?, ?, ?, 'twitter', 'hi', ?, 'scheduled', ?, ?)",
    ).bind(crypto.randomUUID(), p, campaign, now, now, now),
    env.DB.prepare(
      "insert into media (id, project_id, r2_key, public_key, file_name, file_type, file_size, created_at) values (?, ?, ?, ?, 'a.png', 'image/png', 5, ?)",
    ).bind(crypto.randomUUID(), p, keys.mediaRow, crypto.randomUUID(), now),
    env.DB.prepare(
      "insert into oauth_states (state, user_id, project_id, platform, redirect_uri, expires_at) values (?, ?, ?, 'twitter', 'http://localhost/cb', ?)",
    ).bind(`twitter_${crypto.randomUUID()}`, user.userId, p, now + 60_000),
    env.DB.prepare("insert into auth_tokens (id, user_id, kind, expires_at) values (?, ?, 'magic_link', ?)").bind(
      crypto.randomUUID(),
      user.userId,
      now + 60_000,
    ),
    env.DB.prepare("insert into mail_outbox (id, \"to\", subject, text, created_at) values (?, ?, 's', 't', ?)").bind(crypto.randomUUID(), user.email, now),
  ]);
  return keys;
}

const TABLES_BY_PROJECT = ["project_documents", "social_accounts", "brain_documents", "brain_segments", "brain_topics", "campaigns", "posts", "media"];

async function counts(user: TestUser) {
  const out: Record<string, number> = {};
  for (const t of TABLES_BY_PROJECT) {
    out[t] = (await env.DB.prepare(`select count(*) as n from ${t} where project_id = ?`).bind(user.projectId).first<{ n: number }>())!.n;
  }
  for (const t of ["sessions", "auth_tokens", "oauth_states", "projects"]) {
    out[t] = (await env.DB.prepare(`select count(*) as n from ${t} where user_id = ?`).bind(user.userId).first<{ n: number }>())!.n;
  }
  out.users = (await env.DB.prepare("select count(*) as n from users where id = ?").bind(user.userId).first<{ n: number }>())!.n;
  out.mail_outbox = (await env.DB.prepare('select count(*) as n from mail_outbox where "to" = ?').bind(user.email).first<{ n: number }>())!.n;
  return out;
}

describe("DELETE /api/account", () => {
  it("D1 enforces foreign keys (the cascade the deletion relies on)", async () => {
    const fk = await env.DB.prepare("pragma foreign_keys").first<{ foreign_keys: number }>();
    expect(fk?.foreign_keys).toBe(1);
  });

  it("removes every row and R2 object of the user and leaves other users untouched", async () => {
    const a = await signIn();
    const b = await signIn();
    const keysA = await seed(a);
    const keysB = await seed(b);
    const before = await counts(a);
    expect(Object.values(before).every((n) => n >= 1)).toBe(true);

    const res = await json(a, "DELETE", "/api/account");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, deletedObjects: 5 });
    expect(res.headers.get("set-cookie")).toMatch(/bp_session=;.*Max-Age=0/);

    const after = await counts(a);
    expect(Object.values(after).every((n) => n === 0)).toBe(true);
    for (const key of Object.values(keysA)) expect(await env.BUCKET.head(key)).toBeNull();

    const bCounts = await counts(b);
    expect(Object.values(bCounts).every((n) => n >= 1)).toBe(true);
    for (const key of Object.values(keysB)) expect(await env.BUCKET.head(key)).not.toBeNull();
    expect((await sessionOf(b.cookie)).user?.id).toBe(b.userId);
    expect((await sessionOf(a.cookie)).user).toBeNull();
  });

  it("needs a signed-in user", async () => {
    await expectError(await json(null, "DELETE", "/api/account"), 401);
  });

  it("refuses a cross-origin request and deletes nothing", async () => {
    const a = await signIn();
    const res = await call("/api/account", { method: "DELETE", headers: { cookie: a.cookie, origin: "https://evil.example" } });
    await expectError(res, 403);
    expect((await sessionOf(a.cookie)).user?.id).toBe(a.userId);
    expect((await counts(a)).projects).toBe(1);
  });

  it("works for a user with nothing but the account", async () => {
    const a = await signIn();
    await env.DB.prepare("delete from projects where user_id = ?").bind(a.userId).run();
    const res = await call("/api/account", { method: "DELETE", headers: { cookie: a.cookie, origin: ORIGIN } });
    expect(res.status).toBe(200);
    expect((await counts(a)).users).toBe(0);
  });
});
