// Project settings (decision 200): the brand's fields with the spec's rules, approval settings for
// Owners, and deleting a project with its name typed again (posts, brain, accounts and R2 objects
// go; scheduled posts are cancelled first; a post being published refuses the deletion).
import { env } from "cloudflare:workers";
import { strToU8 } from "fflate";
import { describe, expect, it } from "vitest";
import type { Project } from "../../schema/api/projects";
import { call, expectError, json, ORIGIN, signIn } from "./helpers";
import { insertPost } from "./posts-fixtures";
import { readyBrainDocument } from "./openapi-route-cases";
import { connectAccount } from "./social-helpers";
import { memberOf, projectTraces } from "./team-helpers";

async function projectRow(projectId: string) {
  return env.DB.prepare("select * from projects where id = ?").bind(projectId).first<Record<string, unknown>>();
}

async function createProject(user: { cookie: string }, name: string): Promise<Project> {
  const fd = new FormData();
  fd.append("name", name);
  fd.append("industry", "hospitality");
  fd.append("brand_voice", "casual");
  fd.append("description", "A small hotel by the sea with twelve rooms");
  fd.append("documents", new File([strToU8("We welcome guests like old friends.\n")], "welcome.txt"));
  const res = await call("/api/projects", { method: "POST", headers: { cookie: user.cookie, origin: ORIGIN }, body: fd });
  expect(res.status).toBe(201);
  return (await res.json()) as Project;
}

describe("PATCH /api/projects/:id (settings)", () => {
  it("edits industry, brand voice and description; the row follows", async () => {
    const user = await signIn();
    const res = await json(user, "PATCH", `/api/projects/${user.projectId}`, {
      industry: "nonprofit",
      brand_voice: "Warm, hopeful and plain-spoken",
      description: "A food bank run by volunteers in Leeds",
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Project;
    expect(body).toMatchObject({
      industry: "nonprofit",
      brand_voice: "Warm, hopeful and plain-spoken",
      description: "A food bank run by volunteers in Leeds",
      role: "owner",
    });
    expect(await projectRow(user.projectId)).toMatchObject({
      industry: "nonprofit",
      brand_voice: "Warm, hopeful and plain-spoken",
      description: "A food bank run by volunteers in Leeds",
    });
  });

  it("answers the spec's texts for bad fields and changes nothing", async () => {
    const user = await signIn();
    const before = await projectRow(user.projectId);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "   " }, "name", "Project name cannot be empty"],
      [{ name: "A" }, "name", "Project name must be at least 2 characters"],
      [{ name: "123e4567-e89b-12d3-a456-426614174000" }, "name", "Project name cannot be in UUID format"],
      [{ industry: "x" }, "industry", "Please select an industry"],
      [{ brand_voice: "" }, "brand_voice", "Please describe your brand voice"],
      [{ description: "short" }, "description", "Please provide a brief description"],
    ];
    for (const [body, field, message] of cases) {
      const err = await expectError(await json(user, "PATCH", `/api/projects/${user.projectId}`, body), 400);
      expect(err.fields?.[field], JSON.stringify(body)).toBe(message);
    }
    await expectError(await json(user, "PATCH", `/api/projects/${user.projectId}`, {}), 400);
    expect(await projectRow(user.projectId)).toEqual(before);
  });

  it("approval settings are the Owner's; an Editor may edit the brand, a Reviewer nothing", async () => {
    const owner = await signIn();
    const editor = await memberOf(owner.projectId, "editor");
    const reviewer = await memberOf(owner.projectId, "reviewer");
    await expectError(await json(editor, "PATCH", `/api/projects/${owner.projectId}`, { approvals_required: true }), 403);
    await expectError(await json(reviewer, "PATCH", `/api/projects/${owner.projectId}`, { brand_voice: "Cheeky" }), 403);
    expect(await projectRow(owner.projectId)).toMatchObject({ approvals_required: 0, brand_voice: "Professional & Friendly" });
    const edited = await json(editor, "PATCH", `/api/projects/${owner.projectId}`, { brand_voice: "Cheeky and warm" });
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as Project).role).toBe("editor");
    const res = await json(owner, "PATCH", `/api/projects/${owner.projectId}`, { approvals_required: true, owner_posts_need_review: true });
    expect(await res.json()).toMatchObject({ approvals_required: true, owner_posts_need_review: true });
  });
});

