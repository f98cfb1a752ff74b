import { Badge, Box, Button, Field, HStack, Image, Stack, Text, Textarea } from "@chakra-ui/react";
import { AppDialog } from "../../components/ui/app-dialog";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import useSWR from "swr";
import type { MediaInfo, Post } from "../../../schema/api/posts";
import type { CalendarPost } from "../../../schema/api/calendar";
import { dateInZone, localDateTimeToUtc, timeInZone } from "../../../schema/api/campaign-schedule";
import { DateTimeFields } from "../../components/ui/date-time-fields";
import { notify } from "../../components/ui/toaster";
import { fetcher } from "../../lib/api";
import { mediaChanged, PostImageField, usePostSave } from "../../components/posts/post-image-field";
import { PostSources } from "../../components/posts/post-sources";
import { PostCommentThread, PostReviewActions } from "../../components/posts/post-thread";
import type { Role } from "../../../schema/api/permissions";
import { canOnPost, POST_STATUS_LABELS } from "../../../schema/api/post-status";
import { formatDay, formatTime } from "../../lib/calendar-dates";
import { PlatformIcon, PLATFORM_LABELS } from "../../components/posts/platform-icon";
import { formatHashtags, postImage, postPath } from "../../lib/api/calendar";
import { STATUS_COLORS } from "../../components/posts/post-card";
import { ClaimCheck } from "../../components/posts/claim-check";
import { FailureMessage } from "../../components/posts/failure-message";
import type { PostEdit } from "../../components/posts/edit-post-dialog";
import { PostHelpers } from "../../components/posts/post-helpers";
import { MessageVariantTabs } from "./message-variant-tabs";

// Decision 150: a published post shows its metrics chart (uPlot, loaded only when needed).
const PostMetricsChart = lazy(() => import("../../components/analytics/post-metrics-chart"));

/**
 * The post detail modal: content, image, hashtags, time and status; scheduled posts have an edit
 * mode with Date, Time, Content and Image (also the keyboard way to move a post to another day).
 */
