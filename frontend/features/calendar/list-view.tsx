import { Box, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import type { CalendarPost } from "../../../schema/api/calendar";
import { formatDay } from "../../lib/calendar-dates";
import { PostCard, type PostCardActions } from "../../components/posts/post-card";
import type { Selection } from "./bulk-actions";

// List (agenda) view (decision 150): the days of the month that have posts, in time order, with the
// full post cards; a day is also a drop target, like in the other views.
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
  byDay: Map<string, CalendarPost[]>;
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
          {(byDay.get(day) ?? []).map((p) => (
            <HStack key={p.id} align="start" gap="2">
              {selection && (
                <input
                  type="checkbox"
                  style={{ marginTop: 10 }}
                  aria-label={`Select post: ${p.content.slice(0, 40)}`}
                  checked={selection.selected.has(p.id)}
                  onChange={() => selection.toggle(p.id)}
                />
              )}
              <Box flex="1" maxW="2xl">
                <PostCard post={p} timeZone={timeZone} actions={actions} busy={busyId === p.id} compact />
              </Box>
            </HStack>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
