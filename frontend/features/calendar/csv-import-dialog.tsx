import { Badge, Box, Button, Progress, Stack, Table, Text } from "@chakra-ui/react";
import { Upload } from "lucide-react";
import { useRef, useState } from "react";
import { CSV_COLUMNS, IMPORT_CHUNK, MAX_IMPORT_ROWS, type ImportResponse, type ImportRow, type ImportRowResult } from "../../../schema/api/post-import";
import { notify } from "../../components/ui/toaster";
import { request } from "../../lib/api";
import { ClaimCheck } from "../../components/posts/claim-check";
import { AppDialog } from "../../components/ui/app-dialog";

// CSV import (decision 152): the file is parsed here (papaparse, loaded only when the
// dialog parses a file), every row is checked by the Worker against its network's rules and shown
// in a preview table, then the rows go up in chunks with a progress bar. The Worker re-checks each
// row and creates only the valid ones, so a bad row is reported and nothing else is lost.
type Stage =
  | { kind: "pick" }
  | { kind: "checking" }
  | { kind: "preview"; rows: ImportRow[]; results: ImportRowResult[] }
  | { kind: "importing"; done: number; total: number }
  | { kind: "done"; created: number; failed: ImportRowResult[] };

const HEADER_ALIASES: Record<string, (typeof CSV_COLUMNS)[number]> = {
  platform: "network",
  timezone: "time_zone",
  zone: "time_zone",
  image: "image_url",
  tags: "hashtags",
  text: "content",
};

function normaliseHeader(h: string): string {
  const k = h
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  return HEADER_ALIASES[k] ?? k;
}

export async function parseCsv(text: string): Promise<{ rows: ImportRow[]; error?: string }> {
  const { default: Papa } = await import("papaparse");
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: "greedy", transformHeader: normaliseHeader });
  const fields = parsed.meta.fields ?? [];
  if (!fields.includes("content") || !fields.includes("network")) {
    return { rows: [], error: `The file needs a header row with at least "content" and "network" (columns: ${CSV_COLUMNS.join(", ")})` };
  }
  if (parsed.data.length > MAX_IMPORT_ROWS) return { rows: [], error: `At most ${MAX_IMPORT_ROWS} rows per file` };
  const rows = parsed.data.map((r) => Object.fromEntries(CSV_COLUMNS.map((c) => [c, (r[c] ?? "").slice(0, c === "content" ? 6000 : 2000)])) as ImportRow);
  return { rows };
}

