import useSWR from "swr";
import type { Post, PostStatus } from "../../../schema/api/posts";
import type { Platform } from "../../../schema/api/common";
import { fetcher } from "../../lib/api";

export type PostsFilter = { from?: Date; to?: Date; status?: PostStatus; platform?: Platform; q?: string; limit?: number };

/** The SWR key of a project's post list; every key starts with /api/projects/{id}/ so the
 * Create Post dialog's refresh reaches it. */
export function postsKey(projectId: string, filter: PostsFilter = {}): string {
  const qs = new URLSearchParams();
  if (filter.from) qs.set("from", filter.from.toISOString());
  if (filter.to) qs.set("to", filter.to.toISOString());
  if (filter.status) qs.set("status", filter.status);
  if (filter.platform) qs.set("platform", filter.platform);
  if (filter.q?.trim()) qs.set("q", filter.q.trim());
  if (filter.limit) qs.set("limit", String(filter.limit));
  const s = qs.toString();
  return `/api/projects/${projectId}/posts${s ? `?${s}` : ""}`;
}

/** A project's posts (ordered by scheduled time), refreshed whenever project data changes. */
export function usePosts(projectId: string | null | undefined, filter: PostsFilter = {}) {
  return useSWR<Post[]>(projectId ? postsKey(projectId, filter) : null, fetcher);
}
