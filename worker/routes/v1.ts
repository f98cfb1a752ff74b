// The public API v1 (decision 212), mounted at /api/v1. Authenticated by API keys only
// (lib/api-key-auth.ts); every handler names the scope it needs in describeRoute and checks it,
// with the project, through services/api-keys/access.ts. Handlers stay thin: the app's services
// do the work, as their creator would through the screens.
import { Hono, type Context } from "hono";
import { z } from "zod";
import { idParam, postParam, projectParam } from "../../schema/api/common";
import { brainQuerySchema, brainTextDocumentSchema, brainUrlDocumentSchema } from "../../schema/api/brain";
import { brainQueryResponse } from "../../schema/api/brain-responses";
import { analyticsQuery } from "../../schema/api/analytics";
import { analyticsResponse, postMetricsResponse } from "../../schema/api/analytics-responses";
import { createCampaignSchema, generateRequestSchema } from "../../schema/api/campaigns";
import { campaignWithPostsResponse, generateResponse } from "../../schema/api/campaigns-responses";
import { MAX_IMAGE_BYTES, updatePostSchema } from "../../schema/api/posts";
import { postCommentResponse } from "../../schema/api/team-responses";
import { reviewDecisionSchema } from "../../schema/api/team";
import { mediaInfoResponse, postResponse } from "../../schema/api/posts-responses";
import {
  pageQuery,
  v1AccountPage,
  v1BrainDocument,
  v1BrainDocumentPage,
  v1CreatedPosts,
  v1CreatePostSchema,
  v1ListPostsQuery,
  v1MediaUrlSchema,
  v1PostPage,
  v1Project,
  v1ProjectPage,
} from "../../schema/api/v1";
import type { ApiScope } from "../../schema/api/api-keys";
import { allowedOrigin } from "./middleware/session";
import { serviceContext } from "./middleware/service-context";
import { apiKeyAuth, currentKey } from "./middleware/api-key";
import type { AppEnv } from "../lib/context";
import { badRequest, payloadTooLarge } from "../lib/errors";
import { describeRoute } from "../lib/openapi";
import { safeFetchBytes, SafeFetchError, scrapeOptions } from "../lib/safe-fetch";
import { validate } from "../lib/validate";
import { keyPost, keyProject, keyReaches, requireScope } from "../services/api/keys";
import { enforceKeyGenerationLimit } from "../services/api/keys";
import { idempotencyKeyOf, idempotent, requestFingerprint, type Stored } from "../services/api/v1";
import { checkIfMatch, createNetworkPosts, listPostPage, postEtag } from "../services/api/v1";
import { pageOf } from "../services/api/v1";
import { addTextDocument, addUrlDocument, getDocument, listDocuments } from "../services/brain";
import { queryBrain } from "../services/brain";
import { createCampaign } from "../services/campaigns";
import { generateContent } from "../services/posts";
import { storeImage, SIZE_MESSAGE, uploadImage } from "../services/posts";
import { deletePost, publishPostNow, updatePost } from "../services/posts";
import { decide } from "../services/posts";
import { listProjects } from "../services/projects";
import { listAccounts } from "../services/social";
import { getAnalytics, getPostMetrics } from "../services/analytics";
import { toV1Account, toV1BrainDocument, toV1Project } from "../services/api/v1";

type Ctx = Context<AppEnv>;
const documentParam = z.object({ projectId: idParam, documentId: idParam });
const brainDocumentSchema = z.union([brainTextDocumentSchema, brainUrlDocumentSchema]);
const MAX_UPLOAD_BODY = MAX_IMAGE_BYTES + 64 * 1024;
const sinceEpoch = (iso: string) => Date.parse(iso);

/** The calling key and the path's project, once the key may act on that project with `scope` (services/api/keys/access.ts). */
async function keyOnProject(c: Ctx, scope: ApiScope) {
  const key = currentKey(c);
  const projectId = c.req.param("projectId")!;
  await keyProject(c.get("db"), key, projectId, scope);
  return { key, projectId };
}

