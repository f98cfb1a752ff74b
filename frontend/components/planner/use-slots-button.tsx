import { Button } from "@chakra-ui/react";
import { CalendarClock } from "lucide-react";
import { useState } from "react";
import type { Platform } from "../../../schema/api/common";
import { notify } from "../ui/toaster";
import { queueSlots } from "../../lib/api/planner";

// The campaign creator's "Use my posting schedule" (decision 150): instead of the spacing formula,
// each generated post takes its network's next free slot (posts of a network in list order).
export function UseSlotsButton({ projectId, platforms, onPlaced }: { projectId: string; platforms: Platform[]; onPlaced: (slots: (string | null)[]) => void }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const { slots } = await queueSlots(projectId, platforms);
      const missing = slots.filter((s) => s === null).length;
      onPlaced(slots);
      if (missing === slots.length) notify.error("No free time slots: add slots on the Posting schedule screen");
      else if (missing > 0) notify.info(`${slots.length - missing} posts placed in your slots; ${missing} kept their times (no free slot for their network)`);
      else notify.success("Posts placed in your posting schedule");
    } catch (err) {
      notify.error(err instanceof Error ? err.message : "Failed to read the posting schedule");
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="sm" variant="outline" onClick={() => void run()} loading={busy} loadingText="Placing...">
      <CalendarClock size={14} aria-hidden /> Use my posting schedule
    </Button>
  );
}
