import { Box, Progress, Text } from "@chakra-ui/react";
import useSWR from "swr";
import type { BrainIndexStatus } from "../../../schema/api/brain";
import { fetcher } from "../../lib/api";

/**
 * Shown in Brain Studio while the brain is re-embedded for a new AI engine (vectors of different
 * engines are never compared): asking the status also starts the re-index; it polls until done.
 */
export function ReindexProgress({ projectId }: { projectId: string }) {
  const { data } = useSWR<BrainIndexStatus>(`/api/projects/${projectId}/brain/index`, fetcher, {
    refreshInterval: (latest) => (latest?.reindexing ? 2000 : 0),
  });
  if (!data?.reindexing || data.total === 0) return null;
  const value = Math.round((data.done / data.total) * 100);
  return (
    <Box borderWidth="1px" borderRadius="lg" p="3" role="status" data-testid="reindex-progress">
      <Text fontSize="sm" mb="2">
        Updating the brain for the new AI engine: {data.done} of {data.total} passages
      </Text>
      <Progress.Root value={value} size="xs" colorPalette="brand">
        <Progress.Track aria-label="Brain re-index progress">
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Box>
  );
}
