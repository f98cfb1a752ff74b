// CSV import and export of posts (decision 152). The browser parses the file and sends
// its rows; every row is checked here (checkImportRow: cells, network, time, image URL) and then
// by its network's rules in the one place every post path uses (worker/services/posts/rules.ts:
// length as the network counts it, image, daily cap counting the file's own rows), first with the
// image still to be fetched, then, at import, with the stored image's real facts. An import
// creates only the valid rows, so one bad row never costs the others. Image URLs are
// fetched with the same SSRF rules as page scraping and stored with the same content checks as
// an upload (magic bytes, 5 MB), never trusted by their name or declared type.
import { and, asc, eq, gte, lt } from "drizzle-orm";
import Papa from "papaparse";
import type { z } from "zod";
import { posts } from "../../../schema/db/posts";
import type { Platform } from "../../../schema/api/common";
import { isValidTimeZone, localDateTimeToUtc, dateInZone, timeInZone } from "../../../schema/api/campaign-schedule";
import {
  EXPORT_COLUMNS,
  type exportQuery,
  type ImportResponse,
  type ImportRowResult,
  type importCheckSchema,
  type importSchema,
} from "../../../schema/api/post-import";
import type { MediaInfo } from "../../../schema/api/posts";
import type { Db } from "../../lib/db";
import type { Env } from "../../env";
import type { ServiceContext } from "../context";
import { ApiError } from "../../lib/errors";
import { checkUrl, safeFetchBytes, SafeFetchError, scrapeOptions } from "../../lib/safe-fetch";
import { ownedProject } from "../../lib/ownership";
import { postEventInsert, postsSubject, postWriter, timedStatus } from "../posts";
import { newPostRow, noAccountMessage } from "../posts";
import { storeImage } from "../posts";
import { postRuleIssues, type PostRuleIssue } from "../posts";
import { isPlatformId, PLATFORM_METAS, type PlatformId } from "../../../platforms/registry";
import { socialAccounts } from "../../../schema/db/social";
import { MAX_IMAGE_BYTES } from "../../../schema/api/posts";

type Row = z.output<typeof importCheckSchema>["rows"][number];

/** "9:05" -> "09:05"; dates "2026-3-7" -> "2026-03-07" (spreadsheets drop the zeros). */
function normaliseTime(v: string): string {
  const m = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(v.trim());
  return m ? `${m[1]!.padStart(2, "0")}:${m[2]}` : v.trim();
}
function normaliseDate(v: string): string {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(v.trim());
  return m ? `${m[1]}-${m[2]!.padStart(2, "0")}-${m[3]!.padStart(2, "0")}` : v.trim();
}

/** A network id from a CSV cell: its id, name, brand or select label, any case. */
function resolveNetwork(cell: string): PlatformId | null {
  const v = cell.trim().toLowerCase();
  if (!v) return null;
  if (isPlatformId(v)) return v;
  const meta = PLATFORM_METAS.find((m) => [m.label, m.brand, m.selectLabel].some((n) => n.toLowerCase() === v));
  return meta?.id ?? null;
}

const networkIds = (): string => PLATFORM_METAS.map((m) => m.id).join(", ");

