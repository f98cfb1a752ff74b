import { Badge, Box, Button, Field, HStack, Image, Input, Stack, Text, Textarea } from "@chakra-ui/react";
import { useState } from "react";
import type { GeneratedPost } from "../../../schema/api/campaigns";
import type { MediaInfo } from "../../../schema/api/posts";
import { checkPostRules, measurePost } from "../../../platforms/validation";
import { dateInZone, localDateTimeToUtc, timeInZone } from "../../../schema/api/campaign-schedule";
import { DateTimeFields } from "../../components/ui/date-time-fields";
import { formatHashtags, parseHashtags } from "../../lib/api/calendar";
import { PlatformIcon, PLATFORM_LABELS } from "../../components/posts/platform-icon";
import ImageUploadDialog from "../../components/posts/image-upload-dialog";
import { PostSources } from "../../components/posts/post-sources";
import { ClaimCheck } from "../../components/posts/claim-check";
import { useAuth } from "../../lib/auth-context";

export type DraftPost = GeneratedPost & { key: string };

const timeFormat = new Intl.DateTimeFormat(undefined, { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });

/** One generated post: time, platform and a preview; editable (content, hashtags, time, image) and removable. */
export function GeneratedPostItem({
  post,
  index,
  timeZone,
  maxLength = null,
  onChange,
  onRemove,
}: {
  post: DraftPost;
  index: number;
  timeZone: string;
  /** The connected account's own length limit, where its network has one (a server's own). */
  maxLength?: number | null;
  onChange: (post: DraftPost) => void;
  onRemove: () => void;
}) {
  const { project } = useAuth();
  const [editing, setEditing] = useState(false);
  const at = Date.parse(post.scheduled_for);
  const [content, setContent] = useState(post.content);
  const [tags, setTags] = useState(formatHashtags(post.hashtags));
  const [date, setDate] = useState(dateInZone(at, timeZone));
  const [time, setTime] = useState(timeInZone(at, timeZone));
  // The generated image (AI image or brand card) can be replaced by an upload or removed.
  const [media, setMedia] = useState<MediaInfo | null>(post.media_info ?? null);
  const [uploadOpen, setUploadOpen] = useState(false);
  const label = `post ${index + 1}`;

  const startEdit = () => {
    setContent(post.content);
    setTags(formatHashtags(post.hashtags));
    setDate(dateInZone(at, timeZone));
    setTime(timeInZone(at, timeZone));
    setMedia(post.media_info ?? null);
    setEditing(true);
  };
  const hashtags = parseHashtags(tags);
  // Length as the network counts it, hashtags joined as they will be sent (platforms/validation.ts).
  const measured = measurePost(post.platform, content.trim(), hashtags, maxLength);
  const issues = checkPostRules({
    platform: post.platform,
    content: content.trim(),
    hashtags,
    image: media ? { type: media.file_type, size: media.file_size } : null,
    maxLength,
  });
  const tooLong = issues.find((i) => i.field === "content");
  const mediaIssue = issues.find((i) => i.field === "media_info")?.message ?? null;
  const when = localDateTimeToUtc(date, time, timeZone);
  const contentError = !content.trim() ? "Please enter some content" : (tooLong?.message ?? null);
  const timeError = when === null ? "Please choose a valid date and time" : null;

  const save = () => {
    if (contentError || timeError || mediaIssue || when === null) return;
    const { media_info: _old, ...rest } = post;
    onChange({ ...rest, content: content.trim(), hashtags, scheduled_for: new Date(when).toISOString(), ...(media ? { media_info: media } : {}) });
    setEditing(false);
  };

  return (
    <Box as="li" listStyleType="none" borderWidth="1px" borderRadius="lg" bg="bg" p="4" data-testid="generated-post">
      <HStack justify="space-between" align="start" gap="3" wrap="wrap">
        <HStack gap="2">
          <PlatformIcon platform={post.platform} decorative />
          <Text fontWeight="semibold" fontSize="sm">
            <time dateTime={post.scheduled_for}>{timeFormat.format(at)}</time>
          </Text>
          <Badge size="sm" variant="subtle">
            {PLATFORM_LABELS[post.platform]}
          </Badge>
        </HStack>
        {!editing && (
          <HStack gap="2">
            <Button size="xs" variant="outline" onClick={startEdit} aria-label={`Edit ${label}`}>
              Edit
            </Button>
            <Button size="xs" variant="ghost" colorPalette="red" onClick={onRemove} aria-label={`Remove ${label}`}>
              Remove
            </Button>
          </HStack>
        )}
      </HStack>
      {editing ? (
        <Stack gap="3" mt="3">
          <Field.Root invalid={!!contentError}>
            <Field.Label>Content</Field.Label>
            <Textarea value={content} onChange={(e) => setContent(e.target.value)} rows={4} />
            <Field.HelperText>
              {measured?.length}/{measured?.limit} characters with hashtags
            </Field.HelperText>
            <Field.ErrorText>{contentError}</Field.ErrorText>
          </Field.Root>
          <ClaimCheck projectId={project?.id} content={content} onChange={setContent} />
          <Field.Root>
            <Field.Label>Hashtags</Field.Label>
            <Input value={tags} onChange={(e) => setTags(e.target.value)} placeholder="#brand #launch" />
          </Field.Root>
          <DateTimeFields date={date} time={time} onDate={setDate} onTime={setTime} error={timeError} />
          <Field.Root invalid={!!mediaIssue}>
            <Field.Label>Image</Field.Label>
            {media && <Image src={media.url} alt={`Image of ${label}`} borderRadius="md" maxW="40" aspectRatio={1} />}
            <HStack gap="2">
              <Button size="xs" variant="outline" onClick={() => setUploadOpen(true)} aria-label={`${media ? "Change Image" : "Add Image"} of ${label}`}>
                {media ? "Change Image" : "Add Image"}
              </Button>
              {media && (
                <Button size="xs" variant="ghost" onClick={() => setMedia(null)} aria-label={`Remove image of ${label}`}>
                  Remove image
                </Button>
              )}
            </HStack>
            <Field.ErrorText>{mediaIssue}</Field.ErrorText>
            <ImageUploadDialog open={uploadOpen} onOpenChange={setUploadOpen} onComplete={(m) => setMedia(m)} />
          </Field.Root>
          <HStack justify="end" gap="2">
            <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
              Cancel
            </Button>
            <Button size="sm" colorPalette="brand" onClick={save} disabled={!!contentError || !!timeError || !!mediaIssue}>
              Save
            </Button>
          </HStack>
        </Stack>
      ) : (
        <Stack gap="2" mt="2">
          <Text whiteSpace="pre-wrap" fontSize="sm">
            {post.content}
          </Text>
          {post.hashtags.length > 0 && (
            <Text fontSize="sm" color="brand.fg">
              {formatHashtags(post.hashtags)}
            </Text>
          )}
          {post.media_info && <Image src={post.media_info.url} alt={`Image of ${label}`} borderRadius="md" maxW="40" aspectRatio={1} />}
          <PostSources sources={post.sources} />
          <ClaimCheck projectId={project?.id} content={post.content} onChange={(text) => onChange({ ...post, content: text })} />
        </Stack>
      )}
    </Box>
  );
}
