import { Box, Button, Grid, HStack, Stack, Text } from "@chakra-ui/react";
import type { DragEvent } from "react";
import type { CalendarPost } from "../../../schema/api/calendar";
import { formatDay, formatTime } from "../../lib/calendar-dates";
import { PlatformIcon } from "../../components/posts/platform-icon";
import { DRAG_TYPE, STATUS_COLORS } from "../../components/posts/post-card";
import type { Selection } from "./bulk-actions";

// Month view (decision 150): whole weeks, Sunday first, in the user's zone. A day shows its first
// posts as compact chips (drag a scheduled one to another day: its time of day is kept) and a
// "+N more" button that opens the day view.
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
  byDay: Map<string, CalendarPost[]>;
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
              {posts.slice(0, MAX_CHIPS).map((p) => (
                <PostChip key={p.id} post={p} timeZone={timeZone} onOpen={onOpen} selection={selection} />
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

/** A one-line post: platform, time, text; draggable when scheduled; a checkbox while selecting. */
export function PostChip({
  post,
  timeZone,
  onOpen,
  selection,
}: {
  post: CalendarPost;
  timeZone: string;
  onOpen: (post: CalendarPost) => void;
  selection: Selection | null;
}) {
  const draggable = post.status === "scheduled" || post.status === "draft";
  const time = post.status === "draft" ? "No time" : formatTime(post.scheduled_for, timeZone);
  return (
    <HStack
      gap="1"
      px="1"
      py="0.5"
      bg="bg"
      borderRadius="sm"
      borderStartWidth="3px"
      borderStartColor={`${STATUS_COLORS[post.status]}.solid`}
      data-testid="post-chip"
      data-post-id={post.id}
      draggable={draggable}
      cursor={draggable ? "grab" : undefined}
      onDragStart={(e: DragEvent) => {
        e.dataTransfer.setData(DRAG_TYPE, post.id);
        e.dataTransfer.setData("text/plain", post.id);
        e.dataTransfer.effectAllowed = "move";
      }}
      minW="0"
    >
      {selection && (
        <input
          type="checkbox"
          aria-label={`Select post: ${post.content.slice(0, 40)}`}
          checked={selection.selected.has(post.id)}
          onChange={() => selection.toggle(post.id)}
        />
      )}
      <PlatformIcon platform={post.platform} size="3" />
      <Box as="button" onClick={() => onOpen(post)} textAlign="start" minW="0" flex="1" fontSize="2xs" truncate title={`${post.status}: ${post.content}`}>
        <Text as="span" fontWeight="semibold">
          <time dateTime={post.scheduled_for}>{time}</time>
        </Text>{" "}
        {post.content}
      </Box>
    </HStack>
  );
}