export function CsvImportDialog({
  open,
  projectId,
  timeZone,
  onClose,
  onImported,
}: {
  open: boolean;
  projectId: string;
  timeZone: string;
  onClose: () => void;
  onImported: () => void;
}) {
  const [stage, setStage] = useState<Stage>({ kind: "pick" });
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const base = `/api/projects/${encodeURIComponent(projectId)}`;
  const busy = stage.kind === "checking" || stage.kind === "importing";

  const close = () => {
    if (busy) return;
    setStage({ kind: "pick" });
    setError(null);
    onClose();
  };

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setStage({ kind: "checking" });
    try {
      const { rows, error: parseError } = await parseCsv(await file.text());
      if (parseError) throw new Error(parseError);
      if (rows.length === 0) throw new Error("The file has no rows");
      const res = await request<ImportResponse>(`${base}/import/check`, { method: "POST", body: JSON.stringify({ time_zone: timeZone, rows, first_row: 1 }) });
      setStage({ kind: "preview", rows, results: res.results });
    } catch (err) {
      setError(err instanceof Error ? err.message : "Could not read the file");
      setStage({ kind: "pick" });
    }
  };

  const runImport = async (rows: ImportRow[]) => {
    const failed: ImportRowResult[] = [];
    let created = 0;
    setStage({ kind: "importing", done: 0, total: rows.length });
    for (let i = 0; i < rows.length; i += IMPORT_CHUNK) {
      const chunk = rows.slice(i, i + IMPORT_CHUNK);
      try {
        const res = await request<ImportResponse>(`${base}/import`, {
          method: "POST",
          body: JSON.stringify({ time_zone: timeZone, rows: chunk, first_row: i + 1 }),
        });
        created += res.created;
        failed.push(...res.results.filter((r) => !r.ok));
      } catch (err) {
        // A failed request loses only its own chunk, reported row by row; the import goes on.
        const message = err instanceof Error ? err.message : "Import failed";
        failed.push(...chunk.map((_, k) => ({ row: i + k + 1, ok: false, errors: [message], platform: null, scheduled_for: null })));
      }
      setStage({ kind: "importing", done: Math.min(i + IMPORT_CHUNK, rows.length), total: rows.length });
    }
    setStage({ kind: "done", created, failed });
    if (created > 0) notify.success(`${created} post${created === 1 ? "" : "s"} imported`);
    onImported();
  };

  const validCount = stage.kind === "preview" ? stage.results.filter((r) => r.ok).length : 0;

  return (
    <AppDialog
      open={open}
      onClose={close}
      size="xl"
      scrollBehavior="inside"
      title="Import posts from CSV"
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={busy}>
            {stage.kind === "done" ? "Close" : "Cancel"}
          </Button>
          {stage.kind === "preview" && (
            <Button colorPalette="brand" disabled={validCount === 0} onClick={() => void runImport(stage.rows)}>
              Import {validCount} valid row{validCount === 1 ? "" : "s"}
            </Button>
          )}
        </>
      }
    >
      <Stack gap="4">
        {(stage.kind === "pick" || stage.kind === "checking") && (
          <Stack gap="3">
            <Text fontSize="sm" color="fg.muted">
              Columns: {CSV_COLUMNS.join(", ")}. Dates as YYYY-MM-DD, times as HH:MM in the row&apos;s time zone (or yours, {timeZone}). Leave date and time
              empty to import a draft. Image URLs are fetched and checked like uploads (JPEG, PNG or GIF, max 5MB).
            </Text>
            <input ref={input} type="file" accept=".csv,text/csv" hidden aria-label="CSV file" onChange={(e) => void pick(e.target.files?.[0])} />
            <Button alignSelf="start" onClick={() => input.current?.click()} loading={stage.kind === "checking"} loadingText="Checking rows...">
              <Upload size={16} aria-hidden /> Choose CSV file
            </Button>
            {error && (
              <Text color="red.fg" role="alert">
                {error}
              </Text>
            )}
          </Stack>
        )}
        {stage.kind === "preview" && (
          <>
            <Text aria-live="polite" data-testid="import-summary">
              {validCount} of {stage.results.length} rows are ready to import
              {validCount < stage.results.length ? `; ${stage.results.length - validCount} have problems and will be skipped` : ""}.
            </Text>
            <Box overflowX="auto" maxH="50vh">
              <Table.Root size="sm" stickyHeader data-testid="import-preview">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Row</Table.ColumnHeader>
                    <Table.ColumnHeader>Network</Table.ColumnHeader>
                    <Table.ColumnHeader>When</Table.ColumnHeader>
                    <Table.ColumnHeader>Content</Table.ColumnHeader>
                    <Table.ColumnHeader>Result</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {stage.results.map((r, i) => (
                    <Table.Row key={r.row} data-ok={r.ok ? "true" : "false"}>
                      <Table.Cell>{r.row}</Table.Cell>
                      <Table.Cell>{stage.rows[i]?.network}</Table.Cell>
                      <Table.Cell whiteSpace="nowrap">{stage.rows[i]?.date ? `${stage.rows[i]?.date} ${stage.rows[i]?.time}` : "Draft"}</Table.Cell>
                      <Table.Cell maxW="60" truncate title={stage.rows[i]?.content}>
                        {stage.rows[i]?.content}
                      </Table.Cell>
                      <Table.Cell>
                        {r.ok ? (
                          <Badge colorPalette="green">OK</Badge>
                        ) : (
                          <Text color="red.fg" fontSize="xs">
                            {r.errors.join("; ")}
                          </Text>
                        )}
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
            {/* Each row's text through the same claim check as Create Post (decision 260):
                        Replace changes the text that is imported; nothing here blocks the import. */}
            <Stack gap="2" data-testid="import-claims">
              {stage.rows.map((row, i) =>
                row.content?.trim() ? (
                  <ClaimCheck
                    key={i}
                    label={`Row ${stage.results[i]?.row ?? i + 1}`}
                    projectId={projectId}
                    content={row.content ?? ""}
                    onChange={(text) =>
                      setStage((s) => (s.kind === "preview" ? { ...s, rows: s.rows.map((r, k) => (k === i ? { ...r, content: text } : r)) } : s))
                    }
                  />
                ) : null,
              )}
            </Stack>
          </>
        )}
        {stage.kind === "importing" && (
          <Progress.Root value={Math.round((stage.done / stage.total) * 100)} colorPalette="brand" aria-label="Import progress">
            <Progress.Label>
              Importing... ({stage.done}/{stage.total})
            </Progress.Label>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        )}
        {stage.kind === "done" && (
          <Stack gap="2" data-testid="import-result">
            <Text fontWeight="semibold">
              {stage.created} post{stage.created === 1 ? "" : "s"} imported.
            </Text>
            {stage.failed.length > 0 && (
              <>
                <Text color="red.fg">
                  {stage.failed.length} row{stage.failed.length === 1 ? " was" : "s were"} not imported:
                </Text>
                <Stack as="ul" gap="1" ps="4" fontSize="sm">
                  {stage.failed.map((r) => (
                    <li key={r.row}>
                      Row {r.row}: {r.errors.join("; ")}
                    </li>
                  ))}
                </Stack>
              </>
            )}
          </Stack>
        )}
      </Stack>
    </AppDialog>
  );
}
