// Settings: which AI engine writes for this deployment and the model in use per task (decision
// 191), from /api/health, so a retired or fallen-back model is visible without reading logs.
import { Heading, Stack, Text } from "@chakra-ui/react";
import useSWR from "swr";
import { aiEngineModels } from "../../../schema/api/system-responses";
import { fetcher } from "../../lib/api";

const PROVIDER: Record<string, string> = { openai: "OpenAI-compatible", "workers-ai": "Cloudflare Workers AI", local: "Local engine (offline)" };

export default function AiEngineSection() {
  const { data, error, isLoading } = useSWR<{ ai?: unknown }>("/api/health", fetcher, { revalidateOnFocus: false });
  const parsed = aiEngineModels.safeParse(data?.ai);
  return (
    <Stack as="section" gap="2" aria-labelledby="settings-ai">
      <Heading as="h3" size="md" id="settings-ai">
        AI engine
      </Heading>
      {isLoading ? (
        <Text fontSize="sm" color="fg.muted" aria-busy="true">
          Reading the AI engine…
        </Text>
      ) : error || !parsed.success ? (
        <Text fontSize="sm" color="fg.muted">
          The AI engine could not be read right now.
        </Text>
      ) : (
        <Stack gap="1" fontSize="sm">
          <Text fontWeight="medium">{PROVIDER[parsed.data.provider]}</Text>
          <Text color="fg.muted" wordBreak="break-all">
            Writing: {parsed.data.chat} · Embeddings: {parsed.data.embeddings} · Images: {parsed.data.image ?? "brand card"}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
