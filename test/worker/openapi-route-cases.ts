// One valid request per API route, against real rows in D1 and R2: the fixture an owner builds
// through the API (a project with a document, brain documents processed by the queue, a social
// account connected through the sandbox, posts incl. a failed one, a campaign, an uploaded image)
// and, per route, the sample request the route's success path takes. Used by the response-schema
// test (openapi-responses.test.ts) and the ownership matrix (ownership-matrix.test.ts); a route
// without an entry here fails both, so a new route cannot slip past them.
import { env } from "cloudflare:workers";
import { strToU8 } from "fflate";
import type { BrainDocumentDto } from "../../schema/api/brain";
import type { CampaignWithPosts } from "../../schema/api/campaigns";
import { campaignSchedule } from "../../schema/api/campaign-schedule";
import type { Post } from "../../schema/api/posts";
import type { Project, ProjectDocument } from "../../schema/api/projects";
import type { MediaInfo } from "../../schema/api/posts";
import { lastLink, randomEmail, randomIp, sessionCookieOf } from "./auth-helpers";
import { call, json, ORIGIN, signIn, type TestUser } from "./helpers";
import { insertPost } from "./posts-fixtures";
import { authorizeAtSandbox, connectAccount } from "./social-helpers";
import { APP_PASSWORD, approveAtSandbox } from "./network-helpers";
import { createKey } from "./api-key-helpers";
import { API_SCOPES } from "../../schema/api/api-keys";
import type { MCP_TOOL_NAMES } from "../../worker/services/api/mcp/tools";

export type Fixture = {
  /** The owner, with `projectId` set to the fixture project (made through POST /api/projects). */
  owner: TestUser;
  projectId: string;
  projectDocumentId: string;
  brainDocumentId: string;
  accountId: string;
  postId: string;
  failedPostId: string;
  campaignId: string;
  media: MediaInfo;
  /** The uploaded image's id in the project's media library (decision 287). */
  mediaId: string;
  /** An OAuth flow the owner started and has not finished (its state is the owner's). */
  pendingState: string;
  /** One of the owner's API keys (decision 210). */
  apiKeyId: string;
  /** A webhook endpoint of the project and one finished delivery of it (decision 210). */
  webhookId: string;
  deliveryId: string;
  /** A feed the project follows (decision 284). */
  feedId: string;
};

/** A webhook of the fixture project with one failed delivery (inserted: no network involved). */
async function fixtureWebhook(f: { owner: TestUser; projectId: string }): Promise<{ webhookId: string; deliveryId: string }> {
  const res = await json(f.owner, "POST", `/api/projects/${f.projectId}/webhooks`, { url: "https://hooks.example.com/fixture", events: ["post.failed"] });
  const hook = await ok<{ id: string }>(res, 201, "webhook");
  const deliveryId = crypto.randomUUID();
  await env.DB.prepare(
    "insert into webhook_deliveries (id, webhook_id, project_id, event_id, event, payload, status, attempts, response_code, created_at) values (?, ?, ?, 'evt_fixture', 'post.failed', '{}', 'failed', 3, 500, ?)",
  )
    .bind(deliveryId, hook.id, f.projectId, Date.now())
    .run();
  return { webhookId: hook.id, deliveryId };
}

/** A feed the project follows (added through the API; never polled in these tests). */
async function fixtureFeed(f: { owner: TestUser; projectId: string }): Promise<string> {
  const res = await json(f.owner, "POST", `/api/projects/${f.projectId}/feeds`, { url: `https://news.example.com/${crypto.randomUUID()}/feed.xml` });
  return (await ok<{ id: string }>(res, 201, "feed")).id;
}

/** A request: path params (filled from the fixture unless given), query, and a JSON or form body. */
export type Req = {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  form?: () => FormData;
  /** Extra headers (e.g. a fresh client IP for the rate-limited auth routes). */
  headers?: Record<string, string>;
  /** Send as this user instead (public auth routes that need a particular caller). */
  as?: TestUser | { cookie: string } | null;
};

export type RouteCase = {
  /**
   * owned: the route acts on a resource named in the request (path id, query id, OAuth state):
   *   another user is answered exactly like for a missing resource (404 unless `otherStatus`).
   * caller: the route acts only on the caller's own data (their project list, their account):
   *   another user succeeds on their own data and the owner's rows stay untouched.
   * public: no session needed (auth endpoints, health, the API description).
   */
  rule: "owned" | "caller" | "public";
  /** The owner's success status. */
  status: number;
  /** The sample request (valid body for mutating routes), built from the fixture. */
  request?: (f: Fixture) => Req;
  /** Runs before the owner's (successful) request only: a fresh resource the success consumes. */
  prepare?: (f: Fixture) => Promise<Req>;
  /** What another user gets when that differs from 404 (with why, in a comment). */
  otherStatus?: number;
  /** Runs after every other case (it ends the owner). */
  last?: boolean;
};

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 1, 2, 3, 4]);
const BRAND_TEXT =
  "Acme Outdoors makes lightweight hiking gear in Oregon. The Summit 30 daypack weighs 820 grams and carries 30 liters. " +
  "Every pack is repaired for free for life, and our voice is warm, direct and practical.";

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();

