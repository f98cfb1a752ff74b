// Team (decision 200): invitations by mail (single use, 7 days, same address), roles, the last Owner,
// and a removed member refused at their next request.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Project } from "../../schema/api/projects";
import type { Team } from "../../schema/api/team";
import { lastLink, outbox, randomEmail } from "./auth-helpers";
import { expectError, json, signIn, type TestUser } from "./helpers";
import { memberOf } from "./team-helpers";

async function inviteToken(owner: TestUser, email: string, role = "editor"): Promise<string> {
  const res = await json(owner, "POST", `/api/projects/${owner.projectId}/invitations`, { email, role });
  expect(res.status).toBe(201);
  const link = await lastLink(email);
  expect(link.pathname).toMatch(/^\/invite\/[A-Za-z0-9_-]{40,}$/);
  return link.pathname.split("/").pop()!;
}

const projectsOf = async (user: TestUser) => (await (await json(user, "GET", "/api/projects")).json()) as Project[];

describe("invitations", () => {
  it("mails a link; the invited address accepts once and the project joins its switcher with the role", async () => {
    const owner = await signIn();
    const email = randomEmail("ed");
    const token = await inviteToken(owner, email, "editor");
    const mail = (await outbox(email)).at(-1)!;
    expect(mail.subject).toBe("You're invited to My First Project on Brandpilot");
    expect(mail.text).toContain(`${owner.email} invited you to work on My First Project as Editor.`);
    // Only the hash is stored.
    const stored = await env.DB.prepare("select token_hash from project_invitations where email = ?").bind(email).first<{ token_hash: string }>();
    expect(stored?.token_hash).not.toBe(token);
    expect(stored?.token_hash).toMatch(/^[0-9a-f]{64}$/);

    const team = (await (await json(owner, "GET", `/api/projects/${owner.projectId}/members`)).json()) as Team;
    expect(team.invitations.map((i) => [i.email, i.role])).toEqual([[email, "editor"]]);

    // Someone else signed in cannot use it.
    const other = await signIn();
    await expectError(await json(other, "POST", "/api/invitations/accept", { token }), 403);

    const invited = await signIn(email);
    const res = await json(invited, "POST", "/api/invitations/accept", { token });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: owner.projectId, role: "editor" });
    const list = await projectsOf(invited);
    expect(list.map((p) => [p.id, p.role])).toEqual([
      [invited.projectId, "owner"],
      [owner.projectId, "editor"],
    ]);
    // Single use.
    await expectError(await json(invited, "POST", "/api/invitations/accept", { token }), 404);
    const after = (await (await json(owner, "GET", `/api/projects/${owner.projectId}/members`)).json()) as Team;
    expect(after.invitations).toEqual([]);
    expect(after.members.map((m) => [m.email, m.role])).toEqual([
      [owner.email, "owner"],
      [email, "editor"],
    ]);
  });

  it("an expired, revoked or resent-over link does not work", async () => {
    const owner = await signIn();
    const email = randomEmail("x");
    const invited = await signIn(email);
    const first = await inviteToken(owner, email);
    const { id } = (await env.DB.prepare("select id from project_invitations where email = ?").bind(email).first<{ id: string }>())!;
    expect((await json(owner, "POST", `/api/projects/${owner.projectId}/invitations/${id}/resend`)).status).toBe(200);
    const second = (await lastLink(email)).pathname.split("/").pop()!;
    expect(second).not.toBe(first);
    await expectError(await json(invited, "POST", "/api/invitations/accept", { token: first }), 404);
    await env.DB.prepare("update project_invitations set expires_at = ? where id = ?")
      .bind(Date.now() - 1, id)
      .run();
    await expectError(await json(invited, "POST", "/api/invitations/accept", { token: second }), 404);
    const third = await inviteToken(owner, email, "reviewer");
    const { id: id3 } = (await env.DB.prepare("select id from project_invitations where email = ?").bind(email).first<{ id: string }>())!;
    expect((await json(owner, "DELETE", `/api/projects/${owner.projectId}/invitations/${id3}`)).status).toBe(204);
    await expectError(await json(invited, "POST", "/api/invitations/accept", { token: third }), 404);
    expect((await projectsOf(invited)).map((p) => p.id)).toEqual([invited.projectId]);
  });

  it("validates the address and role; an existing member cannot be invited; only Owners invite", async () => {
    const owner = await signIn();
    const editor = await memberOf(owner.projectId, "editor");
    const bad = await expectError(await json(owner, "POST", `/api/projects/${owner.projectId}/invitations`, { email: "nope", role: "editor" }), 400);
    expect(bad.fields?.email).toBe("Please enter a valid email");
    const role = await expectError(await json(owner, "POST", `/api/projects/${owner.projectId}/invitations`, { email: randomEmail(), role: "admin" }), 400);
    expect(role.fields?.role).toBe("Please choose a role");
    const dup = await expectError(await json(owner, "POST", `/api/projects/${owner.projectId}/invitations`, { email: editor.email, role: "reviewer" }), 409);
    expect(dup.message).toBe("This person is already a member of the project");
    await expectError(await json(editor, "POST", `/api/projects/${owner.projectId}/invitations`, { email: randomEmail(), role: "owner" }), 403);
    const n = await env.DB.prepare("select count(*) as n from project_invitations where project_id = ?").bind(owner.projectId).first<{ n: number }>();
    expect(n?.n).toBe(0);
  });
});

