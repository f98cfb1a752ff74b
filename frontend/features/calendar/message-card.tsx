// One message on several networks, drawn once on the calendar (decisions 185, 260, 278): the
// variants that share a message_id and a time are one card with a row per network. Each row opens
// that network's post (the detail then shows a tab per network) and carries that variant's own
// status and actions, so every variant is still published, edited, retried and deleted alone.
// Dragging the card moves the whole message: its variants share the time they were written for.
import { Badge, Box, Button, HStack, IconButton, Image, Stack, Text } from "@chakra-ui/react";
import { ImagePlus } from "lucide-react";
import type { DragEvent } from "react";
import type { CalendarPost } from "../../../schema/api/calendar";
import { formatTime } from "../../lib/calendar-dates";
import { postImage } from "../../lib/api/calendar";
import { PlatformIcon, PLATFORM_LABELS } from "../../components/posts/platform-icon";
import {
  cardAllows,
  DRAG_TYPE,
  PostCard,
  PostCardButtons,
  PostTextButton,
  ruleIssueOf,
  PostStatusLine,
  type PostCardActions,
} from "../../components/posts/post-card";

/** The networks of a message, for labels: "A and B", each by its registry name. */
export function networksOf(posts: readonly CalendarPost[]): string {
  const names = posts.map((p) => PLATFORM_LABELS[p.platform]);
  return names.length < 2 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** Whether every variant of the message may be moved (a dragged message moves as one). */
export function messageMovable(posts: readonly CalendarPost[], actions: Pick<PostCardActions, "role">): boolean {
  return posts.every((p) => (p.status === "scheduled" || p.status === "in_review") && cardAllows(actions.role, "reschedule", p.status));
}

/** Drag data of a message: its variants' ids, comma-separated (the calendar's drop reads them all). */
export function startMessageDrag(e: DragEvent, posts: readonly CalendarPost[]) {
  const ids = posts.map((p) => p.id).join(",");
  e.dataTransfer.setData(DRAG_TYPE, ids);
  e.dataTransfer.setData("text/plain", ids);
  e.dataTransfer.effectAllowed = "move";
}

/** A calendar entry: a post alone as its card, a message of several networks as one message card. */
export function CalendarEntry({
  posts,
  timeZone,
  actions,
  busyId,
  compact,
}: {
  posts: CalendarPost[];
  timeZone: string;
  actions: PostCardActions;
  busyId: string | null;
  compact?: boolean;
}) {
  if (posts.length === 1) return <PostCard post={posts[0]!} timeZone={timeZone} actions={actions} busy={busyId === posts[0]!.id} compact={compact} />;
  return <MessageCard posts={posts} timeZone={timeZone} actions={actions} busyId={busyId} />;
}

function MessageCard({ posts, timeZone, actions, busyId }: { posts: CalendarPost[]; timeZone: string; actions: PostCardActions; busyId: string | null }) {
  const first = posts[0]!;
  const movable = messageMovable(posts, actions);
  const image = posts.map(postImage).find(Boolean) ?? null;
  const time = formatTime(first.scheduled_for, timeZone);
  return (
    <Box
      as="article"
      borderWidth="1px"
      borderRadius="md"
      bg="bg"
      p="2"
      shadow="xs"
      data-testid="message-card"
      data-message-id={first.message_id ?? undefined}
      aria-label={`Message on ${networksOf(posts)} at ${time}`}
      draggable={movable}
      cursor={movable ? "grab" : undefined}
      opacity={posts.some((p) => p.id === busyId) ? 0.6 : 1}
      onDragStart={(e) => startMessageDrag(e, posts)}
    >
      <Stack gap="1.5">
        {image && <Image src={image} alt="Post image" borderRadius="sm" aspectRatio={4 / 3} objectFit="cover" w="full" />}
        <HStack justify="space-between" gap="1" wrap="wrap">
          <Text fontSize="xs" fontWeight="semibold" whiteSpace="nowrap">
            <time dateTime={first.scheduled_for}>{time}</time>
          </Text>
          <Badge size="xs" variant="outline" data-testid="message-network-count">
            {posts.length} networks
          </Badge>
        </HStack>
        <PostTextButton post={first} onOpen={actions.onOpen} />
        <Stack as="ul" gap="1" listStyleType="none" aria-label="This message on each network">
          {posts.map((v) => (
            <VariantRow key={v.id} post={v} actions={actions} busy={busyId === v.id} />
          ))}
        </Stack>
      </Stack>
    </Box>
  );
}

/** One network's variant inside a message card: its name (opens it), status, warnings and actions. */
function VariantRow({ post, actions, busy }: { post: CalendarPost; actions: PostCardActions; busy: boolean }) {
  const label = PLATFORM_LABELS[post.platform];
  const comments = actions.commentCounts?.[post.id] ?? 0;
  const ruleIssue = ruleIssueOf(post);
  const addImage = !postImage(post) && (post.status === "scheduled" || post.status === "in_review") && cardAllows(actions.role, "reschedule", post.status);
  return (
    <Box as="li" borderTopWidth="1px" pt="1" data-testid="message-variant" data-post-id={post.id} data-platform={post.platform}>
      <HStack justify="space-between" gap="1" wrap="wrap">
        <Button
          variant="ghost"
          size="2xs"
          px="1"
          minW="0"
          maxW="full"
          onClick={() => actions.onOpen(post)}
          aria-label={`Open the ${label} post`}
          title={`Open the ${label} post`}
        >
          <PlatformIcon platform={post.platform} size="3.5" decorative />
          <Text as="span" truncate fontSize="2xs">
            {label}
          </Text>
        </Button>
        <PostStatusLine post={post} comments={comments} />
      </HStack>
      {ruleIssue && (
        <Text fontSize="2xs" color="orange.fg" lineClamp={3} data-testid="post-rule-warning">
          Will be refused: {ruleIssue.message}
        </Text>
      )}
      {post.status === "failed" && post.error_message && (
        <Text fontSize="2xs" color="red.fg" lineClamp={2}>
          {post.error_message}
        </Text>
      )}
      <HStack gap="0" justify="end" wrap="wrap">
        {addImage && (
          <IconButton
            size="2xs"
            variant="ghost"
            aria-label={`Add Image to the ${label} post`}
            title="Add Image"
            onClick={() => actions.onAddImage(post)}
            disabled={busy}
          >
            <ImagePlus />
          </IconButton>
        )}
        <PostCardButtons post={post} actions={actions} busy={busy} />
      </HStack>
    </Box>
  );
}
