import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rescheduledInstant, shiftAnchor, visibleRange, weekStartOf } from "../../frontend/lib/calendar-dates";
import { addDays, dateInZone, weekday } from "../../schema/api/campaign-schedule";

describe("calendar week boundaries", () => {
  it("starts the week on Sunday at local midnight, as UTC instants per zone", () => {
    // Wednesday 2026-06-10.
    expect(visibleRange("week", "2026-06-10", "America/New_York")).toEqual({
      days: ["2026-06-07", "2026-06-08", "2026-06-09", "2026-06-10", "2026-06-11", "2026-06-12", "2026-06-13"],
      from: "2026-06-07T04:00:00.000Z",
      to: "2026-06-14T04:00:00.000Z",
    });
    expect(visibleRange("week", "2026-06-10", "Europe/Berlin")).toMatchObject({ from: "2026-06-06T22:00:00.000Z", to: "2026-06-13T22:00:00.000Z" });
    expect(visibleRange("week", "2026-06-10", "Asia/Tokyo")).toMatchObject({ from: "2026-06-06T15:00:00.000Z", to: "2026-06-13T15:00:00.000Z" });
    expect(visibleRange("week", "2026-06-10", "UTC")).toMatchObject({ from: "2026-06-07T00:00:00.000Z", to: "2026-06-14T00:00:00.000Z" });
  });

  it("gives a Sunday anchor its own week and a Saturday the week before the next Sunday", () => {
    expect(visibleRange("week", "2026-06-07", "UTC").days[0]).toBe("2026-06-07");
    expect(visibleRange("week", "2026-06-13", "UTC").days[0]).toBe("2026-06-07");
    expect(visibleRange("week", "2026-06-14", "UTC").days[0]).toBe("2026-06-14");
  });

  it("spans 167 or 169 hours on DST-change weeks (New York spring, Berlin autumn)", () => {
    const spring = visibleRange("week", "2026-03-10", "America/New_York");
    expect(spring.from).toBe("2026-03-08T05:00:00.000Z");
    expect(spring.to).toBe("2026-03-15T04:00:00.000Z");
    expect((Date.parse(spring.to) - Date.parse(spring.from)) / 3_600_000).toBe(167);
    const autumn = visibleRange("week", "2026-10-27", "Europe/Berlin");
    expect(autumn.from).toBe("2026-10-24T22:00:00.000Z");
    expect(autumn.to).toBe("2026-10-31T23:00:00.000Z");
    expect((Date.parse(autumn.to) - Date.parse(autumn.from)) / 3_600_000).toBe(169);
  });

  it("finds the local week of an instant: Saturday night in New York is already Sunday in Berlin", () => {
    const instant = Date.parse("2026-06-14T01:30:00Z"); // Sat 21:30 in New York, Sun 03:30 in Berlin
    expect(weekStartOf(instant, "America/New_York")).toBe("2026-06-07");
    expect(weekStartOf(instant, "Europe/Berlin")).toBe("2026-06-14");
  });

  it("day view covers one local day; arrows move 7 or 1 days", () => {
    expect(visibleRange("day", "2026-03-08", "America/New_York")).toEqual({
      days: ["2026-03-08"],
      from: "2026-03-08T05:00:00.000Z",
      to: "2026-03-09T04:00:00.000Z",
    });
    expect(shiftAnchor("2026-06-10", "week", 1)).toBe("2026-06-17");
    expect(shiftAnchor("2026-06-10", "week", -1)).toBe("2026-06-03");
    expect(shiftAnchor("2026-12-31", "day", 1)).toBe("2027-01-01");
  });

  it("keeps the local time when a post is dropped on another day across DST", () => {
    // 09:00 EST on Friday 2026-03-06 moved to Monday 2026-03-09 stays 09:00 (now EDT).
    expect(rescheduledInstant("2026-03-06T14:00:00.000Z", "2026-03-09", "America/New_York")).toBe("2026-03-09T13:00:00.000Z");
    // Dropped on the 15:00 row of a day view keeps the minutes.
    expect(rescheduledInstant("2026-03-06T14:25:00.000Z", "2026-03-06", "America/New_York", 15)).toBe("2026-03-06T20:25:00.000Z");
  });

  it("every week range contains exactly its 7 local days, starting on Sunday (property)", () => {
    const zones = ["UTC", "America/New_York", "Europe/Berlin", "Asia/Kolkata", "Pacific/Auckland", "America/Santiago"];
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2025-01-01T00:00:00Z"), max: new Date("2028-12-31T00:00:00Z"), noInvalidDate: true }),
        fc.constantFrom(...zones),
        (date, tz) => {
          const anchor = dateInZone(date.getTime(), tz);
          const r = visibleRange("week", anchor, tz);
          expect(weekday(r.days[0])).toBe(0);
          expect(r.days).toContain(anchor);
          expect(r.days[6]).toBe(addDays(r.days[0], 6));
          const from = Date.parse(r.from);
          const to = Date.parse(r.to);
          expect(dateInZone(from, tz)).toBe(r.days[0]);
          expect(dateInZone(to - 1, tz)).toBe(r.days[6]);
          expect(dateInZone(to, tz)).toBe(addDays(r.days[0], 7));
          expect(dateInZone(from - 1, tz)).toBe(addDays(r.days[0], -1));
        },
      ),
      { numRuns: 300 },
    );
  });
});
