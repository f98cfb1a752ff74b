import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dateInZone, timeInZone, weekday, addDays, localDateTimeToUtc } from "../../schema/api/campaign-schedule";
import { MAX_OCCURRENCES, nextFreeSlots, recurrenceInstants, slotInstants, type WeeklySlot } from "../../schema/api/posting-schedule";

const ZONES = ["America/New_York", "Europe/Berlin", "Australia/Sydney", "America/Sao_Paulo", "Pacific/Chatham", "Asia/Kolkata", "UTC"];
const iso = (ms: number) => new Date(ms).toISOString();
const hhmm = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`);
const slotArb = fc.record({ weekday: fc.integer({ min: 0, max: 6 }), time: hhmm });
// Instants around the DST changes of 2026-2027 in the zones above.
const nowArb = fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 11, 31) });

/** The wall time a slot instant should show: the slot's, unless a DST gap moved it forward. */
function matchesSomeSlot(at: number, slots: WeeklySlot[], zone: string): boolean {
  const date = dateInZone(at, zone);
  // In a spring-forward gap the instant shows a later wall time; check by converting back.
  return slots.some((s) => {
    for (const d of [date, addDays(date, -1)]) {
      if (weekday(d) === s.weekday && localDateTimeToUtc(d, s.time, zone) === at) return true;
    }
    return false;
  });
}

describe("weekly slots", () => {
  it("pins a Monday 09:00 New York slot across the March DST change", () => {
    const slots = [{ weekday: 1, time: "09:00" }];
    const from = Date.parse("2026-03-01T00:00:00Z");
    const got = [...slotInstants(slots, "America/New_York", from, 2)].map(iso);
    // 2026-03-02 is EST (UTC-5), 2026-03-09 is EDT (UTC-4): 09:00 local both times.
    expect(got).toEqual(["2026-03-02T14:00:00.000Z", "2026-03-09T13:00:00.000Z", "2026-03-16T13:00:00.000Z"].slice(0, got.length));
    expect(got.length).toBeGreaterThanOrEqual(2);
  });

  it("skips taken minutes and returns the next free slot", () => {
    const slots = [
      { weekday: 1, time: "09:00" },
      { weekday: 3, time: "09:00" },
      { weekday: 5, time: "09:00" },
    ];
    const now = Date.parse("2026-06-01T00:00:00Z"); // Monday
    const first = localDateTimeToUtc("2026-06-01", "09:00", "Europe/Berlin")!;
    const second = localDateTimeToUtc("2026-06-03", "09:00", "Europe/Berlin")!;
    expect(nextFreeSlots(slots, "Europe/Berlin", now, [first])).toEqual([second]);
    expect(nextFreeSlots(slots, "Europe/Berlin", now, [first + 30_000], 2)).toEqual([second, localDateTimeToUtc("2026-06-05", "09:00", "Europe/Berlin")!]);
    expect(nextFreeSlots([], "Europe/Berlin", now, [])).toEqual([]);
  });

  it("property: free slots are after now, rising, on a slot's weekday and time, never taken, and none skipped", () => {
    fc.assert(
      fc.property(
        fc.array(slotArb, { minLength: 1, maxLength: 6 }),
        fc.constantFrom(...ZONES),
        nowArb,
        fc.integer({ min: 1, max: 8 }),
        fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 5 }),
        (slots, zone, now, count, takenIdx) => {
          const all = [...slotInstants(slots, zone, now, 6)];
          const taken = takenIdx.map((i) => all[i]).filter((t): t is number => t !== undefined);
          const got = nextFreeSlots(slots, zone, now, taken, count, 6);
          const takenMinutes = new Set(taken.map((t) => Math.floor(t / 60_000)));
          const expected = all.filter((t) => !takenMinutes.has(Math.floor(t / 60_000))).slice(0, count);
          expect(got).toEqual(expected);
          for (let i = 0; i < got.length; i++) {
            expect(got[i]!).toBeGreaterThan(now);
            if (i > 0) expect(got[i]!).toBeGreaterThan(got[i - 1]!);
            expect(matchesSomeSlot(got[i]!, slots, zone)).toBe(true);
            expect(got[i]! % 60_000).toBe(0);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe("recurring posts", () => {
  it("keeps 09:00 local every week across the autumn DST change", () => {
    const got = recurrenceInstants({ startDate: "2026-10-20", time: "09:00", timeZone: "Europe/Berlin", every: 1, unit: "week", count: 3 });
    expect(got.map(iso)).toEqual(["2026-10-20T07:00:00.000Z", "2026-10-27T08:00:00.000Z", "2026-11-03T08:00:00.000Z"]);
  });

  it("stops at the until date (inclusive) and at the cap", () => {
    const got = recurrenceInstants({ startDate: "2026-05-01", time: "12:00", timeZone: "UTC", every: 2, unit: "day", untilDate: "2026-05-07" });
    expect(got.map((t) => dateInZone(t, "UTC"))).toEqual(["2026-05-01", "2026-05-03", "2026-05-05", "2026-05-07"]);
    expect(recurrenceInstants({ startDate: "2026-05-01", time: "12:00", timeZone: "UTC", every: 1, unit: "day", count: 5000 })).toHaveLength(MAX_OCCURRENCES);
    expect(() => recurrenceInstants({ startDate: "2026-02-30", time: "12:00", timeZone: "UTC", every: 1, unit: "day", count: 2 })).toThrow();
  });

  it("property: occurrences rise, keep the local time, are N days/weeks apart by date, and respect count and until", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: 0, max: 700 }),
        hhmm,
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom("day" as const, "week" as const),
        fc.option(fc.integer({ min: 1, max: 40 }), { nil: null }),
        fc.option(fc.integer({ min: 0, max: 300 }), { nil: null }),
        (zone, startOffset, time, every, unit, count, untilOffset) => {
          const startDate = addDays("2026-01-01", startOffset);
          const untilDate = untilOffset === null ? null : addDays(startDate, untilOffset);
          const got = recurrenceInstants({ startDate, time, timeZone: zone, every, unit, count, untilDate });
          const step = every * (unit === "week" ? 7 : 1);
          expect(got.length).toBeLessThanOrEqual(Math.min(count ?? MAX_OCCURRENCES, MAX_OCCURRENCES));
          expect(got.length).toBeGreaterThan(0);
          got.forEach((t, i) => {
            const date = addDays(startDate, i * step);
            if (i > 0) expect(t).toBeGreaterThan(got[i - 1]!);
            expect(t).toBe(localDateTimeToUtc(date, time, zone));
            if (untilDate) expect(date <= untilDate).toBe(true);
            // Outside a DST gap the local clock shows exactly the chosen time.
            const shown = timeInZone(t, zone);
            if (shown !== time) expect(localDateTimeToUtc(date, shown, zone)).toBe(t);
          });
          if (count !== null && untilDate === null) expect(got.length).toBe(Math.min(count, MAX_OCCURRENCES, Math.floor(366 / step) + 1));
        },
      ),
      { numRuns: 200 },
    );
  });
});
