import { Badge, Box, Button, Card, Grid, Heading, HStack, SimpleGrid, Spinner, Stack, Table, Text } from "@chakra-ui/react";
import { useMemo, useState, type ReactNode } from "react";
import useSWR from "swr";
import type { AnalyticsResponse } from "../../../schema/api/analytics";
import { ANALYTICS_RANGES } from "../../../schema/api/analytics";
import { browserTimeZone } from "../../../schema/api/campaigns";
import { isPlatformId, networkName as platformLabel, platformMeta } from "../../../platforms/registry";
import { LoadingScreen } from "../../components/ui/loading-screen";
import { useAuth } from "../../lib/auth-context";
import { fetcher } from "../../lib/api";
import { LineChart, type ChartSeries } from "../../components/analytics/line-chart";

// /analytics (decision 150): engagement per network over 7/30/90 days as charts, top posts and the
// "best time to post" grid. Lazy route: uPlot and this screen are not in the initial bundle.
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const colorOf = (p: string) => (isPlatformId(p) ? platformMeta(p).color : "#718096");

/** The change against the previous period of the same length; null when that period had no data (nothing to compare, decision 205). */
function trend(now: number, before: number): string | null {
  if (before === 0) return null;
  const pct = Math.round(((now - before) / before) * 1000) / 10;
  return `${pct >= 0 ? "+" : ""}${pct.toFixed(1)}%`;
}

