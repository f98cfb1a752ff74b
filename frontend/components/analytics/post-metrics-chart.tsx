import { Stack, Text } from "@chakra-ui/react";
import { useMemo } from "react";
import useSWR from "swr";
import type { PostMetricsResponse } from "../../../schema/api/analytics";
import { fetcher } from "../../lib/api";
import { LineChart } from "./line-chart";

// One post's metrics over time (decision 150), shown in the post detail of a published post. Loaded
// lazily with uPlot, so the calendar chunk does not carry the chart library.
export default function PostMetricsChart({ postId }: { postId: string }) {
  const { data, error } = useSWR<PostMetricsResponse>(`/api/posts/${encodeURIComponent(postId)}/metrics`, fetcher, { shouldRetryOnError: false });
  const x = useMemo(() => (data?.series ?? []).map((r) => Date.parse(`${r.day}T00:00:00Z`) / 1000), [data]);
  const series = useMemo(
    () => [
      { label: "Likes", color: "#E53E3E", values: (data?.series ?? []).map((r) => r.likes) },
      { label: "Reposts", color: "#3182CE", values: (data?.series ?? []).map((r) => r.reposts) },
      { label: "Replies", color: "#38A169", values: (data?.series ?? []).map((r) => r.replies) },
    ],
    [data],
  );
  if (error)
    return (
      <Text fontSize="sm" color="red.fg">
        Failed to load metrics
      </Text>
    );
  if (!data)
    return (
      <Text fontSize="sm" color="fg.muted">
        Loading metrics...
      </Text>
    );
  if (data.series.length === 0)
    return (
      <Text fontSize="sm" color="fg.muted">
        No metrics yet: they are read from the network about every hour after publishing.
      </Text>
    );
  const last = data.series[data.series.length - 1]!;
  return (
    <Stack gap="1" data-testid="post-metrics">
      <Text fontSize="sm" fontWeight="medium">
        {last.likes} likes · {last.reposts} reposts · {last.replies} replies · {last.impressions} reach
      </Text>
      <LineChart title="This post's engagement over time" x={x} series={series} height={160} />
    </Stack>
  );
}
