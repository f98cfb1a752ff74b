// The image attached to a post being written or edited (docs/decisions/287): shown whole (never
// cropped), with its alt text to edit, and, when the app added a brand card by itself, the note
// "Card added - replace or remove" with both actions where the card is attached.
import { Box, Button, Field, HStack, Image, Input, Stack, Text } from "@chakra-ui/react";
import { useId } from "react";
import { MAX_ALT_TEXT, type MediaInfo } from "../../../schema/api/posts";

export function AttachedImage({
  media,
  onChange,
  onReplace,
  onRemove,
}: {
  media: MediaInfo;
  onChange: (media: MediaInfo) => void;
  onReplace: () => void;
  onRemove: () => void;
}) {
  const noteId = useId();
  return (
    <Stack gap="2" data-testid="attached-image">
      <Box borderRadius="md" borderWidth="1px" bg="bg.muted" overflow="hidden" maxW="sm">
        <Image src={media.url} alt={media.alt_text || "Post image"} w="full" maxH="260px" style={{ objectFit: "contain" }} />
      </Box>
      {media.kind === "card" && (
        <HStack gap="2" flexWrap="wrap" role="note" aria-labelledby={noteId} bg="bg.info" color="fg.info" borderRadius="md" px="3" py="2" fontSize="sm">
          <Text id={noteId}>Card added - replace or remove</Text>
          <Button size="xs" variant="outline" onClick={onReplace}>
            Replace
          </Button>
          <Button size="xs" variant="ghost" onClick={onRemove}>
            Remove
          </Button>
        </HStack>
      )}
      <Field.Root invalid={(media.alt_text?.length ?? 0) > MAX_ALT_TEXT}>
        <Field.Label fontSize="sm">Alt text</Field.Label>
        <Input
          size="sm"
          value={media.alt_text ?? ""}
          maxLength={MAX_ALT_TEXT}
          placeholder="Describe the image for people who cannot see it"
          onChange={(e) => onChange({ ...media, alt_text: e.target.value })}
        />
        <Field.HelperText>Sent with the image where the network supports alt text</Field.HelperText>
      </Field.Root>
    </Stack>
  );
}
