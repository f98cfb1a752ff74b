// Calendar date arithmetic in the user's time zone: weeks start on Sunday (DESIGN "Time"), the
// visible range is [local midnight of the first day, local midnight after the last day) as UTC
// instants, so the week query asks the server for exactly that week's rows.
import {
  addDays,
  dateInZone,
  dayRange,
  localDateTimeToUtc,
  parseDate,
  timeInZone,
  weekday,
  weekStartDate,
} from "../../../schema/api/campaign-schedule";

export type CalendarView = "week" | "day";

export type VisibleRange = { days: string[]; from: string; to: string };

/** The days shown and the [from, to) ISO range to load for a view around an anchor date. */
export function visibleRange(view: CalendarView, anchorDate: string, timeZone: string): VisibleRange {
  const first = view === "week" ? addDays(anchorDate, -weekday(anchorDate)) : anchorDate;
  const count = view === "week" ? 7 : 1;
  const days = Array.from({ length: count }, (_, i) => addDays(first, i));
  const { from, to } = dayRange(first, count, timeZone);
  return { days, from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

/** Previous/next: 7 days in week view, 1 day in day view. */
export function shiftAnchor(anchorDate: string, view: CalendarView, direction: 1 | -1): string {
  return addDays(anchorDate, direction * (view === "week" ? 7 : 1));
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
