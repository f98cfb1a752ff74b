// "Upload Image": the type and size are checked here for a quick answer, and again by the server
// (by content) which is the real gate. Progress comes from XHR upload events, not a timer.
import { Box, Button, Field, HStack, IconButton, Image, Input, Progress, Stack, Text } from "@chakra-ui/react";
import { AppDialog } from "../ui/app-dialog";
import { ImageUp, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { IMAGE_TYPES, MAX_ALT_TEXT, MAX_IMAGE_BYTES, type LibraryImage, type MediaInfo } from "../../../schema/api/posts";
import { useAuth } from "../../lib/auth-context";
import { notify } from "../ui/toaster";
import { useDropZone } from "../ui/use-drop-zone";
import { attachImage, libraryKey, libraryMedia, uploadImage } from "../../lib/api/posts";
import { useSWRConfig } from "swr";
import { MediaLibrary } from "./media-library";

const SIZE_ERROR = "File size must be less than 5MB";
const TYPE_ERROR = "Please choose a JPEG, PNG or GIF image";

export type ImageUploadDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The social account the image is for (its id names the storage folder). */
  accountId?: string;
  /** When given, the uploaded image is attached to this post. */
  postId?: string;
  onComplete: (media: MediaInfo) => void;
};

/** The client-side check: JPEG/PNG/GIF by type or extension, at most 5 MB. */
export function checkImageFile(file: File): string | null {
  const typeOk = (IMAGE_TYPES as readonly string[]).includes(file.type) || (!file.type && /\.(jpe?g|png|gif)$/i.test(file.name));
  if (!typeOk) return TYPE_ERROR;
  if (file.size > MAX_IMAGE_BYTES) return SIZE_ERROR;
  return null;
}

type Phase = { kind: "empty" } | { kind: "chosen" } | { kind: "uploading"; percent: number } | { kind: "failed"; message: string };

