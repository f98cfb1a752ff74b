import { Button, HStack } from "@chakra-ui/react";
import { CalendarDays, List } from "lucide-react";

export type NarrowView = "day" | "list";

/**
 * Below 768 px the spec forces the day view; the list (agenda) view is offered beside it
 * (decision 240) because one day at a time is a poor way to plan a week on a phone.
 */
export function NarrowViewSwitch({ view, onChange }: { view: NarrowView; onChange: (v: NarrowView) => void }) {
  return (
    <HStack gap="1" role="group" aria-label="Calendar view">
      <Button size="sm" variant={view === "day" ? "solid" : "outline"} colorPalette="brand" onClick={() => onChange("day")} aria-pressed={view === "day"}>
        <CalendarDays size={16} aria-hidden /> Day
      </Button>
      <Button size="sm" variant={view === "list" ? "solid" : "outline"} colorPalette="brand" onClick={() => onChange("list")} aria-pressed={view === "list"}>
        <List size={16} aria-hidden /> List
      </Button>
    </HStack>
  );
}
