import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, campaignSchedule, campaignSlot, localDateTimeToUtc, wallTimeOf, zonedWallTimeToUtc } from "../../schema/api/campaign-schedule";

const iso = (ms: number) => new Date(ms).toISOString();

describe("zoned wall time -> UTC", () => {
  it("resolves standard and summer offsets", () => {
    expect(iso(localDateTimeToUtc("2026-01-15", "09:00", "America/New_York")!)).toBe("2026-01-15T14:00:00.000Z");
    expect(iso(localDateTimeToUtc("2026-07-15", "09:00", "America/New_York")!)).toBe("2026-07-15T13:00:00.000Z");
    expect(iso(localDateTimeToUtc("2026-07-15", "09:00", "Europe/Berlin")!)).toBe("2026-07-15T07:00:00.000Z");
    expect(iso(localDateTimeToUtc("2026-07-15", "09:00", "Asia/Kolkata")!)).toBe("2026-07-15T03:30:00.000Z");
    expect(iso(localDateTimeToUtc("2026-07-15", "09:00", "UTC")!)).toBe("2026-07-15T09:00:00.000Z");
  });

  it("moves a time skipped by spring-forward ahead by the gap", () => {
    // 2026-03-08 02:30 does not exist in New York; it becomes 03:30 EDT.
    expect(iso(localDateTimeToUtc("2026-03-08", "02:30", "America/New_York")!)).toBe("2026-03-08T07:30:00.000Z");
    // 2026-03-29 02:30 does not exist in Berlin; it becomes 03:30 CEST.
    expect(iso(localDateTimeToUtc("2026-03-29", "02:30", "Europe/Berlin")!)).toBe("2026-03-29T01:30:00.000Z");
  });

  it("takes the earlier instant of an ambiguous fall-back time", () => {
    // 2026-11-01 01:30 happens twice in New York: EDT (05:30Z) first.
    expect(iso(localDateTimeToUtc("2026-11-01", "01:30", "America/New_York")!)).toBe("2026-11-01T05:30:00.000Z");
    expect(iso(localDateTimeToUtc("2026-10-25", "02:30", "Europe/Berlin")!)).toBe("2026-10-25T00:30:00.000Z");
  });

  it("normalises overflowing hours into the next day", () => {
    expect(iso(zonedWallTimeToUtc({ year: 2026, month: 12, day: 31, hour: 26, minute: 5 }, "UTC"))).toBe("2027-01-01T02:05:00.000Z");
  });

  it("rejects malformed dates and times", () => {
    expect(localDateTimeToUtc("2026-02-30", "09:00", "UTC")).toBeNull();
    expect(localDateTimeToUtc("2026-02-10", "24:00", "UTC")).toBeNull();
  });
});

describe("campaign spacing formula (docs/product-spec.md section 9)", () => {
  it("spreads 10 posts over 5 days, two a day 12 hours apart from 09:00", () => {
    const times = campaignSchedule({ count: 10, duration: 5, startDate: "2026-06-01", startTime: "09:00", timeZone: "UTC" });
    expect(times.map(iso)).toEqual([
      "2026-06-01T09:00:00.000Z",
      "2026-06-01T21:00:00.000Z",
      "2026-06-02T09:00:00.000Z",
      "2026-06-02T21:00:00.000Z",
      "2026-06-03T09:00:00.000Z",
      "2026-06-03T21:00:00.000Z",
      "2026-06-04T09:00:00.000Z",
      "2026-06-04T21:00:00.000Z",
      "2026-06-05T09:00:00.000Z",
      "2026-06-05T21:00:00.000Z",
    ]);
  });

  it("uses the defaults (5 posts over 7 days) on days floor(i / (5/7))", () => {
    const times = campaignSchedule({ count: 5, duration: 7, startDate: "2026-06-01", startTime: "09:15", timeZone: "UTC" });
    // floor(i * 7 / 5) = 0, 1, 2, 4, 5
    expect(times.map(iso)).toEqual([
      "2026-06-01T09:15:00.000Z",
      "2026-06-02T09:15:00.000Z",
      "2026-06-03T09:15:00.000Z",
      "2026-06-05T09:15:00.000Z",
      "2026-06-06T09:15:00.000Z",
    ]);
  });

  it("keeps the start minute and cuts fractional spacing to whole hours", () => {
    // 3 per day -> 8 h apart; 5 per day -> 24/5 = 4.8 h -> offsets 0, 4, 9, 14, 19 h.
    expect(campaignSchedule({ count: 3, duration: 1, startDate: "2026-06-01", startTime: "08:40", timeZone: "UTC" }).map(iso)).toEqual([
      "2026-06-01T08:40:00.000Z",
      "2026-06-01T16:40:00.000Z",
      "2026-06-02T00:40:00.000Z",
    ]);
    expect([0, 1, 2, 3, 4].map((i) => campaignSlot(i, 5, 1).hourOffset)).toEqual([0, 4, 9, 14, 19]);
  });

  it("orders posts of a non-integer rate within their day (10 posts over 7 days)", () => {
    const slots = Array.from({ length: 10 }, (_, i) => campaignSlot(i, 10, 7));
    expect(slots.map((s) => s.day)).toEqual([0, 0, 1, 2, 2, 3, 4, 4, 5, 6]);
    expect(slots.map((s) => s.hourOffset)).toEqual([0, 12, 0, 0, 12, 0, 0, 12, 0, 0]);
  });

  it("keeps 09:00 local across the New York spring-forward day", () => {
    const times = campaignSchedule({ count: 3, duration: 3, startDate: "2026-03-07", startTime: "09:00", timeZone: "America/New_York" });
    expect(times.map(iso)).toEqual(["2026-03-07T14:00:00.000Z", "2026-03-08T13:00:00.000Z", "2026-03-09T13:00:00.000Z"]);
  });

  it("keeps 09:00 local across the Berlin fall-back day", () => {
    const times = campaignSchedule({ count: 3, duration: 3, startDate: "2026-10-24", startTime: "09:00", timeZone: "Europe/Berlin" });
    expect(times.map(iso)).toEqual(["2026-10-24T07:00:00.000Z", "2026-10-25T08:00:00.000Z", "2026-10-26T08:00:00.000Z"]);
  });

  it("refuses counts and durations outside integers >= 1", () => {
    expect(() => campaignSchedule({ count: 0, duration: 7, startDate: "2026-06-01", startTime: "09:00", timeZone: "UTC" })).toThrow();
    expect(() => campaignSchedule({ count: 5, duration: 0, startDate: "2026-06-01", startTime: "09:00", timeZone: "UTC" })).toThrow();
    expect(() => campaignSchedule({ count: 2.5, duration: 7, startDate: "2026-06-01", startTime: "09:00", timeZone: "UTC" })).toThrow();
  });
});

