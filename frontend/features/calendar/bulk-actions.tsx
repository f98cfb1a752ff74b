import { Button, Field, HStack, Input, Text } from "@chakra-ui/react";
import { OptionSelect } from "../../components/ui/option-select";
import { useCallback, useMemo, useState } from "react";
import { PLATFORMS, type Platform } from "../../../schema/api/common";
import type { BulkResponse } from "../../../schema/api/planner";
import type { CalendarPost } from "../../../schema/api/calendar";
import { DEFAULT_PLATFORM_ID } from "../../../platforms/registry";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { notify } from "../../components/ui/toaster";
import { request } from "../../lib/api";
import { PLATFORM_LABELS } from "../../components/posts/platform-icon";

const NETWORK_OPTIONS = PLATFORMS.map((p) => ({ value: p, label: PLATFORM_LABELS[p] }));

// Bulk actions (decision 150): select several posts, then move them by N days (each keeps its local
// time of day), change their network, or delete them — one confirmation, one request, one batch
// on the server. Posts the action cannot apply to (published, refused by the network's rules) are
// skipped and counted in the toast.
// An entry is toggled whole: a post, or a message's variants (one card) together, all selected, or
// all cleared when all were selected.
export type Selection = { selected: Set<string>; toggleMany: (ids: readonly string[]) => void; clear: () => void };

export function useSelection(): Selection {
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const toggleMany = useCallback((ids: readonly string[]) => {
    setSelected((s) => {
      const next = new Set(s);
      const all = ids.every((id) => s.has(id));
      for (const id of ids) {
        if (all) next.delete(id);
        else next.add(id);
      }
      return next;
    });
  }, []);
  const clear = useCallback(() => setSelected(new Set()), []);
  return useMemo(() => ({ selected, toggleMany, clear }), [selected, toggleMany, clear]);
}

type Pending = { action: "move"; days: number } | { action: "platform"; platform: Platform } | { action: "delete" };

const plural = (n: number) => `${n} post${n === 1 ? "" : "s"}`;

function describe(p: Pending, n: number): string {
  if (p.action === "move")
    return `Move ${plural(n)} ${p.days > 0 ? "forward" : "back"} by ${Math.abs(p.days)} day${Math.abs(p.days) === 1 ? "" : "s"}? Each keeps its time of day.`;
  if (p.action === "platform")
    return `Change the network of ${plural(n)} to ${PLATFORM_LABELS[p.platform]}? Posts it would refuse (too long, no image, daily limit) are skipped.`;
  return `Are you sure you want to delete ${plural(n)}?`;
}

export function BulkBar({ projectId, timeZone, selection, onDone }: { projectId: string; timeZone: string; selection: Selection; onDone: () => void }) {
  const [days, setDays] = useState("1");
  const [platform, setPlatform] = useState<Platform>(DEFAULT_PLATFORM_ID);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const n = selection.selected.size;
  const dayCount = Number(days);
  const daysValid = Number.isInteger(dayCount) && dayCount !== 0 && Math.abs(dayCount) <= 365;

  const run = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      const res = await request<BulkResponse>(`/api/projects/${encodeURIComponent(projectId)}/posts/bulk`, {
        method: "POST",
        body: JSON.stringify({ ids: [...selection.selected], time_zone: timeZone, ...pending }),
      });
      const verb = pending.action === "delete" ? "deleted" : pending.action === "move" ? "moved" : "changed";
      notify.success(`${plural(res.changed)} ${verb}${res.skipped ? `, ${res.skipped} skipped` : ""}`);
      selection.clear();
    } catch (err) {
      notify.error(err instanceof Error ? err.message : "Bulk action failed");
    } finally {
      setBusy(false);
      setPending(null);
      onDone();
    }
  };

  return (
    <HStack
      gap="3"
      wrap="wrap"
      p="3"
      borderWidth="1px"
      borderRadius="md"
      bg="bg.subtle"
      align="end"
      data-testid="bulk-bar"
      role="region"
      aria-label="Bulk actions"
    >
      <Text fontWeight="semibold" aria-live="polite" minW="24">
        {n} selected
      </Text>
      <Field.Root w="28">
        <Field.Label fontSize="xs">Move by days</Field.Label>
        <Input size="sm" type="number" min={-365} max={365} value={days} onChange={(e) => setDays(e.target.value)} bg="bg" />
      </Field.Root>
      <Button size="sm" variant="outline" disabled={n === 0 || !daysValid} onClick={() => setPending({ action: "move", days: dayCount })}>
        Move
      </Button>
      <Field.Root w="40">
        <Field.Label fontSize="xs">Network</Field.Label>
        <OptionSelect size="sm" bg="bg" options={NETWORK_OPTIONS} value={platform} onChange={(e) => setPlatform(e.target.value as Platform)} />
      </Field.Root>
      <Button size="sm" variant="outline" disabled={n === 0} onClick={() => setPending({ action: "platform", platform })}>
        Change network
      </Button>
      <Button size="sm" colorPalette="red" variant="outline" disabled={n === 0} onClick={() => setPending({ action: "delete" })}>
        Delete selected
      </Button>
      <Button size="sm" variant="ghost" disabled={n === 0} onClick={selection.clear}>
        Clear
      </Button>
      <ConfirmDialog
        open={!!pending}
        title="Bulk action"
        confirmLabel={pending?.action === "delete" ? "Delete" : "Confirm"}
        busy={busy}
        busyText="Working..."
        onCancel={() => setPending(null)}
        onConfirm={() => void run()}
      >
        <Text>{pending ? describe(pending, n) : ""}</Text>
      </ConfirmDialog>
    </HStack>
  );
}

/** The checkbox of a calendar entry while selecting: a post, or a message's variants together. */
export function SelectEntry({ posts, selection, marginTop }: { posts: readonly CalendarPost[]; selection: Selection; marginTop?: number }) {
  const ids = posts.map((p) => p.id);
  const what = posts.length > 1 ? "message" : "post";
  return (
    <input
      type="checkbox"
      style={marginTop === undefined ? undefined : { marginTop }}
      aria-label={`Select ${what}: ${posts[0]?.content.slice(0, 40) ?? ""}`}
      checked={ids.every((id) => selection.selected.has(id))}
      onChange={() => selection.toggleMany(ids)}
    />
  );
}
