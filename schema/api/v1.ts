// The public API v1 (decision 212): requests and responses that differ from the app's
// API. Lists are pages `{ data, next_cursor }` (limit <= 200, an opaque cursor, a stable sort);
// times are RFC 3339 (UTC, as toISOString writes them); resources reuse the app's schemas.
import { z } from "zod";
import { platformSchema } from "./common";
import { contentSchema, createPostSchema, mediaInfoSchema, POST_STATUSES, scheduledForSchema } from "./posts";
import { postResponse } from "./posts-responses";
import { projectResponse } from "./projects-responses";
import { brainDocumentResponse } from "./brain-responses";
import { postSourcesSchema } from "./post-sources";

const V1_MAX_LIMIT = 200;
export const V1_DEFAULT_LIMIT = 50;

export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(V1_MAX_LIMIT).optional(),
  cursor: z.string().min(1).max(500).optional(),
});

export const v1ListPostsQuery = pageQuery.extend({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  status: z.enum(POST_STATUSES).optional(),
  platform: platformSchema.optional(),
});

/**
 * One post per network (decision 212): `networks` lists the networks, each may override the text
 * and hashtags in `variants`. A network listed twice, or a variant for a network not listed, is refused.
 */
const variantSchema = z.object({
  platform: platformSchema,
  content: contentSchema.optional(),
  hashtags: createPostSchema.shape.hashtags.optional(),
});
export const v1CreatePostSchema = z
  .object({
    content: createPostSchema.shape.content,
    hashtags: createPostSchema.shape.hashtags,
    networks: z.array(platformSchema).min(1, "Choose at least one network").max(10),
    variants: z.array(variantSchema).max(10).optional(),
    scheduled_for: scheduledForSchema.optional(),
    mode: createPostSchema.shape.mode,
    media_info: mediaInfoSchema.nullable().optional(),
    sources: postSourcesSchema.optional(),
  })
  .refine((v) => new Set(v.networks).size === v.networks.length, { message: "Each network can be listed once", path: ["networks"] })
  .refine((v) => (v.variants ?? []).every((x) => v.networks.includes(x.platform)), { message: "A variant's network must be in networks", path: ["variants"] })
  .refine((v) => new Set((v.variants ?? []).map((x) => x.platform)).size === (v.variants ?? []).length, {
    message: "One variant per network",
    path: ["variants"],
  });
export type V1CreatePostInput = z.output<typeof v1CreatePostSchema>;

export const v1MediaUrlSchema = z.object({ url: z.url({ protocol: /^https?$/, message: "Please enter a valid http(s) URL" }).max(2000) });

const rfc3339 = z.iso.datetime({ offset: true });
/** v1 resources carry RFC 3339 times where the app's screens use epoch numbers. */
export const v1Project = projectResponse.omit({ user_id: true, user_email: true, has_seen_onboarding: true }).extend({ created_at: rfc3339 });
export type V1Project = z.infer<typeof v1Project>;
export const v1BrainDocument = brainDocumentResponse.extend({ created_at: rfc3339 });
export type V1BrainDocument = z.infer<typeof v1BrainDocument>;

const page = <T extends z.ZodType>(item: T) => z.strictObject({ data: z.array(item), next_cursor: z.string().nullable() });
export const v1ProjectPage = page(v1Project);
export const v1PostPage = page(postResponse);
/** A connected account with RFC 3339 times and its health (reconnect_needed: the owner must reconnect it). */
const v1SocialAccount = z.strictObject({
  id: z.string(),
  platform: platformSchema,
  account_name: z.string(),
  username: z.string().nullable(),
  health: z.enum(["active", "reconnect_needed"]),
  created_at: z.iso.datetime({ offset: true }),
  token_expires_at: z.iso.datetime({ offset: true }).nullable(),
  last_refresh: z.iso.datetime({ offset: true }).nullable(),
});
export type V1SocialAccount = z.infer<typeof v1SocialAccount>;
export const v1AccountPage = page(v1SocialAccount);
export const v1BrainDocumentPage = page(v1BrainDocument);
export const v1CreatedPosts = z.strictObject({ data: z.array(postResponse) });
export type Page<T> = { data: T[]; next_cursor: string | null };
