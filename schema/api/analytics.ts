import { z } from "zod";
import { isValidTimeZone } from "./campaign-schedule";

// /analytics (decision 150): totals and trends per network, top posts, engagement by weekday and hour,
// and one post's metrics over time. Engagement = likes + reposts/shares + replies/comments.
export const ANALYTICS_RANGES = [7, 30, 90] as const;
export const analyticsQuery = z.object({
  days: z.enum(["7", "30", "90"]).default("30").transform(Number),
  time_zone: z.string().max(100).refine(isValidTimeZone, "Unknown time zone").default("UTC"),
});

type MetricTotals = { likes: number; reposts: number; replies: number; impressions: number; engagement: number };
type NetworkTotals = MetricTotals & { platform: string; previous_engagement: number };
type TopPost = MetricTotals & { post_id: string; platform: string; content: string; published_at: string };
export type AnalyticsResponse = {
  days: number;
  /** Gains within the period per network (and the previous period's engagement for the trend). */
  networks: NetworkTotals[];
  /** UTC days of the period, oldest first, and per network the engagement gained each day. */
  series: { dates: string[]; engagement: Record<string, number[]>; impressions: Record<string, number[]> };
  top_posts: TopPost[];
  /** Average engagement of posts published in each local weekday (0 = Sunday) and hour. */
  best_times: { weekday: number; hour: number; posts: number; avg_engagement: number }[];
};
export type PostMetricsResponse = { post_id: string; series: { day: string; likes: number; reposts: number; replies: number; impressions: number }[] };
