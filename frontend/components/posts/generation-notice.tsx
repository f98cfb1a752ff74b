// What the writer could not do for a brief, said beside the drafts and never blocking them
// (decision 119): the local engine writes no post on a subject the brain knows nothing
// about, and a campaign comes back shorter than asked when the brain has no more distinct facts.
// The texts follow the spec's style: plain, short, saying what to do next.
import { Alert, Link, Stack, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import type { GenerateResponse } from "../../../schema/api/campaigns";

export type GenerationGaps = Pick<GenerateResponse, "engine" | "skipped_subjects" | "requested_count" | "fallback" | "add_to_brain"> & {
  /** Messages written (each on every selected network). */
  generated: number;
};

/** The gaps of a generation result, or null when there is nothing to say. */
export function generationGaps(res: GenerateResponse): GenerationGaps | null {
  const gaps = {
    engine: res.engine,
    skipped_subjects: res.skipped_subjects ?? [],
    requested_count: res.requested_count ?? res.posts.length,
    generated: res.message_count ?? res.posts.length,
    fallback: res.fallback,
    add_to_brain: res.add_to_brain,
  };
  return gaps.skipped_subjects.length || gaps.generated < gaps.requested_count || gaps.fallback ? gaps : null;
}

/** “summer sale” · “summer sale” or “gift cards” · “a”, “b” or “c” */
export function quotedList(items: string[]): string {
  const q = items.map((s) => `“${s}”`);
  return q.length <= 1 ? (q[0] ?? "") : `${q.slice(0, -1).join(", ")} or ${q.at(-1)}`;
}

/**
 * "Wrote 2 of 6 messages: your brand brain has no more distinct facts for this brief. Add 4 more
 * facts about “beginner course” to your brand brain to get more." (decision 228)
 */
export function shortfallText(gaps: GenerationGaps): string | null {
  if (gaps.generated >= gaps.requested_count) return null;
  const head = `Wrote ${gaps.generated} of ${gaps.requested_count} messages`;
  // Only the local writer stops for want of facts; a model that returned fewer is just reported.
  if (gaps.engine !== "local") return `${head}.`;
  const missing = gaps.requested_count - gaps.generated;
  const about = gaps.add_to_brain?.length ? ` about ${quotedList(gaps.add_to_brain)}` : " that serve this brief";
  return `${head}: your brand brain has no more distinct facts for this brief. Add ${missing} more ${missing === 1 ? "fact" : "facts"}${about} to your brand brain to get more.`;
}

/**
 * A non-blocking notice: the subjects the brain has nothing on (with a link to Brain Studio) and a
 * campaign shorter than asked. `single` words it for one post (Create Post's generate).
 */
export function GenerationNotice({ gaps, single = false, onNavigate }: { gaps: GenerationGaps | null; single?: boolean; onNavigate?: () => void }) {
  if (!gaps) return null;
  const skipped = gaps.skipped_subjects;
  const shortfall = shortfallText(gaps);
  if (!skipped.length && !shortfall && !gaps.fallback) return null;
  return (
    <Alert.Root status="warning" role="status" borderRadius="md" data-testid="generation-notice">
      <Alert.Indicator />
      <Alert.Content>
        <Stack gap="1">
          {/* The local writer stood in for the AI model (decision 226). */}
          {gaps.fallback && <Text>{gaps.fallback}</Text>}
          {skipped.length > 0 && (
            <Text>
              Your brain has nothing on {quotedList(skipped)} yet — add a document about {skipped.length === 1 ? "it" : "them"} in{" "}
              <Link asChild variant="underline" colorPalette="brand">
                <RouterLink to="/brain" onClick={onNavigate}>
                  Brain Studio
                </RouterLink>
              </Link>
              , or edit the {single ? "post" : "posts"}.
            </Text>
          )}
          {shortfall && <Text>{shortfall}</Text>}
        </Stack>
      </Alert.Content>
    </Alert.Root>
  );
}
