// The claim check under a draft (decision 225): figures, prices, times, dates, names and
// absolute claims no brand passage supports are underlined in a read-out of the text, each with the
// reason and the nearest brand fact; one click replaces it with the brand's value or keeps it.
// Never blocks saving or scheduling: it is advice, shown while the person writes.
import { Box, Button, HStack, Stack, Text } from "@chakra-ui/react";
import { useEffect, useId, useMemo, useState } from "react";
import useSWR from "swr";
import type { ClaimCheckResponse, ClaimFindingDto } from "../../../schema/api/writer";
import { request } from "../../lib/api";

/** Quiet time after the last keystroke before the draft is checked. */
const DEBOUNCE_MS = 500;

function checkClaims(projectId: string, content: string): Promise<ClaimCheckResponse> {
  return request<ClaimCheckResponse>(`/api/projects/${encodeURIComponent(projectId)}/claims`, { method: "POST", body: JSON.stringify({ content }) });
}

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/** The findings for a draft, checked once the person pauses typing. */
function useClaimCheck(projectId: string | undefined, content: string) {
  const settled = useDebounced(content.trim() ? content : "", DEBOUNCE_MS);
  const { data, error } = useSWR(projectId && settled ? ["claims", projectId, settled] : null, ([, id, text]) => checkClaims(id, text), {
    keepPreviousData: false,
    revalidateOnFocus: false,
  });
  return { findings: data?.findings ?? [], checkedText: settled, failed: !!error };
}

const keyOf = (f: ClaimFindingDto) => `${f.kind}:${f.text.toLowerCase()}`;

/**
 * The underlined read-out and the findings list; renders nothing when every claim is supported.
 * `onChange` receives the content with a claim replaced by the brand's value.
 */
export function ClaimCheck({
  projectId,
  content,
  onChange,
  label,
}: {
  projectId: string | undefined;
  content: string;
  onChange: (content: string) => void;
  /** Which draft this is, where several are checked at once (a CSV import's "Row 3"). */
  label?: string;
}) {
  const { findings, checkedText } = useClaimCheck(projectId, content);
  const [kept, setKept] = useState<Set<string>>(() => new Set());
  const baseId = useId();
  // Findings are offsets into the text that was checked; while the person types on they are stale.
  const current = useMemo(() => (checkedText === content ? findings.filter((f) => !kept.has(keyOf(f))) : []), [checkedText, content, findings, kept]);
  const parts = useMemo(() => {
    const out: { text: string; finding: ClaimFindingDto | null; index: number }[] = [];
    let at = 0;
    current.forEach((f, i) => {
      if (f.start < at) return;
      if (f.start > at) out.push({ text: content.slice(at, f.start), finding: null, index: -1 });
      out.push({ text: content.slice(f.start, f.end), finding: f, index: i });
      at = f.end;
    });
    if (at < content.length) out.push({ text: content.slice(at), finding: null, index: -1 });
    return out;
  }, [current, content]);
  if (!current.length) return null;

  const replace = (f: ClaimFindingDto) => {
    if (f.suggestion === null) return;
    onChange(content.slice(0, f.start) + f.suggestion + content.slice(f.end));
  };
  const keep = (f: ClaimFindingDto) => setKept((k) => new Set(k).add(keyOf(f)));

  return (
    <Box
      borderWidth="1px"
      borderColor="orange.muted"
      borderRadius="md"
      p="3"
      bg="orange.subtle"
      data-testid="claim-check"
      role="region"
      aria-label={label ? `Claim check, ${label}` : "Claim check"}
    >
      <Stack gap="2">
        <Text fontSize="sm" fontWeight="semibold">
          {label ? `${label}: ` : ""}
          {current.length === 1 ? "1 claim is" : `${current.length} claims are`} not in your brand brain
        </Text>
        <Text fontSize="sm" whiteSpace="pre-wrap" data-testid="claim-check-text">
          {parts.map((p, i) =>
            p.finding ? (
              <Text
                as="span"
                key={i}
                textDecoration="underline wavy"
                textDecorationColor="orange.solid"
                textUnderlineOffset="3px"
                data-claim={p.finding.kind}
                aria-describedby={`${baseId}-${p.index}`}
              >
                {p.text}
              </Text>
            ) : (
              <span key={i}>{p.text}</span>
            ),
          )}
        </Text>
        <Stack as="ul" gap="2" listStyleType="none">
          {current.map((f, i) => (
            <Box as="li" key={`${f.start}-${f.text}`} data-testid="claim-finding">
              <Text fontSize="sm" id={`${baseId}-${i}`}>
                {f.reason}
              </Text>
              <HStack gap="2" mt="1" wrap="wrap">
                {f.suggestion !== null && (
                  <Button size="xs" colorPalette="brand" variant="outline" onClick={() => replace(f)}>
                    Replace “{f.text}” with “{f.suggestion}”
                  </Button>
                )}
                <Button size="xs" variant="ghost" onClick={() => keep(f)} aria-label={`Keep “${f.text}”`}>
                  Keep
                </Button>
              </HStack>
            </Box>
          ))}
        </Stack>
      </Stack>
    </Box>
  );
}
