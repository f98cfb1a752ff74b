// Public read of post images by their unguessable key (networks that take an image by URL fetch it from here).
// nosniff + the stored (sniffed) content type keep an upload from being rendered as anything else.
import { Hono } from "hono";
import type { AppEnv } from "../lib/context";
import { getDb } from "../lib/db";
import { errorBody } from "../lib/errors";
import { MEDIA_CACHE_CONTROL, readPublicMedia } from "../services/posts";

export const mediaRoutes = new Hono<AppEnv>().get("/:publicKey", async (c) => {
  const found = await readPublicMedia(getDb(c.env.DB), c.env, c.req.param("publicKey"));
  if (!found) return c.json(errorBody("not_found", "Not found"), 404);
  const { object, contentType } = found;
  const headers = new Headers({
    "content-type": contentType,
    "cache-control": object.httpMetadata?.cacheControl ?? MEDIA_CACHE_CONTROL,
    "content-length": String(object.size),
    etag: object.httpEtag,
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; sandbox",
  });
  if (c.req.header("if-none-match") === object.httpEtag) return new Response(null, { status: 304, headers });
  return new Response(c.req.method === "HEAD" ? null : object.body, { headers });
});
