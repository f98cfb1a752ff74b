import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DEFAULT_PROJECT, type Project, type ProjectDocument } from "../../schema/api/projects";
import { call, expectError, json, ownedProjectShape, signIn, type TestUser } from "./helpers";

const MISSING = "00000000-0000-4000-8000-000000000000";

/** A signed-in user who has no project yet (as right after sign-up). */
async function signInWithoutProject(): Promise<TestUser> {
  const user = await signIn();
  await env.DB.prepare("delete from projects where user_id = ?").bind(user.userId).run();
  return user;
}

async function projectCount(userId: string): Promise<number> {
  const row = await env.DB.prepare("select count(*) as n from projects where user_id = ?").bind(userId).first<{ n: number }>();
  return row?.n ?? 0;
}

async function projectRow(projectId: string) {
  return env.DB.prepare("select * from projects where id = ?").bind(projectId).first<Record<string, unknown>>();
}

async function addDocument(projectId: string, body = "hello") {
  const id = crypto.randomUUID();
  const key = `project-documents/${projectId}/${crypto.randomUUID()}.txt`;
  await env.BUCKET.put(key, body);
  await env.DB.prepare(
    "insert into project_documents (id, project_id, name, file_url, file_type, file_size, created_at) values (?, ?, 'notes.txt', ?, 'text/plain', ?, ?)",
  )
    .bind(id, projectId, key, body.length, Date.now())
    .run();
  return { id, key };
}

/** Every project endpoint with the project id filled in; used for the 401 and 404 checks. */
function endpoints(projectId: string, documentId = MISSING): [string, string, unknown?][] {
  return [
    ["GET", `/api/projects/${projectId}`],
    ["PATCH", `/api/projects/${projectId}`, { name: "Renamed" }],
    ["PATCH", `/api/projects/${projectId}/onboarding`, { has_seen_onboarding: true }],
    ["GET", `/api/projects/${projectId}/documents`],
    ["DELETE", `/api/projects/${projectId}/documents/${documentId}`],
    ["GET", `/api/projects/${projectId}/progress`],
  ];
}

describe("GET /api/projects", () => {
  it("lists the caller's projects as the Project shape", async () => {
    const user = await signIn();
    const res = await json(user, "GET", "/api/projects");
    expect(res.status).toBe(200);
    const list = (await res.json()) as Project[];
    expect(list).toHaveLength(1);
    expect(list[0]).toEqual({
      id: user.projectId,
      ...ownedProjectShape(user, {
        name: "My First Project",
        industry: "Technology",
        brand_voice: "Professional & Friendly",
        description: "Getting started with my social media management",
      }),
    });
  });

  it("creates the default project for a user who has none, once", async () => {
    const user = await signInWithoutProject();
    expect(await projectCount(user.userId)).toBe(0);
    const first = (await (await json(user, "GET", "/api/projects")).json()) as Project[];
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ ...DEFAULT_PROJECT, user_id: user.userId, user_email: user.email });
    const second = (await (await json(user, "GET", "/api/projects")).json()) as Project[];
    expect(second.map((p) => p.id)).toEqual([first[0].id]);
    expect(await projectCount(user.userId)).toBe(1);
  });

  it("never makes two default projects under concurrent first loads", async () => {
    const user = await signInWithoutProject();
    const responses = await Promise.all(Array.from({ length: 8 }, () => json(user, "GET", "/api/projects")));
    const lists = (await Promise.all(responses.map((r) => r.json()))) as Project[][];
    expect(await projectCount(user.userId)).toBe(1);
    const ids = new Set(lists.map((l) => (l.length === 1 ? l[0].id : "wrong-length")));
    expect(ids.size).toBe(1);
  });

  it("orders projects oldest first and shows only the caller's", async () => {
    const user = await signIn();
    const other = await signIn();
    const created = (await (
      await json(user, "POST", "/api/projects", {
        name: "Second brand",
        industry: "finance",
        brand_voice: "luxury",
        description: "A second brand for testing order",
      })
    ).json()) as Project;
    const list = (await (await json(user, "GET", "/api/projects")).json()) as Project[];
    expect(list.map((p) => p.id)).toEqual([user.projectId, created.id]);
    const otherList = (await (await json(other, "GET", "/api/projects")).json()) as Project[];
    expect(otherList.map((p) => p.id)).toEqual([other.projectId]);
  });

  it("answers 401 to an anonymous caller and creates nothing", async () => {
    await expectError(await json(null, "GET", "/api/projects"), 401);
    await expectError(await json(null, "POST", "/api/projects", { name: "x" }), 401);
  });
});