function parseHashtags(v: string): string[] {
  return v
    .split(/[\s,]+/)
    .map((h) => h.replace(/^#+/, "").trim())
    .filter(Boolean);
}

type CheckedRow = ImportRowResult & { content: string; hashtags: string[]; imageUrl: string | null; at: number | null };

/**
 * Validates one row's cells: content, network (known, connected), date and time in the row's zone
 * (or the user's), not in the past, image URL allowed. Both date and time empty makes a draft (the
 * calendar's Unscheduled tray). The network's rules come after (withNetworkRules).
 */
function checkImportRow(row: Row, rowNumber: number, defaultZone: string, connected: Set<Platform>, nowMs: number, allowHosts: Set<string>): CheckedRow {
  const errors: string[] = [];
  const content = row.content.trim();
  const hashtags = parseHashtags(row.hashtags);
  const imageUrl = row.image_url.trim() || null;
  if (!content) errors.push("Content is empty");
  if (hashtags.length > 30) errors.push("At most 30 hashtags");
  const platform = resolveNetwork(row.network);
  if (!row.network.trim()) errors.push("Network is empty");
  else if (!platform) errors.push(`Unknown network "${row.network.trim()}" (use one of: ${networkIds()})`);
  else if (!connected.has(platform)) errors.push(noAccountMessage(platform));
  const zone = row.time_zone.trim() || defaultZone;
  if (!isValidTimeZone(zone)) errors.push(`Unknown time zone "${row.time_zone.trim()}"`);
  const date = normaliseDate(row.date);
  const time = normaliseTime(row.time);
  let at: number | null = null;
  if (date || time) {
    if (!date) errors.push("Date is empty (use YYYY-MM-DD, or leave date and time empty for a draft)");
    else if (!time) errors.push("Time is empty (use HH:MM, or leave date and time empty for a draft)");
    else if (isValidTimeZone(zone)) {
      at = localDateTimeToUtc(date, time, zone);
      if (at === null) errors.push("Date or time is not valid (use YYYY-MM-DD and HH:MM)");
      else if (at <= nowMs) errors.push("The date and time are in the past");
    }
  }
  if (imageUrl) {
    try {
      checkUrl(imageUrl, allowHosts);
    } catch (err) {
      errors.push(`Image URL: ${err instanceof Error ? err.message : "not allowed"}`);
    }
  }
  return {
    row: rowNumber,
    ok: errors.length === 0,
    errors,
    platform: platform ?? null,
    scheduled_for: errors.length === 0 && at !== null ? new Date(at).toISOString() : null,
    content,
    hashtags,
    imageUrl,
    at,
  };
}

async function connectedNetworks(db: Db, projectId: string): Promise<Set<Platform>> {
  const rows = await db.select({ platform: socialAccounts.platform }).from(socialAccounts).where(eq(socialAccounts.projectId, projectId)).all();
  return new Set(rows.map((r) => r.platform as Platform));
}

/** A rule's message as a row's error: where an image is missing, which column supplies it. */
function rowMessage(issue: PostRuleIssue, c: CheckedRow, fetched: boolean): string {
  if (issue.field !== "media_info") return issue.message;
  return fetched ? `Image URL: ${issue.message}` : `${issue.message} (add an image_url to this row)`;
}

/**
 * Adds the network's rules (the same as every other path that saves a post) to each row with a
 * network and content. Rows are one batch, so the daily cap counts the file's earlier valid rows.
 * `images` holds the stored image of rows whose image_url has been fetched; until then an
 * image_url counts as an image whose facts are checked once it is stored.
 */
async function withNetworkRules(env: Env, db: Db, projectId: string, rows: CheckedRow[], images = new Map<CheckedRow, MediaInfo>()): Promise<void> {
  const subject = rows.filter((c) => c.platform && c.content);
  const issues = await postRuleIssues(
    env,
    db,
    projectId,
    subject.map((c) => ({
      platform: c.platform!,
      content: c.content,
      hashtags: c.hashtags,
      mediaInfo: images.get(c) ?? (c.imageUrl ? ("pending" as const) : null),
      // A row refused for another reason is not counted toward the daily cap of the others.
      scheduledFor: c.errors.length === 0 ? c.at : null,
    })),
  );
  subject.forEach((c, i) => {
    for (const issue of issues[i]!) c.errors.push(rowMessage(issue, c, images.has(c)));
    if (c.errors.length > 0) {
      c.ok = false;
      c.scheduled_for = null;
    }
  });
}

const strip = (c: CheckedRow): ImportRowResult => ({
  row: c.row,
  ok: c.ok,
  errors: c.errors,
  platform: c.platform,
  scheduled_for: c.scheduled_for,
  ...(c.post_id ? { post_id: c.post_id } : {}),
});

/** The preview: every row's validation result, nothing stored. */
export async function checkImport(
  ctx: ServiceContext,
  projectId: string,
  input: z.output<typeof importCheckSchema>,
  nowMs = Date.now(),
): Promise<ImportResponse> {
  const { db, env } = ctx;
  const userId = ctx.caller.id;
  await ownedProject(db, userId, projectId);
  const connected = await connectedNetworks(db, projectId);
  const allow = scrapeOptions(env).allowHosts;
  const checked = input.rows.map((r, i) => checkImportRow(r, input.first_row + i, input.time_zone, connected, nowMs, allow));
  await withNetworkRules(env, db, projectId, checked);
  return { results: checked.map(strip), created: 0 };
}

async function fetchImage(db: Db, env: Env, projectId: string, url: string, fetcher?: typeof fetch): Promise<MediaInfo> {
  // Same SSRF rules as brain scraping (decision 132): allowlist only outside production, names resolved.
  const got = await safeFetchBytes(url, { ...scrapeOptions(env), fetcher, limits: { maxBytes: MAX_IMAGE_BYTES } });
  const name = decodeURIComponent(new URL(got.url).pathname.split("/").pop() || "image");
  return storeImage(db, env, projectId, projectId, got.bytes, name);
}

/**
 * Imports a chunk of rows: valid rows become posts (scheduled, or drafts without a time) in one
 * batch; invalid rows and rows whose image cannot be fetched are reported and skipped.
 */
export async function importPosts(
  ctx: ServiceContext,
  projectId: string,
  input: z.output<typeof importSchema>,
  opts: { origin?: string; nowMs?: number; fetcher?: typeof fetch } = {},
): Promise<ImportResponse> {
  const { db, env } = ctx;
  const userId = ctx.caller.id;
  // Imported posts of an Editor wait In review when the project needs approvals (decision 235).
  const writer = await postWriter(db, userId, projectId);
  const nowMs = opts.nowMs ?? Date.now();
  const connected = await connectedNetworks(db, projectId);
  const allow = scrapeOptions(env).allowHosts;
  const checked = input.rows.map((r, i) => checkImportRow(r, input.first_row + i, input.time_zone, connected, nowMs, allow));
  // Rules first, so no image is fetched for a row the network refuses anyway.
  await withNetworkRules(env, db, projectId, checked);
  const images = new Map<CheckedRow, MediaInfo>();
  for (const c of checked) {
    if (!c.ok || !c.imageUrl) continue;
    try {
      images.set(c, await fetchImage(db, env, projectId, c.imageUrl, opts.fetcher));
    } catch (err) {
      if (!(err instanceof SafeFetchError) && !(err instanceof ApiError)) throw err;
      c.ok = false;
      c.scheduled_for = null;
      c.errors.push(`Image URL: ${err.message}`);
    }
  }
  // Again with the stored images' real type, size and aspect ratio, as createPost checks them.
  await withNetworkRules(
    env,
    db,
    projectId,
    checked.filter((c) => c.ok),
    images,
  );
  const at = Date.now();
  const rows: (typeof posts.$inferInsert)[] = [];
  const origin = opts.origin?.replace(/\/+$/, "");
  for (const c of checked) {
    if (!c.ok) continue;
    const mediaInfo = images.get(c) ?? null;
    const row = newPostRow(
      projectId,
      {
        platform: c.platform as Platform,
        content: c.content,
        hashtags: c.hashtags,
        // A draft has no time: its scheduled_for only orders the Unscheduled tray.
        scheduledFor: c.at ?? at,
        status: c.at === null ? "draft" : timedStatus(writer.review),
        mediaInfo,
        mediaUrl: mediaInfo && origin ? origin + mediaInfo.url : null,
      },
      null,
      at,
    );
    c.post_id = row.id;
    rows.push(row);
  }
  if (rows.length > 0) {
    const inserts = [];
    for (let i = 0; i < rows.length; i += 5) inserts.push(db.insert(posts).values(rows.slice(i, i + 5)));
    const [first, ...rest] = inserts;
    await db.batch([first!, ...rest, postEventInsert(db, writer, writer.review ? "imported for review" : "imported", postsSubject(rows.length))]);
  }
  return { results: checked.map(strip), created: rows.length };
}

/** CSV of a calendar range, in the import's columns (plus status), times in the given zone. */
export async function exportPostsCsv(ctx: ServiceContext, projectId: string, q: z.output<typeof exportQuery>, origin?: string): Promise<string> {
  const { db } = ctx;
  await ownedProject(db, ctx.caller.id, projectId, "read");
  const rows = await db
    .select()
    .from(posts)
    .where(and(eq(posts.projectId, projectId), gte(posts.scheduledFor, Date.parse(q.from)), lt(posts.scheduledFor, Date.parse(q.to))))
    .orderBy(asc(posts.scheduledFor))
    .limit(50_000)
    .all();
  const base = origin?.replace(/\/+$/, "") ?? "";
  const data = rows.map((r) => {
    const draft = r.status === "draft";
    const info = r.mediaInfo as MediaInfo | null;
    return [
      r.content,
      (r.hashtags ?? []).map((h) => `#${h}`).join(" "),
      r.platform,
      draft ? "" : dateInZone(r.scheduledFor, q.time_zone),
      draft ? "" : timeInZone(r.scheduledFor, q.time_zone),
      draft ? "" : q.time_zone,
      info ? base + info.url : "",
      r.status,
    ];
  });
  // Cells starting with = + - @ are quoted and prefixed so spreadsheets do not run them as formulas.
  return Papa.unparse({ fields: [...EXPORT_COLUMNS], data }, { escapeFormulae: true, newline: "\r\n" });
}
