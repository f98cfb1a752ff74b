import { Hono } from "hono";
import { createPostSchema, listPostsQuery, mediaParam, updateLibraryImageSchema, updatePostSchema } from "../../schema/api/posts";
import { postParam, projectParam } from "../../schema/api/common";
import type { AppEnv } from "../lib/context";
import { allowedOrigin, requireUser } from "./middleware/session";
import { readContext, serviceContext } from "./middleware/service-context";
import { validate } from "../lib/validate";
import { createPost, deletePost, getPost, listPosts, publishPostNow, retryPost, updatePost } from "../services/posts";
import { deleteLibraryImage, listLibrary, updateLibraryImage, uploadImage } from "../services/posts";
import { MAX_IMAGE_BYTES } from "../../schema/api/posts";
import { payloadTooLarge } from "../lib/errors";
import { SIZE_MESSAGE } from "../services/posts";
import { describeRoute } from "../lib/openapi";
import { jsonText } from "../lib/json-text";
import { libraryImageResponse, libraryResponse, mediaInfoResponse, postListResponse, postResponse } from "../../schema/api/posts-responses";

// Multipart overhead allowance on top of the 5 MB image limit.
const MAX_UPLOAD_BODY = MAX_IMAGE_BYTES + 64 * 1024;

export const postRoutes = new Hono<AppEnv>()
  .use("/projects/:projectId/posts", requireUser)
  .use("/projects/:projectId/media", requireUser)
  .use("/projects/:projectId/media/*", requireUser)
  .use("/posts/*", requireUser)
  .get(
    "/projects/:projectId/posts",
    describeRoute({ summary: "List the project's posts (filter by time range, status, platform, text)", responses: { 200: postListResponse } }),
    validate("param", projectParam),
    validate("query", listPostsQuery),
    async (c) => {
      const { projectId } = c.req.valid("param");
      return jsonText(c, await listPosts(readContext(c), projectId, c.req.valid("query")));
    },
  )
  .post(
    "/projects/:projectId/posts",
    describeRoute({ summary: "Create a post (scheduled, or published now)", responses: { 201: postResponse } }),
    validate("param", projectParam),
    validate("json", createPostSchema),
    async (c) => {
      const { projectId } = c.req.valid("param");
      const post = await createPost(serviceContext(c), projectId, c.req.valid("json"), allowedOrigin(c));
      return c.json(post, 201);
    },
  )
  .post(
    "/projects/:projectId/media",
    describeRoute({ summary: "Upload a post image (multipart: file, optional accountId, optional altText)", responses: { 201: mediaInfoResponse } }),
    validate("param", projectParam),
    async (c) => {
      const { projectId } = c.req.valid("param");
      // Refuse an oversized body before reading it.
      const length = Number(c.req.header("content-length") ?? 0);
      if (length > MAX_UPLOAD_BODY) throw payloadTooLarge(SIZE_MESSAGE);
      const form = await c.req.formData().catch(() => null);
      const accountId = form?.get("accountId");
      const info = await uploadImage(serviceContext(c), projectId, {
        file: form?.get("file") ?? null,
        accountId: typeof accountId === "string" ? accountId : null,
        altText: form?.get("altText") ?? null,
      });
      return c.json(info, 201);
    },
  )
  // The project's media library (decision 287).
  .get(
    "/projects/:projectId/media",
    describeRoute({ summary: "The project's media library: its images, newest first, with alt text and use", responses: { 200: libraryResponse } }),
    validate("param", projectParam),
    async (c) => c.json(await listLibrary(serviceContext(c), c.req.valid("param").projectId)),
  )
  .patch(
    "/projects/:projectId/media/:mediaId",
    describeRoute({ summary: "Set a library image's alt text", responses: { 200: libraryImageResponse } }),
    validate("param", mediaParam),
    validate("json", updateLibraryImageSchema),
    async (c) => {
      const { projectId, mediaId } = c.req.valid("param");
      return c.json(await updateLibraryImage(serviceContext(c), projectId, mediaId, c.req.valid("json")));
    },
  )
  .delete(
    "/projects/:projectId/media/:mediaId",
    describeRoute({ summary: "Delete a library image (refused while a post not yet published carries it)", responses: { 204: null } }),
    validate("param", mediaParam),
    async (c) => {
      const { projectId, mediaId } = c.req.valid("param");
      await deleteLibraryImage(serviceContext(c), projectId, mediaId);
      return c.body(null, 204);
    },
  )
  .get("/posts/:postId", describeRoute({ summary: "One post", responses: { 200: postResponse } }), validate("param", postParam), async (c) => {
    return c.json(await getPost(serviceContext(c), c.req.valid("param").postId));
  })
  .patch(
    "/posts/:postId",
    describeRoute({ summary: "Edit a post (content, hashtags, image, time)", responses: { 200: postResponse } }),
    validate("param", postParam),
    validate("json", updatePostSchema),
    async (c) => {
      const post = await updatePost(serviceContext(c), c.req.valid("param").postId, c.req.valid("json"), allowedOrigin(c));
      return c.json(post);
    },
  )
  .delete("/posts/:postId", describeRoute({ summary: "Delete a post", responses: { 204: null } }), validate("param", postParam), async (c) => {
    await deletePost(serviceContext(c), c.req.valid("param").postId);
    return c.body(null, 204);
  })
  .post(
    "/posts/:postId/publish",
    describeRoute({ summary: "Publish a scheduled post now", responses: { 200: postResponse } }),
    validate("param", postParam),
    async (c) => {
      return c.json(await publishPostNow(serviceContext(c), c.req.valid("param").postId));
    },
  )
  .post(
    "/posts/:postId/retry",
    describeRoute({ summary: "Retry a failed post", responses: { 200: postResponse } }),
    validate("param", postParam),
    async (c) => {
      return c.json(await retryPost(serviceContext(c), c.req.valid("param").postId));
    },
  );
