import { Button, Field, HStack, Input, Stack, Textarea } from "@chakra-ui/react";
import { AppDialog } from "../ui/app-dialog";
import { useEffect, useState } from "react";
import { DEFAULT_PLATFORM_ID, PLATFORM_METAS } from "../../../platforms/registry";
import { checkPostRules } from "../../../platforms/validation";
import type { CalendarPost } from "../../../schema/api/calendar";
import type { Platform } from "../../../schema/api/common";
import type { MediaInfo } from "../../../schema/api/posts";
import { dateInZone, localDateTimeToUtc, timeInZone } from "../../../schema/api/campaign-schedule";
import { DateTimeFields } from "../ui/date-time-fields";
import { OptionSelect } from "../ui/option-select";
import { mediaChanged, PostImageField, usePostSave } from "./post-image-field";
import { PlatformIcon, PLATFORM_LABELS } from "./platform-icon";
import { formatHashtags, parseHashtags } from "../../lib/api/calendar";

/** The fields an edit changes (only those sent to PATCH /api/posts/:id). */
export type PostEdit = { content?: string; hashtags?: string[]; scheduled_for?: string; media_info?: MediaInfo | null; platform?: Platform };

/** The networks a post can move to: Create Post's list (platforms/registry.ts). */
const NETWORK_OPTIONS = PLATFORM_METAS.filter((m) => m.connect !== "placeholder").map((m) => ({ value: m.id, label: PLATFORM_LABELS[m.id] }));

const sameTags = (a: string[], b: string[]) => a.length === b.length && a.every((t, i) => t === b[i]);

/**
 * The card's "Edit Post" modal (decision 242): the spec's textarea with Cancel and Save Changes,
 * plus network, date, time, hashtags and image, checked by the same network rules as Create Post
 * (platforms/validation.ts) before anything is sent. Only what changed is sent, through the
 * posts service's PATCH (or the series edit for a recurring post).
 */
export function EditPostDialog({
  post,
  timeZone,
  onClose,
  onSave,
}: {
  post: CalendarPost | null;
  timeZone: string;
  onClose: () => void;
  onSave: (post: CalendarPost, changes: PostEdit) => Promise<boolean>;
}) {
  const [content, setContent] = useState("");
  const [platform, setPlatform] = useState<Platform>(DEFAULT_PLATFORM_ID);
  const [date, setDate] = useState("");
  const [time, setTime] = useState("");
  const [tags, setTags] = useState("");
  const [media, setMedia] = useState<MediaInfo | null>(null);
  const [uploadOpen, setUploadOpen] = useState(false);
  const { saving, send } = usePostSave(onSave, onClose);
  useEffect(() => {
    if (!post) return;
    const at = Date.parse(post.scheduled_for);
    setContent(post.content);
    setPlatform(post.platform);
    setDate(dateInZone(at, timeZone));
    setTime(timeInZone(at, timeZone));
    setTags(formatHashtags(post.hashtags));
    setMedia(post.media_info);
  }, [post, timeZone]);
  if (!post) return null;

  const when = localDateTimeToUtc(date, time, timeZone);
  const hashtags = parseHashtags(tags);
  const issues = checkPostRules({
    platform,
    content: content.trim(),
    hashtags,
    image: media ? { type: media.file_type, size: media.file_size } : null,
  });
  const timeChanged = when !== null && when !== Date.parse(post.scheduled_for);
  // Like Create Post: a new time must be in the future (an unchanged one is left as it is).
  const timeError = when === null ? "Please choose a valid date and time" : timeChanged && when <= Date.now() ? "Please choose a time in the future" : null;
  const blocked = saving || !content.trim() || timeError !== null || issues.length > 0;

  const save = async () => {
    if (blocked) return;
    const changes: PostEdit = {};
    if (content.trim() !== post.content) changes.content = content.trim();
    if (platform !== post.platform) changes.platform = platform;
    if (!sameTags(hashtags, post.hashtags)) changes.hashtags = hashtags;
    if (timeChanged) changes.scheduled_for = new Date(when!).toISOString();
    if (mediaChanged(media, post.media_info)) changes.media_info = media;
    await send(post, changes);
  };

  return (
    <AppDialog
      onClose={onClose}
      size="md"
      scrollBehavior="inside"
      closeButton
      title="Edit Post"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button colorPalette="brand" onClick={save} disabled={blocked}>
            {saving ? "Saving..." : "Save Changes"}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Field.Root disabled={!!post.series_id}>
          <Field.Label>Network</Field.Label>
          <HStack gap="2" w="full">
            <PlatformIcon platform={platform} decorative />
            {/* "All future" edits of a series keep their network (the series edit has no network field). */}
            <OptionSelect options={NETWORK_OPTIONS} value={platform} onChange={(e) => setPlatform(e.target.value as Platform)} />
          </HStack>
          {post.series_id && <Field.HelperText>A recurring post keeps its network</Field.HelperText>}
        </Field.Root>
        <DateTimeFields date={date} time={time} onDate={setDate} onTime={setTime} error={timeError} />
        <Field.Root invalid={!content.trim() || issues.some((i) => i.field === "content")}>
          <Field.Label>Content</Field.Label>
          <Textarea value={content} onChange={(e) => setContent(e.target.value)} rows={6} />
          <Field.ErrorText>{content.trim() ? issues.find((i) => i.field === "content")?.message : "Please enter some content"}</Field.ErrorText>
        </Field.Root>
        <Field.Root>
          <Field.Label>Hashtags</Field.Label>
          <Input value={tags} onChange={(e) => setTags(e.target.value)} placeholder="#launch #spring" />
          <Field.HelperText>Separated by spaces; they count towards the network's length limit</Field.HelperText>
        </Field.Root>
        <PostImageField
          media={media}
          onChange={setMedia}
          uploadOpen={uploadOpen}
          onUploadOpen={setUploadOpen}
          error={issues.find((i) => i.field === "media_info")?.message}
        />
      </Stack>
    </AppDialog>
  );
}