export function PostDetailDialog({
  post,
  timeZone,
  startInEdit,
  onClose,
  onSave,
  projectId,
  role,
  onChanged,
  variants = [],
  onSelectVariant,
}: {
  post: CalendarPost | null;
  /** The other networks' variants of the post's message (itself included): a tab each (decision 260). */
  variants?: CalendarPost[];
  onSelectVariant?: (post: CalendarPost) => void;
  timeZone: string;
  startInEdit?: boolean;
  onClose: () => void;
  onSave: (post: CalendarPost, changes: PostEdit) => Promise<boolean>;
  /** The current project and the member's role in it: what the thread and the buttons offer. */
  projectId?: string;
  role?: Role;
  /** A review decision changed the post: refresh the lists that show it. */
  onChanged?: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [date, setDate] = useState("");
  const [time, setTime] = useState("");
  const [content, setContent] = useState("");
  const [hashtags, setHashtags] = useState<string[]>([]);
  const [media, setMedia] = useState<MediaInfo | null>(null);
  const [uploadOpen, setUploadOpen] = useState(false);
  const { saving, send } = usePostSave(onSave, onClose);
  // The calendar reads only what its cards draw (decision 171): what else the modal shows of the
  // post (the brain passages it drew on) comes with the full post, fetched when it opens.
  const { data: full, mutate: mutateFull } = useSWR<Post>(post ? postPath(post.id) : null, fetcher, { shouldRetryOnError: false });
  // The lifecycle module says which statuses this dialog edits (time and content together) and
  // whether the member's role edits at all (schema/api/post-status.ts). Without a role (a caller
  // outside a project page) the status alone decides, as before.
  const mayEdit = useCallback((p: CalendarPost) => (role ? canOnPost(role, "reschedule", p.status) : p.status === "scheduled" || p.status === "draft"), [role]);
  // A decision changes the post's status: the dialog shows the fresh one.
  const status = full?.id === post?.id && full ? full.status : post?.status;

  useEffect(() => {
    if (!post) return;
    const at = Date.parse(post.scheduled_for);
    setDate(dateInZone(at, timeZone));
    setTime(timeInZone(at, timeZone));
    setContent(post.content);
    setHashtags(post.hashtags);
    setMedia(post.media_info);
    setEditing(!!startInEdit && mayEdit(post));
  }, [post, startInEdit, timeZone, mayEdit]);

  if (!post) return null;
  // A draft (decision 150) is scheduled from here too: the keyboard path beside dragging it from the tray.
  const editable = mayEdit(post);
  const image = editing ? (media?.url ?? null) : postImage(post);
  const when = localDateTimeToUtc(date, time, timeZone);
  // The automatic brand card's note (decision 287): Replace opens the image dialog in edit mode,
  // Remove takes the card off the post at once.
  const startReplace = () => {
    setEditing(true);
    setUploadOpen(true);
  };
  const removeCard = () => send(post, { media_info: null });

  const save = async () => {
    if (!content.trim()) {
      notify.error("Please enter some content");
      return;
    }
    if (when === null) return;
    const changes: PostEdit = {};
    if (content.trim() !== post.content) changes.content = content.trim();
    if (hashtags.join(" ") !== post.hashtags.join(" ")) changes.hashtags = hashtags;
    if (when !== Date.parse(post.scheduled_for) || post.status === "draft") changes.scheduled_for = new Date(when).toISOString();
    if (mediaChanged(media, post.media_info)) changes.media_info = media;
    await send(post, changes, () => setEditing(false));
  };

  return (
    <AppDialog
      onClose={onClose}
      size="md"
      scrollBehavior="inside"
      closeButton
      titleStart={<PlatformIcon platform={post.platform} />}
      title={editing ? "Edit Post" : `${PLATFORM_LABELS[post.platform]} post`}
      titleEnd={<Badge colorPalette={STATUS_COLORS[status ?? post.status]}>{POST_STATUS_LABELS[status ?? post.status]}</Badge>}
      footer={
        <>
          {editing ? (
            <>
              <Button variant="outline" onClick={() => (startInEdit ? onClose() : setEditing(false))}>
                Cancel
              </Button>
              <Button colorPalette="brand" onClick={save} disabled={saving || when === null || !content.trim()}>
                {saving ? "Saving..." : "Save Changes"}
              </Button>
            </>
          ) : (
            <>
              {editable && status === post.status && (
                <Button variant="outline" onClick={() => setEditing(true)}>
                  Edit
                </Button>
              )}
              <Button onClick={onClose}>Close</Button>
            </>
          )}
        </>
      }
    >
      {onSelectVariant && (
        <Box mb="3">
          <MessageVariantTabs post={post} variants={variants} onSelect={onSelectVariant} />
        </Box>
      )}
      {editing ? (
        <Stack gap="4">
          <DateTimeFields date={date} time={time} onDate={setDate} onTime={setTime} error={when === null ? "Please choose a valid date and time" : null} />
          <Field.Root invalid={!content.trim()}>
            <Field.Label>Content</Field.Label>
            <Textarea value={content} onChange={(e) => setContent(e.target.value)} rows={6} />
            <Field.ErrorText>Please enter some content</Field.ErrorText>
          </Field.Root>
          {hashtags.length > 0 && <Text color="brand.fg">{formatHashtags(hashtags)}</Text>}
          <PostHelpers
            projectId={projectId ?? (full?.id === post.id ? full.project_id : undefined)}
            platform={post.platform}
            draft={{ content, hashtags }}
            onApply={(d) => {
              setContent(d.content);
              setHashtags(d.hashtags);
            }}
          />
          <ClaimCheck projectId={full?.id === post.id ? full.project_id : undefined} content={content} onChange={setContent} />
          <PostImageField media={media} onChange={setMedia} uploadOpen={uploadOpen} onUploadOpen={setUploadOpen} />
        </Stack>
      ) : (
        <Stack gap="4">
          <Text fontSize="sm" color="fg.muted">
            {formatDay(dateInZone(Date.parse(post.scheduled_for), timeZone), "long")} · {formatTime(post.scheduled_for, timeZone)}
          </Text>
          {image && (
            <Box borderRadius="md" borderWidth="1px" bg="bg.muted" overflow="hidden">
              <Image src={image} alt={post.media_info?.alt_text || "Post image"} w="full" maxH="360px" style={{ objectFit: "contain" }} />
            </Box>
          )}
          {post.media_info?.kind === "card" && editable && (
            <HStack gap="2" flexWrap="wrap" role="note" bg="bg.info" color="fg.info" borderRadius="md" px="3" py="2" fontSize="sm">
              <Text>Card added - replace or remove</Text>
              <Button size="xs" variant="outline" onClick={startReplace}>
                Replace
              </Button>
              <Button size="xs" variant="ghost" onClick={() => void removeCard()}>
                Remove
              </Button>
            </HStack>
          )}
          <Text whiteSpace="pre-wrap">{post.content}</Text>
          {post.hashtags.length > 0 && <Text color="brand.fg">{formatHashtags(post.hashtags)}</Text>}
          <PostSources sources={full?.id === post.id ? full.sources : undefined} />
          {post.error_message && (
            <Box borderWidth="1px" borderColor="red.muted" bg="red.subtle" p="3" borderRadius="md">
              <Text fontSize="sm" color="red.fg">
                <FailureMessage message={post.error_message} />
              </Text>
            </Box>
          )}
          {post.status === "published" && (
            <Suspense fallback={null}>
              <PostMetricsChart postId={post.id} />
            </Suspense>
          )}
          <PostReviewActions
            postId={post.id}
            status={status ?? post.status}
            scheduledFor={post.scheduled_for}
            role={role}
            onDecided={() => {
              void mutateFull();
              onChanged?.();
            }}
          />
          {projectId && <PostCommentThread key={`${post.id}:${status}`} postId={post.id} projectId={projectId} status={status ?? post.status} role={role} />}
        </Stack>
      )}
    </AppDialog>
  );
}
