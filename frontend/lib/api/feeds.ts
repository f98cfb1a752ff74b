import type { FeedDto } from "../../../schema/api/feeds";
import type { Platform } from "../../../schema/api/common";
import { request } from "../api";

// RSS to drafts (decision 284): the feeds a project follows.
export const feedsPath = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/feeds`;
export const addFeed = (projectId: string, feed: { url: string; mode: FeedDto["mode"]; platform: Platform }) =>
  request<FeedDto>(feedsPath(projectId), { method: "POST", body: JSON.stringify(feed) });
export const removeFeed = (feedId: string) => request<void>(`/api/feeds/${encodeURIComponent(feedId)}`, { method: "DELETE" });