/** A create under Idempotency-Key: the first answer is stored and replayed (services/api-keys/idempotency.ts). */
async function idempotentCreate(c: Ctx, body: unknown, create: () => Promise<Stored>) {
  const key = idempotencyKeyOf(c.req.header("idempotency-key"));
  const fingerprint = await requestFingerprint(c.req.method, c.req.path, JSON.stringify(body ?? null));
  const result = await idempotent(c.get("db"), currentKey(c).id, key, fingerprint, create);
  if (result.replayed) c.header("idempotent-replayed", "true");
  return c.json(result.body as object, result.status as 200 | 201 | 202);
}

export const v1Routes = new Hono<AppEnv>()
  .use("*", apiKeyAuth)
  // Projects.
  .get(
    "/projects",
    describeRoute({ summary: "The projects this key reaches, oldest first", scope: "read", responses: { 200: v1ProjectPage } }),
    validate("query", pageQuery),
    async (c) => {
      const key = currentKey(c);
      requireScope(key, "read");
      const all = (await listProjects(serviceContext(c))).filter((p) => keyReaches(key, p.id)).map(toV1Project);
      return c.json(pageOf(all, (p) => ({ t: sinceEpoch(p.created_at), id: p.id }), c.req.valid("query")));
    },
  )
  .get(
    "/projects/:projectId",
    describeRoute({ summary: "One project", scope: "read", responses: { 200: v1Project } }),
    validate("param", projectParam),
    async (c) => {
      const { projectId } = await keyOnProject(c, "read");
      const [project] = (await listProjects(serviceContext(c))).filter((p) => p.id === projectId);
      return c.json(toV1Project(project!));
    },
  )
  // Brain.
  .get(
    "/projects/:projectId/brain/documents",
    describeRoute({ summary: "The brain's documents with their status", scope: "read", responses: { 200: v1BrainDocumentPage } }),
    validate("param", projectParam),
    validate("query", pageQuery),
    async (c) => {
      const { projectId } = await keyOnProject(c, "read");
      const docs = (await listDocuments(serviceContext(c), projectId)).map(toV1BrainDocument);
      return c.json(pageOf(docs, (d) => ({ t: sinceEpoch(d.created_at), id: d.id }), c.req.valid("query")));
    },
  )
  .post(
    "/projects/:projectId/brain/documents",
    describeRoute({
      summary: "Add a text ({ title, content }) or URL ({ url }) document; processed in the background (Idempotency-Key accepted)",
      scope: "brain",
      responses: { 202: v1BrainDocument },
    }),
    validate("param", projectParam),
    validate("json", brainDocumentSchema),
    async (c) => {
      const { projectId } = await keyOnProject(c, "brain");
      const body = c.req.valid("json");
      return idempotentCreate(c, body, async () => {
        const ctx = serviceContext(c);
        const doc = "url" in body ? await addUrlDocument(ctx, projectId, body.url, undefined, c.req.url) : await addTextDocument(ctx, projectId, body);
        return { status: 202, body: toV1BrainDocument(doc) };
      });
    },
  )
  .get(
    "/projects/:projectId/brain/documents/:documentId",
    describeRoute({ summary: "One brain document and its status", scope: "read", responses: { 200: v1BrainDocument } }),
    validate("param", documentParam),
    async (c) => {
      const { projectId } = await keyOnProject(c, "read");
      const { documentId } = c.req.valid("param");
      return c.json(toV1BrainDocument(await getDocument(serviceContext(c), projectId, documentId)));
    },
  )
  .post(
    "/projects/:projectId/brain/query",
    describeRoute({ summary: "The brain's passages that best answer a question", scope: "read", responses: { 200: brainQueryResponse } }),
    validate("param", projectParam),
    validate("json", brainQuerySchema),
    async (c) => {
      const { projectId } = await keyOnProject(c, "read");
      return c.json(await queryBrain(serviceContext(c), projectId, c.req.valid("json").question));
    },
  )
  // Posts.
  .get(
    "/projects/:projectId/posts",
    describeRoute({ summary: "Posts by time range, status and network, ordered by scheduled time", scope: "read", responses: { 200: v1PostPage } }),
    validate("param", projectParam),
    validate("query", v1ListPostsQuery),
    async (c) => {
      const { projectId } = await keyOnProject(c, "read");
      return c.json(await listPostPage(c.get("db"), projectId, c.req.valid("query")));
    },
  )
  .post(
    "/projects/:projectId/posts",
    describeRoute({
      summary: "Create one post per network, with optional per-network variants (Idempotency-Key accepted; mode now needs the publish scope)",
      scope: "write_posts",
      responses: { 201: v1CreatedPosts },
    }),
    validate("param", projectParam),
    validate("json", v1CreatePostSchema),
    async (c) => {
      const { key, projectId } = await keyOnProject(c, "write_posts");
      const body = c.req.valid("json");
      // Nothing publishes without the publish scope.
      if (body.mode === "now") requireScope(key, "publish");
      return idempotentCreate(c, body, async () => ({
        status: 201,
        body: { data: await createNetworkPosts(serviceContext(c), projectId, body, allowedOrigin(c)) },
      }));
    },
  )
  .get(
    "/posts/:postId",
    describeRoute({ summary: "One post (with its ETag)", scope: "read", responses: { 200: postResponse } }),
    validate("param", postParam),
    async (c) => {
      const post = await keyPost(c.get("db"), currentKey(c), c.req.valid("param").postId, "read");
      c.header("etag", await postEtag(post));
      return c.json(post);
    },
  )
  .patch(
    "/posts/:postId",
    describeRoute({
      summary: "Edit or reschedule a post; send If-Match with its ETag so a concurrent change is refused (412)",
      scope: "write_posts",
      responses: { 200: postResponse },
    }),
    validate("param", postParam),
    validate("json", updatePostSchema),
    async (c) => {
      const key = currentKey(c);
      const current = await keyPost(c.get("db"), key, c.req.valid("param").postId, "write_posts");
      await checkIfMatch(c.req.header("if-match"), current);
      const post = await updatePost(serviceContext(c), current.id, c.req.valid("json"), allowedOrigin(c));
      c.header("etag", await postEtag(post));
      return c.json(post);
    },
  )
  .delete(
    "/posts/:postId",
    describeRoute({ summary: "Delete a post (If-Match honoured)", scope: "write_posts", responses: { 204: null } }),
    validate("param", postParam),
    async (c) => {
      const key = currentKey(c);
      const current = await keyPost(c.get("db"), key, c.req.valid("param").postId, "write_posts");
      await checkIfMatch(c.req.header("if-match"), current);
      await deletePost(serviceContext(c), current.id);
      return c.body(null, 204);
    },
  )
  .post(
    "/posts/:postId/publish",
    describeRoute({ summary: "Publish a scheduled post now", scope: "publish", responses: { 200: postResponse } }),
    validate("param", postParam),
    async (c) => {
      const key = currentKey(c);
      const current = await keyPost(c.get("db"), key, c.req.valid("param").postId, "publish");
      return c.json(await publishPostNow(serviceContext(c), current.id));
    },
  )
  .post(
    "/posts/:postId/review",
    describeRoute({
      summary: "Approve a post In review (it becomes Scheduled) or request changes, where the key creator's role may approve (Owner, Reviewer)",
      // Approving releases a post to the publisher, so it asks the publish scope (decision 272).
      scope: "publish",
      responses: { 201: postCommentResponse },
    }),
    validate("param", postParam),
    validate("json", reviewDecisionSchema),
    async (c) => {
      const key = currentKey(c);
      const post = await keyPost(c.get("db"), key, c.req.valid("param").postId, "publish");
      // The same decision as the screens' (services/posts/review.ts), acting as the key's creator.
      return c.json(await decide(serviceContext(c), post.id, c.req.valid("json")), 201);
    },
  )
  .get(
    "/posts/:postId/analytics",
    describeRoute({ summary: "One post's metrics over time", scope: "read", responses: { 200: postMetricsResponse } }),
    validate("param", postParam),
    async (c) => {
      const key = currentKey(c);
      const post = await keyPost(c.get("db"), key, c.req.valid("param").postId, "read");
      return c.json(await getPostMetrics(serviceContext(c), post.id));
    },
  )
  // Media.
  .post(
    "/projects/:projectId/media",
    describeRoute({
      summary: "Upload a post image: multipart (file) or JSON { url } fetched by the server (Idempotency-Key accepted)",
      scope: "write_posts",
      responses: { 201: mediaInfoResponse },
    }),
    validate("param", projectParam),
    async (c) => {
      const { projectId } = await keyOnProject(c, "write_posts");
      if (Number(c.req.header("content-length") ?? 0) > MAX_UPLOAD_BODY) throw payloadTooLarge(SIZE_MESSAGE);
      if ((c.req.header("content-type") ?? "").includes("application/json")) {
        const parsed = v1MediaUrlSchema.safeParse(await c.req.json().catch(() => null));
        if (!parsed.success) throw badRequest("Please enter a valid http(s) URL", { url: "Please enter a valid http(s) URL" });
        const { url } = parsed.data;
        return idempotentCreate(c, parsed.data, async () => {
          // The SSRF-safe fetcher of brain scraping (decision 132): every hop's address checked, size capped.
          const got = await safeFetchBytes(url, { ...scrapeOptions(c.env, c.req.url), limits: { maxBytes: MAX_IMAGE_BYTES } }).catch((err: unknown) => {
            if (err instanceof SafeFetchError) throw badRequest(err.message, { url: err.message });
            throw err;
          });
          const name = decodeURIComponent(new URL(got.url).pathname.split("/").pop() || "image");
          return { status: 201, body: await storeImage(c.get("db"), c.env, projectId, projectId, got.bytes, name) };
        });
      }
      const form = await c.req.formData().catch(() => null);
      return c.json(await uploadImage(serviceContext(c), projectId, { file: form?.get("file") ?? null }), 201);
    },
  )
  // Generation and campaigns.
  .post(
    "/projects/:projectId/generate",
    describeRoute({
      summary: "Generate drafts (a post or a campaign) with their brain sources; nothing is saved or scheduled",
      scope: "write_posts",
      responses: { 200: generateResponse },
    }),
    validate("param", projectParam),
    validate("json", generateRequestSchema),
    async (c) => {
      const { key, projectId } = await keyOnProject(c, "write_posts");
      await enforceKeyGenerationLimit(c.get("db"), key);
      return c.json(await generateContent(serviceContext(c), projectId, c.req.valid("json")));
    },
  )
  .post(
    "/projects/:projectId/campaigns",
    describeRoute({
      summary: "Save a campaign's drafts and schedule them (Idempotency-Key accepted)",
      scope: "write_posts",
      responses: { 201: campaignWithPostsResponse },
    }),
    validate("param", projectParam),
    validate("json", createCampaignSchema),
    async (c) => {
      const { projectId } = await keyOnProject(c, "write_posts");
      const body = c.req.valid("json");
      return idempotentCreate(c, body, async () => ({
        status: 201,
        body: await createCampaign(serviceContext(c), projectId, body, allowedOrigin(c)),
      }));
    },
  )
  // Social accounts and analytics.
  .get(
    "/projects/:projectId/social-accounts",
    describeRoute({ summary: "Connected social accounts and their health (never any token)", scope: "read", responses: { 200: v1AccountPage } }),
    validate("param", projectParam),
    validate("query", pageQuery),
    async (c) => {
      const { projectId } = await keyOnProject(c, "read");
      const accounts = (await listAccounts(serviceContext(c), projectId)).map(toV1Account);
      return c.json(pageOf(accounts, (a) => ({ t: sinceEpoch(a.created_at), id: a.id }), c.req.valid("query")));
    },
  )
  .get(
    "/projects/:projectId/analytics",
    describeRoute({ summary: "Engagement per network over 7/30/90 days, top posts and best times", scope: "read", responses: { 200: analyticsResponse } }),
    validate("param", projectParam),
    validate("query", analyticsQuery),
    async (c) => {
      const { projectId } = await keyOnProject(c, "read");
      return c.json(await getAnalytics(serviceContext(c), projectId, c.req.valid("query")));
    },
  );
