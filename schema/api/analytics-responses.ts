import { z } from "zod";
import type { AnalyticsResponse, PostMetricsResponse } from "./analytics";

// Response schemas of the analytics routes (declared with describeRoute, checked in tests).
const n = z.number().min(0);
const totals = { likes: n, reposts: n, replies: n, impressions: n, engagement: n };
export const analyticsResponse = z.strictObject({
  days: z.number().int(),
  networks: z.array(z.strictObject({ platform: z.string(), ...totals, previous_engagement: n })),
  series: z.strictObject({ dates: z.array(z.string()), engagement: z.record(z.string(), z.array(n)), impressions: z.record(z.string(), z.array(n)) }),
  top_posts: z.array(
    z.strictObject({ post_id: z.string(), platform: z.string(), content: z.string(), published_at: z.iso.datetime({ offset: true }), ...totals }),
  ),
  best_times: z.array(
    z.strictObject({ weekday: z.number().int().min(0).max(6), hour: z.number().int().min(0).max(23), posts: z.number().int().min(1), avg_engagement: n }),
  ),
}) satisfies z.ZodType<AnalyticsResponse>;
export const postMetricsResponse = z.strictObject({
  post_id: z.string(),
  series: z.array(z.strictObject({ day: z.string(), likes: n, reposts: n, replies: n, impressions: n })),
}) satisfies z.ZodType<PostMetricsResponse>;
