// The weekly posting schedule ("queue") and recurring posts, computed in the user's wall-clock
// time like the campaign spacing (decision 080): a Monday 09:00 slot stays at 09:00 across a DST
// change, and a post repeated every week keeps its time of day. Pure and shared, so the Worker
// (which stores UTC) and the SPA (which shows the next slot) agree (decision 151).
import { addDays, dateInZone, localDateTimeToUtc, parseDate, parseTime, weekday } from "./campaign-schedule";

export type WeeklySlot = { weekday: number; time: string };

/** How far ahead the queue looks for a free slot (weeks). */
export const QUEUE_HORIZON_WEEKS = 26;
/** At most this many occurrences of a recurring post are created ahead of time. */
export const MAX_OCCURRENCES = 100;
/** A recurring post is created ahead for at most this many days. */
const MAX_RECURRENCE_DAYS = 366;

/**
 * The slot instants of a weekly schedule from `fromMs` (exclusive) on, in time order, for at most
 * `horizonWeeks` weeks. Duplicate slots (same weekday and time) count once. A slot time skipped
 * by a spring-forward gap moves forward by the gap (compatible disambiguation).
 */
export function* slotInstants(slots: WeeklySlot[], timeZone: string, fromMs: number, horizonWeeks = QUEUE_HORIZON_WEEKS): Generator<number> {
  const byDay = new Map<number, string[]>();
  for (const s of slots) {
    if (!parseTime(s.time) || !Number.isInteger(s.weekday) || s.weekday < 0 || s.weekday > 6) continue;
    const list = byDay.get(s.weekday) ?? [];
    if (!list.includes(s.time)) list.push(s.time);
    byDay.set(s.weekday, list);
  }
  if (byDay.size === 0) return;
  for (const list of byDay.values()) list.sort();
  // Local dates rise with instants, so no slot before the local date of fromMs can be after it.
  const first = dateInZone(fromMs, timeZone);
  let last = -Infinity;
  for (let d = 0; d < horizonWeeks * 7 + 1; d++) {
    const date = addDays(first, d);
    for (const time of byDay.get(weekday(date)) ?? []) {
      const at = localDateTimeToUtc(date, time, timeZone)!;
      // Two wall times can map to one instant inside a DST gap; keep instants strictly rising.
      if (at > fromMs && at > last) {
        last = at;
        yield at;
      }
    }
  }
}

/**
 * The first `count` free slots after `nowMs`: a slot is taken when a post of the same network is
 * already scheduled within the same minute. Returns fewer when the horizon runs out.
 */
export function nextFreeSlots(
  slots: WeeklySlot[],
  timeZone: string,
  nowMs: number,
  taken: Iterable<number>,
  count = 1,
  horizonWeeks = QUEUE_HORIZON_WEEKS,
): number[] {
  const busy = new Set<number>();
  for (const t of taken) busy.add(Math.floor(t / 60_000));
  const out: number[] = [];
  if (count <= 0) return out;
  for (const at of slotInstants(slots, timeZone, nowMs, horizonWeeks)) {
    const minute = Math.floor(at / 60_000);
    if (busy.has(minute)) continue;
    busy.add(minute);
    out.push(at);
    if (out.length >= count) break;
  }
  return out;
}

export type Recurrence = {
  startDate: string;
  time: string;
  timeZone: string;
  every: number;
  unit: "day" | "week";
  /** Last date (inclusive, local) an occurrence may fall on. */
  untilDate?: string | null;
  /** Number of occurrences. */
  count?: number | null;
};

/**
 * The instants of a recurring post: every N days or weeks from the start date at the same local
 * time, until a date (inclusive) or a count, capped at MAX_OCCURRENCES and MAX_RECURRENCE_DAYS.
 */
export function recurrenceInstants(r: Recurrence): number[] {
  if (!parseDate(r.startDate) || !parseTime(r.time)) throw new RangeError("bad start date or time");
  if (!Number.isInteger(r.every) || r.every < 1) throw new RangeError("every must be a positive integer");
  if (r.untilDate != null && !parseDate(r.untilDate)) throw new RangeError("bad until date");
  const step = r.every * (r.unit === "week" ? 7 : 1);
  const limit = Math.min(r.count ?? MAX_OCCURRENCES, MAX_OCCURRENCES);
  const lastDate = addDays(r.startDate, MAX_RECURRENCE_DAYS);
  const out: number[] = [];
  for (let i = 0; out.length < limit; i++) {
    const date = addDays(r.startDate, i * step);
    if (date > lastDate) break;
    if (r.untilDate != null && date > r.untilDate) break;
    out.push(localDateTimeToUtc(date, r.time, r.timeZone)!);
  }
  return out;
}
