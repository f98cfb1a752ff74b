import { Badge, Box, Button, Field, HStack, Stack, Text, Textarea } from "@chakra-ui/react";
import { useState } from "react";
import useSWR, { useSWRConfig } from "swr";
import type { Role } from "../../../schema/api/permissions";
import { canOnPost, type PostStatus } from "../../../schema/api/post-status";
import { COMMENT_MESSAGES, type PostComment, type Team } from "../../../schema/api/team";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { notify } from "../ui/toaster";
import { ApiRequestError, fetcher, request } from "../../lib/api";

// A post's review and comment thread (decision 202). What a member sees is what the lifecycle
// module (schema/api/post-status.ts) lets their role do on the post's status, the same rule the
// Worker applies, so a button shown is never refused for its role.

const commentsPath = (postId: string) => `/api/posts/${encodeURIComponent(postId)}/comments`;
const KIND_LABELS: Record<PostComment["kind"], string | null> = { comment: null, approved: "Approved", changes_requested: "Changes requested" };

const when = (ms: number) => new Date(ms).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
const failure = (err: unknown, fallback: string) => (err instanceof ApiRequestError && err.message ? err.message : fallback);

/** The word being typed at the end of the text when it starts with "@" (what to suggest for). */
export function mentionQuery(text: string): string | null {
  const m = /(?:^|\s)@([^\s@]*)$/.exec(text);
  return m ? m[1]!.toLowerCase() : null;
}