describe("DELETE /api/projects/:id", () => {
  it("refuses a wrong name, a non-Owner and a stranger, changing nothing", async () => {
    const owner = await signIn();
    const editor = await memberOf(owner.projectId, "editor");
    const stranger = await signIn();
    const postId = await insertPost(owner.projectId, { scheduledFor: Date.now() + 86_400_000 });
    const err = await expectError(await json(owner, "DELETE", `/api/projects/${owner.projectId}`, { name: "My First" }), 400);
    expect(err.fields?.name).toBe("Type the project name to confirm");
    await expectError(await json(editor, "DELETE", `/api/projects/${owner.projectId}`, { name: "My First Project" }), 403);
    await expectError(await json(stranger, "DELETE", `/api/projects/${owner.projectId}`, { name: "My First Project" }), 404);
    expect(await projectRow(owner.projectId)).not.toBeNull();
    const post = await env.DB.prepare("select status from posts where id = ?").bind(postId).first<{ status: string }>();
    expect(post?.status).toBe("scheduled");
  });

  it("a post being published refuses the deletion; the cancelled posts go back as they were", async () => {
    const owner = await signIn();
    const scheduled = await insertPost(owner.projectId, { scheduledFor: Date.now() + 86_400_000 });
    await insertPost(owner.projectId, { status: "publishing", scheduledFor: Date.now() - 1000 });
    const err = await expectError(await json(owner, "DELETE", `/api/projects/${owner.projectId}`, { name: "My First Project" }), 409);
    expect(err.message).toMatch(/being published/);
    expect((await env.DB.prepare("select status from posts where id = ?").bind(scheduled).first<{ status: string }>())?.status).toBe("scheduled");
    expect(await projectRow(owner.projectId)).not.toBeNull();
  });

  it("deletes every row and R2 object of the project, and only of that project", { timeout: 60_000 }, async () => {
    const owner = await signIn();
    const project = await createProject(owner, "Seaside Inn");
    const me = { ...owner, projectId: project.id };
    await readyBrainDocument(me, project.id);
    const account = await connectAccount(me, "twitter");
    const upload = new FormData();
    upload.set(
      "file",
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]) as BlobPart], "logo.png", { type: "image/png" }),
    );
    upload.set("accountId", account.id);
    expect((await call(`/api/projects/${project.id}/media`, { method: "POST", headers: { cookie: owner.cookie, origin: ORIGIN }, body: upload })).status).toBe(
      201,
    );
    const scheduled = await insertPost(project.id, { scheduledFor: Date.now() + 3600_000 });
    await memberOf(project.id, "reviewer");
    const accountKeys = (await env.BUCKET.list({ prefix: `post-media/${account.id}/` })).objects.map((o) => o.key);
    expect(accountKeys.length).toBeGreaterThan(0);
    const traces = await projectTraces(project.id, accountKeys);
    for (const part of ["projects", "project_documents", "brain_documents", "social_accounts", "posts", "media", "project_members", "r2"]) {
      expect(
        traces.some((t) => t.startsWith(`${part}:`)),
        `${part} before`,
      ).toBe(true);
    }
    const otherBefore = await projectTraces(owner.projectId);

    const res = await json(owner, "DELETE", `/api/projects/${project.id}`, { name: "Seaside Inn" });
    expect(res.status).toBe(204);
    expect(await projectTraces(project.id, accountKeys)).toEqual([]);
    expect(await env.DB.prepare("select id from posts where id = ?").bind(scheduled).first()).toBeNull();
    // The user's other project is untouched and still listed.
    expect(await projectTraces(owner.projectId)).toEqual(otherBefore);
    const list = (await (await json(owner, "GET", "/api/projects")).json()) as Project[];
    expect(list.map((p) => p.id)).toEqual([owner.projectId]);
  });
});