describe("project ownership", () => {
  it("answers 404 for another user's project on every endpoint, exactly like a missing one", async () => {
    const owner = await signIn();
    const intruder = await signIn();
    const doc = await addDocument(owner.projectId);
    const before = await projectRow(owner.projectId);
    for (const [method, path, body] of endpoints(owner.projectId, doc.id)) {
      const foreign = await expectError(await json(intruder, method, path, body), 404);
      const missingPath = path.replace(owner.projectId, MISSING);
      const missing = await expectError(await json(intruder, method, missingPath, body), 404);
      expect(foreign, `${method} ${path}`).toEqual(missing);
    }
    // Nothing changed: the row, the document row and its R2 object are all still there.
    expect(await projectRow(owner.projectId)).toEqual(before);
    expect(await env.DB.prepare("select id from project_documents where id = ?").bind(doc.id).first()).not.toBeNull();
    expect(await env.BUCKET.head(doc.key)).not.toBeNull();
  });

  it("answers 401 on every endpoint to an anonymous caller", async () => {
    const owner = await signIn();
    const doc = await addDocument(owner.projectId);
    for (const [method, path, body] of endpoints(owner.projectId, doc.id)) {
      const err = await expectError(await json(null, method, path, body), 401);
      expect(err.code, `${method} ${path}`).toBe("unauthorized");
    }
    expect(await env.BUCKET.head(doc.key)).not.toBeNull();
  });

  it("answers 404 for a missing project of a signed-in user", async () => {
    const user = await signIn();
    for (const [method, path, body] of endpoints(MISSING)) {
      await expectError(await json(user, method, path, body), 404);
    }
  });
});