/** Approve / Request changes (with a note) for an Owner or a Reviewer on a post In review. */
export function PostReviewActions({
  postId,
  status,
  scheduledFor,
  role,
  onDecided,
}: {
  postId: string;
  status: PostStatus;
  scheduledFor: string;
  role: Role | undefined;
  onDecided: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const [confirmLate, setConfirmLate] = useState(false);
  const { mutate } = useSWRConfig();
  if (!canOnPost(role, "approve", status)) return null;

  const send = async (decision: "approve" | "request_changes") => {
    setBusy(true);
    try {
      await request<PostComment>(`/api/posts/${encodeURIComponent(postId)}/review`, {
        method: "POST",
        body: JSON.stringify({ decision, comment: note.trim() }),
      });
      notify.success(decision === "approve" ? "Post approved" : "Changes requested");
      setAsking(false);
      setNote("");
      // The decision lands in the thread.
      void mutate(commentsPath(postId));
      onDecided();
    } catch (err) {
      notify.error(failure(err, decision === "approve" ? "Failed to approve post" : "Failed to request changes"));
    } finally {
      setBusy(false);
    }
  };
  // A post whose time has passed publishes as soon as it is approved: the user confirms that first.
  const approve = () => (Date.parse(scheduledFor) <= Date.now() ? setConfirmLate(true) : void send("approve"));

  return (
    <Stack gap="2" borderWidth="1px" borderColor="purple.muted" bg="purple.subtle" p="3" borderRadius="md" data-testid="review-actions">
      <Text fontSize="sm" fontWeight="medium">
        This post is waiting for approval.
      </Text>
      {asking ? (
        <Field.Root invalid={note.trim().length === 0}>
          <Field.Label>What should change?</Field.Label>
          <Textarea value={note} onChange={(e) => setNote(e.target.value)} rows={3} bg="bg" />
          <Field.ErrorText>{COMMENT_MESSAGES.changes}</Field.ErrorText>
        </Field.Root>
      ) : null}
      <HStack gap="2" wrap="wrap">
        {asking ? (
          <>
            <Button size="sm" variant="outline" onClick={() => setAsking(false)} disabled={busy}>
              Cancel
            </Button>
            <Button size="sm" colorPalette="orange" onClick={() => void send("request_changes")} disabled={busy || !note.trim()}>
              Send request
            </Button>
          </>
        ) : (
          <>
            <Button size="sm" colorPalette="green" onClick={approve} disabled={busy}>
              Approve
            </Button>
            <Button size="sm" variant="outline" onClick={() => setAsking(true)} disabled={busy}>
              Request changes
            </Button>
          </>
        )}
      </HStack>
      <ConfirmDialog
        open={confirmLate}
        title="Publish now?"
        confirmLabel="Approve and publish"
        onCancel={() => setConfirmLate(false)}
        onConfirm={() => {
          setConfirmLate(false);
          void send("approve");
        }}
      >
        <Text>This post's time has passed: once approved it publishes right away.</Text>
      </ConfirmDialog>
    </Stack>
  );
}

/** The comment thread: author, time, text; members may add a comment and @mention a member. */
export function PostCommentThread({ postId, projectId, status, role }: { postId: string; projectId: string; status: PostStatus; role: Role | undefined }) {
  const { data, error, isLoading, mutate } = useSWR<PostComment[]>(commentsPath(postId), fetcher, { shouldRetryOnError: false });
  const mayComment = canOnPost(role, "comment", status);
  // Members to @mention, read only when the member may write.
  const { data: team } = useSWR<Team>(mayComment ? `/api/projects/${encodeURIComponent(projectId)}/members` : null, fetcher, { shouldRetryOnError: false });
  const [body, setBody] = useState("");
  const [sending, setSending] = useState(false);
  const query = mentionQuery(body);
  const suggestions = query === null ? [] : (team?.members ?? []).filter((m) => !m.you && m.email.toLowerCase().includes(query)).slice(0, 5);

  const mention = (email: string) => setBody((b) => b.replace(/@[^\s@]*$/, `@${email} `));
  const send = async () => {
    if (!body.trim()) return;
    setSending(true);
    try {
      const added = await request<PostComment>(commentsPath(postId), { method: "POST", body: JSON.stringify({ body: body.trim() }) });
      setBody("");
      await mutate((list) => [...(list ?? []), added], { revalidate: false });
    } catch (err) {
      notify.error(failure(err, "Failed to add comment"));
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="3" as="section" aria-label="Comments">
      <Text fontWeight="semibold" fontSize="sm">
        Comments{data && data.length > 0 ? ` (${data.length})` : ""}
      </Text>
      {isLoading ? (
        <Text fontSize="sm" color="fg.muted">
          Loading comments...
        </Text>
      ) : error ? (
        <Text fontSize="sm" color="red.fg">
          Failed to load comments
        </Text>
      ) : !data || data.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          No comments yet
        </Text>
      ) : (
        <Stack gap="2" as="ol" listStyleType="none" m="0" p="0">
          {data.map((c) => (
            <Box as="li" key={c.id} borderWidth="1px" borderRadius="md" p="2" data-testid="comment">
              <HStack gap="2" wrap="wrap" fontSize="xs" color="fg.muted">
                <Text fontWeight="semibold" color="fg">
                  {c.mine ? "You" : c.author}
                </Text>
                <time dateTime={new Date(c.created_at).toISOString()}>{when(c.created_at)}</time>
                {KIND_LABELS[c.kind] && (
                  <Badge size="xs" colorPalette={c.kind === "approved" ? "green" : "orange"}>
                    {KIND_LABELS[c.kind]}
                  </Badge>
                )}
              </HStack>
              {c.body && (
                <Text fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word">
                  {c.body}
                </Text>
              )}
            </Box>
          ))}
        </Stack>
      )}
      {mayComment && (
        <Stack gap="2">
          <Field.Root>
            <Field.Label srOnly>Add a comment</Field.Label>
            <Textarea
              value={body}
              onChange={(e) => setBody(e.target.value)}
              placeholder="Add a comment (type @ to mention a member)"
              rows={2}
              onKeyDown={(e) => {
                if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) void send();
              }}
            />
          </Field.Root>
          {suggestions.length > 0 && (
            <HStack gap="1" wrap="wrap" role="group" aria-label="Mention a member">
              {suggestions.map((m) => (
                <Button key={m.user_id} size="xs" variant="outline" onClick={() => mention(m.email)}>
                  @{m.email}
                </Button>
              ))}
            </HStack>
          )}
          <HStack justify="end">
            <Button size="sm" onClick={() => void send()} disabled={sending || !body.trim()}>
              {sending ? "Sending..." : "Comment"}
            </Button>
          </HStack>
        </Stack>
      )}
    </Stack>
  );
}
