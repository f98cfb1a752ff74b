// Calls of the planner's tools (decision 150): the weekly posting schedule, the queue, recurring posts.
import type { Platform } from "../../../schema/api/common";
import type { MediaInfo, Post } from "../../../schema/api/posts";
import type { QueueSlotsResponse, SeriesResponse, SlotsResponse } from "../../../schema/api/planner";
import { request } from "../api";

const base = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}`;

export const saveSlots = (projectId: string, body: { time_zone: string; slots: { platform: Platform; weekday: number; time: string }[] }) =>
  request<SlotsResponse>(`${base(projectId)}/slots`, { method: "PUT", body: JSON.stringify(body) });

export const queuePost = (projectId: string, body: { content: string; platform: Platform; hashtags: string[]; media_info?: MediaInfo | null }) =>
  request<Post>(`${base(projectId)}/queue`, { method: "POST", body: JSON.stringify(body) });

export const queueSlots = (projectId: string, platforms: Platform[]) =>
  request<QueueSlotsResponse>(`${base(projectId)}/queue/slots`, { method: "POST", body: JSON.stringify({ platforms }) });

export type RepeatValue = { every: number; unit: "day" | "week"; end: "count" | "until"; count: number; until: string };

export const createSeries = (
  projectId: string,
  body: {
    content: string;
    platform: Platform;
    hashtags: string[];
    media_info?: MediaInfo | null;
    start_date: string;
    time: string;
    time_zone: string;
    repeat: RepeatValue;
  },
) =>
  request<SeriesResponse>(`${base(projectId)}/series`, {
    method: "POST",
    body: JSON.stringify({
      content: body.content,
      platform: body.platform,
      hashtags: body.hashtags,
      media_info: body.media_info ?? null,
      recurrence: {
        start_date: body.start_date,
        time: body.time,
        time_zone: body.time_zone,
        every: body.repeat.every,
        unit: body.repeat.unit,
        ...(body.repeat.end === "count" ? { count: body.repeat.count } : { until_date: body.repeat.until }),
      },
    }),
  });
