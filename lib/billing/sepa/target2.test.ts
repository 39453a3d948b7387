import { describe, expect, it } from "vitest";
import { isTarget2BusinessDay, nextTarget2BusinessDay } from "./target2";

describe("TARGET2 business days", () => {
  it.each([
    ["2027-01-01", "New Year's Day"],
    ["2027-03-26", "Good Friday"],
    ["2027-03-29", "Easter Monday"],
    ["2027-05-01", "Labour Day (a Saturday in 2027)"],
    ["2027-12-25", "Christmas Day"],
    ["2027-12-26", "Boxing Day"],
    ["2026-04-03", "Good Friday 2026"],
    ["2026-04-06", "Easter Monday 2026"],
    ["2028-04-14", "Good Friday 2028"],
    ["2028-04-17", "Easter Monday 2028"],
    ["2026-12-05", "a Saturday"],
    ["2026-12-06", "a Sunday (and a Spanish holiday: TARGET2's calendar is not Spain's)"],
  ])("closes on %s (%s)", (date) => {
    expect(isTarget2BusinessDay(date)).toBe(false);
  });

  it.each([
    ["2026-12-08", "a Spanish holiday (Inmaculada) that TARGET2 keeps open"],
    ["2027-03-25", "Maundy Thursday"],
    ["2027-03-30", "the Tuesday after Easter"],
    ["2026-12-24", "Christmas Eve"],
    ["2026-12-31", "New Year's Eve"],
    ["2028-02-29", "a leap day"],
  ])("opens on %s (%s)", (date) => {
    expect(isTarget2BusinessDay(date)).toBe(true);
  });

  it("finds the next business day across a weekend, Easter and the turn of the year", () => {
    expect(nextTarget2BusinessDay("2026-12-04")).toBe("2026-12-04");
    expect(nextTarget2BusinessDay("2026-12-05")).toBe("2026-12-07");
    expect(nextTarget2BusinessDay("2027-03-26")).toBe("2027-03-30");
    expect(nextTarget2BusinessDay("2026-12-25")).toBe("2026-12-28");
    expect(nextTarget2BusinessDay("2027-01-01")).toBe("2027-01-04");
  });
});
