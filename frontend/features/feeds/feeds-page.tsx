import { Alert, Badge, Box, Button, Card, Field, Heading, HStack, Input, NativeSelect, Spinner, Stack, Text } from "@chakra-ui/react";
import { Rss } from "lucide-react";
import { useState } from "react";
import useSWR from "swr";
import { PLATFORM_METAS } from "../../../platforms/registry";
import type { Platform } from "../../../schema/api/common";
import { createFeedSchema, FEED_POLL_MINUTES, type FeedDto } from "../../../schema/api/feeds";
import { can } from "../../../schema/api/permissions";
import { PLATFORM_LABELS } from "../../components/posts/platform-icon";
import { LoadingScreen } from "../../components/ui/loading-screen";
import { notify } from "../../components/ui/toaster";
import { ApiRequestError, fetcher } from "../../lib/api";
import { addFeed, feedsPath, removeFeed } from "../../lib/api/feeds";
import { useAuth } from "../../lib/auth-context";
import { PageLayout } from "../../components/ui/page-layout";

// Settings -> Feeds (RSS to drafts, decision 284): the project follows RSS/Atom feeds; each new
// item becomes a draft (or a queue entry) in the brand's voice with its link. The list shows
// when each feed was last read and what went wrong, so a broken feed never fails silently.
const NETWORKS = PLATFORM_METAS.filter((m) => m.connect !== "placeholder").map((m) => m.id as Platform);
const MODE_LABELS: Record<FeedDto["mode"], string> = { draft: "Drafts", queue: "Queue (posting schedule)" };

function lastPoll(feed: FeedDto): string {
  if (!feed.last_polled_at) return "Not read yet: the first check runs within a minute.";
  return `Last checked ${new Date(feed.last_polled_at).toLocaleString()}`;
}

function FeedCard({ feed, editable, onRemove }: { feed: FeedDto; editable: boolean; onRemove: (f: FeedDto) => Promise<void> }) {
  const [removing, setRemoving] = useState(false);
  // "Saved as a draft: ..." is a note (the item was written), anything else an error.
  const note = feed.last_error?.startsWith("Saved as a draft");
  return (
    <Card.Root size="sm" data-testid="feed">
      <Card.Body gap="2">
        <HStack justify="space-between" gap="2" flexWrap="wrap" align="start">
          <Stack gap="0" flex="1" minW="0">
            <Text fontWeight="semibold">{feed.title ?? "Untitled feed"}</Text>
            <Text fontFamily="mono" fontSize="xs" color="fg.muted" wordBreak="break-all">
              {feed.url}
            </Text>
          </Stack>
          <HStack gap="1" flexWrap="wrap">
            <Badge colorPalette="brand">{MODE_LABELS[feed.mode]}</Badge>
            <Badge>{PLATFORM_LABELS[feed.platform]}</Badge>
          </HStack>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {lastPoll(feed)} · {feed.post_count} {feed.post_count === 1 ? "post" : "posts"} written
        </Text>
        {feed.last_error && (
          <Alert.Root status={note ? "warning" : "error"} size="sm">
            <Alert.Indicator />
            <Alert.Description>{feed.last_error}</Alert.Description>
          </Alert.Root>
        )}
        {editable && (
          <Box>
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              loading={removing}
              aria-label={`Remove ${feed.title ?? feed.url}`}
              onClick={() => {
                setRemoving(true);
                void onRemove(feed).finally(() => setRemoving(false));
              }}
            >
              Remove
            </Button>
          </Box>
        )}
      </Card.Body>
    </Card.Root>
  );
}

export default function FeedsPage() {
  const { project } = useAuth();
  const editable = !!project && can(project.role, "edit");
  const feeds = useSWR<FeedDto[]>(project ? feedsPath(project.id) : null, fetcher, { shouldRetryOnError: false, refreshInterval: 60_000 });
  const [url, setUrl] = useState("");
  const [mode, setMode] = useState<FeedDto["mode"]>("draft");
  const [platform, setPlatform] = useState<Platform>(NETWORKS[0]!);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!project) return <LoadingScreen />;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const checked = createFeedSchema.safeParse({ url, mode, platform });
    if (!checked.success) {
      setError(checked.error.issues[0]!.message);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await addFeed(project.id, checked.data);
      setUrl("");
      await feeds.mutate();
      notify.success(`Following the feed: its new items become ${mode === "queue" ? "queue entries" : "drafts"}`);
    } catch (err) {
      if (err instanceof ApiRequestError && (err.code === "invalid_input" || err.code === "conflict")) setError(err.fields?.url ?? err.message);
      else notify.error("Failed to add the feed");
    } finally {
      setBusy(false);
    }
  };

  const remove = async (feed: FeedDto) => {
    try {
      await removeFeed(feed.id);
      await feeds.mutate();
      notify.success("Feed removed; the posts written from it stay");
    } catch {
      notify.error("Failed to remove the feed");
    }
  };

  return (
    <PageLayout
      title="Feeds"
      description={
        <Text color="fg.muted">
          {project.name}: follow your blog or news feeds (RSS or Atom). Every {FEED_POLL_MINUTES} minutes Brandpilot reads them, and each new item becomes a
          post written in your brand's voice with the item's link.
        </Text>
      }
    >
      {editable ? (
        <Card.Root>
          <Card.Body as="form" onSubmit={(e: React.FormEvent) => void submit(e)} gap="4">
            <Heading as="h2" size="md">
              Follow a feed
            </Heading>
            <Field.Root invalid={!!error}>
              <Field.Label>Feed URL</Field.Label>
              <Input value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://example.com/blog/feed.xml" inputMode="url" maxLength={2000} />
              <Field.ErrorText>{error}</Field.ErrorText>
            </Field.Root>
            <Stack direction={{ base: "column", sm: "row" }} gap="4">
              <Field.Root>
                <Field.Label>Write for</Field.Label>
                <NativeSelect.Root size="sm">
                  <NativeSelect.Field aria-label="Network" value={platform} onChange={(e) => setPlatform(e.target.value as Platform)}>
                    {NETWORKS.map((id) => (
                      <option key={id} value={id}>
                        {PLATFORM_LABELS[id]}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              <Field.Root>
                <Field.Label>New items become</Field.Label>
                <NativeSelect.Root size="sm">
                  <NativeSelect.Field aria-label="New items become" value={mode} onChange={(e) => setMode(e.target.value as FeedDto["mode"])}>
                    <option value="draft">Drafts to review</option>
                    <option value="queue">Queue entries (next free slot of the posting schedule)</option>
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
            </Stack>
            <Box>
              <Button type="submit" colorPalette="brand" loading={busy}>
                <Rss size={16} aria-hidden /> Follow feed
              </Button>
            </Box>
          </Card.Body>
        </Card.Root>
      ) : (
        <Alert.Root status="info">
          <Alert.Title>Owners and Editors add and remove feeds.</Alert.Title>
        </Alert.Root>
      )}

      <Stack gap="3">
        <Heading as="h2" size="md">
          Followed feeds
        </Heading>
        {feeds.error ? (
          <Text color="fg.error">Failed to load the feeds.</Text>
        ) : !feeds.data ? (
          <Spinner aria-label="Loading feeds" />
        ) : feeds.data.length === 0 ? (
          <Text color="fg.muted">No feeds yet. Add your blog's feed to turn each new article into a post.</Text>
        ) : (
          feeds.data.map((f) => <FeedCard key={f.id} feed={f} editable={editable} onRemove={remove} />)
        )}
      </Stack>
    </PageLayout>
  );
}