function projectForm(name: string): FormData {
  const fd = new FormData();
  fd.append("name", name);
  fd.append("industry", "technology");
  fd.append("brand_voice", "casual");
  fd.append("description", "Small-batch coffee roasted in Lisbon, sold online");
  fd.append("documents", new File([strToU8("Our brand is warm, direct and a bit funny.\n")], "brand.txt"));
  return fd;
}

function loginForm(email: string, password: string): FormData {
  const fd = new FormData();
  fd.append("email", email);
  fd.append("password", password);
  return fd;
}

function imageForm(): FormData {
  const fd = new FormData();
  fd.set("file", new File([PNG as BlobPart], "logo.png", { type: "image/png" }));
  return fd;
}

function campaignBody() {
  const start = day(2);
  const times = campaignSchedule({ count: 2, duration: 2, startDate: start, startTime: "09:00", timeZone: "Europe/Berlin" });
  return {
    prompt: "Launch week for the new roast",
    post_count: 2,
    duration: 2,
    platforms: ["twitter"],
    start_date: start,
    start_time: "09:00",
    time_zone: "Europe/Berlin",
    posts: times.map((t, i) => ({ content: `Campaign post ${i + 1}`, hashtags: ["Roast"], platform: "twitter", scheduled_for: new Date(t).toISOString() })),
  };
}

