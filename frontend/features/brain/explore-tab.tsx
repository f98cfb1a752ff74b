import { Badge, Box, Button, Field, HStack, Stack, Text, Textarea } from "@chakra-ui/react";
import { Brain } from "lucide-react";
import { useState } from "react";
import type { BrainQueryMatch } from "../../../schema/api/brain";
import { notify } from "../../components/ui/toaster";
import { queryBrain } from "./api";

export function ExploreTab({ projectId }: { projectId: string }) {
  const [question, setQuestion] = useState("");
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<BrainQueryMatch[] | null>(null);

  const onQuery = async () => {
    setBusy(true);
    try {
      setResults(await queryBrain(projectId, question.trim()));
    } catch {
      notify.error("Failed to query brain");
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="4">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (question.trim() && !busy) void onQuery();
        }}
      >
        <Stack gap="3">
          <Field.Root>
            <Field.Label>Ask the Brain</Field.Label>
            <Textarea value={question} onChange={(e) => setQuestion(e.target.value)} rows={3} placeholder="e.g. Who is our target audience?" />
          </Field.Root>
          <Button type="submit" colorPalette="brand" alignSelf="flex-start" disabled={!question.trim() || busy}>
            <Brain aria-hidden />
            {busy ? "Thinking..." : "Query Brain"}
          </Button>
        </Stack>
      </form>
      {results && (
        <Stack gap="2" as="ol" listStyleType="none" aria-label="Brain answers">
          {results.length === 0 ? (
            <Text color="fg.muted">No matching knowledge found. Try other words, or feed the brain more content.</Text>
          ) : (
            results.map((r, i) => (
              <Box as="li" key={i} borderWidth="1px" borderRadius="md" p="3">
                <HStack justify="flex-end" mb="1">
                  <Badge colorPalette="brand" variant="subtle">
                    Relevance: {Math.round(r.similarity * 100)}%
                  </Badge>
                </HStack>
                <Text whiteSpace="pre-wrap">{r.content}</Text>
              </Box>
            ))
          )}
        </Stack>
      )}
    </Stack>
  );
}
