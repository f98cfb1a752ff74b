import { Button, Text } from "@chakra-ui/react";
import { useState } from "react";
import type { CalendarPost } from "../../../schema/api/calendar";
import type { SeriesUpdateResponse } from "../../../schema/api/planner";
import { timeInZone } from "../../../schema/api/campaign-schedule";
import { notify } from "../../components/ui/toaster";
import { request } from "../../lib/api";
import type { updatePost } from "../../lib/api/calendar";
import { AppDialog } from "../../components/ui/app-dialog";

// Editing an occurrence of a recurring post asks "this one / all future" (decision 150). "This one"
// is the ordinary edit; "All future" sends the content, hashtags, image and time of day to this
// occurrence and every later scheduled one (each keeps its own date).
type Changes = Parameters<typeof updatePost>[1];
export type PendingSeriesEdit = { post: CalendarPost; changes: Changes };

export function useSeriesEdit(timeZone: string, updateOne: (post: CalendarPost, changes: Changes) => Promise<boolean>, onChanged: () => void) {
  const [pending, setPending] = useState<PendingSeriesEdit | null>(null);
  const [busy, setBusy] = useState(false);

  const save = (post: CalendarPost, changes: Changes) => {
    if (!post.series_id) return updateOne(post, changes);
    setPending({ post, changes });
    return Promise.resolve(true);
  };

  const allFuture = async () => {
    if (!pending) return;
    const { post, changes } = pending;
    setBusy(true);
    try {
      const body: Record<string, unknown> = { time_zone: timeZone };
      if (changes.content !== undefined) body.content = changes.content;
      if (changes.hashtags !== undefined) body.hashtags = changes.hashtags;
      if (changes.media_info !== undefined) body.media_info = changes.media_info;
      if (changes.scheduled_for !== undefined) body.time = timeInZone(Date.parse(changes.scheduled_for), timeZone);
      const res = await request<SeriesUpdateResponse>(`/api/posts/${encodeURIComponent(post.id)}/series`, { method: "PATCH", body: JSON.stringify(body) });
      notify.success(`${res.updated} post${res.updated === 1 ? "" : "s"} updated`);
    } catch (err) {
      notify.error(err instanceof Error ? err.message : "Failed to update post");
    } finally {
      setBusy(false);
      setPending(null);
      onChanged();
    }
  };

  const dialog = (
    <AppDialog
      open={!!pending}
      onClose={() => setPending(null)}
      busy={busy}
      role="alertdialog"
      title="Edit recurring post"
      footer={
        <>
          <Button variant="outline" disabled={busy} onClick={() => setPending(null)}>
            Cancel
          </Button>
          <Button
            variant="outline"
            disabled={busy}
            onClick={() => {
              const p = pending;
              setPending(null);
              if (p) void updateOne(p.post, p.changes);
            }}
          >
            This one
          </Button>
          <Button colorPalette="brand" loading={busy} onClick={() => void allFuture()}>
            All future
          </Button>
        </>
      }
    >
      <Text>This post repeats. Apply your changes to this one only, or to this and all future posts of the series?</Text>
    </AppDialog>
  );
  return { save, dialog };
}
