import { Box, Heading, Stack, Text } from "@chakra-ui/react";
import useSWR from "swr";
import type { CalendarPost } from "../../../schema/api/calendar";
import type { SlotsResponse } from "../../../schema/api/planner";
import { weekday } from "../../../schema/api/campaign-schedule";
import { fetcher } from "../../lib/api";
import { PostChip } from "./month-view";
import { calendarFetcher } from "../../lib/api/calendar";
import type { Selection } from "./bulk-actions";

// The Unscheduled tray (decision 150): drafts — posts without a time — listed beside the calendar and
// dragged onto a day to schedule them. The time they get is the network's first posting-schedule
// slot on that weekday, or 09:00 when there is none (the user can change it in the detail view).
const DEFAULT_DRAFT_TIME = "09:00";

export function useDrafts(projectId: string | undefined) {
  // The calendar's own rows (decision 171), as the calendar itself reads them.
  return useSWR<CalendarPost[]>(projectId ? `/api/projects/${encodeURIComponent(projectId)}/calendar?status=draft&limit=200` : null, calendarFetcher, {
    shouldRetryOnError: false,
  });
}

export function useSlots(projectId: string | undefined) {
  return useSWR<SlotsResponse>(projectId ? `/api/projects/${encodeURIComponent(projectId)}/slots` : null, fetcher, { shouldRetryOnError: false });
}

/** The local time a draft dropped on `day` gets. */
export function draftDropTime(slots: SlotsResponse | undefined, post: CalendarPost, day: string): string {
  const wd = weekday(day);
  const times = (slots?.slots ?? [])
    .filter((s) => s.platform === post.platform && s.weekday === wd)
    .map((s) => s.time)
    .sort();
  return times[0] ?? DEFAULT_DRAFT_TIME;
}

export function UnscheduledTray({
  drafts,
  timeZone,
  onOpen,
  selection,
}: {
  drafts: CalendarPost[] | undefined;
  timeZone: string;
  onOpen: (p: CalendarPost) => void;
  selection: Selection | null;
}) {
  return (
    <Box as="aside" aria-label="Unscheduled" borderWidth="1px" borderRadius="md" p="3" bg="bg.subtle" data-testid="unscheduled-tray">
      <Stack gap="2">
        <Heading as="h2" size="sm">
          Unscheduled {drafts && drafts.length > 0 ? `(${drafts.length})` : ""}
        </Heading>
        {!drafts ? (
          <Text fontSize="xs" color="fg.muted">
            Loading...
          </Text>
        ) : drafts.length === 0 ? (
          <Text fontSize="xs" color="fg.muted">
            No drafts. Posts without a time (for example from a CSV import) wait here; drag one onto a day to schedule it.
          </Text>
        ) : (
          <>
            <Text fontSize="xs" color="fg.muted">
              Drag a draft onto a day to schedule it.
            </Text>
            {drafts.map((p) => (
              <PostChip key={p.id} posts={[p]} timeZone={timeZone} onOpen={onOpen} selection={selection} />
            ))}
          </>
        )}
      </Stack>
    </Box>
  );
}