describe("members and roles", () => {
  it("a project always keeps one Owner: the last one can be neither demoted nor removed", async () => {
    const owner = await signIn();
    const err = await expectError(await json(owner, "PATCH", `/api/projects/${owner.projectId}/members/${owner.userId}`, { role: "editor" }), 409);
    expect(err.message).toBe("A project always keeps at least one Owner");
    await expectError(await json(owner, "DELETE", `/api/projects/${owner.projectId}/members/${owner.userId}`), 409);
    const second = await memberOf(owner.projectId, "editor");
    expect((await json(owner, "PATCH", `/api/projects/${owner.projectId}/members/${second.userId}`, { role: "owner" })).status).toBe(200);
    // Now the first Owner may step down.
    const res = await json(owner, "PATCH", `/api/projects/${owner.projectId}/members/${owner.userId}`, { role: "reviewer" });
    expect(await res.json()).toMatchObject({ role: "reviewer", you: true });
    await expectError(await json(second, "DELETE", `/api/projects/${owner.projectId}/members/${second.userId}`), 409);
  });

  it("a removed member's next request is refused, and the project leaves their list", async () => {
    const owner = await signIn();
    const editor = await memberOf(owner.projectId, "editor");
    expect((await json(editor, "GET", `/api/projects/${owner.projectId}/posts`)).status).toBe(200);
    expect((await json(owner, "DELETE", `/api/projects/${owner.projectId}/members/${editor.userId}`)).status).toBe(204);
    await expectError(await json(editor, "GET", `/api/projects/${owner.projectId}/posts`), 404);
    await expectError(await json(editor, "GET", `/api/projects/${owner.projectId}/calendar?from=2026-01-01T00:00:00.000Z&to=2026-01-08T00:00:00.000Z`), 404);
    await expectError(await json(editor, "POST", `/api/projects/${owner.projectId}/brain/documents`, { title: "Hi", content: "Some brand text here" }), 404);
    expect((await projectsOf(editor)).map((p) => p.id)).toEqual([editor.projectId]);
  });

  it("only Owners change roles or remove others; a member may leave", async () => {
    const owner = await signIn();
    const editor = await memberOf(owner.projectId, "editor");
    const reviewer = await memberOf(owner.projectId, "reviewer");
    await expectError(await json(editor, "PATCH", `/api/projects/${owner.projectId}/members/${reviewer.userId}`, { role: "owner" }), 403);
    await expectError(await json(editor, "DELETE", `/api/projects/${owner.projectId}/members/${reviewer.userId}`), 403);
    expect((await json(reviewer, "DELETE", `/api/projects/${owner.projectId}/members/${reviewer.userId}`)).status).toBe(204);
    const team = (await (await json(editor, "GET", `/api/projects/${owner.projectId}/members`)).json()) as Team;
    expect(team.members.map((m) => m.role)).toEqual(["owner", "editor"]);
  });
});

describe("migration", () => {
  it("a project inserted by any path has its creator as Owner (trigger); no project is without an Owner", async () => {
    const user = await signIn();
    const row = await env.DB.prepare("select role from project_members where project_id = ? and user_id = ?")
      .bind(user.projectId, user.userId)
      .first<{ role: string }>();
    expect(row?.role).toBe("owner");
    const orphans = await env.DB.prepare(
      "select count(*) as n from projects p where not exists (select 1 from project_members m where m.project_id = p.id and m.role = 'owner')",
    ).first<{ n: number }>();
    expect(orphans?.n).toBe(0);
  });
});