const ZONES = ["UTC", "America/New_York", "Europe/Berlin", "Asia/Kolkata", "Australia/Sydney", "America/Sao_Paulo", "Pacific/Chatham"];
// Dates around the 2026 DST changes of New York and Berlin, plus ordinary ones.
const DST_DATES = ["2026-03-06", "2026-03-07", "2026-03-08", "2026-03-28", "2026-03-29", "2026-10-24", "2026-10-25", "2026-10-31", "2026-11-01"];

const scheduleInput = fc.record({
  count: fc.integer({ min: 1, max: 30 }),
  duration: fc.integer({ min: 1, max: 90 }),
  startDate: fc.oneof(
    fc.constantFrom(...DST_DATES),
    fc.date({ min: new Date("2026-01-01T00:00:00Z"), max: new Date("2028-12-31T00:00:00Z"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  ),
  startTime: fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`),
  timeZone: fc.constantFrom(...ZONES),
});

describe("campaign schedule properties", () => {
  it("puts every post inside the campaign window, in order, with seconds 0", () => {
    fc.assert(
      fc.property(scheduleInput, (input) => {
        const times = campaignSchedule(input);
        expect(times).toHaveLength(input.count);
        const windowStart = localDateTimeToUtc(input.startDate, input.startTime, input.timeZone)!;
        const windowEnd = localDateTimeToUtc(addDays(input.startDate, input.duration), input.startTime, input.timeZone)!;
        for (let i = 0; i < times.length; i++) {
          expect(times[i]).toBeGreaterThanOrEqual(windowStart);
          expect(times[i]).toBeLessThan(windowEnd);
          expect(times[i] % 60_000).toBe(0);
          if (i > 0) expect(times[i]).toBeGreaterThanOrEqual(times[i - 1]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("puts post i on local day floor(i / perDay) (or the next one when the hour offset wraps past midnight)", () => {
    fc.assert(
      fc.property(scheduleInput, (input) => {
        const times = campaignSchedule(input);
        times.forEach((t, i) => {
          const day = Math.floor((i * input.duration) / input.count);
          const w = wallTimeOf(t, input.timeZone);
          const local = `${w.year}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`;
          expect([addDays(input.startDate, day), addDays(input.startDate, day + 1)]).toContain(local);
        });
      }),
      { numRuns: 200 },
    );
  });

  it("keeps the start minute in local time unless the wall time fell into a DST gap", () => {
    fc.assert(
      fc.property(scheduleInput, (input) => {
        const minute = Number(input.startTime.slice(3));
        const times = campaignSchedule(input);
        for (const t of times) {
          const w = wallTimeOf(t, input.timeZone);
          // Chatham shifts by 45 minutes; elsewhere a gap moves the hour only.
          if (input.timeZone !== "Pacific/Chatham") expect(w.minute).toBe(minute);
          expect(w.second).toBe(0);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("never places two posts of one day more than 24 hours after that day's first slot", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 90 }), (count, duration) => {
        for (let i = 0; i < count; i++) {
          const { hourOffset } = campaignSlot(i, count, duration);
          expect(hourOffset).toBeGreaterThanOrEqual(0);
          expect(hourOffset).toBeLessThan(24);
        }
      }),
    );
  });
});
