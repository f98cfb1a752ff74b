import { Box, Button, Card, Field, Heading, HStack, IconButton, Input, NativeSelect, SimpleGrid, Spinner, Stack, Text } from "@chakra-ui/react";
import { Plus, Trash2 } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import useSWR from "swr";
import { PLATFORMS, type Platform } from "../../../schema/api/common";
import type { SlotsResponse } from "../../../schema/api/planner";
import { browserTimeZone } from "../../../schema/api/campaigns";
import { nextFreeSlots } from "../../../schema/api/posting-schedule";
import { parseTime } from "../../../schema/api/campaign-schedule";
import { LoadingScreen } from "../../components/ui/loading-screen";
import { notify } from "../../components/ui/toaster";
import { useAuth } from "../../lib/auth-context";
import { fetcher } from "../../lib/api";
import { PLATFORM_LABELS, PlatformIcon } from "../../components/posts/platform-icon";
import { saveSlots } from "../../lib/api/planner";
import { PageLayout } from "../../components/ui/page-layout";

// Posting schedule (decision 150): weekly time slots per network, in the user's time zone. "Add to
// queue" in Create Post and the campaign creator's "use my posting schedule" fill these slots.
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
type DraftSlot = { key: string; platform: Platform; weekday: number; time: string };
let seq = 0;
const key = () => `s${++seq}`;

export default function PostingSchedulePage() {
  const { project } = useAuth();
  const timeZone = useMemo(browserTimeZone, []);
  const path = project ? `/api/projects/${encodeURIComponent(project.id)}/slots` : null;
  const { data, error, mutate } = useSWR<SlotsResponse>(path, fetcher, { shouldRetryOnError: false });
  const [slots, setSlots] = useState<DraftSlot[] | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (data && slots === null) setSlots(data.slots.map((s) => ({ key: key(), platform: s.platform, weekday: s.weekday, time: s.time })));
  }, [data, slots]);

  if (!project) return <LoadingScreen />;
  const invalid = (slots ?? []).some((s) => !parseTime(s.time));

  const save = async () => {
    if (!slots) return;
    setSaving(true);
    try {
      const saved = await saveSlots(project.id, { time_zone: timeZone, slots: slots.map(({ platform, weekday, time }) => ({ platform, weekday, time })) });
      await mutate(saved, { revalidate: false });
      setSlots(saved.slots.map((s) => ({ key: key(), platform: s.platform, weekday: s.weekday, time: s.time })));
      notify.success("Posting schedule saved");
    } catch (err) {
      notify.error(err instanceof Error ? err.message : "Failed to save the posting schedule");
    } finally {
      setSaving(false);
    }
  };

  return (
    <PageLayout
      title="Posting schedule"
      maxW="5xl"
      description={
        <>
          <Text color="fg.muted">
            Weekly time slots per network, in your time zone ({timeZone}). &ldquo;Add to queue&rdquo; puts a post in its network&apos;s next free slot.
          </Text>
          {data?.time_zone && data.time_zone !== timeZone && (
            <Text color="orange.fg" fontSize="sm">
              These slots were saved in {data.time_zone}; saving here stores them in {timeZone}.
            </Text>
          )}
        </>
      }
    >
      {error && !data ? (
        <Text color="red.fg">Failed to load the posting schedule</Text>
      ) : !slots ? (
        <Spinner aria-label="Loading posting schedule" />
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {PLATFORMS.map((platform) => {
            const mine = slots.filter((s) => s.platform === platform);
            const next = nextFreeSlots(mine, timeZone, Date.now(), [], 1)[0];
            return (
              <Card.Root key={platform} data-testid={`slots-${platform}`}>
                <Card.Header>
                  <HStack gap="2">
                    <PlatformIcon platform={platform} decorative />
                    <Heading as="h2" size="md">
                      {PLATFORM_LABELS[platform]}
                    </Heading>
                  </HStack>
                </Card.Header>
                <Card.Body>
                  <Stack gap="2">
                    {mine.length === 0 && (
                      <Text fontSize="sm" color="fg.muted">
                        No time slots yet.
                      </Text>
                    )}
                    {mine.map((s) => (
                      <HStack key={s.key} gap="2">
                        <Field.Root flex="1">
                          <NativeSelect.Root size="sm">
                            <NativeSelect.Field
                              aria-label={`${PLATFORM_LABELS[platform]} slot day`}
                              value={s.weekday}
                              onChange={(e) => setSlots((all) => all!.map((x) => (x.key === s.key ? { ...x, weekday: Number(e.target.value) } : x)))}
                            >
                              {WEEKDAYS.map((d, i) => (
                                <option key={d} value={i}>
                                  {d}
                                </option>
                              ))}
                            </NativeSelect.Field>
                            <NativeSelect.Indicator />
                          </NativeSelect.Root>
                        </Field.Root>
                        <Input
                          size="sm"
                          type="time"
                          w="32"
                          aria-label={`${PLATFORM_LABELS[platform]} slot time`}
                          value={s.time}
                          onChange={(e) => setSlots((all) => all!.map((x) => (x.key === s.key ? { ...x, time: e.target.value } : x)))}
                        />
                        <IconButton size="sm" variant="ghost" aria-label="Remove slot" onClick={() => setSlots((all) => all!.filter((x) => x.key !== s.key))}>
                          <Trash2 />
                        </IconButton>
                      </HStack>
                    ))}
                    <Button
                      size="sm"
                      variant="outline"
                      alignSelf="start"
                      onClick={() => setSlots((all) => [...all!, { key: key(), platform, weekday: 1, time: "09:00" }])}
                    >
                      <Plus size={14} aria-hidden /> Add time slot
                    </Button>
                    {next !== undefined && (
                      <Text fontSize="xs" color="fg.muted">
                        Next slot:{" "}
                        {new Date(next).toLocaleString(undefined, { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" })}
                      </Text>
                    )}
                  </Stack>
                </Card.Body>
              </Card.Root>
            );
          })}
        </SimpleGrid>
      )}
      <Box>
        <Button colorPalette="brand" onClick={() => void save()} loading={saving} loadingText="Saving..." disabled={!slots || invalid}>
          Save schedule
        </Button>
      </Box>
    </PageLayout>
  );
}