async function ok<T>(res: Response, status: number, what: string): Promise<T> {
  if (res.status !== status) throw new Error(`fixture: ${what} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** Adds a text document to the brain and waits until the real queue consumer has processed it. */
export async function readyBrainDocument(owner: TestUser, projectId: string, title = "About Acme"): Promise<string> {
  const doc = await ok<BrainDocumentDto>(
    await json(owner, "POST", `/api/projects/${projectId}/brain/documents`, { title, content: BRAND_TEXT }),
    202,
    "brain document",
  );
  for (let i = 0; i < 150; i++) {
    const row = await env.DB.prepare("select status from brain_documents where id = ?").bind(doc.id).first<{ status: string }>();
    if (row?.status === "ready") return doc.id;
    if (row?.status === "failed") throw new Error("fixture: brain document failed");
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("fixture: brain document never became ready");
}

export async function buildFixture(): Promise<Fixture> {
  const signedIn = await signIn();
  const created = await call("/api/projects", { method: "POST", headers: { cookie: signedIn.cookie, origin: ORIGIN }, body: projectForm("Acme Coffee") });
  const project = await ok<Project>(created, 201, "project");
  const owner: TestUser = { ...signedIn, projectId: project.id };
  const docs = await ok<ProjectDocument[]>(await json(owner, "GET", `/api/projects/${project.id}/documents`), 200, "project documents");
  const brainDocumentId = await readyBrainDocument(owner, project.id);
  const account = await connectAccount(owner, "twitter");
  const post = await ok<Post>(
    await json(owner, "POST", `/api/projects/${project.id}/posts`, {
      content: "Fresh roast on Friday",
      platform: "twitter",
      scheduled_for: inDays(3),
      mode: "schedule",
    }),
    201,
    "post",
  );
  const failedPostId = await insertPost(project.id, {
    status: "failed",
    errorMessage: "Rate limited by the platform",
    publishAttempts: 3,
    scheduledFor: Date.now() - 60_000,
  });
  const campaign = await ok<CampaignWithPosts>(await json(owner, "POST", `/api/projects/${project.id}/campaigns`, campaignBody()), 201, "campaign");
  const media = await ok<MediaInfo>(
    await call(`/api/projects/${project.id}/media`, { method: "POST", headers: { cookie: owner.cookie, origin: ORIGIN }, body: imageForm() }),
    201,
    "media",
  );
  const library = await ok<{ id: string; url: string }[]>(await json(owner, "GET", `/api/projects/${project.id}/media`), 200, "media library");
  const mediaId = library.find((m) => m.url === media.url)!.id;
  const start = await ok<{ url: string }>(await json(owner, "GET", `/api/oauth/twitter/start?projectId=${project.id}`), 200, "oauth start");
  const pendingState = new URL(start.url).searchParams.get("state")!;
  return {
    owner,
    projectId: project.id,
    projectDocumentId: docs[0]!.id,
    brainDocumentId,
    accountId: account.id,
    postId: post.id,
    failedPostId,
    campaignId: campaign.id,
    media,
    mediaId,
    pendingState,
    apiKeyId: (await createKey(owner, { scopes: ["read"], name: "Fixture key" })).id,
    ...(await fixtureWebhook({ owner, projectId: project.id })),
    feedId: await fixtureFeed({ owner, projectId: project.id }),
  };
}

const freshIp = () => ({ "cf-connecting-ip": randomIp() });

/** Signs up through the API and returns the address (its verify link is in the dev outbox). */
async function signedUp(): Promise<{ email: string; password: string }> {
  const email = randomEmail("doc");
  const res = await call("/api/auth/signup", {
    method: "POST",
    headers: { origin: ORIGIN, "content-type": "application/json", ...freshIp() },
    body: JSON.stringify({ email, password: "secret123" }),
  });
  if (res.status !== 201) throw new Error(`fixture: signup ${res.status}`);
  return { email, password: "secret123" };
}

/** A signed-up account whose address is verified (through its mailed link), ready for password sign-in. */
async function verifiedSignUp(): Promise<{ email: string; password: string }> {
  const account = await signedUp();
  const token = (await lastLink(account.email)).searchParams.get("magic");
  const res = await call("/api/auth/magic-link/verify", {
    method: "POST",
    headers: { origin: ORIGIN, "content-type": "application/json", ...freshIp() },
    body: JSON.stringify({ token }),
  });
  if (res.status !== 200) throw new Error(`fixture: verify ${res.status}`);
  return account;
}

/** Keyed "METHOD /api/path" exactly as in the route table. */
export const ROUTE_CASES: Record<string, RouteCase> = {
  // Public: no session, no owner.
  "GET /api/health": { rule: "public", status: 200 },
  "GET /api/openapi.json": { rule: "public", status: 200 },
  "GET /api/docs": { rule: "public", status: 200 },
  "GET /api/auth/session": { rule: "public", status: 200 },
  "POST /api/auth/signup": {
    rule: "public",
    status: 201,
    request: () => ({ body: { email: randomEmail("su"), password: "secret123" }, headers: freshIp(), as: null }),
  },
  "POST /api/auth/login": {
    rule: "public",
    status: 200,
    prepare: async () => ({ body: await verifiedSignUp(), headers: freshIp(), as: null }),
  },
  "POST /api/auth/login/form": {
    rule: "public",
    status: 303,
    prepare: async () => {
      const { email, password } = await verifiedSignUp();
      return { form: () => loginForm(email, password), headers: freshIp(), as: null };
    },
  },
  "POST /api/auth/verify-email": { rule: "public", status: 200, request: () => ({ body: { email: randomEmail("ve") }, headers: freshIp(), as: null }) },
  "POST /api/auth/magic-link": { rule: "public", status: 200, request: () => ({ body: { email: randomEmail("ml") }, headers: freshIp(), as: null }) },
  "POST /api/auth/magic-link/verify": {
    rule: "public",
    status: 200,
    prepare: async () => {
      const { email } = await signedUp();
      return { body: { token: (await lastLink(email)).searchParams.get("magic") }, headers: freshIp(), as: null };
    },
  },
  "POST /api/auth/reset-password": { rule: "public", status: 200, request: () => ({ body: { email: randomEmail("rp") }, headers: freshIp(), as: null }) },
  "POST /api/auth/update-password": {
    rule: "public",
    status: 200,
    prepare: async () => {
      const { email, password } = await verifiedSignUp();
      const login = await call("/api/auth/login", {
        method: "POST",
        headers: { origin: ORIGIN, "content-type": "application/json", ...freshIp() },
        body: JSON.stringify({ email, password }),
      });
      return { body: { password: "another-secret", confirmPassword: "another-secret", currentPassword: password }, as: { cookie: sessionCookieOf(login) } };
    },
  },
  "POST /api/auth/logout": {
    rule: "public",
    status: 200,
    prepare: async () => ({ as: await signIn() }),
  },

  // The caller's own account and project list.
  "GET /api/projects": { rule: "caller", status: 200 },
  "POST /api/projects": { rule: "caller", status: 201, request: () => ({ form: () => projectForm("Second Brand") }) },
  "DELETE /api/account": { rule: "caller", status: 200, last: true },

  // Projects.
  "GET /api/projects/:projectId": { rule: "owned", status: 200 },
  "PATCH /api/projects/:projectId": { rule: "owned", status: 200, request: () => ({ body: { name: "Renamed Brand" } }) },
  "DELETE /api/projects/:projectId": {
    rule: "owned",
    status: 204,
    request: () => ({ body: { name: "Acme Coffee" } }),
    // The success deletes a project of its own, not the fixture's.
    prepare: async (f) => {
      const res = await call("/api/projects", { method: "POST", headers: { cookie: f.owner.cookie, origin: ORIGIN }, body: projectForm("Short-lived Brand") });
      const project = await ok<Project>(res, 201, "project to delete");
      return { params: { projectId: project.id }, body: { name: "Short-lived Brand" } };
    },
  },
  "PATCH /api/projects/:projectId/onboarding": { rule: "owned", status: 200, request: () => ({ body: { has_seen_onboarding: true } }) },
  "GET /api/projects/:projectId/documents": { rule: "owned", status: 200 },
  "DELETE /api/projects/:projectId/documents/:documentId": {
    rule: "owned",
    status: 204,
    request: (f) => ({ params: { documentId: f.projectDocumentId } }),
  },
  "GET /api/projects/:projectId/progress": { rule: "owned", status: 200 },

  // Brain.
  "GET /api/projects/:projectId/brain/documents": { rule: "owned", status: 200 },
  "POST /api/projects/:projectId/brain/documents": { rule: "owned", status: 202, request: () => ({ body: { title: "Notes", content: BRAND_TEXT } }) },
  "GET /api/projects/:projectId/brain/documents/:documentId": { rule: "owned", status: 200, request: (f) => ({ params: { documentId: f.brainDocumentId } }) },
  "DELETE /api/projects/:projectId/brain/documents/:documentId": {
    rule: "owned",
    status: 204,
    request: (f) => ({ params: { documentId: f.brainDocumentId } }),
    prepare: async (f) => ({ params: { documentId: await readyBrainDocument(f.owner, f.projectId, "To delete") } }),
  },
  "GET /api/projects/:projectId/brain/summary": { rule: "owned", status: 200 },
  "GET /api/projects/:projectId/brain/index": { rule: "owned", status: 200 },
  "POST /api/projects/:projectId/brain/query": {
    rule: "owned",
    status: 200,
    request: () => ({ body: { question: "How much does the Summit 30 daypack weigh?" } }),
  },
  "PATCH /api/projects/:projectId/brain/segments/:segmentId": {
    rule: "owned",
    status: 200,
    request: () => ({ params: { segmentId: "no-such-passage" }, body: { role: "team" } }),
    prepare: async (f) => ({
      params: {
        segmentId: (await env.DB.prepare("select id from brain_segments where document_id = ? order by segment_index")
          .bind(f.brainDocumentId)
          .first<{ id: string }>())!.id,
      },
    }),
  },

  // Social accounts and the OAuth flow.
  "GET /api/projects/:projectId/social-accounts": { rule: "owned", status: 200 },
  "GET /api/social-networks": { rule: "caller", status: 200 },
  "DELETE /api/social-accounts/:accountId": {
    rule: "owned",
    status: 200,
    prepare: async (f) => ({ params: { accountId: (await connectAccount(f.owner, "instagram")).id } }),
  },
  "GET /api/oauth/:platform/start": { rule: "owned", status: 200, request: (f) => ({ query: { projectId: f.projectId } }) },
  "POST /api/oauth/:platform/callback": {
    rule: "owned",
    status: 200,
    // The state names the resource (a flow of the owner's project). It is bound to its user, so
    // another user's attempt is answered exactly like an unknown state: 400 "Invalid state parameter",
    // and the owner's pending state stays (the delete matches on state AND user).
    otherStatus: 400,
    request: (f) => ({ body: { code: "code-of-the-owner", state: f.pendingState } }),
    prepare: async (f) => {
      const { code, state } = await authorizeAtSandbox(f.owner, "twitter", `u${crypto.randomUUID().slice(0, 8)}`);
      return { body: { code, state } };
    },
  },

  // Connect flows of decision 140: Bluesky's app password, Facebook's Page choice.
  "POST /api/projects/:projectId/social-accounts/:platform": {
    rule: "owned",
    status: 200,
    request: () => ({ params: { platform: "bluesky" }, body: { identifier: `m${crypto.randomUUID().slice(0, 8)}.bsky.social`, password: APP_PASSWORD } }),
  },
  "POST /api/oauth/:platform/choose": {
    rule: "owned",
    status: 200,
    // A choice is bound to the user who connected; another user's (or an unknown) choice is 404.
    request: () => ({ params: { platform: "facebook" }, body: { choice: "no-such-choice", option_id: "1" } }),
    prepare: async (f) => {
      const { code, state } = await approveAtSandbox(f.owner, "facebook", `m${crypto.randomUUID().slice(0, 8)}`);
      const res = await json(f.owner, "POST", "/api/oauth/facebook/callback", { code, state });
      const choice = (await res.json()) as { choice: string; options: { id: string }[] };
      return { params: { platform: "facebook" }, body: { choice: choice.choice, option_id: choice.options[0]!.id } };
    },
  },

  // Posts and media.
  "GET /api/projects/:projectId/posts": { rule: "owned", status: 200 },
  "GET /api/projects/:projectId/calendar": { rule: "owned", status: 200 },
  "POST /api/projects/:projectId/posts": {
    rule: "owned",
    status: 201,
    request: (f) => ({
      body: { content: "Weekend special", platform: "twitter", hashtags: ["coffee"], scheduled_for: inDays(4), mode: "schedule", media_info: f.media },
    }),
  },
  "POST /api/projects/:projectId/media": { rule: "owned", status: 201, request: () => ({ form: imageForm }) },
  // The media library (decision 287).
  "GET /api/projects/:projectId/media": { rule: "owned", status: 200 },
  "PATCH /api/projects/:projectId/media/:mediaId": { rule: "owned", status: 200, request: () => ({ body: { alt_text: "A bag of fresh roast" } }) },
  "DELETE /api/projects/:projectId/media/:mediaId": {
    rule: "owned",
    status: 204,
    // A fresh upload: the fixture's image stays for the other cases.
    prepare: async (f) => {
      const fresh = await ok<MediaInfo>(
        await call(`/api/projects/${f.projectId}/media`, { method: "POST", headers: { cookie: f.owner.cookie, origin: ORIGIN }, body: imageForm() }),
        201,
        "media",
      );
      const items = await ok<{ id: string; url: string }[]>(await json(f.owner, "GET", `/api/projects/${f.projectId}/media`), 200, "media library");
      return { params: { mediaId: items.find((m) => m.url === fresh.url)!.id } };
    },
  },
  "GET /api/posts/:postId": { rule: "owned", status: 200 },
  "PATCH /api/posts/:postId": { rule: "owned", status: 200, request: () => ({ body: { content: "Fresh roast on Saturday", hashtags: ["roast"] } }) },
  "DELETE /api/posts/:postId": {
    rule: "owned",
    status: 204,
    prepare: async (f) => ({ params: { postId: await insertPost(f.projectId, { scheduledFor: Date.now() + 86_400_000 }) } }),
  },
  "POST /api/posts/:postId/publish": {
    rule: "owned",
    status: 200,
    prepare: async (f) => ({ params: { postId: await insertPost(f.projectId, { scheduledFor: Date.now() + 86_400_000 }) } }),
  },
  "POST /api/posts/:postId/retry": {
    rule: "owned",
    status: 200,
    request: (f) => ({ params: { postId: f.failedPostId } }),
    prepare: async (f) => ({ params: { postId: await insertPost(f.projectId, { status: "failed", errorMessage: "Timed out" }) } }),
  },

  // Generation, campaigns, dashboard.
  "POST /api/projects/:projectId/generate": {
    rule: "owned",
    status: 200,
    request: () => ({ body: { prompt: "Announce the Summit 30 daypack", type: "social_post" } }),
  },
  "GET /api/projects/:projectId/campaigns": { rule: "owned", status: 200 },
  "POST /api/projects/:projectId/campaigns": { rule: "owned", status: 201, request: () => ({ body: campaignBody() }) },
  "GET /api/campaigns/:campaignId": { rule: "owned", status: 200 },
  // The writer's tools on a draft (decisions 225, 227).
  "POST /api/projects/:projectId/claims": { rule: "owned", status: 200, request: () => ({ body: { content: "The Summit 30 daypack is £45 this Friday." } }) },
  "GET /api/projects/:projectId/assist": { rule: "owned", status: 200 },
  "POST /api/projects/:projectId/assist": {
    rule: "owned",
    status: 200,
    request: () => ({ body: { action: "hashtags", content: "The Summit 30 daypack carries 30 liters.", platform: "instagram" } }),
  },
  "GET /api/projects/:projectId/dashboard": { rule: "owned", status: 200 },

  // Planner (decision 150): posting schedule, queue, recurring series, bulk, CSV.
  "GET /api/projects/:projectId/slots": { rule: "owned", status: 200 },
  "PUT /api/projects/:projectId/slots": {
    rule: "owned",
    status: 200,
    request: () => ({ body: { time_zone: "Europe/Berlin", slots: [{ platform: "twitter", weekday: 2, time: "09:30" }] } }),
  },
  "POST /api/projects/:projectId/queue": {
    rule: "owned",
    status: 201,
    request: () => ({ body: { content: "Queued roast notes", platform: "twitter" } }),
    prepare: async (f) => {
      await json(f.owner, "PUT", `/api/projects/${f.projectId}/slots`, {
        time_zone: "UTC",
        slots: [
          { platform: "twitter", weekday: 4, time: "07:00" },
          { platform: "twitter", weekday: 1, time: "07:00" },
        ],
      });
      return {};
    },
  },
  "POST /api/projects/:projectId/queue/slots": { rule: "owned", status: 200, request: () => ({ body: { platforms: ["twitter"] } }) },
  "POST /api/projects/:projectId/series": {
    rule: "owned",
    status: 201,
    request: () => ({
      body: {
        content: "Weekly tasting",
        platform: "twitter",
        recurrence: { start_date: day(3), time: "10:00", time_zone: "UTC", every: 1, unit: "week", count: 3 },
      },
    }),
  },
  "PATCH /api/posts/:postId/series": {
    rule: "owned",
    status: 200,
    request: () => ({ body: { content: "Weekly tasting, new format", time_zone: "UTC" } }),
    prepare: async (f) => {
      const res = await json(f.owner, "POST", `/api/projects/${f.projectId}/series`, {
        content: "Weekly cupping",
        platform: "twitter",
        recurrence: { start_date: day(4), time: "11:00", time_zone: "UTC", every: 1, unit: "week", count: 2 },
      });
      const series = (await res.json()) as { posts: Post[] };
      return { params: { postId: series.posts[0]!.id } };
    },
  },
  "POST /api/projects/:projectId/posts/bulk": {
    rule: "owned",
    status: 200,
    request: (f) => ({ body: { ids: [f.postId], action: "move", days: 1, time_zone: "UTC" } }),
  },
  "GET /api/projects/:projectId/posts/export": {
    rule: "owned",
    status: 200,
    request: () => ({ query: { from: inDays(-30), to: inDays(60), time_zone: "UTC" } }),
  },
  "POST /api/projects/:projectId/import/check": {
    rule: "owned",
    status: 200,
    request: () => ({ body: { time_zone: "UTC", rows: [{ content: "Imported roast", network: "twitter", date: day(6), time: "08:00" }] } }),
  },
  "GET /api/projects/:projectId/analytics": { rule: "owned", status: 200, request: () => ({ query: { days: "30", time_zone: "UTC" } }) },
  "GET /api/posts/:postId/metrics": { rule: "owned", status: 200 },
  "POST /api/projects/:projectId/import": {
    rule: "owned",
    status: 200,
    request: () => ({ body: { time_zone: "UTC", rows: [{ content: "Imported roast", network: "twitter", date: day(6), time: "08:00" }] } }),
  },

  // API keys (decision 210): the caller's own keys; revoking names a key.
  "GET /api/account/api-keys": { rule: "caller", status: 200 },
  "POST /api/account/api-keys": { rule: "caller", status: 201, request: () => ({ body: { name: "CI", scopes: ["read"] } }) },
  "DELETE /api/account/api-keys/:keyId": {
    rule: "owned",
    status: 200,
    request: (f) => ({ params: { keyId: f.apiKeyId } }),
    prepare: async (f) => ({ params: { keyId: (await createKey(f.owner, { scopes: ["read"], name: "To revoke" })).id } }),
  },

  // Webhooks (decision 210): a project's endpoints; the endpoint and delivery routes name their row.
  "GET /api/projects/:projectId/webhooks": { rule: "owned", status: 200 },
  "POST /api/projects/:projectId/webhooks": {
    rule: "owned",
    status: 201,
    request: () => ({ body: { url: "https://hooks.example.com/brandpilot", events: ["post.published"] } }),
  },
  "GET /api/webhooks/:webhookId/deliveries": { rule: "owned", status: 200 },
  "DELETE /api/webhooks/:webhookId": {
    rule: "owned",
    status: 204,
    prepare: async (f) => ({ params: { webhookId: (await fixtureWebhook(f)).webhookId } }),
  },
  "POST /api/webhook-deliveries/:deliveryId/resend": { rule: "owned", status: 202 },

  // RSS to drafts (decision 284): a project's feeds; the delete names its row.
  "GET /api/projects/:projectId/feeds": { rule: "owned", status: 200 },
  "POST /api/projects/:projectId/feeds": {
    rule: "owned",
    status: 201,
    request: () => ({ body: { url: "https://news.example.com/blog/rss.xml", mode: "queue" } }),
  },
  "DELETE /api/feeds/:feedId": { rule: "owned", status: 204, prepare: async (f) => ({ params: { feedId: await fixtureFeed(f) } }) },

  // Public API v1: sent with the caller's API key (every scope; see `send`), never a cookie.
  "GET /api/v1/openapi.json": { rule: "public", status: 200 },
  "GET /api/v1/projects": { rule: "caller", status: 200 },
  "GET /api/v1/projects/:projectId": { rule: "owned", status: 200 },
  "GET /api/v1/projects/:projectId/brain/documents": { rule: "owned", status: 200 },
  "POST /api/v1/projects/:projectId/brain/documents": { rule: "owned", status: 202, request: () => ({ body: { title: "API notes", content: BRAND_TEXT } }) },
  "GET /api/v1/projects/:projectId/brain/documents/:documentId": {
    rule: "owned",
    status: 200,
    request: (f) => ({ params: { documentId: f.brainDocumentId } }),
  },
  "POST /api/v1/projects/:projectId/brain/query": {
    rule: "owned",
    status: 200,
    request: () => ({ body: { question: "How much does the Summit 30 daypack weigh?" } }),
  },
  "GET /api/v1/projects/:projectId/posts": { rule: "owned", status: 200, request: () => ({ query: { limit: "2" } }) },
  "POST /api/v1/projects/:projectId/posts": {
    rule: "owned",
    status: 201,
    request: (f) => ({
      body: { content: "API roast", networks: ["twitter"], hashtags: ["coffee"], scheduled_for: inDays(5), mode: "schedule", media_info: f.media },
      headers: { "idempotency-key": "matrix-create" },
    }),
  },
  "GET /api/v1/posts/:postId": { rule: "owned", status: 200 },
  "PATCH /api/v1/posts/:postId": { rule: "owned", status: 200, request: () => ({ body: { content: "Fresh roast on Sunday" } }) },
  "DELETE /api/v1/posts/:postId": {
    rule: "owned",
    status: 204,
    prepare: async (f) => ({ params: { postId: await insertPost(f.projectId, { scheduledFor: Date.now() + 86_400_000 }) } }),
  },
  "POST /api/v1/posts/:postId/publish": {
    rule: "owned",
    status: 200,
    prepare: async (f) => ({ params: { postId: await insertPost(f.projectId, { scheduledFor: Date.now() + 86_400_000 }) } }),
  },
  "POST /api/v1/posts/:postId/review": {
    rule: "owned",
    status: 201,
    request: () => ({ body: { decision: "approve" } }),
    prepare: async (f) => {
      const id = await insertPost(f.projectId, { scheduledFor: Date.now() + 5 * 86_400_000 });
      await env.DB.prepare("update posts set status = 'in_review' where id = ?").bind(id).run();
      return { params: { postId: id } };
    },
  },
  "GET /api/v1/posts/:postId/analytics": { rule: "owned", status: 200 },
  "POST /api/v1/projects/:projectId/media": { rule: "owned", status: 201, request: () => ({ form: imageForm }) },
  "POST /api/v1/projects/:projectId/generate": {
    rule: "owned",
    status: 200,
    request: () => ({ body: { prompt: "Announce the Summit 30 daypack", type: "social_post" } }),
  },
  "POST /api/v1/projects/:projectId/campaigns": { rule: "owned", status: 201, request: () => ({ body: campaignBody() }) },
  "GET /api/v1/projects/:projectId/social-accounts": { rule: "owned", status: 200 },
  "GET /api/v1/projects/:projectId/analytics": { rule: "owned", status: 200, request: () => ({ query: { days: "30", time_zone: "UTC" } }) },
};

/** A pending invitation of the fixture's project to a fresh address; its id and mailed token. */
async function pendingInvitation(f: Fixture, role = "editor"): Promise<{ id: string; token: string; email: string }> {
  const email = randomEmail("inv");
  const inv = await ok<{ id: string }>(await json(f.owner, "POST", `/api/projects/${f.projectId}/invitations`, { email, role }), 201, "invitation");
  const token = (await lastLink(email)).pathname.split("/").pop()!;
  return { id: inv.id, token, email };
}

/** A review link of the fixture's post, made by the owner: its id and token. */
export async function reviewLink(f: Fixture): Promise<{ id: string; token: string }> {
  const link = await ok<{ id: string; url: string }>(
    await json(f.owner, "POST", `/api/projects/${f.projectId}/review-links`, { post_ids: [f.postId] }),
    201,
    "review link",
  );
  return { id: link.id, token: new URL(link.url).pathname.split("/").pop()! };
}

/** A member added to the fixture's project (as accepting an invitation would). */
async function addedMember(f: Fixture, role = "editor"): Promise<string> {
  const member = await signIn();
  await env.DB.prepare("insert into project_members (project_id, user_id, role, created_at) values (?, ?, ?, ?)")
    .bind(f.projectId, member.userId, role, Date.now())
    .run();
  return member.userId;
}

// Team (decision 200): members, invitations, activity.
Object.assign(ROUTE_CASES, {
  "GET /api/projects/:projectId/members": { rule: "owned", status: 200 },
  "POST /api/projects/:projectId/invitations": { rule: "owned", status: 201, request: () => ({ body: { email: randomEmail("inv"), role: "editor" } }) },
  "POST /api/projects/:projectId/invitations/:invitationId/resend": {
    rule: "owned",
    status: 200,
    request: () => ({ params: { invitationId: "00000000-0000-4000-8000-000000000000" } }),
    prepare: async (f) => ({ params: { invitationId: (await pendingInvitation(f)).id } }),
  },
  "DELETE /api/projects/:projectId/invitations/:invitationId": {
    rule: "owned",
    status: 204,
    request: () => ({ params: { invitationId: "00000000-0000-4000-8000-000000000000" } }),
    prepare: async (f) => ({ params: { invitationId: (await pendingInvitation(f)).id } }),
  },
  "PATCH /api/projects/:projectId/members/:userId": {
    rule: "owned",
    status: 200,
    request: (f) => ({ params: { userId: f.owner.userId }, body: { role: "reviewer" } }),
    prepare: async (f) => ({ params: { userId: await addedMember(f) } }),
  },
  "DELETE /api/projects/:projectId/members/:userId": {
    rule: "owned",
    status: 204,
    request: (f) => ({ params: { userId: f.owner.userId } }),
    prepare: async (f) => ({ params: { userId: await addedMember(f) } }),
  },
  // Another user holding a token that is not theirs gets 404 for a missing one; the owner accepts
  // an invitation to a project of someone else, mailed to the owner's address.
  "POST /api/invitations/accept": {
    rule: "owned",
    status: 200,
    request: () => ({ body: { token: "x".repeat(43) } }),
    prepare: async (f) => {
      const inviter = await signIn();
      const res = await json(inviter, "POST", `/api/projects/${inviter.projectId}/invitations`, { email: f.owner.email, role: "reviewer" });
      if (res.status !== 201) throw new Error(`fixture: invitation ${res.status}`);
      return { body: { token: (await lastLink(f.owner.email)).pathname.split("/").pop() } };
    },
  },
  "GET /api/projects/:projectId/activity": { rule: "owned", status: 200 },
  "GET /api/projects/:projectId/comment-counts": {
    rule: "owned",
    status: 200,
    request: () => ({ query: { from: new Date(Date.now() - 30 * 86_400_000).toISOString(), to: new Date(Date.now() + 30 * 86_400_000).toISOString() } }),
  },
  "GET /api/posts/:postId/comments": { rule: "owned", status: 200 },
  "POST /api/posts/:postId/comments": { rule: "owned", status: 201, request: () => ({ body: { body: "Could we say Friday morning?" } }) },
  "POST /api/posts/:postId/review": {
    rule: "owned",
    status: 201,
    request: () => ({ body: { decision: "approve" } }),
    // The owner approves a post In review of their own.
    prepare: async (f) => {
      const id = await insertPost(f.projectId, { scheduledFor: Date.now() + 5 * 86_400_000 });
      await env.DB.prepare("update posts set status = 'in_review' where id = ?").bind(id).run();
      return { params: { postId: id } };
    },
  },
  // Review links (decision 265): the public routes take the token a link made by the owner.
  "GET /api/projects/:projectId/review-links": { rule: "owned", status: 200 },
  "POST /api/projects/:projectId/review-links": { rule: "owned", status: 201, request: (f) => ({ body: { post_ids: [f.postId] } }) },
  "DELETE /api/projects/:projectId/review-links/:linkId": {
    rule: "owned",
    status: 204,
    request: () => ({ params: { linkId: "00000000-0000-4000-8000-000000000000" } }),
    prepare: async (f) => ({ params: { linkId: (await reviewLink(f)).id } }),
  },
  "GET /api/review/:token": {
    rule: "public",
    status: 200,
    request: () => ({ params: { token: "x".repeat(43) }, as: null }),
    prepare: async (f) => ({ params: { token: (await reviewLink(f)).token } }),
  },
  "POST /api/review/:token/posts/:postId/decision": {
    rule: "public",
    status: 201,
    request: () => ({ params: { token: "x".repeat(43) }, body: { decision: "request_changes", name: "Dana", comment: "Friday, please" }, as: null }),
    prepare: async (f) => ({ params: { token: (await reviewLink(f)).token } }),
  },
} satisfies Record<string, RouteCase>);

/** Path params by name, from the fixture (documentId is per route: brain vs project documents). */
function defaultParams(f: Fixture): Record<string, string> {
  return {
    projectId: f.projectId,
    postId: f.postId,
    campaignId: f.campaignId,
    accountId: f.accountId,
    platform: "twitter",
    keyId: f.apiKeyId,
    webhookId: f.webhookId,
    deliveryId: f.deliveryId,
    feedId: f.feedId,
    mediaId: f.mediaId,
  };
}

/** The sample request of `routeKey` (merged with a prepared one), ready to send. */
export function sampleRequest(routeKey: string, f: Fixture, prepared: Req = {}): Req {
  const c = ROUTE_CASES[routeKey];
  const base = c?.request?.(f) ?? {};
  return { ...base, ...prepared, params: { ...defaultParams(f), ...base.params, ...prepared.params } };
}

/** Fills the route's path, returns the concrete URL path (+ query). */
export function urlOf(routeKey: string, req: Req): { method: string; pathname: string; url: string } {
  const [method, pattern] = routeKey.split(" ") as [string, string];
  const pathname = pattern.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    const v = req.params?.[name];
    if (v === undefined) throw new Error(`${routeKey}: no value for path param :${name}`);
    return encodeURIComponent(v);
  });
  const qs = req.query ? `?${new URLSearchParams(req.query)}` : "";
  return { method, pathname, url: pathname + qs };
}

// Each caller's API key (every scope) for the /api/v1 routes, made once through the settings API.
const KEYS = new Map<string, Promise<string>>();
function keyOf(caller: { cookie: string }): Promise<string> {
  let key = KEYS.get(caller.cookie);
  if (!key) {
    key = call("/api/account/api-keys", {
      method: "POST",
      headers: { cookie: caller.cookie, origin: ORIGIN, "content-type": "application/json" },
      body: JSON.stringify({ name: "Matrix", scopes: API_SCOPES }),
    })
      .then((r) => ok<{ key: string }>(r, 201, "api key"))
      .then((k) => k.key);
    KEYS.set(caller.cookie, key);
  }
  return key;
}

/**
 * Sends `req` as `who` (a user, or null for anonymous); `req.as` overrides the caller. The public
 * API (/api/v1) takes the caller's API key instead of the cookie; `keySecret` sends that key alone.
 */
export async function send(routeKey: string, req: Req, who: TestUser | { cookie: string } | null, keySecret?: string): Promise<Response> {
  const caller = keySecret ? null : req.as !== undefined ? req.as : who;
  const { method, url, pathname } = urlOf(routeKey, req);
  const headers: Record<string, string> = { origin: ORIGIN, ...(keySecret ? { authorization: `Bearer ${keySecret}` } : {}), ...req.headers };
  if (caller && pathname.startsWith("/api/v1/")) headers.authorization = `Bearer ${await keyOf(caller)}`;
  else if (caller) headers.cookie = caller.cookie;
  let body: BodyInit | undefined;
  if (req.form) body = req.form();
  else if (req.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(req.body);
  }
  // A redirect (the /login form's 303, decision 326) is the route's answer, not something to follow.
  return call(url, { method, headers, body, redirect: "manual" });
}

/**
 * /mcp (decision 245) is one POST route whose tools each name a project or post: one sample call
 * per tool, for the ownership matrix. "owned": another user's key is refused like a missing
 * project or post; "caller": it answers the caller's own data only.
 */
export const MCP_TOOL_CASES: Record<(typeof MCP_TOOL_NAMES)[number], { rule: "owned" | "caller"; args: (f: Fixture) => Record<string, unknown> }> = {
  list_projects: { rule: "caller", args: () => ({}) },
  ask_brain: { rule: "owned", args: (f) => ({ project_id: f.projectId, question: "Where is the coffee roasted?" }) },
  generate_posts: { rule: "owned", args: (f) => ({ project_id: f.projectId, prompt: "Announce the Friday roast" }) },
  schedule_post: {
    rule: "owned",
    args: (f) => ({ project_id: f.projectId, content: "Fresh roast on Saturday", networks: ["twitter"], scheduled_for: inDays(4) }),
  },
  list_calendar: { rule: "owned", args: (f) => ({ project_id: f.projectId, limit: 5 }) },
  reschedule_post: { rule: "owned", args: (f) => ({ post_id: f.postId, scheduled_for: inDays(5) }) },
  get_analytics: { rule: "owned", args: (f) => ({ post_id: f.postId }) },
};

/** Calls one MCP tool as `who` (their API key with every scope) or anonymously; answers the tool's result. */
export async function mcpToolCall(
  name: string,
  args: Record<string, unknown>,
  who: { cookie: string } | null,
): Promise<{ status: number; isError: boolean; text: string; code?: string }> {
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json, text/event-stream" };
  if (who) headers.authorization = `Bearer ${await keyOf(who)}`;
  const res = await call("/mcp", {
    method: "POST",
    headers,
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }),
  });
  const body = (await res.json()) as { result?: { isError?: boolean; content: { text: string }[] }; error?: { code: string } };
  if (!body.result) return { status: res.status, isError: true, text: JSON.stringify(body), code: body.error?.code };
  const text = body.result.content[0]?.text ?? "";
  const isError = !!body.result.isError;
  return { status: res.status, isError, text, code: isError ? (JSON.parse(text) as { error: { code: string } }).error.code : undefined };
}
