import { Box, HStack, Stack, Text } from "@chakra-ui/react";
import { useLayoutEffect, useRef } from "react";
import type { CalendarPost } from "../../../schema/api/calendar";
import { formatDay, localHourOf, todayDate } from "../../lib/calendar-dates";
import type { PostCardActions } from "../../components/posts/post-card";
import { CalendarEntry } from "./message-card";

/**
 * The hour the day view opens at (decision 240): the first post's hour; today, the first post
 * still to come, or the current hour when all are behind us. Null on a day without posts (no
 * hour grid is drawn then).
 */
export function startHour(posts: CalendarPost[], day: string, timeZone: string, nowMs = Date.now()): number | null {
  if (posts.length === 0) return null;
  const hours = posts.map((p) => localHourOf(p.scheduled_for, timeZone)).sort((a, b) => a - b);
  if (day !== todayDate(timeZone, nowMs)) return hours[0];
  const nowHour = localHourOf(new Date(nowMs).toISOString(), timeZone);
  return hours.find((h) => h >= nowHour) ?? nowHour;
}

/** Day view: 24 hour rows in their own scroll area, opened at startHour (not at 00:00); a message's variants are one card. */
export function DayView({
  day,
  entries,
  timeZone,
  cardActions,
  busyId,
  dropProps,
}: {
  day: string;
  /** The day's entries: a post alone, or a message's variants together (decision 278). */
  entries: CalendarPost[][];
  timeZone: string;
  cardActions: PostCardActions;
  busyId: string | null;
  dropProps: (id: string, day: string, hour?: number) => object;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const first = startHour(
    entries.map((e) => e[0]!),
    day,
    timeZone,
  );
  const firstRef = useRef(first);
  firstRef.current = first;
  const hasPosts = first !== null;
  // Scroll once per day shown (and when the day's posts arrive), not on every refresh, so a poll
  // while the user reads the evening does not throw them back to the morning.
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box || firstRef.current === null) return;
    const row = box.querySelector<HTMLElement>(`[data-hour="${firstRef.current}"]`);
    // The box is the rows' offset parent (position: relative), so offsetTop is within it.
    if (row) box.scrollTo?.({ top: row.offsetTop });
  }, [day, hasPosts]);

  if (entries.length === 0) {
    return (
      <Box borderWidth="1px" borderRadius="md" p="8" textAlign="center" data-testid="day-view" {...dropProps(`day:${day}`, day)}>
        <Text color="fg.muted">No posts scheduled for this day</Text>
      </Box>
    );
  }
  const byHour = new Map<number, CalendarPost[][]>();
  for (const e of entries) {
    const h = localHourOf(e[0]!.scheduled_for, timeZone);
    byHour.set(h, [...(byHour.get(h) ?? []), e]);
  }
  const hours = Array.from({ length: 24 }, (_, h) => h);
  return (
    <Stack
      ref={scroller}
      gap="0"
      borderWidth="1px"
      borderRadius="md"
      bg="bg"
      data-testid="day-view"
      data-start-hour={first ?? undefined}
      role="list"
      aria-label={formatDay(day, "long")}
      position="relative"
      overflowY="auto"
      maxH={{ base: "70dvh", md: "calc(100dvh - 16rem)" }}
      tabIndex={0}
    >
      {hours.map((h) => (
        <HStack
          key={h}
          data-hour={h}
          align="start"
          gap="3"
          px="3"
          py="1.5"
          borderTopWidth={h ? "1px" : 0}
          minH="10"
          role="listitem"
          {...dropProps(`hour:${day}:${h}`, day, h)}
        >
          <Text fontSize="xs" color="fg.muted" w="12" flexShrink={0} pt="1">
            {String(h).padStart(2, "0")}:00
          </Text>
          <Stack gap="2" flex="1" direction={{ base: "column", sm: "row" }} wrap="wrap">
            {(byHour.get(h) ?? []).map((e) => (
              <Box key={e[0]!.id} w={{ base: "full", sm: "240px" }}>
                <CalendarEntry posts={e} timeZone={timeZone} actions={cardActions} busyId={busyId} />
              </Box>
            ))}
          </Stack>
        </HStack>
      ))}
    </Stack>
  );
}
