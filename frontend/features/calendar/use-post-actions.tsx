import { Text } from "@chakra-ui/react";
import { useCallback, useState } from "react";
import type { Post } from "../../../schema/api/posts";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { notify } from "../../components/ui/toaster";
import { waitForPublish } from "../posts/api";
import { deletePost, publishPost, retryPost, updatePost } from "./post-api";

/** Publish now: the post is queued, then we wait (bounded) for the publisher's outcome. */
async function publishAndWait(id: string): Promise<void> {
  const queued = await publishPost(id);
  const final = queued.status === "publishing" ? await waitForPublish(id) : queued;
  if (final.status === "failed") throw new Error(final.error_message ?? "Failed to publish post");
}

/**
 * Post actions with the spec's toasts. `onChanged` refreshes whatever list shows the post.
 * Delete goes through a confirmation dialog rendered by <DeleteConfirm/>.
 */
export function usePostActions(onChanged: () => void) {
  const [pendingDelete, setPendingDelete] = useState<Post | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const run = useCallback(
    async (post: Post, action: () => Promise<unknown>, ok: string, fail: string) => {
      setBusyId(post.id);
      try {
        await action();
        notify.success(ok);
        return true;
      } catch {
        notify.error(fail);
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
    publish: (post: Post) => run(post, () => publishAndWait(post.id), "Post published successfully!", "Failed to publish post"),
    retry: (post: Post) => run(post, () => retryPost(post.id), "Post scheduled successfully!", "Failed to publish post"),
    reschedule: (post: Post, scheduledFor: string) =>
      run(post, () => updatePost(post.id, { scheduled_for: scheduledFor }), "Post rescheduled successfully", "Failed to reschedule post"),
    update: (post: Post, changes: Parameters<typeof updatePost>[1]) =>
      run(post, () => updatePost(post.id, changes), "Post updated successfully", "Failed to update post"),
    askDelete: (post: Post) => setPendingDelete(post),
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

function DeleteConfirm({ post, onCancel, onConfirm }: { post: Post | null; onCancel: () => void; onConfirm: (post: Post) => void }) {
  return (
    <ConfirmDialog open={!!post} title="Delete post" confirmLabel="Delete" onCancel={onCancel} onConfirm={() => post && onConfirm(post)}>
      <Text>Are you sure you want to delete this post?</Text>
    </ConfirmDialog>
  );
}

