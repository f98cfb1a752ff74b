// What the writer could not do for a brief, said beside the drafts and never blocking them
// (issue 9, decision 119): the local engine writes no post on a subject the brain knows nothing
// about, and a campaign comes back shorter than asked when the brain has no more distinct facts.
// The texts follow the spec's style: plain, short, saying what to do next.
import { Alert, Link, Stack, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import type { GenerateResponse } from "../../../schema/api/campaigns";

export type GenerationGaps = Pick<GenerateResponse, "engine" | "skipped_subjects" | "requested_count" | "fallback"> & { generated: number };

/** The gaps of a generation result, or null when there is nothing to say. */
export function generationGaps(res: GenerateResponse): GenerationGaps | null {
  const gaps = { engine: res.engine, skipped_subjects: res.skipped_subjects ?? [], requested_count: res.requested_count ?? res.posts.length, generated: res.posts.length, fallback: res.fallback };
  return gaps.skipped_subjects.length || gaps.generated < gaps.requested_count || gaps.fallback ? gaps : null;
}

/** “summer sale” · “summer sale” or “gift cards” · “a”, “b” or “c” */
export function quotedList(items: string[]): string {
  const q = items.map((s) => `“${s}”`);
  return q.length <= 1 ? (q[0] ?? "") : `${q.slice(0, -1).join(", ")} or ${q.at(-1)}`;
}

/** "Generated 4 of 6 posts: the brain had no more distinct facts for this brief." */
export function shortfallText(gaps: GenerationGaps): string | null {
  if (gaps.generated >= gaps.requested_count) return null;
  const head = `Generated ${gaps.generated} of ${gaps.requested_count} posts`;
  // Only the local writer stops for want of facts; a model that returned fewer is just reported.
  return gaps.engine === "local" ? `${head}: the brain had no more distinct facts for this brief.` : `${head}.`;
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
