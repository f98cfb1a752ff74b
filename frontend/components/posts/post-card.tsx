import { Badge, Box, Button, HStack, IconButton, Image, Stack, Text } from "@chakra-ui/react";
import { ImagePlus, MessageSquare, Pencil, RefreshCw, Send, Trash2 } from "lucide-react";
import { checkPostRules } from "../../../platforms/validation";
import type { PostStatus } from "../../../schema/api/posts";
import type { Role } from "../../../schema/api/permissions";
import { ALLOWED_FROM, canOnPost, POST_STATUS_LABELS, type PostAction } from "../../../schema/api/post-status";
import type { CalendarPost } from "../../../schema/api/calendar";
import { formatTime } from "../../lib/calendar-dates";
import { FailureMessage } from "./failure-message";
import { PlatformIcon } from "./platform-icon";
import { postImage } from "../../lib/api/calendar";

export const STATUS_COLORS: Record<PostStatus, string> = {
  scheduled: "blue",
  publishing: "orange",
  published: "green",
  failed: "red",
  draft: "gray",
  in_review: "purple",
};

export const DRAG_TYPE = "application/x-brandpilot-post";

export type PostCardActions = {
  onOpen: (post: CalendarPost) => void;
  onPublish: (post: CalendarPost) => void;
  onEdit: (post: CalendarPost) => void;
  onDelete: (post: CalendarPost) => void;
  onRetry: (post: CalendarPost) => void;
  onAddImage: (post: CalendarPost) => void;
  /** The member's role in the project: a card offers only what the role may do (decision 202). */
  role?: Role;
  /** Comments per post id (posts without any are absent): the card's count (decision 202). */
  commentCounts?: Record<string, number>;
};

/** Whether the card offers `action`: the lifecycle module's rule for the member's role and the post's status. */
export function cardAllows(role: Role | undefined, action: PostAction, status: PostStatus): boolean {
  return role === undefined ? ALLOWED_FROM[action].includes(status) : canOnPost(role, action, status);
}

/** A scheduled post that its network's rules now refuse is flagged before it is due: the first rule it breaks. */
export function ruleIssueOf(post: CalendarPost) {
  if (post.status !== "scheduled") return undefined;
  return checkPostRules({
    platform: post.platform,
    content: post.content,
    hashtags: post.hashtags,
    image: post.media_info ? { type: post.media_info.file_type, size: post.media_info.file_size } : null,
  })[0];
}

/** A calendar post card: image or "Add Image", time, platform, status and the actions its status allows. */
export function PostCard({
  post,
  timeZone,
  busy,
  actions,
  compact = false,
}: {
  post: CalendarPost;
  timeZone: string;
  busy?: boolean;
  actions: PostCardActions;
  compact?: boolean;
}) {
  const scheduled = post.status === "scheduled";
  const may = (action: PostAction) => cardAllows(actions.role, action, post.status);
  // Moving and changing a post: a scheduled one, or one In review (it stays In review).
  const movable = (scheduled || post.status === "in_review") && may("reschedule");
  const image = postImage(post);
  const time = formatTime(post.scheduled_for, timeZone);
  const comments = actions.commentCounts?.[post.id] ?? 0;
  const ruleIssue = ruleIssueOf(post);
  return (
    <Box
      borderWidth="1px"
      borderRadius="md"
      bg="bg"
      p="2"
      shadow="xs"
      data-testid="post-card"
      data-post-id={post.id}
      draggable={movable}
      cursor={movable ? "grab" : undefined}
      opacity={busy ? 0.6 : 1}
      onDragStart={(e) => {
        e.dataTransfer.setData(DRAG_TYPE, post.id);
        e.dataTransfer.setData("text/plain", post.id);
        e.dataTransfer.effectAllowed = "move";
      }}
    >
      <Stack gap="1.5">
        {image ? (
          // Whole image, never cropped (a brand card's text reaches its edges): letterboxed in its frame.
          <Image
            src={image}
            alt={post.media_info?.alt_text || "Post image"}
            borderRadius="sm"
            aspectRatio={4 / 3}
            w="full"
            bg="bg.muted"
            style={{ objectFit: "contain" }}
            data-testid="post-card-image"
          />
        ) : movable && !compact ? (
          <Button
            size="xs"
            variant="outline"
            borderStyle="dashed"
            w="full"
            h="auto"
            minH="7"
            py="1"
            px="1"
            fontSize="2xs"
            whiteSpace="normal"
            onClick={() => actions.onAddImage(post)}
            aria-label={`Add Image to the ${time} post`}
          >
            <ImagePlus size={14} aria-hidden /> Add Image
          </Button>
        ) : null}
        <HStack justify="space-between" gap="1" wrap="wrap">
          <HStack gap="1" minW="0">
            <PlatformIcon platform={post.platform} size="3.5" />
            <Text fontSize="xs" fontWeight="semibold" whiteSpace="nowrap">
              <time dateTime={post.scheduled_for}>{time}</time>
            </Text>
          </HStack>
          <PostStatusLine post={post} comments={comments} />
        </HStack>
        <PostTextButton post={post} onOpen={actions.onOpen} />
        {ruleIssue && (
          <Text fontSize="2xs" color="orange.fg" lineClamp={3} data-testid="post-rule-warning">
            Will be refused: {ruleIssue.message}
          </Text>
        )}
        {post.status === "failed" && post.error_message && (
          <Text fontSize="2xs" color="red.fg" lineClamp={2}>
            <FailureMessage message={post.error_message} />
          </Text>
        )}
        <PostCardButtons post={post} actions={actions} busy={busy} />
      </Stack>
    </Box>
  );
}