export default function ImageUploadDialog({ open, onOpenChange, accountId, postId, onComplete }: ImageUploadDialogProps) {
  const { project } = useAuth();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: "empty" });
  const [altText, setAltText] = useState("");
  const { mutate } = useSWRConfig();
  const abortRef = useRef<AbortController | null>(null);
  const hintId = useId();

  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== "function") return;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const reset = () => {
    abortRef.current?.abort();
    abortRef.current = null;
    setFile(null);
    setPreview(null);
    setAltText("");
    setPhase({ kind: "empty" });
  };

  const close = () => {
    reset();
    onOpenChange(false);
  };

  const choose = (picked: File | undefined | null) => {
    if (!picked) return;
    const problem = checkImageFile(picked);
    if (problem) {
      notify.error(problem);
      setFile(null);
      setPreview(null);
      setPhase({ kind: "failed", message: problem });
      return;
    }
    setFile(picked);
    setPhase({ kind: "chosen" });
  };

  const { inputRef, dragging, zoneProps } = useDropZone((files) => choose(files[0]));

  const upload = async () => {
    if (!file || phase.kind === "uploading") return;
    if (!project) {
      notify.error("No project selected");
      return;
    }
    const controller = new AbortController();
    abortRef.current = controller;
    setPhase({ kind: "uploading", percent: 0 });
    try {
      const media = await uploadImage(project.id, file, {
        accountId,
        altText,
        signal: controller.signal,
        onProgress: (percent) => setPhase((p) => (p.kind === "uploading" ? { kind: "uploading", percent } : p)),
      });
      if (postId) await attachImage(postId, media);
      notify.success("Image attached successfully!");
      onComplete(media);
      void mutate(libraryKey(project.id));
      abortRef.current = null;
      close();
    } catch (err) {
      if (controller.signal.aborted) return;
      const message = err instanceof Error && err.message ? err.message : "Please try again";
      setPhase({ kind: "failed", message });
      notify.error("Failed to attach image");
    }
  };

  const uploading = phase.kind === "uploading";

  // A library image: attached as it is stored, with its alt text (decision 287).
  const pick = async (item: LibraryImage) => {
    const media = libraryMedia(item);
    try {
      if (postId) await attachImage(postId, media);
      notify.success("Image attached successfully!");
      onComplete(media);
      close();
    } catch (err) {
      notify.error(err instanceof Error && err.message ? err.message : "Failed to attach image");
    }
  };

  return (
    <AppDialog
      open={open}
      onClose={close}
      fullBelow="sm"
      closeButton
      title="Upload Image"
      footer={
        <>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button colorPalette="brand" onClick={upload} disabled={!file || uploading} loading={uploading} loadingText="Uploading...">
            Upload Image
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <input
          ref={inputRef}
          type="file"
          accept="image/jpeg,image/png,image/gif,.jpg,.jpeg,.png,.gif"
          hidden
          data-testid="image-file-input"
          aria-label="Choose an image"
          onChange={(e) => {
            choose(e.target.files?.[0]);
            e.target.value = "";
          }}
        />
        {file && preview ? (
          <Box position="relative" borderRadius="md" overflow="hidden" borderWidth="1px">
            <Image src={preview} alt={`Preview of ${file.name}`} maxH="280px" w="full" objectFit="contain" bg="bg.muted" />
            {!uploading && (
              <IconButton aria-label="Remove image" size="sm" variant="solid" position="absolute" top="2" right="2" onClick={reset}>
                <X size={16} />
              </IconButton>
            )}
          </Box>
        ) : file ? (
          <HStack justify="space-between" borderWidth="1px" borderRadius="md" p="3">
            <Text truncate>{file.name}</Text>
            {!uploading && (
              <IconButton aria-label="Remove image" size="sm" variant="ghost" onClick={reset}>
                <X size={16} />
              </IconButton>
            )}
          </HStack>
        ) : (
          <Box
            role="button"
            tabIndex={0}
            aria-describedby={hintId}
            data-testid="drop-zone"
            {...zoneProps}
            borderWidth="2px"
            borderStyle="dashed"
            borderColor={dragging ? "brand.solid" : "border"}
            bg={dragging ? "brand.subtle" : undefined}
            borderRadius="lg"
            p="8"
            textAlign="center"
            cursor="pointer"
            _focusVisible={{ outline: "2px solid", outlineColor: "brand.solid" }}
          >
            <Stack align="center" gap="2">
              <ImageUp size={32} aria-hidden />
              <Text>Drag &amp; drop an image here, or click to select</Text>
              <Text id={hintId} fontSize="sm" color="fg.muted">
                Supported formats: JPEG, PNG, GIF (max 5MB)
              </Text>
            </Stack>
          </Box>
        )}

        {file && (
          <Field.Root>
            <Field.Label>Alt text</Field.Label>
            <Input
              value={altText}
              maxLength={MAX_ALT_TEXT}
              onChange={(e) => setAltText(e.target.value)}
              placeholder="Describe the image for people who cannot see it"
              disabled={uploading}
            />
            <Field.HelperText>Kept with the image in your library and sent where the network supports alt text</Field.HelperText>
          </Field.Root>
        )}

        {phase.kind === "uploading" && (
          <Stack gap="1">
            <HStack justify="space-between" fontSize="sm">
              <Text>Uploading...</Text>
              <Text>{phase.percent}%</Text>
            </HStack>
            <Progress.Root value={phase.percent} max={100} colorPalette="brand" aria-label="Upload progress">
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          </Stack>
        )}

        {phase.kind === "failed" && (
          <Box role="alert" borderWidth="1px" borderColor="border.error" bg="bg.error" color="fg.error" borderRadius="md" p="3">
            <Text fontWeight="semibold">Upload Failed</Text>
            <Text fontSize="sm">{phase.message || "Please try again"}</Text>
          </Box>
        )}

        {!file && project && <MediaLibrary projectId={project.id} onPick={(item) => void pick(item)} disabled={uploading} />}
      </Stack>
    </AppDialog>
  );
}
