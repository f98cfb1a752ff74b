import { Box, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import type { CalendarPost } from "../../../schema/api/calendar";
import { formatDay } from "../../lib/calendar-dates";
import type { PostCardActions } from "../../components/posts/post-card";
import { SelectEntry, type Selection } from "./bulk-actions";
import { CalendarEntry } from "./message-card";

// List (agenda) view (decision 150): the days of the month that have posts, in time order, with the
// full post cards (a message's variants as one card, decision 278); a day is also a drop target,
// like in the other views.
export function ListView({
  days,
  byDay,
  timeZone,
  actions,
  busyId,
  dropProps,
  selection,
}: {
  days: string[];
  /** Each day's entries: a post alone, or a message's variants together. */
  byDay: Map<string, CalendarPost[][]>;
  timeZone: string;
  actions: PostCardActions;
  busyId: string | null;
  dropProps: (id: string, day: string) => Record<string, unknown>;
  selection: Selection | null;
}) {
  const withPosts = days.filter((d) => (byDay.get(d) ?? []).length > 0);
  if (withPosts.length === 0) {
    return (
      <Box borderWidth="1px" borderRadius="md" p="8" textAlign="center" data-testid="list-view">
        <Text color="fg.muted">No posts</Text>
      </Box>
    );
  }
  return (
    <Stack gap="4" data-testid="list-view" role="list" aria-label="Agenda">
      {withPosts.map((day) => (
        <Stack key={day} gap="2" role="listitem" data-date={day} p="2" borderRadius="md" {...dropProps(`list:${day}`, day)}>
          <Heading as="h2" size="sm">
            {formatDay(day, "long")}
          </Heading>
          {(byDay.get(day) ?? []).map((entry) => (
            <HStack key={entry[0]!.id} align="start" gap="2">
              {selection && <SelectEntry posts={entry} selection={selection} marginTop={10} />}
              <Box flex="1" maxW="2xl">
                <CalendarEntry posts={entry} timeZone={timeZone} actions={actions} busyId={busyId} compact />
              </Box>
            </HStack>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
