import { Badge, Box, Button, Container, Field, Heading, HStack, Input, Spinner, Stack, Text, Textarea } from "@chakra-ui/react";
import { useState } from "react";
import { useParams } from "react-router-dom";
import useSWR from "swr";
import { POST_STATUS_LABELS } from "../../../schema/api/post-status";
import { REVIEW_MESSAGES, type SharedPost, type SharedReview } from "../../../schema/api/review-links";
import { PREVIEWS } from "../../../platforms/previews";
import { PreviewFrame } from "../../../platforms/shared/preview-frame";
import { ApiRequestError } from "../../lib/api";
import { openReview, sendReviewDecision } from "../../lib/api/review";
import { PLATFORM_LABELS } from "../../components/posts/platform-icon";

// /review/<token> (decision 265): a client's page, outside the signed-in shell and with no account.
// It shows only the shared posts, read-only, each in its network's preview, and takes "Approve" or
// "Request changes" with the visitor's name.
export default function ReviewPage() {
  const { token = "" } = useParams();
  const { data, error, isLoading } = useSWR<SharedReview, unknown>(`/api/review/${token}`, () => openReview(token), {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  });
  const [name, setName] = useState("");

  if (isLoading)
    return (
      <Stack minH="100dvh" align="center" justify="center" gap="3">
        <Spinner />
        <Text>Loading the posts to review...</Text>
      </Stack>
    );
  if (error || !data) {
    const gone = error instanceof ApiRequestError && error.code === "gone";
    const missing = error instanceof ApiRequestError && error.code === "not_found";
    return (
      <Stack minH="100dvh" align="center" justify="center" p="6" gap="3" textAlign="center">
        <Heading as="h1" size="xl">
          {gone ? "This review link has expired" : missing ? "Review link not found" : "Could not load the review"}
        </Heading>
        <Text maxW="md" color="fg.muted">
          {gone ? REVIEW_MESSAGES.expired : missing ? REVIEW_MESSAGES.invalid : error instanceof Error ? error.message : "Please try again."}
        </Text>
      </Stack>
    );
  }
  const until = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" }).format(data.expires_at);
  return (
    <Container maxW="2xl" py={{ base: "5", md: "10" }} px={{ base: "4", md: "6" }}>
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            Posts for your review
          </Heading>
          <Text color="fg.muted">
            {data.project_name ? `${data.project_name} shared ` : "Shared: "}
            {data.posts.length === 1 ? "1 post" : `${data.posts.length} posts`}. This link works until {until}.
          </Text>
        </Stack>
        <Field.Root required maxW="sm">
          <Field.Label>Your name</Field.Label>
          <Input value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" placeholder="So the team knows who decided" />
        </Field.Root>
        {data.posts.length === 0 ? (
          <Text>The posts of this link were deleted. There is nothing left to review.</Text>
        ) : (
          <Stack as="ol" gap="8" listStyleType="none">
            {data.posts.map((p) => (
              <SharedPostItem key={p.id} token={token} post={p} name={name} brandName={data.project_name} />
            ))}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}

function SharedPostItem({ token, post, name, brandName }: { token: string; post: SharedPost; name: string; brandName: string }) {
  const Preview = PREVIEWS[post.platform] ?? PreviewFrame;
  const [comment, setComment] = useState("");
  const [busy, setBusy] = useState<null | "approve" | "request_changes">(null);
  const [done, setDone] = useState<null | "approve" | "request_changes">(null);
  const [error, setError] = useState<string | null>(null);
  const when = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(new Date(post.scheduled_for));

  async function send(decision: "approve" | "request_changes") {
    setError(null);
    if (!name.trim()) return setError(REVIEW_MESSAGES.name);
    if (decision === "request_changes" && !comment.trim()) return setError(REVIEW_MESSAGES.changes);
    setBusy(decision);
    try {
      await sendReviewDecision(token, post.id, { decision, name: name.trim(), comment: comment.trim() });
      setDone(decision);
    } catch (err) {
      setError(err instanceof Error ? err.message : "Failed to send. Please try again.");
    } finally {
      setBusy(null);
    }
  }

  return (
    <Box as="li" borderWidth="1px" borderRadius="lg" p={{ base: "3", md: "4" }} aria-label={`${PLATFORM_LABELS[post.platform]} post, ${when}`}>
      <Stack gap="3">
        <HStack justify="space-between" wrap="wrap">
          <Text fontWeight="medium">
            {PLATFORM_LABELS[post.platform]} · {when}
          </Text>
          <Badge>{POST_STATUS_LABELS[post.status]}</Badge>
        </HStack>
        <Box maxW="100%" overflowX="auto">
          <Preview content={post.content} hashtags={post.hashtags} imageUrl={post.media_url} brandName={brandName || undefined} />
        </Box>
        {done ? (
          <Text role="status" color="fg.success">
            {done === "approve" ? "Thanks: your approval was sent to the team." : "Thanks: your request for changes was sent to the team."}
          </Text>
        ) : (
          <>
            <Field.Root>
              <Field.Label>Comment</Field.Label>
              <Textarea value={comment} onChange={(e) => setComment(e.target.value)} rows={3} placeholder="What should change? (optional when approving)" />
            </Field.Root>
            {error && (
              <Text color="fg.error" role="alert">
                {error}
              </Text>
            )}
            <HStack gap="2" wrap="wrap">
              <Button colorPalette="green" loading={busy === "approve"} disabled={busy != null} onClick={() => void send("approve")}>
                Approve
              </Button>
              <Button variant="outline" loading={busy === "request_changes"} disabled={busy != null} onClick={() => void send("request_changes")}>
                Request changes
              </Button>
            </HStack>
          </>
        )}
      </Stack>
    </Box>
  );
}
