// The teams migration on data that existed before it (decision 200): every project gets its user
// as Owner, and nothing already stored is lost or changed. Runs the real migrations on a second,
// empty D1 (MIGRATION_DB): those before the teams one, then rows as an older release wrote them,
// then the rest.
import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect, it } from "vitest";

const DAY = 86_400_000;

it("gives each existing project its user as Owner and keeps every row as it was", async () => {
  const db = env.MIGRATION_DB;
  const all = env.TEST_MIGRATIONS;
  const teams = all.findIndex((m) => /_teams\.sql$/.test(m.name));
  expect(teams).toBeGreaterThan(0);
  await applyD1Migrations(db, all.slice(0, teams));
  // No members table yet: this really is the schema before teams.
  expect(await db.prepare("select name from sqlite_master where name = 'project_members'").first()).toBeNull();

  const t0 = Date.UTC(2026, 5, 1);
  const users = [
    ["u-ada", "ada@example.com"],
    ["u-bo", "bo@example.com"],
  ];
  const projects = [
    ["p-ada-1", "u-ada", "Ada's Bakery", t0],
    ["p-ada-2", "u-ada", "Ada's Second Brand", t0 + DAY],
    ["p-bo-1", "u-bo", "Bo Bikes", t0 + 2 * DAY],
  ] as const;
  await db.batch([
    ...users.map(([id, email]) => db.prepare("insert into users (id, email, email_verified, created_at) values (?, ?, 1, ?)").bind(id, email, t0)),
    ...projects.map(([id, user, name, at]) =>
      db
        .prepare(
          "insert into projects (id, user_id, name, industry, brand_voice, description, created_at, updated_at) values (?, ?, ?, 'Retail', 'Casual', 'Shop', ?, ?)",
        )
        .bind(id, user, name, at, at),
    ),
    db
      .prepare(
        "insert into posts (id, project_id, platform, content, hashtags, scheduled_for, status, created_at, updated_at) values (?, ?, 'twitter', ?, '[]', ?, 'scheduled', ?, ?)",
      )
      .bind("post-1", "p-ada-2", "Fresh rye on Friday", t0 + 9 * DAY, t0, t0),
  ]);
  const before = {
    projects: (await db.prepare("select id, user_id, name, industry, brand_voice, description, created_at from projects order by id").all()).results,
    posts: (await db.prepare("select id, project_id, content, scheduled_for, status from posts order by id").all()).results,
  };

  await applyD1Migrations(db, all); // only the ones not applied yet: teams and everything after it

  const members = (await db.prepare("select project_id, user_id, role, created_at from project_members order by project_id").all()).results;
  expect(members).toEqual(projects.map(([id, user, , at]) => ({ project_id: id, user_id: user, role: "owner", created_at: at })));
  expect((await db.prepare("select id, user_id, name, industry, brand_voice, description, created_at from projects order by id").all()).results).toEqual(
    before.projects,
  );
  expect((await db.prepare("select id, project_id, content, scheduled_for, status from posts order by id").all()).results).toEqual(before.posts);
  // The new settings start off: nothing existing suddenly needs approval.
  const settings = (await db.prepare("select approvals_required, owner_posts_need_review from projects").all()).results;
  expect(settings).toEqual(projects.map(() => ({ approvals_required: 0, owner_posts_need_review: 0 })));
});
