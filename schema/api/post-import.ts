import { z } from "zod";
import { isValidTimeZone } from "./campaign-schedule";

// CSV import and export of posts (decision 150). The CSV columns are the same both ways, so an export
// can be edited and imported again. Cells arrive as strings; the Worker validates each row by the
// network's rules and reports every problem of a row, not just the first (decision 152).
export const CSV_COLUMNS = ["content", "hashtags", "network", "date", "time", "time_zone", "image_url"] as const;
export const EXPORT_COLUMNS = [...CSV_COLUMNS, "status"] as const;
/** Rows per check request (the preview of a whole file). */
export const MAX_IMPORT_ROWS = 2000;
/** Rows per import request: each may fetch an image, and a Worker request has a subrequest budget. */
export const IMPORT_CHUNK = 25;

const cell = (max: number) => z.string().max(max).optional().default("");
const importRowSchema = z.object({
  content: cell(6000),
  hashtags: cell(3000),
  network: cell(40),
  date: cell(40),
  time: cell(40),
  time_zone: cell(100),
  image_url: cell(2000),
});
export type ImportRow = z.input<typeof importRowSchema>;

const defaultZone = z.string().max(100).refine(isValidTimeZone, "Unknown time zone");
/** Row numbers are the file's (1 = first data row), so messages point at the user's own file. */
export const importCheckSchema = z.object({
  time_zone: defaultZone,
  rows: z.array(importRowSchema).min(1, "The file has no rows").max(MAX_IMPORT_ROWS, `At most ${MAX_IMPORT_ROWS} rows per file`),
  first_row: z.number().int().min(1).default(1),
});
export const importSchema = importCheckSchema.extend({
  rows: z.array(importRowSchema).min(1, "The file has no rows").max(IMPORT_CHUNK, `At most ${IMPORT_CHUNK} rows per request`),
});

export type ImportRowResult = {
  row: number;
  ok: boolean;
  errors: string[];
  platform: string | null;
  /** ISO instant; null for a draft (no date and time) or an invalid row. */
  scheduled_for: string | null;
  post_id?: string;
};
export type ImportResponse = { results: ImportRowResult[]; created: number };

export const exportQuery = z.object({
  from: z.string().datetime({ offset: true }),
  to: z.string().datetime({ offset: true }),
  time_zone: defaultZone.default("UTC"),
});