export default function AnalyticsPage() {
  const { project } = useAuth();
  const timeZone = useMemo(browserTimeZone, []);
  const [days, setDays] = useState<(typeof ANALYTICS_RANGES)[number]>(30);
  const key = project ? `/api/projects/${encodeURIComponent(project.id)}/analytics?days=${days}&time_zone=${encodeURIComponent(timeZone)}` : null;
  const { data, error, isLoading } = useSWR<AnalyticsResponse>(key, fetcher, { keepPreviousData: true, shouldRetryOnError: false });

  const x = useMemo(() => (data?.series.dates ?? []).map((d) => Date.parse(`${d}T00:00:00Z`) / 1000), [data]);
  const engagement: ChartSeries[] = useMemo(
    () => Object.entries(data?.series.engagement ?? {}).map(([p, values]) => ({ label: platformLabel(p), color: colorOf(p), values })),
    [data],
  );
  const impressions: ChartSeries[] = useMemo(
    () => Object.entries(data?.series.impressions ?? {}).map(([p, values]) => ({ label: platformLabel(p), color: colorOf(p), values })),
    [data],
  );
  const best = useMemo(() => {
    const max = Math.max(1, ...(data?.best_times ?? []).map((c) => c.avg_engagement));
    const cells = new Map((data?.best_times ?? []).map((c) => [c.weekday * 24 + c.hour, c]));
    return { max, cells, top: [...(data?.best_times ?? [])].sort((a, b) => b.avg_engagement - a.avg_engagement)[0] };
  }, [data]);

  if (!project) return <LoadingScreen />;
  const empty = data && data.networks.length === 0 && data.top_posts.length === 0;

  return (
    // minW 0: a wide table or chart scrolls inside its card instead of widening the page (decision 205).
    <Stack p={{ base: "4", md: "8" }} gap="6" w="full" minW="0" maxW="100vw">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h1" size="2xl">
          Analytics
        </Heading>
        <HStack gap="1" role="group" aria-label="Period">
          {ANALYTICS_RANGES.map((d) => (
            <Button key={d} size="sm" variant={days === d ? "solid" : "outline"} colorPalette="brand" aria-pressed={days === d} onClick={() => setDays(d)}>
              {d} days
            </Button>
          ))}
          {isLoading && <Spinner size="sm" aria-label="Loading analytics" />}
        </HStack>
      </HStack>

      {error && !data ? (
        <Text color="red.fg">Failed to load analytics</Text>
      ) : !data ? (
        <Spinner aria-label="Loading analytics" />
      ) : empty ? (
        <Card.Root>
          <Card.Body>
            <Text fontWeight="semibold">No metrics yet</Text>
            <Text color="fg.muted">
              Once your posts are published, their likes, reposts, replies and reach are read from each network about every hour and show up here.
            </Text>
          </Card.Body>
        </Card.Root>
      ) : (
        <>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
            {data.networks.map((n) => (
              <Card.Root key={n.platform} role="group" aria-label={`${platformLabel(n.platform)} totals`} data-testid="network-totals">
                <Card.Body gap="1">
                  <Text color="fg.muted" fontSize="sm">
                    {platformLabel(n.platform)}
                  </Text>
                  <Text fontSize="3xl" fontWeight="bold">
                    {n.engagement}
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    engagement · {n.likes} likes · {n.reposts} reposts · {n.replies} replies · {n.impressions} reach
                  </Text>
                  {/* The line keeps its height with no trend, so the cards do not change size. */}
                  <Text
                    fontSize="sm"
                    minH="1lh"
                    color={trend(n.engagement, n.previous_engagement)?.startsWith("+") ? "green.fg" : "fg.muted"}
                    data-testid="network-trend"
                  >
                    {trend(n.engagement, n.previous_engagement) === null ? null : `${trend(n.engagement, n.previous_engagement)} vs previous ${days} days`}
                  </Text>
                </Card.Body>
              </Card.Root>
            ))}
          </SimpleGrid>

          <Grid templateColumns={{ base: "1fr", lg: "1fr 1fr" }} gap="4">
            <TitledCard title="Engagement per day" gap="2">
              <LineChart title="Engagement per day by network" x={x} series={engagement} />
            </TitledCard>
            <TitledCard title="Reach per day" gap="2">
              <LineChart title="Reach per day by network" x={x} series={impressions} />
            </TitledCard>
          </Grid>

          <TitledCard title="Top posts" gap="3">
            <Box overflowX="auto">
              <Table.Root size="sm" data-testid="top-posts">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Post</Table.ColumnHeader>
                    <Table.ColumnHeader>Network</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Likes</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Reposts</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Replies</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Reach</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {data.top_posts.map((p) => (
                    <Table.Row key={p.post_id}>
                      <Table.Cell maxW="md" truncate title={p.content}>
                        {p.content}
                      </Table.Cell>
                      <Table.Cell>
                        <Badge>{platformLabel(p.platform)}</Badge>
                      </Table.Cell>
                      <Table.Cell textAlign="end">{p.likes}</Table.Cell>
                      <Table.Cell textAlign="end">{p.reposts}</Table.Cell>
                      <Table.Cell textAlign="end">{p.replies}</Table.Cell>
                      <Table.Cell textAlign="end">{p.impressions}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
          </TitledCard>

          <TitledCard title="Best time to post" gap="3">
            <Text color="fg.muted" fontSize="sm">
              Average engagement of posts by the weekday and hour they were published ({timeZone}).
              {best.top ? ` Best so far: ${WEEKDAYS[best.top.weekday]} ${String(best.top.hour).padStart(2, "0")}:00.` : ""}
            </Text>
            <Box overflowX="auto">
              {/* Fits a 375 px phone (24 narrow columns); scrolls only below that. */}
              <Grid
                templateColumns="32px repeat(24, minmax(8px, 1fr))"
                gap="2px"
                minW="280px"
                role="table"
                aria-label="Engagement by weekday and hour"
                data-testid="best-times"
              >
                <Box />
                {Array.from({ length: 24 }, (_, h) => (
                  <Text key={h} fontSize="2xs" color="fg.muted" textAlign="center">
                    {h % 3 === 0 ? h : ""}
                  </Text>
                ))}
                {WEEKDAYS.map((d, wd) => (
                  <Box key={d} display="contents" role="row">
                    <Text fontSize="xs" color="fg.muted" role="rowheader">
                      {d}
                    </Text>
                    {Array.from({ length: 24 }, (_, h) => {
                      const c = best.cells.get(wd * 24 + h);
                      const isBest = !!best.top && best.top.weekday === wd && best.top.hour === h;
                      return (
                        <Box
                          key={h}
                          role="cell"
                          data-best={isBest || undefined}
                          outline={isBest ? "2px solid" : undefined}
                          outlineColor={isBest ? "green.solid" : undefined}
                          outlineOffset="1px"
                          h="5"
                          borderRadius="sm"
                          bg={c ? "brand.solid" : "bg.muted"}
                          opacity={c ? 0.25 + 0.75 * (c.avg_engagement / best.max) : 1}
                          title={
                            c
                              ? `${d} ${h}:00 — ${c.avg_engagement} average engagement over ${c.posts} post${c.posts === 1 ? "" : "s"}`
                              : `${d} ${h}:00 — no posts`
                          }
                          aria-label={c ? `${d} ${h}:00: ${c.avg_engagement}${isBest ? " (best)" : ""}` : undefined}
                        />
                      );
                    })}
                  </Box>
                ))}
              </Grid>
            </Box>
          </TitledCard>
        </>
      )}
    </Stack>
  );
}

/** A card with its section's title (h2) over its content. */
function TitledCard({ title, gap, children }: { title: string; gap: string; children: ReactNode }) {
  return (
    <Card.Root>
      <Card.Body gap={gap}>
        <Heading as="h2" size="md">
          {title}
        </Heading>
        {children}
      </Card.Body>
    </Card.Root>
  );
}
