import { Text } from "@chakra-ui/react";
import { useCallback, useState } from "react";
import type { CalendarPost } from "../../../schema/api/calendar";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { notify } from "../ui/toaster";
import { waitForPublish } from "../../lib/api/posts";
import { deletePost, publishPost, retryPost, updatePost } from "../../lib/api/calendar";

/** The publisher's reason, told at once in the failure toast. */
class PublishFailed extends Error {}

/** Publish now / retry: the post is queued, then we wait (bounded) for the publisher's outcome. */
async function publishAndWait(queue: () => Promise<CalendarPost>, onQueued?: () => void): Promise<void> {
  const queued = await queue();
  onQueued?.();
  const final = queued.status === "publishing" || queued.status === "scheduled" ? await waitForPublish(queued.id) : queued;
  if (final.status === "failed") throw new PublishFailed(final.error_message ?? "");
}

const failedBecause = (err: unknown) => (err instanceof PublishFailed && err.message ? `Failed to publish post: ${err.message}` : "Failed to publish post");

/**
 * Post actions with the spec's toasts. `onChanged` refreshes whatever list shows the post.
 * Delete goes through a confirmation dialog rendered by <DeleteConfirm/>.
 */
export function usePostActions(onChanged: () => void) {
  const [pendingDelete, setPendingDelete] = useState<CalendarPost | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const run = useCallback(
    async (post: CalendarPost, action: () => Promise<unknown>, ok: string, fail: string | ((err: unknown) => string)) => {
      setBusyId(post.id);
      try {
        await action();
        notify.success(ok);
        return true;
      } catch (err) {
        notify.error(typeof fail === "string" ? fail : fail(err));
        return false;
      } finally {
        setBusyId(null);
        onChanged();
      }
    },
    [onChanged],
  );

  return {
    busyId,
    publish: (post: CalendarPost) => run(post, () => publishAndWait(() => publishPost(post.id), onChanged), "Post published successfully!", failedBecause),
    // Retry says at once that it is retrying, shows the card publishing, then the outcome.
    retry: (post: CalendarPost) =>
      run(
        post,
        () =>
          publishAndWait(
            () => retryPost(post.id),
            () => {
              notify.info("Retrying: publishing the post again...");
              onChanged();
            },
          ),
        "Post published successfully!",
        failedBecause,
      ),
    reschedule: (post: CalendarPost, scheduledFor: string) =>
      run(post, () => updatePost(post.id, { scheduled_for: scheduledFor }), "Post rescheduled successfully", "Failed to reschedule post"),
    // A message's variants moved together (one card on the calendar, decision 278): each is its own
    // request, all are tried, and the toast says how many moved when one of them fails.
    rescheduleMessage: (posts: CalendarPost[], scheduledFor: string) =>
      run(
        posts[0]!,
        async () => {
          const results = await Promise.allSettled(posts.map((p) => updatePost(p.id, { scheduled_for: scheduledFor })));
          const failed = results.filter((r) => r.status === "rejected").length;
          if (failed > 0) throw new Error(`${posts.length - failed} of ${posts.length}`);
        },
        `Message rescheduled on ${posts.length} networks`,
        (err) => `Failed to reschedule the message${err instanceof Error && err.message ? ` (${err.message} networks moved)` : ""}`,
      ),
    update: (post: CalendarPost, changes: Parameters<typeof updatePost>[1]) =>
      run(post, () => updatePost(post.id, changes), "Post updated successfully", "Failed to update post"),
    askDelete: (post: CalendarPost) => setPendingDelete(post),
    deleteConfirm: (
      <DeleteConfirm
        post={pendingDelete}
        onCancel={() => setPendingDelete(null)}
        onConfirm={async (post) => {
          setPendingDelete(null);
          await run(post, () => deletePost(post.id), "Post deleted successfully", "Failed to delete post");
        }}
      />
    ),
  };
}

function DeleteConfirm({ post, onCancel, onConfirm }: { post: CalendarPost | null; onCancel: () => void; onConfirm: (post: CalendarPost) => void }) {
  return (
    <ConfirmDialog open={!!post} title="Delete post" confirmLabel="Delete" onCancel={onCancel} onConfirm={() => post && onConfirm(post)}>
      <Text>Are you sure you want to delete this post?</Text>
    </ConfirmDialog>
  );
}
