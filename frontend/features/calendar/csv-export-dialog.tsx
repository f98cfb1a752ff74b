import { Button, Field, HStack, Input, Text } from "@chakra-ui/react";
import { useState } from "react";
import { addDays, localDateTimeToUtc, parseDate } from "../../../schema/api/campaign-schedule";
import { AppDialog } from "../../components/ui/app-dialog";

// CSV export of any calendar range (decision 150): local dates in, the Worker writes the file in the
// import's columns so it can be edited and imported again.
function exportUrl(projectId: string, fromDate: string, toDate: string, timeZone: string): string | null {
  if (!parseDate(fromDate) || !parseDate(toDate) || toDate < fromDate) return null;
  const from = new Date(localDateTimeToUtc(fromDate, "00:00", timeZone)!).toISOString();
  const to = new Date(localDateTimeToUtc(addDays(toDate, 1), "00:00", timeZone)!).toISOString();
  return `/api/projects/${encodeURIComponent(projectId)}/posts/export?${new URLSearchParams({ from, to, time_zone: timeZone })}`;
}

export function CsvExportDialog({
  open,
  projectId,
  timeZone,
  initialFrom,
  initialTo,
  onClose,
}: {
  open: boolean;
  projectId: string;
  timeZone: string;
  initialFrom: string;
  initialTo: string;
  onClose: () => void;
}) {
  const [from, setFrom] = useState(initialFrom);
  const [to, setTo] = useState(initialTo);
  const url = exportUrl(projectId, from, to, timeZone);
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title="Export posts as CSV"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button asChild colorPalette="brand" disabled={!url}>
            <a href={url ?? undefined} download="brandpilot-posts.csv" onClick={() => url && setTimeout(onClose, 0)} aria-disabled={!url}>
              Download CSV
            </a>
          </Button>
        </>
      }
    >
      <HStack gap="3" wrap="wrap">
        <Field.Root flex="1" minW="140px">
          <Field.Label>From</Field.Label>
          <Input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </Field.Root>
        <Field.Root flex="1" minW="140px" invalid={!url}>
          <Field.Label>To</Field.Label>
          <Input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
          <Field.ErrorText>The end date must not be before the start date</Field.ErrorText>
        </Field.Root>
      </HStack>
      <Text mt="3" fontSize="sm" color="fg.muted">
        Times are written in your time zone ({timeZone}).
      </Text>
    </AppDialog>
  );
}