describe("GET /api/projects/:projectId", () => {
  it("returns the caller's project", async () => {
    const user = await signIn();
    const res = await json(user, "GET", `/api/projects/${user.projectId}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: user.projectId, user_id: user.userId, user_email: user.email });
  });
});

describe("PATCH /api/projects/:projectId (rename)", () => {
  it("renames, trims, and keeps id and owner", async () => {
    const user = await signIn();
    const res = await json(user, "PATCH", `/api/projects/${user.projectId}`, { name: "  Acme Coffee  " });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Project;
    expect(body).toMatchObject({ id: user.projectId, user_id: user.userId, name: "Acme Coffee" });
    expect((await projectRow(user.projectId))?.name).toBe("Acme Coffee");
  });

  it.each([
    ["", "Project name cannot be empty"],
    ["    ", "Project name cannot be empty"],
    ["123e4567-e89b-12d3-a456-426614174000", "Project name cannot be in UUID format"],
    ["123E4567-E89B-12D3-A456-426614174000", "Project name cannot be in UUID format"],
    ["x".repeat(51), "Project name must be less than 50 characters"],
  ])("refuses %j with the spec's message and changes nothing", async (name, message) => {
    const user = await signIn();
    const err = await expectError(await json(user, "PATCH", `/api/projects/${user.projectId}`, { name }), 400);
    expect(err.fields?.name).toBe(message);
    expect((await projectRow(user.projectId))?.name).toBe("My First Project");
  });

  it("refuses a body without a name, malformed JSON, and attempts to change id or owner", async () => {
    const user = await signIn();
    await expectError(await json(user, "PATCH", `/api/projects/${user.projectId}`, {}), 400);
    const malformed = await call(`/api/projects/${user.projectId}`, { method: "PATCH", headers: user.headers, body: "{not json" });
    await expectError(malformed, 400);
    const other = await signIn();
    const res = await json(user, "PATCH", `/api/projects/${user.projectId}`, { name: "Kept", id: MISSING, user_id: other.userId });
    expect(res.status).toBe(200);
    const row = await projectRow(user.projectId);
    expect(row).toMatchObject({ id: user.projectId, user_id: user.userId, name: "Kept" });
  });
});

describe("PATCH /api/projects/:projectId/onboarding", () => {
  it("marks onboarding seen and resets it", async () => {
    const user = await signIn();
    const seen = await json(user, "PATCH", `/api/projects/${user.projectId}/onboarding`, { has_seen_onboarding: true });
    expect(seen.status).toBe(200);
    expect(await seen.json()).toMatchObject({ id: user.projectId, has_seen_onboarding: true });
    expect((await projectRow(user.projectId))?.has_seen_onboarding).toBe(1);
    const reset = await json(user, "PATCH", `/api/projects/${user.projectId}/onboarding`, { has_seen_onboarding: false });
    expect(await reset.json()).toMatchObject({ has_seen_onboarding: false });
    expect((await projectRow(user.projectId))?.has_seen_onboarding).toBe(0);
  });

  it("refuses a non-boolean flag", async () => {
    const user = await signIn();
    const err = await expectError(await json(user, "PATCH", `/api/projects/${user.projectId}/onboarding`, { has_seen_onboarding: "yes" }), 400);
    expect(err.fields?.has_seen_onboarding).toBeTruthy();
    expect((await projectRow(user.projectId))?.has_seen_onboarding).toBe(0);
  });
});

describe("project documents", () => {
  it("lists the project's documents", async () => {
    const user = await signIn();
    const a = await addDocument(user.projectId, "first");
    const b = await addDocument(user.projectId, "second");
    const res = await json(user, "GET", `/api/projects/${user.projectId}/documents`);
    expect(res.status).toBe(200);
    const docs = (await res.json()) as ProjectDocument[];
    expect(docs.map((d) => d.id)).toEqual([a.id, b.id]);
    expect(docs[0]).toEqual({ id: a.id, project_id: user.projectId, name: "notes.txt", file_url: a.key, file_type: "text/plain", file_size: 5 });
  });

  it("deletes a document's row and its R2 object", async () => {
    const user = await signIn();
    const doc = await addDocument(user.projectId);
    const res = await json(user, "DELETE", `/api/projects/${user.projectId}/documents/${doc.id}`);
    expect(res.status).toBe(204);
    expect(await env.DB.prepare("select id from project_documents where id = ?").bind(doc.id).first()).toBeNull();
    expect(await env.BUCKET.head(doc.key)).toBeNull();
    await expectError(await json(user, "DELETE", `/api/projects/${user.projectId}/documents/${doc.id}`), 404);
  });

  it("does not delete another project's document through the caller's own project id", async () => {
    const owner = await signIn();
    const intruder = await signIn();
    const doc = await addDocument(owner.projectId);
    await expectError(await json(intruder, "DELETE", `/api/projects/${intruder.projectId}/documents/${doc.id}`), 404);
    expect(await env.DB.prepare("select id from project_documents where id = ?").bind(doc.id).first()).not.toBeNull();
    expect(await env.BUCKET.head(doc.key)).not.toBeNull();
  });
});

describe("GET /api/projects/:projectId/progress", () => {
  it("reports brain, social and posts from the presence of rows", async () => {
    const user = await signIn();
    const other = await signIn();
    const progress = async () => (await (await json(user, "GET", `/api/projects/${user.projectId}/progress`)).json()) as Record<string, boolean>;
    const now = Date.now();
    // Rows of another project never count.
    await env.DB.prepare(
      "insert into brain_documents (id, project_id, title, content, type, status, created_at) values (?, ?, 't', 'c', 'document', 'ready', ?)",
    )
      .bind(crypto.randomUUID(), other.projectId, now)
      .run();
    expect(await progress()).toEqual({ brain: false, social: false, posts: false });

    await env.DB.prepare(
      "insert into brain_documents (id, project_id, title, content, type, status, created_at) values (?, ?, 't', 'c', 'document', 'ready', ?)",
    )
      .bind(crypto.randomUUID(), user.projectId, now)
      .run();
    expect(await progress()).toEqual({ brain: true, social: false, posts: false });

    await env.DB.prepare(
      "insert into social_accounts (id, project_id, platform, account_name, access_token_enc, created_at) values (?, ?, 'twitter', 'acme', 'x', ?)",
    )
      .bind(crypto.randomUUID(), user.projectId, now)
      .run();
    expect(await progress()).toEqual({ brain: true, social: true, posts: false });

    await env.DB.prepare(
      "insert into posts (id, project_id, platform, content, scheduled_for, status, created_at, updated_at) values (?, ?, 'twitter', 'hi', ?, 'scheduled', ?, ?)",
    )
      .bind(crypto.randomUUID(), user.projectId, now, now, now)
      .run();
    expect(await progress()).toEqual({ brain: true, social: true, posts: true });
  });
});
