import { Box, Button, Stack, Text } from "@chakra-ui/react";
import { useId, useState } from "react";
import type { PostSource } from "../../../schema/api/post-sources";

/**
 * "Based on: ..." — the brain passages a generated post drew on, so a person can check a claim in
 * one click: the button names the documents, and opens the passages quoted as the brain holds them.
 * Renders nothing for a post written by hand (no sources).
 */
export function PostSources({ sources }: { sources: PostSource[] | undefined }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (!sources?.length) return null;
  const titles = [...new Set(sources.map((s) => s.document_title || "Brand document"))];
  const label = `Based on: ${titles.join(", ")}`;
  return (
    <Box data-testid="post-sources">
      <Button
        size="xs"
        variant="plain"
        px="0"
        color="fg.muted"
        textDecoration="underline"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        whiteSpace="normal"
        textAlign="start"
        h="auto"
      >
        {label} ({sources.length} {sources.length === 1 ? "passage" : "passages"})
      </Button>
      {open && (
        <Stack as="ul" id={listId} gap="2" mt="1" listStyleType="none" aria-label="Sources">
          {sources.map((s) => (
            <Box as="li" key={s.segment_id} borderStartWidth="3px" borderColor="brand.solid" ps="3" py="1">
              <Text as="blockquote" fontSize="sm">
                {s.content}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                {s.document_title}
              </Text>
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}
