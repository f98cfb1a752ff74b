import { describe, expect, it } from "vitest";
import { campaignFormDefaults, defaultStart } from "../../schema/api/campaigns";

// Decision 205: the campaign form's start was 09:00 today even at 20:54 (already past).
describe("campaign default start", () => {
  const at = (iso: string) => Date.parse(iso);
  it("is today 09:00 while that is ahead", () => {
    expect(defaultStart("UTC", at("2026-03-10T07:15:00Z"))).toEqual({ date: "2026-03-10", time: "09:00" });
    expect(defaultStart("UTC", at("2026-03-10T08:59:00Z"))).toEqual({ date: "2026-03-10", time: "09:00" });
  });
  it("is the next full hour once 09:00 has passed, in the user's zone", () => {
    expect(defaultStart("UTC", at("2026-03-10T20:54:00Z"))).toEqual({ date: "2026-03-10", time: "21:00" });
    expect(defaultStart("UTC", at("2026-03-10T09:00:00Z"))).toEqual({ date: "2026-03-10", time: "10:00" });
    // 20:54 UTC is 21:54 in Paris (winter): 22:00 there.
    expect(defaultStart("Europe/Paris", at("2026-03-10T20:54:00Z"))).toEqual({ date: "2026-03-10", time: "22:00" });
    // India is UTC+5:30: 15:24 UTC is 20:54 local.
    expect(defaultStart("Asia/Kolkata", at("2026-03-10T15:24:00Z"))).toEqual({ date: "2026-03-10", time: "21:00" });
  });
  it("rolls over to tomorrow's midnight after 23:00", () => {
    expect(defaultStart("UTC", at("2026-12-31T23:30:00Z"))).toEqual({ date: "2027-01-01", time: "00:00" });
  });
  it("the form's defaults use it", () => {
    expect(campaignFormDefaults("UTC", at("2026-03-10T20:54:00Z"))).toMatchObject({ start_date: "2026-03-10", start_time: "21:00" });
  });
});
