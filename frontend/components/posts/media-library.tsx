// The project's media library inside the image dialog (docs/decisions/287): every image stored
// for the project, newest first, shown whole; choose one to attach it (with its alt text), or
// delete one no unpublished post carries (the server refuses the others and says why).
import { Box, Button, HStack, Image, SimpleGrid, Skeleton, Stack, Text } from "@chakra-ui/react";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import useSWR from "swr";
import type { LibraryImage } from "../../../schema/api/posts";
import { fetcher } from "../../lib/api";
import { deleteLibraryImage, libraryKey } from "../../lib/api/posts";
import { notify } from "../ui/toaster";

export function MediaLibrary({ projectId, onPick, disabled = false }: { projectId: string; onPick: (item: LibraryImage) => void; disabled?: boolean }) {
  const { data, error, isLoading, mutate } = useSWR<LibraryImage[]>(libraryKey(projectId), fetcher);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);

  const remove = async (item: LibraryImage) => {
    setDeleting(item.id);
    try {
      await deleteLibraryImage(projectId, item.id);
      await mutate((list) => list?.filter((i) => i.id !== item.id), { revalidate: false });
      notify.success("Image deleted from the library");
    } catch (err) {
      notify.error(err instanceof Error && err.message ? err.message : "Failed to delete the image");
    } finally {
      setDeleting(null);
      setConfirming(null);
    }
  };

  return (
    <Stack gap="2" as="section" aria-label="Media library">
      <Text fontWeight="semibold" fontSize="sm">
        Or choose from your library
      </Text>
      {isLoading ? (
        <SimpleGrid columns={{ base: 2, sm: 3 }} gap="2" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} aspectRatio={1} borderRadius="md" />
          ))}
        </SimpleGrid>
      ) : error ? (
        <Text fontSize="sm" color="fg.error" role="alert">
          Failed to load your library. Please try again.
        </Text>
      ) : !data?.length ? (
        <Text fontSize="sm" color="fg.muted">
          No images yet: the images you upload are kept here to use again.
        </Text>
      ) : (
        <SimpleGrid columns={{ base: 2, sm: 3 }} gap="2" maxH="260px" overflowY="auto" data-testid="media-library">
          {data.map((item) => (
            <Stack key={item.id} gap="1" borderWidth="1px" borderRadius="md" p="1">
              <Box
                asChild
                borderRadius="sm"
                overflow="hidden"
                bg="bg.muted"
                cursor="pointer"
                _focusVisible={{ outline: "2px solid", outlineColor: "brand.solid" }}
              >
                <button type="button" aria-label={`Use image ${item.file_name}`} onClick={() => onPick(item)} disabled={disabled}>
                  <Image src={item.url} alt={item.alt_text || item.file_name} aspectRatio={1} w="full" style={{ objectFit: "contain" }} />
                </button>
              </Box>
              <Text fontSize="xs" truncate title={item.file_name}>
                {item.file_name}
              </Text>
              <Text fontSize="xs" color={item.alt_text ? "fg.muted" : "fg.subtle"} lineClamp={2}>
                {item.alt_text ? `Alt: ${item.alt_text}` : "No alt text"}
              </Text>
              {confirming === item.id ? (
                <HStack gap="1">
                  <Button size="2xs" colorPalette="red" onClick={() => void remove(item)} loading={deleting === item.id}>
                    Delete
                  </Button>
                  <Button size="2xs" variant="ghost" onClick={() => setConfirming(null)}>
                    Keep
                  </Button>
                </HStack>
              ) : (
                <Button size="2xs" variant="ghost" aria-label={`Delete ${item.file_name}`} onClick={() => setConfirming(item.id)} disabled={disabled}>
                  <Trash2 size={12} aria-hidden /> {item.in_use > 0 ? `In ${item.in_use} post${item.in_use === 1 ? "" : "s"}` : "Delete"}
                </Button>
              )}
            </Stack>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
