import { Badge, Box, Button, Field, HStack, Input, Stack, Text, Textarea } from "@chakra-ui/react";
import { useState } from "react";
import type { GeneratedPost } from "../../../schema/api/campaigns";
import { checkPostRules, measurePost } from "../../../platforms/validation";
import { dateInZone, localDateTimeToUtc, timeInZone } from "../../../schema/api/campaign-schedule";
import { DateTimeFields } from "../../components/ui/date-time-fields";
import { formatHashtags, parseHashtags } from "../calendar/post-api";
import { PlatformIcon, PLATFORM_LABELS } from "../calendar/platform-icon";

export type DraftPost = GeneratedPost & { key: string };

const timeFormat = new Intl.DateTimeFormat(undefined, { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });

/** One generated post: time, platform and a preview; editable (content, hashtags, time) and removable. */
export function GeneratedPostItem({
  post,
  index,
  timeZone,
  onChange,
  onRemove,
}: {
  post: DraftPost;
  index: number;
  timeZone: string;
  onChange: (post: DraftPost) => void;
  onRemove: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const at = Date.parse(post.scheduled_for);
  const [content, setContent] = useState(post.content);
  const [tags, setTags] = useState(formatHashtags(post.hashtags));
  const [date, setDate] = useState(dateInZone(at, timeZone));
  const [time, setTime] = useState(timeInZone(at, timeZone));
  const label = `post ${index + 1}`;

  const startEdit = () => {
    setContent(post.content);
    setTags(formatHashtags(post.hashtags));
    setDate(dateInZone(at, timeZone));
    setTime(timeInZone(at, timeZone));
    setEditing(true);
  };
  const hashtags = parseHashtags(tags);
  // Length as the network counts it, hashtags joined as they will be sent (platforms/validation.ts).
  const measured = measurePost(post.platform, content.trim(), hashtags);
  const tooLong = checkPostRules({ platform: post.platform, content: content.trim(), hashtags }).find((i) => i.field === "content");
  const when = localDateTimeToUtc(date, time, timeZone);
  const contentError = !content.trim() ? "Please enter some content" : (tooLong?.message ?? null);
  const timeError = when === null ? "Please choose a valid date and time" : null;

  const save = () => {
    if (contentError || timeError || when === null) return;
    onChange({ ...post, content: content.trim(), hashtags, scheduled_for: new Date(when).toISOString() });
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
          <Field.Root>
            <Field.Label>Hashtags</Field.Label>
            <Input value={tags} onChange={(e) => setTags(e.target.value)} placeholder="#brand #launch" />
          </Field.Root>
          <DateTimeFields date={date} time={time} onDate={setDate} onTime={setTime} error={timeError} />
          <HStack justify="end" gap="2">
            <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
              Cancel
            </Button>
            <Button size="sm" colorPalette="brand" onClick={save} disabled={!!contentError || !!timeError}>
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
        </Stack>
      )}
    </Box>
  );
}
