import { Box, Button, Grid, HStack, Stack, Text } from "@chakra-ui/react";
import type { DragEvent } from "react";
import type { CalendarPost } from "../../../schema/api/calendar";
import { formatDay, formatTime } from "../../lib/calendar-dates";
import { PlatformIcon } from "../../components/posts/platform-icon";
import { STATUS_COLORS } from "../../components/posts/post-card";
import { SelectEntry, type Selection } from "./bulk-actions";
import { messageMovable, networksOf, startMessageDrag } from "./message-card";

// Month view (decision 150): whole weeks, Sunday first, in the user's zone. A day shows its first
// posts as compact chips (drag a scheduled one to another day: its time of day is kept) and a
// "+N more" button that opens the day view. A message's variants are one chip with each network's
// mark (decision 278).
const MAX_CHIPS = 3;

export type DropProps = (id: string, day: string, hour?: number) => Record<string, unknown>;

export function MonthView({
  days,
  month,
  today,
  byDay,
  timeZone,
  dropProps,
  onOpen,
  onShowDay,
  selection,
}: {
  days: string[];
  /** "YYYY-MM" of the month shown; other days are dimmed. */
  month: string;
  today: string;
  /** Each day's entries: a post alone, or a message's variants together. */
  byDay: Map<string, CalendarPost[][]>;
  timeZone: string;
  dropProps: DropProps;
  onOpen: (post: CalendarPost) => void;
  onShowDay: (day: string) => void;
  selection: Selection | null;
}) {
  return (
    <Box overflowX="auto">
      <Grid templateColumns="repeat(7, minmax(0, 1fr))" gap="1" minW="640px" role="grid" aria-label="Month" data-testid="month-view">
        {days.slice(0, 7).map((d) => (
          <Text key={`h${d}`} role="columnheader" fontSize="xs" color="fg.muted" textTransform="uppercase" textAlign="center">
            {formatDay(d, "weekday")}
          </Text>
        ))}
        {days.map((day) => {
          const posts = byDay.get(day) ?? [];
          const inMonth = day.startsWith(month);
          return (
            <Stack
              key={day}
              role="gridcell"
              aria-label={formatDay(day, "long")}
              data-testid="month-day"
              data-date={day}
              gap="1"
              p="1"
              minH="24"
              minW="0"
              borderWidth="1px"
              borderRadius="md"
              borderColor={day === today ? "brand.solid" : "border"}
              opacity={inMonth ? 1 : 0.6}
              bg="bg.subtle"
              {...dropProps(`day:${day}`, day)}
            >
              <Button
                variant="plain"
                size="xs"
                alignSelf="end"
                h="5"
                minW="5"
                px="1"
                onClick={() => onShowDay(day)}
                aria-label={`Open ${formatDay(day, "long")}`}
              >
                {Number(day.slice(8))}
              </Button>
              {posts.slice(0, MAX_CHIPS).map((entry) => (
                <PostChip key={entry[0]!.id} posts={entry} timeZone={timeZone} onOpen={onOpen} selection={selection} />
              ))}
              {posts.length > MAX_CHIPS && (
                <Button variant="ghost" size="2xs" onClick={() => onShowDay(day)}>
                  +{posts.length - MAX_CHIPS} more
                </Button>
              )}
            </Stack>
          );
        })}
      </Grid>
    </Box>
  );
}

/**
 * A one-line post: platform, time, text; draggable when scheduled; a checkbox while selecting. A
 * message's variants (`posts` of several networks) are one chip with each network's mark; it opens
 * the first, whose detail has a tab per network.
 */
export function PostChip({
  posts,
  timeZone,
  onOpen,
  selection,
}: {
  posts: CalendarPost[];
  timeZone: string;
  onOpen: (post: CalendarPost) => void;
  selection: Selection | null;
}) {
  const post = posts[0]!;
  const draggable = posts.every((p) => p.status === "draft") || messageMovable(posts, {});
  const time = post.status === "draft" ? "No time" : formatTime(post.scheduled_for, timeZone);
  const message = posts.length > 1;
  return (
    <HStack
      gap="1"
      px="1"
      py="0.5"
      bg="bg"
      borderRadius="sm"
      borderStartWidth="3px"
      borderStartColor={`${STATUS_COLORS[post.status]}.solid`}
      data-testid={message ? "message-chip" : "post-chip"}
      data-post-id={post.id}
      data-message-id={message ? (post.message_id ?? undefined) : undefined}
      draggable={draggable}
      cursor={draggable ? "grab" : undefined}
      onDragStart={(e: DragEvent) => startMessageDrag(e, posts)}
      minW="0"
    >
      {selection && <SelectEntry posts={posts} selection={selection} />}
      {posts.map((p) => (
        <PlatformIcon key={p.id} platform={p.platform} size="3" />
      ))}
      <Box
        as="button"
        onClick={() => onOpen(post)}
        textAlign="start"
        minW="0"
        flex="1"
        fontSize="2xs"
        truncate
        title={message ? `${networksOf(posts)}: ${post.content}` : `${post.status}: ${post.content}`}
      >
        <Text as="span" fontWeight="semibold">
          <time dateTime={post.scheduled_for}>{time}</time>
        </Text>{" "}
        {post.content}
      </Box>
    </HStack>
  );
}
