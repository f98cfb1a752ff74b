// Calendar date arithmetic in the user's time zone: weeks start on Sunday (DESIGN "Time"), the
// visible range is [local midnight of the first day, local midnight after the last day) as UTC
// instants, so the week query asks the server for exactly that week's rows.
import { addDays, dateInZone, dayRange, localDateTimeToUtc, parseDate, timeInZone, weekday, weekStartDate } from "../../schema/api/campaign-schedule";

export type CalendarView = "week" | "day" | "month" | "list";

export type VisibleRange = { days: string[]; from: string; to: string };

/** The days shown and the [from, to) ISO range to load for a view around an anchor date. */
export function visibleRange(view: CalendarView, anchorDate: string, timeZone: string): VisibleRange {
  if (view === "month" || view === "list") return monthRange(view, anchorDate, timeZone);
  const first = view === "week" ? addDays(anchorDate, -weekday(anchorDate)) : anchorDate;
  const count = view === "week" ? 7 : 1;
  const days = Array.from({ length: count }, (_, i) => addDays(first, i));
  const { from, to } = dayRange(first, count, timeZone);
  return { days, from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

/**
 * Month view: whole weeks (Sunday first) covering the anchor's month, 4 to 6 rows. List view: the
 * anchor's month, day by day. Both load exactly their days, in the user's zone.
 */
function monthRange(view: "month" | "list", anchorDate: string, timeZone: string): VisibleRange {
  const firstOfMonth = `${anchorDate.slice(0, 8)}01`;
  const nextMonth = addMonths(firstOfMonth, 1);
  const first = view === "month" ? addDays(firstOfMonth, -weekday(firstOfMonth)) : firstOfMonth;
  const lastOfMonth = addDays(nextMonth, -1);
  const last = view === "month" ? addDays(lastOfMonth, 6 - weekday(lastOfMonth)) : lastOfMonth;
  const days: string[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) days.push(d);
  const { from, to } = dayRange(first, days.length, timeZone);
  return { days, from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

/** "YYYY-MM-01" n months after a first-of-month date. */
export function addMonths(firstOfMonth: string, n: number): string {
  const d = parseDate(firstOfMonth)!;
  const t = new Date(Date.UTC(d.year, d.month - 1 + n, 1));
  return `${String(t.getUTCFullYear()).padStart(4, "0")}-${String(t.getUTCMonth() + 1).padStart(2, "0")}-01`;
}

/** Previous/next: 7 days in week view, 1 day in day view, a month in month and list views. */
export function shiftAnchor(anchorDate: string, view: CalendarView, direction: 1 | -1): string {
  if (view === "month" || view === "list") return addMonths(`${anchorDate.slice(0, 8)}01`, direction);
  return addDays(anchorDate, direction * (view === "week" ? 7 : 1));
}

/** "March 2026" for a date in the month. */
export function formatMonth(date: string): string {
  const d = parseDate(date);
  if (!d) return date;
  return fmt("month", { month: "long", year: "numeric" }).format(Date.UTC(d.year, d.month - 1, 1));
}

export function todayDate(timeZone: string, nowMs = Date.now()): string {
  return dateInZone(nowMs, timeZone);
}

export function weekStartOf(instantMs: number, timeZone: string): string {
  return weekStartDate(instantMs, timeZone);
}

/** Local "YYYY-MM-DD" and hour of a post's instant. */
export function localDateOf(iso: string, timeZone: string): string {
  return dateInZone(Date.parse(iso), timeZone);
}
export function localHourOf(iso: string, timeZone: string): number {
  return Number(timeInZone(Date.parse(iso), timeZone).slice(0, 2));
}

/**
 * The new instant when a post is dropped on another day (and optionally another hour): the local
 * wall-clock time is kept, only the date (and hour) change.
 */
export function rescheduledInstant(iso: string, targetDate: string, timeZone: string, targetHour?: number): string {
  const time = timeInZone(Date.parse(iso), timeZone);
  const hhmm = targetHour === undefined ? time : `${String(targetHour).padStart(2, "0")}:${time.slice(3)}`;
  const at = localDateTimeToUtc(targetDate, hhmm, timeZone);
  if (at === null) throw new RangeError("bad target date");
  return new Date(at).toISOString();
}

const labelCache = new Map<string, Intl.DateTimeFormat>();
function fmt(key: string, opts: Intl.DateTimeFormatOptions) {
  let f = labelCache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(undefined, { timeZone: "UTC", ...opts });
    labelCache.set(key, f);
  }
  return f;
}

/** Formats a "YYYY-MM-DD" calendar date (no zone shift: it is already local). */
export function formatDay(date: string, style: "weekday" | "short" | "long"): string {
  const d = parseDate(date);
  if (!d) return date;
  const at = Date.UTC(d.year, d.month - 1, d.day);
  if (style === "weekday") return fmt("wd", { weekday: "short" }).format(at);
  if (style === "short") return fmt("short", { month: "short", day: "numeric" }).format(at);
  return fmt("long", { weekday: "long", month: "long", day: "numeric", year: "numeric" }).format(at);
}

/** "9:30 AM"-style local time of an instant. */
export function formatTime(iso: string, timeZone: string): string {
  const key = `t:${timeZone}`;
  let f = labelCache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(undefined, { timeZone, hour: "numeric", minute: "2-digit" });
    labelCache.set(key, f);
  }
  return f.format(Date.parse(iso));
}

export function formatRangeTitle(days: string[]): string {
  if (days.length === 1) return formatDay(days[0], "long");
  return `${formatDay(days[0], "short")} – ${formatDay(days[days.length - 1], "short")}, ${days[days.length - 1].slice(0, 4)}`;
}
