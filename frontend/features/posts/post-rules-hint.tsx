import { Field, HStack, Text } from "@chakra-ui/react";
import { measurePost, type RuleIssue } from "../../../platforms/validation";

/**
 * Under the content field: the length as the network counts it (hashtags joined as they will be
 * sent) against the connected account's own limit where it has one (a server's
 * max_characters, `maxLength`), and the first rule the post breaks, live while the user types
 * (platforms/validation.ts).
 */
export function PostRulesHint({
  platform,
  content,
  hashtags,
  issue,
  maxLength,
}: {
  platform: string;
  content: string;
  hashtags: string[];
  issue?: RuleIssue;
  maxLength?: number | null;
}) {
  const measured = measurePost(platform, content.trim(), hashtags, maxLength);
  return (
    <HStack justify="space-between" align="start" w="full" gap="3">
      {issue ? <Field.ErrorText>{issue.message}</Field.ErrorText> : <span />}
      {measured && (
        <Text fontSize="xs" color={measured.length > measured.limit ? "fg.error" : "fg.muted"} flexShrink={0} data-testid="post-length" aria-live="polite">
          {measured.length}/{measured.limit}
        </Text>
      )}
    </HStack>
  );
}