describe("approvals", () => {
  it("with approvals on, an Editor's post goes In review, is never claimed, and a Reviewer's approval schedules it; an edit sends it back", async () => {
    const owner = await signIn();
    await env.DB.prepare(
      "insert into social_accounts (id, project_id, platform, account_name, access_token_enc, token_status, created_at) values (?, ?, 'twitter', 'acme', 'x', 'active', ?)",
    )
      .bind(crypto.randomUUID(), owner.projectId, Date.now())
      .run();
    expect((await json(owner, "PATCH", `/api/projects/${owner.projectId}`, { approvals_required: true })).status).toBe(200);
    const editor = await memberOf(owner.projectId, "editor");
    const reviewer = await memberOf(owner.projectId, "reviewer");
    const when = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const created = await json(editor, "POST", `/api/projects/${owner.projectId}/posts`, {
      content: "New roast on Friday",
      platform: "twitter",
      scheduled_for: when,
      mode: "schedule",
    });
    expect(created.status).toBe(201);
    const post = (await created.json()) as { id: string; status: string };
    expect(post.status).toBe("in_review");
    // Reviewers publish nothing; Editors approve nothing.
    await expectError(await json(reviewer, "PATCH", `/api/posts/${post.id}`, { content: "Changed by a reviewer" }), 403);
    await expectError(await json(editor, "POST", `/api/posts/${post.id}/review`, { decision: "approve" }), 403);
    const noComment = await expectError(await json(reviewer, "POST", `/api/posts/${post.id}/review`, { decision: "request_changes" }), 400);
    expect(noComment.fields?.comment).toBe("Please say what should change");
    expect((await json(reviewer, "POST", `/api/posts/${post.id}/review`, { decision: "request_changes", comment: "Say which roast" })).status).toBe(201);
    expect((await env.DB.prepare("select status from posts where id = ?").bind(post.id).first<{ status: string }>())?.status).toBe("in_review");
    expect((await json(reviewer, "POST", `/api/posts/${post.id}/review`, { decision: "approve" })).status).toBe(201);
    expect((await env.DB.prepare("select status from posts where id = ?").bind(post.id).first<{ status: string }>())?.status).toBe("scheduled");
    const thread = (await (await json(owner, "GET", `/api/posts/${post.id}/comments`)).json()) as { kind: string; body: string; author: string }[];
    expect(thread.map((c) => [c.kind, c.body, c.author])).toEqual([
      ["changes_requested", "Say which roast", reviewer.email],
      ["approved", "", reviewer.email],
    ]);
    // Editing the approved post sends it back to review.
    const edited = await json(editor, "PATCH", `/api/posts/${post.id}`, { content: "New Ethiopia roast on Friday" });
    expect(((await edited.json()) as { status: string }).status).toBe("in_review");
    // The Owner's own posts publish without review unless the second setting is on.
    const own = await json(owner, "POST", `/api/projects/${owner.projectId}/posts`, {
      content: "Owner's post",
      platform: "twitter",
      scheduled_for: when,
      mode: "schedule",
    });
    expect(((await own.json()) as { status: string }).status).toBe("scheduled");
    const activity = (await (await json(owner, "GET", `/api/projects/${owner.projectId}/activity`)).json()) as { action: string }[];
    expect(activity.map((a) => a.action)).toEqual(expect.arrayContaining(["approved", "requested changes to"]));
  });

  it("an @mention of a member mails them; of a stranger, nobody", async () => {
    const owner = await signIn();
    const editor = await memberOf(owner.projectId, "editor");
    const stranger = await signIn();
    const postId = crypto.randomUUID();
    await env.DB.prepare(
      "insert into posts (id, project_id, platform, content, hashtags, scheduled_for, status, created_at, updated_at) values (?, ?, 'twitter', 'Hello', '[]', ?, 'scheduled', ?, ?)",
    )
      .bind(postId, owner.projectId, Date.now() + 86_400_000, Date.now(), Date.now())
      .run();
    const res = await json(owner, "POST", `/api/posts/${postId}/comments`, { body: `@${editor.email} and @${stranger.email}, thoughts?` });
    expect(res.status).toBe(201);
    expect((await outbox(editor.email)).map((m) => m.subject)).toEqual([`${owner.email} mentioned you in My First Project`]);
    expect(await outbox(stranger.email)).toEqual([]);
  });
});