/** The actions a post's status and the member's role allow: publish now, edit, retry, delete. */
export function PostCardButtons({ post, actions, busy }: { post: CalendarPost; actions: PostCardActions; busy?: boolean }) {
  const may = (action: PostAction) => cardAllows(actions.role, action, post.status);
  const movable = (post.status === "scheduled" || post.status === "in_review") && may("reschedule");
  return (
    <HStack gap="0" justify="end" wrap="wrap">
      {may("publish_now") && (
        <IconButton size="2xs" variant="ghost" aria-label="Publish now" title="Publish now" onClick={() => actions.onPublish(post)} disabled={busy}>
          <Send />
        </IconButton>
      )}
      {movable && (
        <IconButton size="2xs" variant="ghost" aria-label="Edit post" title="Edit post" onClick={() => actions.onEdit(post)} disabled={busy}>
          <Pencil />
        </IconButton>
      )}
      {may("retry") && (
        <IconButton size="2xs" variant="ghost" aria-label="Retry" title="Retry" onClick={() => actions.onRetry(post)} disabled={busy}>
          <RefreshCw />
        </IconButton>
      )}
      {may("delete") && (
        <IconButton
          size="2xs"
          variant="ghost"
          colorPalette="red"
          aria-label="Delete post"
          title="Delete post"
          onClick={() => actions.onDelete(post)}
          disabled={busy}
        >
          <Trash2 />
        </IconButton>
      )}
    </HStack>
  );
}

/** A card's text, three lines at most; a click opens the post's details. */
export function PostTextButton({ post, onOpen }: { post: CalendarPost; onOpen: (post: CalendarPost) => void }) {
  return (
    <Box
      as="button"
      textAlign="start"
      fontSize="xs"
      lineClamp={3}
      onClick={() => onOpen(post)}
      title="Open post details"
      _hover={{ color: "brand.fg" }}
      cursor="pointer"
      wordBreak="break-word"
    >
      {post.content}
    </Box>
  );
}

/** A post's comment count (when it has comments) and its status badge. */
export function PostStatusLine({ post, comments }: { post: CalendarPost; comments: number }) {
  return (
    <HStack gap="1">
      {comments > 0 && (
        <HStack gap="0.5" fontSize="2xs" color="fg.muted" aria-label={`${comments} comment${comments === 1 ? "" : "s"}`} data-testid="comment-count">
          <MessageSquare size={11} aria-hidden />
          <span aria-hidden>{comments}</span>
        </HStack>
      )}
      <Badge size="xs" colorPalette={STATUS_COLORS[post.status]}>
        {POST_STATUS_LABELS[post.status]}
      </Badge>
    </HStack>
  );
}
