// The parts the card's Edit Post modal and the post detail's edit mode share (decision 242): the
// Image field, "did the image change", and saving only what changed then closing.
import { Button, Field, HStack } from "@chakra-ui/react";
import { useState } from "react";
import type { CalendarPost } from "../../../schema/api/calendar";
import type { MediaInfo } from "../../../schema/api/posts";
import ImageUploadDialog from "./image-upload-dialog";
import { AttachedImage } from "./attached-image";
import type { PostEdit } from "./edit-post-dialog";

/** A new image, or new alt text on the same one. */
export const mediaChanged = (media: MediaInfo | null, before: MediaInfo | null) =>
  (media?.url ?? null) !== (before?.url ?? null) || (media?.alt_text ?? "") !== (before?.alt_text ?? "");

/**
 * Sends `changes` through `onSave` and closes when it succeeds; with no changes it calls `unchanged`
 * instead and sends nothing.
 */
export function usePostSave(onSave: (post: CalendarPost, changes: PostEdit) => Promise<boolean>, onClose: () => void) {
  const [saving, setSaving] = useState(false);
  const send = async (post: CalendarPost, changes: PostEdit, unchanged: () => void = onClose) => {
    if (Object.keys(changes).length === 0) {
      unchanged();
      return;
    }
    setSaving(true);
    const ok = await onSave(post, changes);
    setSaving(false);
    if (ok) onClose();
  };
  return { saving, send };
}

/** The Image field: the attached image (alt text, replace, remove), Add/Change Image, the upload dialog. */
export function PostImageField({
  media,
  onChange,
  uploadOpen,
  onUploadOpen,
  error,
}: {
  media: MediaInfo | null;
  onChange: (media: MediaInfo | null) => void;
  uploadOpen: boolean;
  onUploadOpen: (open: boolean) => void;
  /** A network rule the image breaks. */
  error?: string;
}) {
  return (
    <Field.Root invalid={!!error}>
      <Field.Label>Image</Field.Label>
      {media && <AttachedImage media={media} onChange={onChange} onReplace={() => onUploadOpen(true)} onRemove={() => onChange(null)} />}
      <HStack gap="2">
        <Button size="sm" variant="outline" onClick={() => onUploadOpen(true)}>
          {media ? "Change Image" : "Add Image"}
        </Button>
        {media && (
          <Button size="sm" variant="ghost" onClick={() => onChange(null)}>
            Remove image
          </Button>
        )}
      </HStack>
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
      <ImageUploadDialog open={uploadOpen} onOpenChange={onUploadOpen} onComplete={(m) => onChange(m)} />
    </Field.Root>
  );
}
