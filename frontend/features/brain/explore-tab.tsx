import { Badge, Box, Button, Field, HStack, Input, Stack, Text, Textarea } from "@chakra-ui/react";
import { Brain } from "lucide-react";
import { useState } from "react";
import { useSWRConfig } from "swr";
import type { BrainQueryMatch, BrainQueryResponse } from "../../../schema/api/brain";
import { PASSAGE_ROLES, PASSAGE_ROLE_LABELS, type PassageRole } from "../../../schema/api/passage-roles";
import { OptionSelect } from "../../components/ui/option-select";
import { notify } from "../../components/ui/toaster";
import { addTextDocument, brainKeys, queryBrain, setSegmentRole } from "../../lib/api/brain";

const ROLE_OPTIONS = PASSAGE_ROLES.map((r) => ({ value: r, label: PASSAGE_ROLE_LABELS[r] }));
const NOTHING_ANSWERS = "Nothing in your brand brain answers this yet";

/** One passage: its role as a tag the user can correct in one step (decision 182). */
function MatchCard({
  projectId,
  match,
  possible,
  onRole,
}: {
  projectId: string;
  match: BrainQueryMatch;
  possible: boolean;
  onRole: (role: PassageRole) => void;
}) {
  const [saving, setSaving] = useState(false);
  const change = async (role: PassageRole) => {
    if (saving) return;
    setSaving(true);
    try {
      await setSegmentRole(projectId, match.segment_id, role);
      onRole(role);
      notify.success(`Saved as ${PASSAGE_ROLE_LABELS[role]}`);
    } catch {
      notify.error("Failed to change the passage's role");
    } finally {
      setSaving(false);
    }
  };
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="3">
      <HStack justify="space-between" mb="1" wrap="wrap" gap="2">
        <HStack gap="2">
          {match.role && (
            <Badge variant="outline" aria-label={`Role: ${PASSAGE_ROLE_LABELS[match.role]}`}>
              {PASSAGE_ROLE_LABELS[match.role]}
            </Badge>
          )}
          {possible && (
            <Badge colorPalette="orange" variant="subtle">
              Possible match
            </Badge>
          )}
        </HStack>
        <Badge colorPalette="brand" variant="subtle">
          Relevance: {Math.round(match.similarity * 100)}%
        </Badge>
      </HStack>
      <Text whiteSpace="pre-wrap">{match.content}</Text>
      <Text fontSize="sm" color="fg.muted" mt="1">
        from {match.document_title}
      </Text>
      <Box maxW="14rem" mt="2">
        <OptionSelect
          aria-label="Passage role"
          options={ROLE_OPTIONS}
          value={match.role ?? "fact"}
          aria-disabled={saving}
          onChange={(e) => void change(e.currentTarget.value as PassageRole)}
        />
      </Box>
    </Box>
  );
}

/** Offers to add the missing answer as a new passage. */
function AddAnswer({ projectId, question }: { projectId: string; question: string }) {
  const { mutate } = useSWRConfig();
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const add = async () => {
    setBusy(true);
    try {
      await addTextDocument(projectId, { title: question.slice(0, 200), content: `${question}\n${text.trim()}` });
      setText("");
      void mutate(brainKeys.documents(projectId));
      notify.success("Added to your brand brain");
    } catch {
      notify.error("Failed to add the answer");
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="2" borderWidth="1px" borderRadius="md" p="3">
      <Text fontWeight="medium">{NOTHING_ANSWERS}</Text>
      <Field.Root>
        <Field.Label>Add the answer as a new passage</Field.Label>
        <Input value={text} onChange={(e) => setText(e.target.value)} placeholder="Write the answer in a sentence" />
      </Field.Root>
      <Button size="sm" alignSelf="flex-start" disabled={!text.trim() || busy} onClick={() => void add()}>
        {busy ? "Adding..." : "Add to brain"}
      </Button>
    </Stack>
  );
}

export function ExploreTab({ projectId }: { projectId: string }) {
  const [question, setQuestion] = useState("");
  const [asked, setAsked] = useState("");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<BrainQueryResponse | null>(null);

  const onQuery = async () => {
    setBusy(true);
    try {
      const q = question.trim();
      setResult(await queryBrain(projectId, q));
      setAsked(q);
    } catch {
      notify.error("Failed to query brain");
    } finally {
      setBusy(false);
    }
  };
  const setRole = (segmentId: string, role: PassageRole) =>
    setResult(
      (r) =>
        r && {
          ...r,
          matches: r.matches.map((m) => (m.segment_id === segmentId ? { ...m, role } : m)),
          answer: r.answer?.segment_id === segmentId ? { ...r.answer, role } : r.answer,
        },
    );

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
      {result && result.answer && (
        <Box borderWidth="1px" borderColor="brand.solid" borderRadius="md" p="3" aria-label="Answer">
          <Text fontWeight="medium">{result.answer.text}</Text>
          <Text fontSize="sm" color="fg.muted">
            - from {result.answer.document_title}
            {result.answer.role ? `, ${PASSAGE_ROLE_LABELS[result.answer.role]}` : ""}
          </Text>
        </Box>
      )}
      {result && result.matches.length === 0 && <AddAnswer projectId={projectId} question={asked} />}
      {result && result.matches.length > 0 && (
        <Stack gap="2" as="ol" listStyleType="none" aria-label="Brain answers">
          {result.matches.map((m) => (
            <MatchCard
              key={m.segment_id}
              projectId={projectId}
              match={m}
              possible={result.confidence === "possible"}
              onRole={(role) => setRole(m.segment_id, role)}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
