// Campaign spacing (docs/product-spec.md section 9) and wall-clock <-> UTC conversion in an IANA time zone.
// Pure and dependency-free so the Worker (which stores UTC) and the SPA (which shows local time)
// compute exactly the same instants. Offsets are resolved with Intl.DateTimeFormat, so DST rules
// come from the runtime's tz database; no date library is shipped (decision 080).

export type WallTime = { year: number; month: number; day: number; hour: number; minute: number };

/** The browser's IANA time zone (the SPA sends it with every schedule). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 100) return false;
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock fields of a UTC instant in a time zone (seconds included). */
export function wallTimeOf(instantMs: number, timeZone: string): WallTime & { second: number } {
  const parts = formatter(timeZone).formatToParts(new Date(instantMs));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get("year"), month: get("month"), day: get("day"), hour: get("hour") % 24, minute: get("minute"), second: get("second") };
}

/** Offset of the zone from UTC at an instant, in ms (e.g. -4 h for New York in summer). */
function zoneOffsetMs(instantMs: number, timeZone: string): number {
  const w = wallTimeOf(instantMs, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  const flooredInstant = Math.floor(instantMs / 1000) * 1000;
  return asUtc - flooredInstant;
}

/**
 * The UTC instant of a wall-clock time in a zone. Fields may overflow (hour 26 = 02:00 next day)
 * and are normalised first. Ambiguous times (autumn fall-back) take the earlier instant; times
 * skipped by a spring-forward gap move forward by the gap (02:30 -> 03:30), like Temporal's
 * "compatible" disambiguation.
 */
export function zonedWallTimeToUtc(w: WallTime, timeZone: string): number {
  const naive = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, 0, 0);
  const before = zoneOffsetMs(naive - 86_400_000, timeZone);
  const after = zoneOffsetMs(naive + 86_400_000, timeZone);
  const candidates = [...new Set([naive - before, naive - after])].filter((t) => zoneOffsetMs(t, timeZone) + t === naive).sort((a, b) => a - b);
  if (candidates.length > 0) return candidates[0];
  // In a gap: read the wall time with the offset in force before the transition.
  return naive - before;
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function parseDate(date: string): { year: number; month: number; day: number } | null {
  const m = DATE_RE.exec(date);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { year, month, day };
}

export function parseTime(time: string): { hour: number; minute: number } | null {
  const m = TIME_RE.exec(time);
  return m ? { hour: Number(m[1]), minute: Number(m[2]) } : null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** "YYYY-MM-DD" of an instant in a zone. */
export function dateInZone(instantMs: number, timeZone: string): string {
  const w = wallTimeOf(instantMs, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** "HH:MM" of an instant in a zone. */
export function timeInZone(instantMs: number, timeZone: string): string {
  const w = wallTimeOf(instantMs, timeZone);
  return `${pad(w.hour)}:${pad(w.minute)}`;
}

/** The instant of "YYYY-MM-DD" + "HH:MM" in a zone, or null for malformed input. */
export function localDateTimeToUtc(date: string, time: string, timeZone: string): number | null {
  const d = parseDate(date);
  const t = parseTime(time);
  if (!d || !t) return null;
  return zonedWallTimeToUtc({ ...d, ...t }, timeZone);
}

/** Adds whole calendar days to a "YYYY-MM-DD" date. */
export function addDays(date: string, days: number): string {
  const d = parseDate(date);
  if (!d) throw new Error(`bad date ${date}`);
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + days));
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** 0 = Sunday ... 6 = Saturday, for a "YYYY-MM-DD" date. */
export function weekday(date: string): number {
  const d = parseDate(date);
  if (!d) throw new Error(`bad date ${date}`);
  return new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();
}

export type CampaignScheduleInput = {
  count: number;
  duration: number;
  startDate: string;
  startTime: string;
  timeZone: string;
};

/** Where post i falls: the day after the start date and the hour offset within that day. */
export function campaignSlot(i: number, count: number, duration: number): { day: number; hourOffset: number } {
  // posts per day = count / duration, computed in integers to avoid float drift:
  // day = floor(i / perDay) = floor(i * duration / count).
  const day = Math.floor((i * duration) / count);
  const perDayCeil = Math.ceil(count / duration);
  // Index of the post within its day: posts before it on the same day. The first index on day d
  // is ceil(d * perDay); this keeps the list in time order (decision 080).
  const firstOfDay = Math.ceil((day * count) / duration);
  const k = i - firstOfDay;
  // Spaced 24 / ceil(perDay) hours apart from the start hour; the start minute is kept, so a
  // fractional spacing is cut to whole hours (what setHours(startHour + offset, minute, 0) does).
  const hourOffset = Math.floor((k * 24) / perDayCeil);
  return { day, hourOffset };
}

/**
 * The UTC instants (ms) of a campaign's posts: post i on day floor(i / perDay) after the start
 * date, spaced 24 / ceil(perDay) hours from the start hour, start minute kept, seconds 0 — all in
 * the user's wall-clock time, so a post at 09:00 stays at 09:00 across a DST change.
 */
export function campaignSchedule(input: CampaignScheduleInput): number[] {
  const { count, duration, startDate, startTime, timeZone } = input;
  if (!Number.isInteger(count) || count < 1) throw new RangeError("count must be a positive integer");
  if (!Number.isInteger(duration) || duration < 1) throw new RangeError("duration must be a positive integer");
  const d = parseDate(startDate);
  const t = parseTime(startTime);
  if (!d || !t) throw new RangeError("bad start date or time");
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const { day, hourOffset } = campaignSlot(i, count, duration);
    out.push(zonedWallTimeToUtc({ year: d.year, month: d.month, day: d.day + day, hour: t.hour + hourOffset, minute: t.minute }, timeZone));
  }
  return out;
}

/** The Sunday (in the zone) that starts the week containing an instant, as "YYYY-MM-DD". */
export function weekStartDate(instantMs: number, timeZone: string): string {
  const date = dateInZone(instantMs, timeZone);
  return addDays(date, -weekday(date));
}

/** [from, to) UTC instants of the local days starting at a date: 7 for a week, 1 for a day. */
export function dayRange(startDate: string, days: number, timeZone: string): { from: number; to: number } {
  const d = parseDate(startDate);
  if (!d) throw new RangeError("bad date");
  const from = zonedWallTimeToUtc({ ...d, hour: 0, minute: 0 }, timeZone);
  const e = parseDate(addDays(startDate, days))!;
  const to = zonedWallTimeToUtc({ ...e, hour: 0, minute: 0 }, timeZone);
  return { from, to };
}
