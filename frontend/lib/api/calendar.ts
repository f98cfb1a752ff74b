import { calendarPosts, type CalendarPage, type CalendarPost } from "../../../schema/api/calendar";
import type { Post } from "../../../schema/api/posts";
import { fetcher, request } from "../api";

// Post actions shared by the calendar and the dashboard (the posts API is the posts area's).
export const postPath = (id: string) => `/api/posts/${encodeURIComponent(id)}`;

/** SWR fetcher of the calendar's own read (GET .../calendar, decision 171): its rows as posts. */
export const calendarFetcher = async (path: string): Promise<CalendarPost[]> => calendarPosts(await fetcher<CalendarPage>(path));

export const publishPost = (id: string) => request<Post>(`${postPath(id)}/publish`, { method: "POST" });
export const retryPost = (id: string) => request<Post>(`${postPath(id)}/retry`, { method: "POST" });
export const deletePost = (id: string) => request<void>(postPath(id), { method: "DELETE" });
export const updatePost = (id: string, changes: { content?: string; hashtags?: string[]; scheduled_for?: string; media_info?: Post["media_info"] }) =>
  request<Post>(postPath(id), { method: "PATCH", body: JSON.stringify(changes) });

/** Space-separated hashtags as typed by the user -> clean list without '#'. */
export function parseHashtags(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((t) => t.replace(/^#+/, "").trim())
    .filter(Boolean);
}

export const formatHashtags = (tags: string[]) => tags.map((t) => `#${t}`).join(" ");

/** The image of a post, if any. */
export const postImage = (p: Pick<Post, "media_info" | "media_url">) => p.media_info?.url ?? p.media_url ?? null;
